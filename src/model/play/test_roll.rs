//! A success test of the Symbaroum family, as the roll panel rolls it: the d20s
//! against the target, an Attack's weapon damage on a hit (+1d4 with Advantage), where
//! a hit lands under Hit Locations, a re-roll for Experience, and what a maneuver's or
//! an optional rule's test leads to (a building catching fire, the initiative bonus …),
//! all in one log entry.

use super::spend_reroll;
use crate::model::log::{push, LogEntry};
use crate::model::Character;
use crate::rules::dice::Rng;
use crate::rules::symbaroum::combat::{locate_hit, Aim, Weapon};
use crate::rules::symbaroum::maneuvers::{Follow, TAKE_INITIATIVE_BONUS};
use crate::rules::symbaroum::roll_input::{dice_text, outcome_word};
use crate::rules::symbaroum::success::{roll_test, TestOutcome, TestSpec};
use crate::rules::symbaroum::{labels, Attr};

/// A test to roll, as the panel has set it up.
#[derive(Clone, Debug)]
pub struct Test {
    pub spec: TestSpec,
    /// An Attack's weapon: a hit rolls its damage in the same go.
    pub weapon: Option<Weapon>,
    /// The maneuver or optional rule the test is for ("Hold"), which names it.
    pub maneuver: Option<&'static str>,
    /// What its roll leads to.
    pub follow: Follow,
    /// Hit Locations on an Attack: where it is aimed, and the target's Pain Threshold
    /// if the player knows it.
    pub aim: Option<(Aim, Option<i32>)>,
    /// A re-roll for Experience: 1 XP is booked first.
    pub reroll: bool,
}

/// What a test rolled, for the panel to show.
#[derive(Clone, Debug, PartialEq)]
pub struct TestRolled {
    pub outcome: TestOutcome,
    /// How the log names it: "Attack with Spear: Accurate test [Accurate 12 ← …]".
    pub what: String,
    /// A hit's damage: the total, and "Spear 1d8: 6 → 6".
    pub damage: Option<(i32, String)>,
    /// Where a hit landed, and its effect at the target's Pain Threshold.
    pub located: Option<String>,
    /// What the roll leads to: "A 20: you poison yourself."
    pub after: Option<String>,
}

/// Rolls `test` for `c`, logs it, and does what follows from it.
pub fn roll(c: &mut Character, test: Test, rng: &mut dyn Rng, now: f64) -> TestRolled {
    let Test {
        spec,
        weapon,
        maneuver,
        follow,
        aim,
        reroll,
    } = test;
    let l = labels(c.ruleset);
    let out = roll_test(rng, &spec);
    let mut what = spec.describe(l);
    if let Some(w) = &weapon {
        what = format!("Attack with {}: {what}", w.name);
    }
    if let Some(m) = maneuver {
        what = format!("{m}: {what}");
    }
    // A hit with a weapon rolls its damage in the same go (+1d4 with Advantage),
    // logged in the attack's own entry.
    let hit = weapon.filter(|_| out.passed).map(|w| {
        let expr = if spec.advantage {
            w.damage.with_advantage()
        } else {
            w.damage.clone()
        };
        let r = expr.roll(rng);
        (w.name, expr, r)
    });
    if reroll {
        what = spend_reroll(c.advance_mut(), &what);
    }
    let mut e = LogEntry {
        unknown: Default::default(),
        time: now,
        what: what.clone(),
        dice: dice_text(&out),
        target: Some(out.target),
        passed: Some(out.passed),
        outcome: outcome_word(out.passed).to_string(),
    };
    if let Some((_, expr, r)) = &hit {
        e.dice = format!("{}; {expr}: {}", e.dice, r.text());
        e.outcome = format!("Pass, {} damage", r.total);
    }
    // Where a hit lands, and its effect at the target's Pain Threshold.
    let located = aim.filter(|_| out.passed).map(|(aim, pt)| {
        let dmg = hit.as_ref().map(|h| h.2.total);
        let h = locate_hit(rng, aim, dmg, pt);
        if let Some(d) = h.d10 {
            e.dice = format!("{}; d10: {d}", e.dice);
        }
        e.outcome = format!("{}, {}", e.outcome, h.part.name());
        h.text(dmg, pt).replace("Pain Threshold", l.pain_threshold)
    });
    push(&mut c.roll_log, e);
    c.updated = now;
    let after = follow_up(c, follow, &out);
    TestRolled {
        damage: hit.map(|(name, expr, r)| {
            (
                r.total,
                format!("{name} {expr}: {} → {}", r.text(), r.total),
            )
        }),
        outcome: out,
        what,
        located,
        after,
    }
}

/// What a maneuver's or an optional rule's test leads to, done.
fn follow_up(c: &mut Character, follow: Follow, out: &TestOutcome) -> Option<String> {
    let l = labels(c.ruleset);
    match follow {
        Follow::PoisonOn20 if out.kept == 20 => Some("A 20: you poison yourself.".into()),
        Follow::SpringsOn20 if out.kept == 20 => Some("A 20: the trap springs on you.".into()),
        Follow::SpringsOnFail if !out.passed => {
            Some("Failed: the trap springs, and you are caught in it.".into())
        }
        Follow::CatchesFire if out.passed => {
            if let Some(b) = &mut c.combat.building {
                b.burning = Some(1);
            }
            Some("It catches fire: 1d4 Wrecking damage each turn.".into())
        }
        Follow::PutsOut if out.passed => {
            if let Some(b) = &mut c.combat.building {
                b.burning = None;
            }
            Some("The fire is out.".into())
        }
        Follow::BurnsInside if !out.passed => Some(
            "Failed: 1d4 damage ignoring armor, and on each turn after until you get out or cool down."
                .into(),
        ),
        Follow::InitiativeBonus if out.passed => {
            let mut joined = false;
            for e in c.combat.encounter.iter_mut().filter(|e| e.me) {
                e.bonus = TAKE_INITIATIVE_BONUS;
                joined = true;
            }
            Some(if joined {
                format!("Passed: +{TAKE_INITIATIVE_BONUS} initiative this turn, in the encounter's order.")
            } else {
                format!("Passed: +{TAKE_INITIATIVE_BONUS} initiative this turn (join the initiative list to have it counted).")
            })
        }
        Follow::ThenAgility => Some(format!(
            "Hit or miss, now an {} test to stay standing.",
            l.attr(Attr::Agility)
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::FixedDice;
    use crate::rules::symbaroum::buildings::Building;
    use crate::rules::symbaroum::dice_notation::parse_dice;
    use crate::rules::symbaroum::success::{Stat, TestModifier};
    use crate::rules::Ruleset;

    fn character() -> Character {
        Character::new("Roller".into(), Ruleset::Symbaroum, 0.0)
    }

    fn test(spec: TestSpec) -> Test {
        Test {
            spec,
            weapon: None,
            maneuver: None,
            follow: Follow::Nothing,
            aim: None,
            reroll: false,
        }
    }

    fn spear() -> Weapon {
        Weapon::new("Spear", parse_dice("1d8").unwrap())
    }

    #[test]
    fn a_test_is_rolled_against_its_target_and_logged() {
        let mut c = character();
        // Agility 13 against difficulty −2: target 11; a 9 passes.
        let spec = TestSpec::new(Stat::Attr(Attr::Agility), 13)
            .with_modifier(TestModifier::Difficulty { amount: -2 });
        let mut dice = FixedDice::new(&[(9, 20)]);
        let r = roll(&mut c, test(spec), &mut dice, 12.0);
        assert!(r.outcome.passed);
        assert_eq!(r.outcome.target, 11);
        let e = &c.roll_log[0];
        assert_eq!(
            (e.dice.as_str(), e.outcome.as_str(), e.target, e.time),
            ("d20: 9", "Pass", Some(11), 12.0)
        );
        assert_eq!(e.what, r.what);
    }

    #[test]
    fn a_hit_with_a_weapon_rolls_its_damage_with_advantage_in_the_same_entry() {
        let mut c = character();
        let spec = TestSpec::new(Stat::Attr(Attr::Exactitude), 15).with_advantage(true);
        let mut t = test(spec);
        t.weapon = Some(spear());
        // A 4 hits; the Spear's 1d8 rolls 6 and Advantage's 1d4 rolls 3.
        let mut dice = FixedDice::new(&[(4, 20), (6, 8), (3, 4)]);
        let r = roll(&mut c, t, &mut dice, 0.0);
        let (total, text) = r.damage.expect("a hit rolls damage");
        assert_eq!(total, 9);
        assert!(text.starts_with("Spear 1d8+1d4: "), "{text}");
        assert!(r.what.starts_with("Attack with Spear: "), "{}", r.what);
        assert_eq!(c.roll_log[0].outcome, "Pass, 9 damage");
        // A miss rolls no damage.
        let mut t = test(TestSpec::new(Stat::Attr(Attr::Exactitude), 5));
        t.weapon = Some(spear());
        let mut dice = FixedDice::new(&[(18, 20)]);
        assert_eq!(roll(&mut c, t, &mut dice, 0.0).damage, None);
    }

    #[test]
    fn a_reroll_books_1_xp_and_names_the_entry() {
        let mut c = character();
        let mut t = test(TestSpec::new(Stat::Attr(Attr::Might), 10));
        t.reroll = true;
        let mut dice = FixedDice::new(&[(3, 20)]);
        let r = roll(&mut c, t, &mut dice, 0.0);
        assert!(r.what.starts_with("Re-roll for 1 XP: "), "{}", r.what);
        assert_eq!(c.advance().totals().spent, 1);
    }

    #[test]
    fn a_hit_under_hit_locations_says_where_it_landed() {
        let mut c = character();
        let mut t = test(TestSpec::new(Stat::Attr(Attr::Exactitude), 15));
        t.weapon = Some(spear());
        t.aim = Some((Aim::Normal, Some(4)));
        // Hit (2), Spear 1d8 rolls 5, the d10 for the place rolls 1.
        let mut dice = FixedDice::new(&[(2, 20), (5, 8), (1, 10)]);
        let r = roll(&mut c, t, &mut dice, 0.0);
        assert!(r.located.is_some());
        assert!(
            c.roll_log[0].dice.ends_with("; d10: 1"),
            "{}",
            c.roll_log[0].dice
        );
    }

    #[test]
    fn follow_ups_set_a_building_alight_and_give_the_initiative_bonus() {
        let mut c = character();
        c.combat.building = Some(Building::default());
        let mut t = test(TestSpec::new(Stat::Attr(Attr::Wit), 15));
        t.follow = Follow::CatchesFire;
        let mut dice = FixedDice::new(&[(5, 20)]);
        let r = roll(&mut c, t, &mut dice, 0.0);
        assert_eq!(
            r.after.as_deref(),
            Some("It catches fire: 1d4 Wrecking damage each turn.")
        );
        assert_eq!(c.combat.building.as_ref().unwrap().burning, Some(1));
        // Take the Initiative, not in the encounter: said, nothing counted.
        let mut t = test(TestSpec::new(Stat::Attr(Attr::Agility), 15));
        t.follow = Follow::InitiativeBonus;
        let mut dice = FixedDice::new(&[(5, 20)]);
        let after = roll(&mut c, t, &mut dice, 0.0).after.unwrap();
        assert!(after.contains("join the initiative list"), "{after}");
        // A failed test gives nothing.
        let mut t = test(TestSpec::new(Stat::Attr(Attr::Agility), 5));
        t.follow = Follow::InitiativeBonus;
        let mut dice = FixedDice::new(&[(19, 20)]);
        assert_eq!(roll(&mut c, t, &mut dice, 0.0).after, None);
    }
}
