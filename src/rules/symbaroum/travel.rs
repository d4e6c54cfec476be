//! Travel, day by day (seed 000's Death March and its tier shift when over the
//! carrying limit; seed 003's Cautious and Hasty Marches; RULES.md "Encumbrance").
//!
//! homebrew and symbaroum: a Day's March and a Forced March harm no one (the seeds
//! give them no damage; the core book's distances are the table's to keep); a Death
//! March deals 1 damage a day and a Might test or 1d6 more. Over the carrying limit
//! each march counts one tier worse and a true Death March is not possible; the test
//! takes −1 per item over. homebrew-draft: a Cautious March harms no one, a Hasty
//! March deals 1 a day and a Might test or 1d6 more; over the limit a Cautious March
//! suffers the Hasty March's detriments and a Hasty March is not possible. A harmful
//! day gives no natural healing; any other day heals 1 (the natural healing rule).

use super::labels;
use crate::rules::dice::{self, Rng};
use crate::rules::Ruleset;

/// The march chosen, by tier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum March {
    /// Day's March (homebrew-draft: Cautious March).
    Easy,
    /// Forced March (homebrew-draft: Hasty March).
    Hard,
    /// Death March (not in homebrew-draft).
    Death,
}

impl March {
    /// The marches a ruleset has.
    pub fn of(ruleset: Ruleset) -> &'static [March] {
        match ruleset {
            Ruleset::HomebrewDraft => &[March::Easy, March::Hard],
            _ => &[March::Easy, March::Hard, March::Death],
        }
    }

    pub fn name(self, ruleset: Ruleset) -> &'static str {
        let l = labels(ruleset);
        match self {
            March::Easy => l.easy_march,
            March::Hard => l.hard_march,
            March::Death => "Death March",
        }
    }

    /// Whether a day of it hurts: 1 damage and a Might test or 1d6 more.
    pub fn harms(self, ruleset: Ruleset) -> bool {
        match ruleset {
            Ruleset::HomebrewDraft => self != March::Easy,
            _ => self == March::Death,
        }
    }

    /// What the march counts as for a character `over` items above the carrying
    /// limit; an error when it cannot be made at all.
    pub fn counts_as(self, ruleset: Ruleset, over: i32) -> Result<March, String> {
        if over <= 0 {
            return Ok(self);
        }
        let worst = *March::of(ruleset).last().unwrap_or(&March::Hard);
        if self == worst {
            return Err(format!(
                "Over the {}, no {} is possible.",
                labels(ruleset).carrying_limit.to_lowercase(),
                self.name(ruleset)
            ));
        }
        Ok(match self {
            March::Easy => March::Hard,
            _ => March::Death,
        })
    }
}

/// One day of travel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Day {
    /// The march it counted as.
    pub march: March,
    /// Damage taken: 0, 1, or 1 + 1d6.
    pub damage: i32,
    /// The Might test: (d20, target), on a harmful day.
    pub test: Option<(u32, i32)>,
    /// The extra 1d6 after a failed test.
    pub d6: Option<u32>,
    /// A safe day heals 1 naturally; a harmful one does not.
    pub heals: bool,
}

/// Travels a day at `march` with effective Might `might`, `over` items above the
/// carrying limit (a march counts a tier worse), and the Might test taking −1 for
/// each of `penalty` items ([`super::encumbrance::Encumbrance::march_penalty`]).
pub fn travel_day(
    rng: &mut dyn Rng,
    ruleset: Ruleset,
    march: March,
    might: i32,
    over: i32,
    penalty: i32,
) -> Result<Day, String> {
    let march = march.counts_as(ruleset, over)?;
    if !march.harms(ruleset) {
        return Ok(Day {
            march,
            damage: 0,
            test: None,
            d6: None,
            heals: true,
        });
    }
    let target = might - penalty.max(0);
    let d20 = dice::roll(rng, 20);
    let d6 = (d20 as i32 > target).then(|| dice::roll(rng, 6));
    Ok(Day {
        march,
        damage: 1 + d6.map_or(0, |d| d as i32),
        test: Some((d20, target)),
        d6,
        heals: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::FixedDice;

    #[test]
    fn safe_marches_heal_and_a_death_march_hurts() {
        let hb = Ruleset::Homebrew;
        let d = travel_day(&mut FixedDice::new(&[]), hb, March::Hard, 12, 0, 0).unwrap();
        assert_eq!((d.march, d.damage, d.heals), (March::Hard, 0, true));
        // Death March, Might 12: 9 passes: 1 damage, no healing.
        let d = travel_day(&mut FixedDice::new(&[(9, 20)]), hb, March::Death, 12, 0, 0).unwrap();
        assert_eq!(
            (d.damage, d.test, d.d6, d.heals),
            (1, Some((9, 12)), None, false)
        );
        // 15 fails: 1 + 1d6 (4).
        let d = travel_day(
            &mut FixedDice::new(&[(15, 20), (4, 6)]),
            hb,
            March::Death,
            12,
            0,
            0,
        )
        .unwrap();
        assert_eq!((d.damage, d.d6), (5, Some(4)));
    }

    #[test]
    fn over_the_limit_each_march_is_one_tier_worse_and_the_test_harder() {
        let hb = Ruleset::Symbaroum;
        // A Day's March counts as a Forced March: no harm yet.
        let d = travel_day(&mut FixedDice::new(&[]), hb, March::Easy, 12, 2, 2).unwrap();
        assert_eq!((d.march, d.damage), (March::Hard, 0));
        // A Forced March counts as a Death March: the test is at 12 − 2 = 10 (two
        // items over the limit, so at least two extra items over the threshold).
        let d = travel_day(
            &mut FixedDice::new(&[(11, 20), (2, 6)]),
            hb,
            March::Hard,
            12,
            2,
            2,
        )
        .unwrap();
        assert_eq!(
            (d.march, d.test, d.damage),
            (March::Death, Some((11, 10)), 3)
        );
        assert!(travel_day(&mut FixedDice::new(&[]), hb, March::Death, 12, 1, 1).is_err());
    }

    #[test]
    fn the_test_takes_the_penalty_it_is_given_not_the_items_over_the_limit() {
        // Seed 000: −1 per extra item, those over the threshold: 2 over the limit
        // but 14 over the threshold (Might 12: threshold 12, limit 24, 26 carried).
        let d = travel_day(
            &mut FixedDice::new(&[(1, 20), (3, 6)]),
            Ruleset::Homebrew,
            March::Hard,
            12,
            2,
            14,
        )
        .unwrap();
        assert_eq!(
            (d.test, d.damage),
            (Some((1, -2)), 4),
            "even a 1 fails at −2"
        );
    }

    #[test]
    fn the_draft_has_cautious_and_hasty_marches() {
        let dr = Ruleset::HomebrewDraft;
        assert_eq!(March::of(dr), &[March::Easy, March::Hard]);
        assert_eq!(March::Easy.name(dr), "Cautious March");
        // Hasty: 1 a day and the test.
        let d = travel_day(
            &mut FixedDice::new(&[(20, 20), (6, 6)]),
            dr,
            March::Hard,
            10,
            0,
            0,
        )
        .unwrap();
        assert_eq!((d.damage, d.heals), (7, false));
        // Over the limit: a Cautious March suffers the Hasty March's detriments.
        let d = travel_day(&mut FixedDice::new(&[(3, 20)]), dr, March::Easy, 10, 3, 3).unwrap();
        assert_eq!((d.march, d.damage, d.test), (March::Hard, 1, Some((3, 7))));
        let e = travel_day(&mut FixedDice::new(&[]), dr, March::Hard, 10, 1, 1).unwrap_err();
        assert_eq!(e, "Over the carrying limit, no Hasty March is possible.");
    }
}
