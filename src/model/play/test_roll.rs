//! A success test of the Symbaroum family, as the roll panel rolls it: the d20s
//! against the target, an Attack's weapon damage on a hit (+1d4 with Advantage, less
//! the target's armor roll when the player knows the armor), where a hit lands under
//! Hit Locations and its effect judged on the damage that gets through (a head hit's
//! +1d6 in the total), a re-roll for Experience, and what a maneuver's or an optional
//! rule's test leads to (a building catching fire, the initiative bonus …), all in one
//! log entry.

use super::spend_reroll;
use crate::model::log::{push, LogEntry};
use crate::model::Character;
use crate::rules::dice::Rng;
use crate::rules::symbaroum::abilities::stand_up;
use crate::rules::symbaroum::combat::{
    locate_hit, pain_effect, reach_taken_by, Aim, PainEffect, Shield, Weapon,
};
use crate::rules::symbaroum::conditions::is_prone;
use crate::rules::symbaroum::dice_notation::{DiceExpr, DiceRoll};
use crate::rules::symbaroum::maneuvers::{Follow, TAKE_INITIATIVE_BONUS};
use crate::rules::symbaroum::roll_effects::{hit_dice, with_second_chances};
use crate::rules::symbaroum::roll_input::{dice_text, outcome_word};
use crate::rules::symbaroum::success::{roll_test, TestOutcome, TestSpec};
use crate::rules::symbaroum::turn::Doing;
use crate::rules::symbaroum::{labels, Attr};

/// How the log names the Long weapon's Free Attack in the first turn of melee, which
/// the Attack panel offers with a Long weapon picked.
pub const WEAPONS_READY: &str = "Free Attack (Long weapon, first turn of melee)";

/// A test to roll, as the panel has set it up.
#[derive(Clone, Debug)]
pub struct Test {
    pub spec: TestSpec,
    /// An Attack's weapon: a hit rolls its damage in the same go.
    pub weapon: Option<Weapon>,
    /// The maneuver or optional rule the test is for ("Hold"), which names it.
    pub maneuver: Option<String>,
    /// What its roll leads to.
    pub follow: Follow,
    /// An Attack's aim (Normal unless the table plays Hit Locations, the character's
    /// `combat.hit_locations`) and the target's Pain Threshold if the player knows it:
    /// under Hit Locations a hit is located and its effect judged at the threshold;
    /// without them, damage past it gives the seed's choice ([`pain_past`]).
    pub aim: Option<(Aim, Option<i32>)>,
    /// The target's armor, if the player knows it: a hit then rolls it, and the
    /// damage is what gets through (RULES.md: damage − the target's armor roll).
    pub target_armor: Option<DiceExpr>,
    /// A re-roll for Experience: 1 XP is booked first.
    pub reroll: bool,
    /// What the roll spends of this turn ("This turn"): an Attack in the character's
    /// turn spends the Combat Action (a Free Attack, a Defense or a re-roll nothing).
    pub spends: Option<Doing>,
}

/// What a test rolled, for the panel to show.
#[derive(Clone, Debug, PartialEq)]
pub struct TestRolled {
    pub outcome: TestOutcome,
    /// How the log names it: "Attack with Spear: Accurate test [Accurate 12 ← …]".
    pub what: String,
    /// A hit's damage: the total (after the target's armor when it was given, with a
    /// head hit's +1d6), and how it was reached: "Spear 1d8: 6 − armor 1d4: 2 → 4".
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
        target_armor,
        reroll,
        spends,
    } = test;
    let l = labels(c.ruleset);
    // The second chances the character's abilities give this test (a pack entry's),
    // if the panel has not added them already.
    let spec = with_second_chances(spec, &c.advance.abilities);
    let out = roll_test(rng, &spec);
    // Seed 001, "Free Attack": an out-of-turn attack, so it spends no action of the
    // turn whatever the panel asked.
    let free = maneuver
        .as_ref()
        .is_some_and(|m| m.starts_with("Free Attack"));
    let ready = (maneuver.as_deref() == Some(WEAPONS_READY))
        .then(|| weapon.as_ref().map(|w| weapons_ready(w, &c.combat.shields)))
        .flatten()
        .flatten();
    let mut what = spec.describe(l);
    if let Some(w) = &weapon {
        what = format!("Attack with {}: {what}", w.name);
    }
    if let Some(m) = maneuver {
        what = format!("{m}: {what}");
    }
    // A hit with a weapon rolls its damage in the same go (+1d4 with Advantage),
    // then the target's armor when it is known, logged in the attack's own entry.
    // The abilities change it first: a Long weapon's larger die (Polearm Mastery's d8,
    // the app's reading of seed 001, or a pack entry's die) and a pack entry's extra
    // damage dice (`roll_effects::hit_dice`).
    let hit = weapon.filter(|_| out.passed).map(|w| {
        let (name, expr) = hit_dice(&c.advance.abilities, &w, spec.advantage);
        let r = expr.roll(rng);
        let armor = target_armor.map(|a| {
            let roll = a.roll(rng);
            (a, roll)
        });
        Hit {
            name,
            expr,
            roll: r,
            armor,
        }
    });
    if reroll {
        what = spend_reroll(c.advance_mut(), &what);
    }
    let mut e = LogEntry {
        time: now,
        what: what.clone(),
        dice: dice_text(&out),
        target: Some(out.target),
        passed: Some(out.passed),
        outcome: outcome_word(out.passed).to_string(),
    };
    if let Some(h) = &hit {
        e.dice = format!("{}; {}: {}", e.dice, h.expr, h.roll.text());
        if let Some((a, r)) = &h.armor {
            e.dice = format!("{}; armor {a}: {}", e.dice, r.text());
        }
    }
    // Under Hit Locations, where a hit lands, and its effect at the target's Pain
    // Threshold: judged on the damage that gets through, so only once the armor is
    // known (RULES.md). Without them, the pain past the threshold (`pain_past`).
    let mut head_d6 = None;
    let hit_locations = c.combat.hit_locations;
    let located = aim
        .filter(|_| out.passed && hit_locations)
        .map(|(aim, pt)| {
            let through = hit.as_ref().and_then(Hit::through);
            let h = locate_hit(rng, aim, through, pt);
            if let Some(d) = h.d10 {
                e.dice = format!("{}; d10: {d}", e.dice);
            }
            head_d6 = h.head.map(|(d6, _)| d6 as i32);
            (
                h.part.name(),
                h.text(through, pt)
                    .replace("Pain Threshold", l.pain_threshold)
                    .replace("Quick", l.attr(Attr::Agility)),
            )
        });
    let pain = aim
        .and_then(|(_, pt)| pt)
        .filter(|_| !hit_locations)
        .and_then(|pt| pain_past(hit.as_ref()?, pt))
        .map(|t| t.replace("Pain Threshold", l.pain_threshold));
    let damage = hit.map(|h| h.total(head_d6));
    if let Some((total, _)) = &damage {
        e.outcome = format!("Pass, {total} damage");
    }
    if let Some((part, _)) = &located {
        e.outcome = format!("{}, {part}", e.outcome);
    }
    push(&mut c.roll_log, e);
    c.updated = now;
    let mut after = [pain, ready, follow_up(c, follow, &out)]
        .into_iter()
        .flatten()
        .reduce(|a, b| format!("{a} {b}"));
    // Spent whatever came of it; a re-roll is the same action, a Free Attack none.
    // Already spent: the roll stands (the table may allow it), and the sheet says so.
    if let Some(d) = spends.filter(|_| !reroll && !free) {
        if let Err(why) = c.combat.spend(d) {
            let note = format!("This turn: {why}");
            after = Some(match after {
                Some(a) => format!("{a} {note}"),
                None => note,
            });
        }
    }
    TestRolled {
        damage,
        outcome: out,
        what,
        located: located.map(|(_, text)| text),
        after,
    }
}

/// A hit's damage as rolled: the weapon's (with Advantage's 1d4), and the target's
/// armor roll when the player gave the armor.
struct Hit {
    name: String,
    expr: DiceExpr,
    roll: DiceRoll,
    armor: Option<(DiceExpr, DiceRoll)>,
}

impl Hit {
    /// The damage that gets through the armor (never below 0), if the armor is known.
    fn through(&self) -> Option<i32> {
        self.armor
            .as_ref()
            .map(|(_, a)| (self.roll.total - a.total).max(0))
    }

    /// The total dealt (after armor when known; a head hit's +1d6 on top) and how it
    /// was reached: "Spear 1d8: 6 − armor 1d4: 2 → 4 + head 1d6: 3 → 7".
    fn total(&self, head_d6: Option<i32>) -> (i32, String) {
        let mut text = format!("{} {}: {}", self.name, self.expr, self.roll.text());
        let mut total = self.roll.total;
        if let Some((a, r)) = &self.armor {
            total = self.through().unwrap_or(total);
            text = format!("{text} − armor {a}: {} → {total}", r.text());
        } else {
            text = format!("{text} → {total}");
        }
        if let Some(d6) = head_d6 {
            total += d6;
            text = format!("{text} + head 1d6: {d6} → {total}");
        }
        if self.armor.is_none() {
            text.push_str(", before the target's armor");
        }
        (total, text)
    }
}

/// Pain on the attack side, without Hit Locations (seed 001, "Pain Threshold": "When
/// a creature suffers damage that exceeds its Pain Threshold, from a single attack and
/// after Armor has been subtracted from the damage value, one of the following things
/// happens. Note that it is the player who decides between the two, both for the
/// character when it suffers the damage, as well as the enemy if it is the character
/// that inflicts the pain."): damage through the armor **above** `pt` (RULES.md:
/// "damage > threshold"), the choice in words. The target's armor not known: said as a
/// condition when the damage rolled is above it (the app's choice, as for a hit
/// location's effect: the armor can only lower it).
fn pain_past(hit: &Hit, pt: i32) -> Option<String> {
    let choice = "the target is knocked down, or you make an immediate Free Attack against it (your choice).";
    match hit.through() {
        Some(d) => (pain_effect(d, pt, false) == PainEffect::KnockDownOrFreeAttack)
            .then(|| format!("{d} damage > the target's Pain Threshold {pt}: {choice}")),
        None => (hit.roll.total > pt).then(|| {
            format!("If the damage after armor exceeds the target's Pain Threshold {pt}: {choice}")
        }),
    }
}

/// The Long weapon's Free Attack in the first turn of melee, rolled (seed 001, "Combat
/// with weapons ready": "Long weapons get a Free Attack against one enemy during the
/// first turn of melee combat, provided that the enemy does not have a Long weapon as
/// well."; its example: "Grumpa performs her Free Attack and attacks before the
/// brigand. Then the Initiative goes to the brigand, and after that it is Grumpa's
/// usual turn."). A shield in use takes the reach: the roll stands, and says so.
fn weapons_ready(w: &Weapon, shields: &[Shield]) -> Option<String> {
    w.reaches().then(|| match reach_taken_by(shields) {
        Some(s) => format!(
            "{s} is in use: the Long weapon loses its reach, so it gets no first-turn Free Attack."
        ),
        None => {
            "Weapons ready: your Long weapon struck first; the turn order then goes on as usual."
                .into()
        }
    })
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
        Follow::Sneak if out.passed => Some(
            "Unnoticed: your attack has the Advantage (target unaware) and, in the first turn, is a Free Attack.".into(),
        ),
        Follow::Sneak => Some("Noticed: the foe is aware of you; combat follows the usual order.".into()),
        Follow::StandUp => {
            c.combat.conditions.retain(|x| !is_prone(&x.name));
            Some(stand_up(&c.advance.abilities, out.passed).into())
        }
        Follow::ThenAgility => Some(format!(
            "Hit or miss, now {} to stay standing.",
            l.a_test(Attr::Agility)
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::FixedDice;
    use crate::rules::symbaroum::buildings::Building;
    use crate::rules::symbaroum::combat::{HitLocation, WeaponQuality};
    use crate::rules::symbaroum::conditions::presets;
    use crate::rules::symbaroum::dice_notation::parse_dice;
    use crate::rules::symbaroum::experience::{Ability, AbilityKind, Level};
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
            target_armor: None,
            reroll: false,
            spends: None,
        }
    }

    #[test]
    fn an_attack_in_turn_spends_the_combat_action_and_a_free_attack_or_reroll_does_not() {
        use crate::rules::symbaroum::turn::ATTACK;
        let mut c = character();
        let attack = || {
            let mut t = test(TestSpec::new(Stat::Attr(Attr::Exactitude), 10));
            t.weapon = Some(spear());
            t.spends = Some(ATTACK);
            t
        };
        roll(&mut c, attack(), &mut FixedDice::new(&[(15, 20)]), 1.0);
        assert_eq!(c.combat.turn().left(), "Movement Action left.");
        assert!(c.combat.turn().did("Attack or use an active ability"));
        // The same attack re-rolled is the same action: nothing more spent, nothing said.
        let mut again = attack();
        again.reroll = true;
        let r = roll(&mut c, again, &mut FixedDice::new(&[(15, 20)]), 2.0);
        assert_eq!(r.after, None);
        // A second attack this turn is rolled, and the sheet says the action was spent.
        let r = roll(&mut c, attack(), &mut FixedDice::new(&[(15, 20)]), 3.0);
        assert_eq!(
            r.after.as_deref(),
            Some("This turn: The Combat Action is spent this turn (Attack or use an active ability); a Movement Action cannot replace it.")
        );
        assert_eq!(c.roll_log.len(), 3, "every roll logged");
        // A Free Attack (or a Defense test) spends nothing: the panel passes no action.
        c.combat.next_turn();
        let mut free = attack();
        free.spends = None;
        roll(&mut c, free, &mut FixedDice::new(&[(15, 20)]), 4.0);
        assert_eq!(c.combat.turn().left(), "Both actions left.");
    }

    fn spear() -> Weapon {
        Weapon::new("Spear", parse_dice("1d8").unwrap())
    }

    fn learn(c: &mut Character, name: &str, level: Level) {
        c.advance
            .abilities
            .push(Ability::new(name, AbilityKind::Ability, Some(level)));
    }

    #[test]
    fn polearm_mastery_rolls_a_d8_for_a_long_staff_and_leaves_other_weapons_alone() {
        let mut c = character();
        let mut staff = Weapon::new("Staff", parse_dice("1d6+1").unwrap());
        staff.qualities.push(WeaponQuality::Long);
        let spec = || TestSpec::new(Stat::Attr(Attr::Exactitude), 15);
        let attack = |c: &mut Character, w: &Weapon, dice: &[(u32, u32)]| {
            let mut t = test(spec());
            t.weapon = Some(w.clone());
            roll(c, t, &mut FixedDice::new(dice), 0.0).damage.unwrap()
        };
        // Without the ability the staff rolls its own d6.
        assert_eq!(attack(&mut c, &staff, &[(4, 20), (6, 6)]).0, 7);
        learn(&mut c, "Polearm mastery", Level::Novice);
        // With it, a d8 in the d6's place, the +1 kept (FixedDice checks the die's sides).
        let (total, text) = attack(&mut c, &staff, &[(4, 20), (8, 8)]);
        assert_eq!(total, 9);
        assert!(
            text.starts_with("Staff (Polearm Mastery) 1d8+1: "),
            "{text}"
        );
        // A spear (no Long quality here) keeps its damage.
        assert!(attack(&mut c, &spear(), &[(4, 20), (5, 8)])
            .1
            .starts_with("Spear 1d8: "));
    }

    /// The test pack "The Marches" (tests/fixtures/pack-v1.json): Baron's Favour
    /// (a second chance on Charisma tests), Butcher's Cut (+1d4 damage, a Long
    /// weapon's d10).
    fn marches() -> crate::model::pack::Pack {
        let text = include_str!("../../../tests/fixtures/pack-v1.json");
        crate::model::pack::read::read_pack(text).unwrap()
    }

    /// Takes the pack's ability named `name` at novice, as the add form does.
    fn take(c: &mut Character, p: &crate::model::pack::Pack, name: &str) {
        let e = p.abilities.iter().find(|e| e.name == name).unwrap();
        let a = crate::model::pack::take::ability(p, e, labels(c.ruleset));
        c.advance.abilities.push(a);
    }

    #[test]
    fn a_pack_entrys_second_chance_keeps_the_better_of_two_d20s_on_its_attributes_tests() {
        let p = marches();
        let mut c = character();
        let charisma = || test(TestSpec::new(Stat::Attr(Attr::Charisma), 10));
        // Without it: one d20, an 18 fails.
        let r = roll(&mut c, charisma(), &mut FixedDice::new(&[(18, 20)]), 0.0);
        assert!(!r.outcome.passed);
        take(&mut c, &p, "Baron's Favour");
        // With it: a second d20, and the better (4) is kept: a pass.
        let r = roll(
            &mut c,
            charisma(),
            &mut FixedDice::new(&[(18, 20), (4, 20)]),
            1.0,
        );
        assert_eq!((r.outcome.kept, r.outcome.passed), (4, true));
        assert!(
            r.what.contains("Baron's Favour, second chance to pass"),
            "{}",
            r.what
        );
        assert_eq!(c.roll_log[0].dice, "d20: 18, 4 → 4");
        // Added once, when the panel has added it already to show the chance.
        let shown = with_second_chances(charisma().spec, &c.advance.abilities);
        assert!(
            (shown.chance() - 0.75).abs() < 1e-9,
            "two chances at 10: 75 %"
        );
        let mut t = charisma();
        t.spec = shown;
        let r = roll(&mut c, t, &mut FixedDice::new(&[(12, 20), (15, 20)]), 2.0);
        assert_eq!(r.what.matches("Baron's Favour").count(), 1, "{}", r.what);
        // A Might test is not the entry's: one d20 (FixedDice would refuse a second).
        let might = test(TestSpec::new(Stat::Attr(Attr::Might), 10));
        let r = roll(&mut c, might, &mut FixedDice::new(&[(18, 20)]), 3.0);
        assert!(!r.outcome.passed);
    }

    #[test]
    fn a_pack_entrys_extra_damage_and_long_weapon_die_are_rolled_on_a_hit() {
        let p = marches();
        let mut c = character();
        let mut staff = Weapon::new("Staff", parse_dice("1d6+1").unwrap());
        staff.qualities.push(WeaponQuality::Long);
        let attack = |c: &mut Character, w: &Weapon, dice: &[(u32, u32)]| {
            let mut t = test(TestSpec::new(Stat::Attr(Attr::Exactitude), 15));
            t.weapon = Some(w.clone());
            roll(c, t, &mut FixedDice::new(dice), 0.0).damage.unwrap()
        };
        take(&mut c, &p, "Butcher's Cut");
        // The staff's d6 becomes the entry's d10, and its 1d4 is added (FixedDice
        // checks each die's sides): 9 + 3 + 1.
        let (total, text) = attack(&mut c, &staff, &[(4, 20), (9, 10), (3, 4)]);
        assert_eq!(total, 13);
        assert!(
            text.starts_with("Staff (Butcher's Cut +1d4) 1d10+1d4+1: "),
            "{text}"
        );
        // A spear is not Long: its own d8, and the 1d4 still.
        let (total, text) = attack(&mut c, &spear(), &[(4, 20), (5, 8), (2, 4)]);
        assert_eq!(
            (
                total,
                text.starts_with("Spear (Butcher's Cut +1d4) 1d8+1d4: ")
            ),
            (7, true)
        );
    }

    #[test]
    fn polearm_mastery_taken_from_a_pack_rolls_the_die_its_entry_gives() {
        use crate::model::pack::builtin::builtin;
        use crate::rules::symbaroum::pack_effects::Effect;
        let mut c = character();
        let mut staff = Weapon::new("Staff", parse_dice("1d6").unwrap());
        staff.qualities.push(WeaponQuality::Long);
        let attack = |c: &mut Character, dice: &[(u32, u32)]| {
            let mut t = test(TestSpec::new(Stat::Attr(Attr::Exactitude), 15));
            t.weapon = Some(staff.clone());
            roll(c, t, &mut FixedDice::new(dice), 0.0).damage.unwrap()
        };
        // The built-in pack's entry gives the seed's d8 (001: "the 1D8 damage at
        // novice level").
        let mut p = builtin(Ruleset::Symbaroum);
        take(&mut c, &p, "Polearm Mastery");
        assert_eq!(attack(&mut c, &[(4, 20), (8, 8)]).0, 8);
        // A campaign's pack that says d10 rolls a d10.
        let pm = p
            .abilities
            .iter_mut()
            .find(|e| e.name == "Polearm Mastery")
            .unwrap();
        pm.effects = vec![Effect::LongWeaponDie { sides: 10 }.into()];
        c.advance.abilities.clear();
        take(&mut c, &p, "Polearm Mastery");
        let (total, text) = attack(&mut c, &[(4, 20), (10, 10)]);
        assert_eq!(total, 10);
        assert!(text.starts_with("Staff (Polearm Mastery) 1d10: "), "{text}");
    }

    #[test]
    fn a_sneak_passed_makes_the_target_unaware_and_a_failed_one_does_not() {
        use crate::rules::symbaroum::maneuvers::SNEAK;
        let mut c = character();
        let sneak = |c: &mut Character, d20: u32| {
            let mut t = test(TestSpec::new(Stat::Attr(Attr::Subtlety), 10));
            t.follow = SNEAK.follow;
            t.maneuver = Some(SNEAK.name.into());
            roll(c, t, &mut FixedDice::new(&[(d20, 20)]), 0.0)
        };
        let passed = sneak(&mut c, 4);
        assert!(passed
            .after
            .unwrap()
            .starts_with("Unnoticed: your attack has the Advantage"));
        assert!(passed.what.starts_with("Sneak up: "), "{}", passed.what);
        assert!(sneak(&mut c, 17).after.unwrap().starts_with("Noticed"));
        assert_eq!(
            (SNEAK.tested, SNEAK.against),
            (Attr::Subtlety, Some(Attr::Vigilance))
        );
    }

    #[test]
    fn a_group_sneak_rolls_the_party_s_lowest_against_the_defenders_highest() {
        // Seed 001, "Surprise": "If a group tries to surprise another group, instead of
        // individual against individual, use the attackers' lowest Discreet modified by
        // the defenders' highest Vigilant."
        use crate::rules::symbaroum::maneuvers::{group_surprise, group_surprise_name, SNEAK};
        let mut c = character();
        c.attributes.set(Attr::Subtlety, 15);
        let l = labels(c.ruleset);
        let group = |c: &mut Character, d20: u32| {
            // The party's lowest Discreet 8 (not this character's 15) against the
            // defenders' highest Vigilant 13: 8 + (10 − 13) = 5.
            let mut t = test(group_surprise(8, 13));
            t.follow = SNEAK.follow;
            t.maneuver = Some(group_surprise_name(l, 8));
            roll(c, t, &mut FixedDice::new(&[(d20, 20)]), 0.0)
        };
        let passed = group(&mut c, 5);
        assert_eq!(passed.outcome.target, 5);
        assert!(passed.after.unwrap().starts_with("Unnoticed"));
        assert_eq!(
            c.roll_log[0].what,
            "Sneak up as a group, the party's lowest Discreet 8: Discreet test [Discreet←Vigilant 13]"
        );
        assert_eq!(c.roll_log[0].target, Some(5));
        // A 6 is over the party's target, though under this character's own Discreet.
        let noticed = group(&mut c, 6);
        assert!(!noticed.outcome.passed);
        assert!(noticed.after.unwrap().starts_with("Noticed"));
    }

    #[test]
    fn standing_up_ends_prone_at_the_cost_the_roll_and_acrobatics_decide() {
        let stand = |c: &mut Character, d20: u32| {
            c.combat.conditions = presets(labels(c.ruleset));
            let mut t = test(TestSpec::new(Stat::Attr(Attr::Agility), 10));
            t.follow = Follow::StandUp;
            let r = roll(c, t, &mut FixedDice::new(&[(d20, 20)]), 0.0);
            assert!(
                !c.combat.conditions.iter().any(|x| x.name == "Prone"),
                "up either way"
            );
            assert!(
                c.combat.conditions.iter().any(|x| x.name == "Blinded"),
                "the rest stay"
            );
            r.after.unwrap()
        };
        let mut c = character();
        assert_eq!(stand(&mut c, 5), "You are up, with a Movement Action.");
        assert_eq!(
            stand(&mut c, 15),
            "You are up, but it took the whole turn: no Combat Action."
        );
        learn(&mut c, "Acrobatics", Level::Novice);
        assert_eq!(stand(&mut c, 5), "You are up, with a Movement Action.");
        c.advance.abilities[0].level = Some(Level::Adept);
        assert_eq!(
            stand(&mut c, 5),
            "You are up, as a Free Action (Acrobatics)."
        );
        assert_eq!(
            stand(&mut c, 15),
            "You are up, but it took the whole turn: no Combat Action."
        );
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
        c.combat.hit_locations = true;
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
    fn the_target_s_armor_is_rolled_and_the_effect_judged_on_what_gets_through() {
        let mut c = character();
        c.combat.hit_locations = true;
        let attack = |armor: Option<&str>| {
            let mut t = test(TestSpec::new(Stat::Attr(Attr::Exactitude), 15));
            t.weapon = Some(spear());
            t.aim = Some((Aim::BodyPart(HitLocation::LeftArm), Some(5)));
            t.target_armor = armor.map(|a| parse_dice(a).unwrap());
            t
        };
        // Hit (2), Spear 1d8 rolls 7, the target's 1d4 armor rolls 3: 4 get through,
        // under Pain Threshold 5, so the arm's effect does not apply (7 before armor
        // would have reached it).
        let mut dice = FixedDice::new(&[(2, 20), (7, 8), (3, 4)]);
        let r = roll(&mut c, attack(Some("1d4")), &mut dice, 0.0);
        let (total, text) = r.damage.unwrap();
        assert_eq!(total, 4);
        assert_eq!(text, "Spear 1d8: 7 − armor 1d4: 3 → 4");
        let located = r.located.unwrap();
        assert!(!located.contains("Drops item"), "{located}");
        assert_eq!(c.roll_log[0].outcome, "Pass, 4 damage, Left arm");
        assert!(c.roll_log[0].dice.ends_with("; 1d8: 7; armor 1d4: 3"));
        // Armor rolls 1: 6 get through, the threshold is reached.
        let mut dice = FixedDice::new(&[(2, 20), (7, 8), (1, 4)]);
        let r = roll(&mut c, attack(Some("1d4")), &mut dice, 0.0);
        assert_eq!(r.damage.unwrap().0, 6);
        let located = r.located.unwrap();
        assert!(
            located.contains("6 damage ≥ Pain Threshold 5: Drops item"),
            "{located}"
        );
        // Armor more than the damage: nothing gets through, never below 0.
        let mut dice = FixedDice::new(&[(2, 20), (1, 8)]);
        let r = roll(&mut c, attack(Some("3")), &mut dice, 0.0);
        assert_eq!(r.damage.unwrap().0, 0);
        // Armor not given: the damage as rolled, and the effect said as a condition.
        let mut dice = FixedDice::new(&[(2, 20), (7, 8)]);
        let r = roll(&mut c, attack(None), &mut dice, 0.0);
        assert_eq!(
            r.damage.unwrap(),
            (7, "Spear 1d8: 7 → 7, before the target's armor".to_string())
        );
        assert!(r
            .located
            .unwrap()
            .contains("If the damage after armor reaches the target's Pain Threshold: Drops"));
    }

    #[test]
    fn a_head_hit_at_the_threshold_adds_its_1d6_to_the_one_total() {
        let mut c = character();
        c.combat.hit_locations = true;
        let mut t = test(TestSpec::new(Stat::Attr(Attr::Exactitude), 15));
        t.weapon = Some(spear());
        t.aim = Some((Aim::BodyPart(HitLocation::Head), Some(4)));
        t.target_armor = Some(parse_dice("2").unwrap());
        // Hit (3), Spear 1d8 rolls 8, armor 2: 6 through ≥ 4; the head's 1d6 rolls 5
        // and its 1d4 turns roll 2.
        let mut dice = FixedDice::new(&[(3, 20), (8, 8), (5, 6), (2, 4)]);
        let r = roll(&mut c, t, &mut dice, 0.0);
        let (total, text) = r.damage.unwrap();
        assert_eq!(total, 11);
        assert_eq!(text, "Spear 1d8: 8 − armor 2: 2 → 6 + head 1d6: 5 → 11");
        assert_eq!(c.roll_log[0].outcome, "Pass, 11 damage, Head");
        assert!(r.located.unwrap().contains("unconscious 2 turns"));
    }

    #[test]
    fn without_hit_locations_damage_past_the_target_s_pain_threshold_gives_the_seed_s_choice() {
        let mut c = character();
        assert!(
            !c.combat.hit_locations,
            "the table plays without Hit Locations"
        );
        let attack = |armor: Option<&str>| {
            let mut t = test(TestSpec::new(Stat::Attr(Attr::Exactitude), 15));
            t.weapon = Some(spear());
            // The panel passes the target's Pain Threshold typed (4) with a plain aim.
            t.aim = Some((Aim::Normal, Some(4)));
            t.target_armor = armor.map(|a| parse_dice(a).unwrap());
            t
        };
        // Hit (2), Spear 1d8 rolls 7, armor 2: 5 get through, more than 4. (The d10
        // last is what a hit location would roll: none is rolled without the rule.)
        let r = roll(
            &mut c,
            attack(Some("2")),
            &mut FixedDice::new(&[(2, 20), (7, 8), (1, 10)]),
            0.0,
        );
        assert_eq!(r.located, None, "no hit location without the rule");
        assert_eq!(
            r.after.as_deref(),
            Some("5 damage > the target's Pain Threshold 4: the target is knocked down, or you make an immediate Free Attack against it (your choice).")
        );
        // Armor 3: 4 get through, equal to the threshold, which is not exceeded.
        let r = roll(
            &mut c,
            attack(Some("3")),
            &mut FixedDice::new(&[(2, 20), (7, 8), (1, 10)]),
            0.0,
        );
        assert_eq!((r.damage.unwrap().0, r.after), (4, None));
        // Armor not known: 7 rolled could exceed it, said as a condition.
        let r = roll(
            &mut c,
            attack(None),
            &mut FixedDice::new(&[(2, 20), (7, 8), (1, 10)]),
            0.0,
        );
        assert_eq!(
            r.after.as_deref(),
            Some("If the damage after armor exceeds the target's Pain Threshold 4: the target is knocked down, or you make an immediate Free Attack against it (your choice).")
        );
        // 4 rolled, armor not known: armor only lowers it, so nothing to say.
        let r = roll(
            &mut c,
            attack(None),
            &mut FixedDice::new(&[(2, 20), (4, 8), (1, 10)]),
            0.0,
        );
        assert_eq!(r.after, None);
        // Under Hit Locations the location's effect stays, at equal or higher.
        c.combat.hit_locations = true;
        let r = roll(
            &mut c,
            attack(Some("3")),
            &mut FixedDice::new(&[(2, 20), (7, 8), (7, 10)]),
            0.0,
        );
        assert!(r.located.unwrap().contains("4 damage ≥ Pain Threshold 4"));
        assert_eq!(r.after, None);
    }

    #[test]
    fn weapons_ready_is_a_free_attack_that_spends_nothing_unless_a_shield_takes_the_reach() {
        use crate::rules::symbaroum::combat::{Shield, ShieldKind};
        use crate::rules::symbaroum::turn::ATTACK;
        let mut c = character();
        let mut staff = Weapon::new("Staff", parse_dice("1d6").unwrap());
        staff.qualities.push(WeaponQuality::Long);
        let ready = |c: &mut Character| {
            let mut t = test(TestSpec::new(Stat::Attr(Attr::Exactitude), 15));
            t.weapon = Some(staff.clone());
            t.maneuver = Some("Free Attack (Long weapon, first turn of melee)".into());
            // Even when asked to spend the Combat Action, a Free Attack spends nothing.
            t.spends = Some(ATTACK);
            roll(c, t, &mut FixedDice::new(&[(2, 20), (3, 6)]), 0.0)
        };
        let r = ready(&mut c);
        assert!(
            r.what
                .starts_with("Free Attack (Long weapon, first turn of melee): Attack with Staff: "),
            "{}",
            r.what
        );
        assert_eq!(c.combat.turn().left(), "Both actions left.");
        assert_eq!(
            r.after.as_deref(),
            Some("Weapons ready: your Long weapon struck first; the turn order then goes on as usual.")
        );
        // A buckler leaves both hands free: the reach stays.
        let shield = |kind| Shield {
            id: 0,
            name: "Round shield".into(),
            kind,
            in_use: true,
        };
        c.combat.shields.push(shield(ShieldKind::Buckler));
        assert!(ready(&mut c).after.unwrap().starts_with("Weapons ready"));
        // A shield in use neutralizes the reach: the roll stands, and the sheet says so.
        c.combat.shields = vec![shield(ShieldKind::Shield)];
        assert_eq!(
            ready(&mut c).after.as_deref(),
            Some("Round shield is in use: the Long weapon loses its reach, so it gets no first-turn Free Attack.")
        );
        assert_eq!(c.combat.turn().left(), "Both actions left.");
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
