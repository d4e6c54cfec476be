//! A day of travel (the optional day-by-day Travel tracker): the march chosen counts
//! as a harder one with the load over the carrying limit; a harmful march costs 1
//! damage and a Might test (less 1 per item over) or 1d6 more, a harmless one is a
//! day's natural healing.

use super::log_roll;
use super::toughness::set_toughness;
use crate::model::Character;
use crate::rules::dice::Rng;
use crate::rules::symbaroum::combat::{heal, take_damage};
use crate::rules::symbaroum::derived::fmt_signed;
use crate::rules::symbaroum::travel::{travel_day, March};
use crate::rules::symbaroum::{labels, Attr};

/// What a day of travel did, for the sheet: "Forced March. 1 damage. Toughness
/// 13 → 12."
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Travelled {
    pub text: String,
}

/// Travels a day at `march`: applies the day's damage, or its natural healing, to
/// Toughness and logs it. A march the load makes impossible is refused with why.
pub fn travel_a_day(
    c: &mut Character,
    march: March,
    rng: &mut dyn Rng,
    now: f64,
) -> Result<Travelled, String> {
    if c.combat.life.is_dying() {
        // Seed 000: a dying character "cannot help themself in any way"; a day's
        // natural healing does not stabilise them (RULES.md), and the death tests go
        // on each turn. The app's choice: no day of travel until someone else has.
        return Err("A dying character cannot travel on: they cannot help themself in any way. Someone else's herbal cure, Medicus or mystical healing stabilises them first.".into());
    }
    let d = c.derived();
    let (max, might) = (d.toughness.value, d.attrs[Attr::Might.index()].value);
    let r = c.ruleset;
    let enc = c.encumbrance();
    let day = travel_day(rng, r, march, might, enc.load_over(), enc.march_penalty(r))?;
    let before = c.combat.current_toughness(max);
    let after = if day.heals {
        heal(before, max, 1)
    } else {
        take_damage(before, day.damage)
    };
    set_toughness(c, max, after);
    let name = day.march.name(r);
    let tough = labels(r).toughness;
    let dice = match (day.test, day.d6) {
        (Some((d20, t)), Some(d6)) => format!("d20: {d20} (target {}); d6: {d6}", fmt_signed(t)),
        (Some((d20, t)), None) => format!("d20: {d20} (target {})", fmt_signed(t)),
        _ => String::new(),
    };
    let outcome = if day.heals {
        format!("+{} {tough} (a day's healing)", after - before)
    } else {
        format!("{} damage", day.damage)
    };
    let text = format!("{name}. {outcome}. {tough} {before} → {after}.");
    log_roll(c, now, format!("Travel: {name}"), dice, outcome);
    Ok(Travelled { text })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::FixedDice;
    use crate::rules::Ruleset;

    fn traveller() -> Character {
        let mut c = Character::new("Walker".into(), Ruleset::Symbaroum, 0.0);
        c.attributes.set(Attr::Might, 12);
        c
    }

    #[test]
    fn a_death_march_costs_a_point_and_a_failed_test_1d6_more() {
        let mut c = traveller();
        // Strong 12: a d20 of 15 fails, the d6 rolls 4.
        let mut dice = FixedDice::new(&[(15, 20), (4, 6)]);
        let day = travel_a_day(&mut c, March::Death, &mut dice, 5.0).unwrap();
        assert_eq!(day.text, "Death March. 5 damage. Toughness 12 → 7.");
        let entry = &c.roll_log[0];
        assert_eq!(entry.what, "Travel: Death March");
        assert_eq!(entry.dice, "d20: 15 (target 12); d6: 4");
        assert_eq!(entry.time, 5.0);
        // Passed: 1 damage only.
        let mut dice = FixedDice::new(&[(3, 20)]);
        let day = travel_a_day(&mut c, March::Death, &mut dice, 6.0).unwrap();
        assert_eq!(day.text, "Death March. 1 damage. Toughness 7 → 6.");
        // A Forced March does not harm in this ruleset: a day's healing.
        let mut none = FixedDice::new(&[]);
        let day = travel_a_day(&mut c, March::Hard, &mut none, 7.0).unwrap();
        assert_eq!(
            day.text,
            "Forced March. +1 Toughness (a day's healing). Toughness 6 → 7."
        );
    }

    #[test]
    fn the_load_s_penalty_is_every_extra_item_or_in_the_draft_those_over_the_limit() {
        use crate::rules::symbaroum::encumbrance::{Item, ItemKind};
        // Might 12: threshold 12, limit 24; 26 items: 14 extra, 2 over the limit.
        let loaded = |ruleset| {
            let mut c = traveller();
            c.ruleset = ruleset;
            crate::model::advance::inventory::add(
                &mut c.advance_mut().items,
                Item::new(0, "Stones", ItemKind::Other).quantity(26),
            );
            c
        };
        // Homebrew: a Forced March counts as a Death March, the test at 12 − 14.
        let mut c = loaded(Ruleset::Homebrew);
        let mut dice = FixedDice::new(&[(1, 20), (2, 6)]);
        travel_a_day(&mut c, March::Hard, &mut dice, 0.0).unwrap();
        assert_eq!(c.roll_log[0].dice, "d20: 1 (target −2); d6: 2");
        // The draft: a Cautious March suffers the Hasty one's, the test at 12 − 2.
        let mut c = loaded(Ruleset::HomebrewDraft);
        let mut dice = FixedDice::new(&[(1, 20)]);
        travel_a_day(&mut c, March::Easy, &mut dice, 0.0).unwrap();
        assert_eq!(c.roll_log[0].dice, "d20: 1 (target 10)");
    }

    #[test]
    fn a_dying_character_does_not_travel_or_heal_by_the_day() {
        let mut c = traveller();
        set_toughness(&mut c, 12, 0);
        let before = c.clone();
        let mut none = FixedDice::new(&[]);
        let why = travel_a_day(&mut c, March::Easy, &mut none, 1.0).unwrap_err();
        assert!(why.contains("cannot help themself"), "{why}");
        assert_eq!(c, before);
    }

    #[test]
    fn an_easy_day_heals_one_up_to_the_max() {
        let mut c = traveller();
        set_toughness(&mut c, 12, 10);
        let mut none = FixedDice::new(&[]);
        let day = travel_a_day(&mut c, March::Easy, &mut none, 0.0).unwrap();
        assert!(
            day.text
                .ends_with("+1 Toughness (a day's healing). Toughness 10 → 11."),
            "{}",
            day.text
        );
        assert_eq!(c.combat.current_toughness(12), 11);
    }
}
