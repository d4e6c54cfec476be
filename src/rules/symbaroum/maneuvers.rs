//! The optional Maneuvers rule (seed 000; RULES.md "Optional rules and tables"): the
//! twelve maneuvers, what each does in our words, the test it calls for, and the
//! effects that last the turn, which the roll panel applies as conditions until "Next
//! turn".

use super::conditions::{Applies, Condition};
use super::experience::Level;
use super::success::{Chance, Stat, TestModifier, TestSpec};
use super::{Attr, Labels};

/// The twelve maneuvers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Maneuver {
    CarefulAiming,
    Charge,
    DelayInitiative,
    Disarm,
    FullDefense,
    FullOffense,
    Hold,
    KnockOut,
    PoisonOnWeapons,
    PushBack,
    Tackle,
    TakeInitiative,
}

/// Which Robust bonus a maneuver's test takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RobustBonus {
    /// Hold: +2 / +4 / +8.
    Hold,
    /// Tackle: +2 per level (+2 / +4 / +6).
    Tackle,
}

impl RobustBonus {
    /// The bonus at a level of Robust (for the wrestler; the target gets its own).
    pub fn at(self, level: Level) -> i32 {
        match (self, level) {
            (_, Level::Novice) => 2,
            (_, Level::Adept) => 4,
            (RobustBonus::Hold, Level::Master) => 8,
            (RobustBonus::Tackle, Level::Master) => 6,
        }
    }

    /// What a Robust target's bonus does to the test: it raises the target's Might,
    /// so the wrestler's target falls by as much (RULES.md, Hold: "and for the target
    /// if it is Robust"; Tackle is taken alike, as its bonus is Robust's too).
    pub fn against(self, target: Level) -> i32 {
        -self.at(target)
    }
}

/// What a set-up test's roll leads to, said after the roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Follow {
    Nothing,
    /// Poison on Weapons: a 20 poisons yourself.
    PoisonOn20,
    /// Take the Initiative: a pass gives +5 initiative this turn.
    InitiativeBonus,
    /// Tackle: hit or miss, an Agility test to stay standing.
    ThenAgility,
    /// Setting a trap: a 20 springs it on the setter.
    SpringsOn20,
    /// Jumping a trap: a failure springs it.
    SpringsOnFail,
    /// Setting a building on fire: a pass sets it burning.
    CatchesFire,
    /// Putting the fire out: a pass puts it out.
    PutsOut,
    /// Inside a burning building: a failure means 1d4 damage ignoring armor, each turn.
    BurnsInside,
    /// Getting up from lying down: up either way, at a cost the roll decides.
    StandUp,
    /// Sneaking up or an ambush: a pass makes the target unaware.
    Sneak,
}

/// Sneaking up on a foe or preparing an ambush (seed 000 "Surprised"): an active
/// `[Subtlety←Vigilance]` test; a pass lets the attack come with the Advantage and, in the
/// first turn, as a Free Attack.
pub const SNEAK: SetTest =
    SetTest::new("Sneak up", Attr::Subtlety, Some(Attr::Vigilance)).then(Follow::Sneak);

/// A group sneaking up on another group (seed 001, "Surprise": "If a group tries to
/// surprise another group, instead of individual against individual, use the
/// attackers' lowest Discreet modified by the defenders' highest Vigilant."): one
/// `[Subtlety←Vigilance]` test of the party's lowest Subtlety against the defenders'
/// highest Vigilance, whoever in the party rolls it.
pub fn group_surprise(lowest_subtlety: i32, highest_vigilance: i32) -> TestSpec {
    TestSpec::new(Stat::Attr(SNEAK.tested), lowest_subtlety).with_modifier(
        TestModifier::Opposition {
            against: Stat::Attr(Attr::Vigilance),
            score: highest_vigilance,
        },
    )
}

/// How the log names a group's sneak: "Sneak up as a group, the party's lowest
/// Discreet 8" (the test's own description then names the defenders' highest).
pub fn group_surprise_name(l: &Labels, lowest_subtlety: i32) -> String {
    format!(
        "{} as a group, the party's lowest {} {lowest_subtlety}",
        SNEAK.name,
        l.attr(SNEAK.tested)
    )
}

/// A success test a maneuver or an optional rule calls for, which the roll panel
/// opens set up: the attribute tested, the opposing attribute of an opposed test,
/// Robust's bonus, and what follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetTest {
    /// What the test is for ("Hold", "Discover a trap"), its title and log entry.
    pub name: &'static str,
    pub tested: Attr,
    pub against: Option<Attr>,
    pub robust: Option<RobustBonus>,
    /// A passive resistance `[Attribute −X]` (a building's Fortification).
    pub resistance: Option<i32>,
    pub follow: Follow,
}

impl SetTest {
    pub const fn new(name: &'static str, tested: Attr, against: Option<Attr>) -> Self {
        SetTest {
            name,
            tested,
            against,
            robust: None,
            resistance: None,
            follow: Follow::Nothing,
        }
    }

    pub const fn then(mut self, follow: Follow) -> Self {
        self.follow = follow;
        self
    }
}

impl Maneuver {
    pub const ALL: [Maneuver; 12] = [
        Maneuver::CarefulAiming,
        Maneuver::Charge,
        Maneuver::DelayInitiative,
        Maneuver::Disarm,
        Maneuver::FullDefense,
        Maneuver::FullOffense,
        Maneuver::Hold,
        Maneuver::KnockOut,
        Maneuver::PoisonOnWeapons,
        Maneuver::PushBack,
        Maneuver::Tackle,
        Maneuver::TakeInitiative,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Maneuver::CarefulAiming => "Careful Aiming",
            Maneuver::Charge => "Charge",
            Maneuver::DelayInitiative => "Delay the Initiative",
            Maneuver::Disarm => "Disarm",
            Maneuver::FullDefense => "Full Defense",
            Maneuver::FullOffense => "Full Offense",
            Maneuver::Hold => "Hold",
            Maneuver::KnockOut => "Knock Out",
            Maneuver::PoisonOnWeapons => "Poison on Weapons",
            Maneuver::PushBack => "Push Back",
            Maneuver::Tackle => "Tackle",
            Maneuver::TakeInitiative => "Take the Initiative",
        }
    }

    /// What it does, in our words and the ruleset's names.
    pub fn text(self, l: &Labels) -> String {
        let (ex, might, wit, resolve) = (
            l.attr(Attr::Exactitude),
            l.attr(Attr::Might),
            l.attr(Attr::Wit),
            l.attr(Attr::Resolve),
        );
        let def = l.defense;
        match self {
            Maneuver::CarefulAiming => "A ranged attack with a second chance to pass; no movement this turn.".into(),
            Maneuver::Charge => "A double move, then a melee attack; a failed attack gives the target a Free Attack.".into(),
            Maneuver::DelayInitiative => "Act after a combatant you choose this turn; back to your place next turn.".into(),
            Maneuver::Disarm => format!("[{ex}←{might}]: no damage; the weapon flies. A failed test gives the enemy a Free Attack."),
            Maneuver::FullDefense => format!("A second chance to pass every {def} test this turn; no attacks."),
            Maneuver::FullOffense => format!("A second chance to pass every melee attack, and a second chance to fail every {def} test, this turn."),
            Maneuver::Hold => format!("[{might}←{might}]: Robust gives +2 / +4 / +8 (and the target its own). A test each turn keeps the hold; a failed one gives the target a Free Attack."),
            Maneuver::KnockOut => "Needs Advantage. On a hit roll 1d12: lower than the damage knocks the target out. A miss loses the Advantage.".into(),
            Maneuver::PoisonOnWeapons => format!("A {wit} test and a combat action; a 20 poisons yourself. One hit per dose."),
            Maneuver::PushBack => "The turn's first action, using combat and movement actions: a hit deals half damage (rounded up) and pushes 5 m; a miss gives a Free Attack.".into(),
            Maneuver::Tackle => format!("[{might}←{might}]: Robust gives +2 per level. Hit or miss, then {} to stay standing.", l.a_test(Attr::Agility)),
            Maneuver::TakeInitiative => format!("A {resolve} test: on a pass +5 initiative this turn. Pass or fail, a second chance to fail every test this turn."),
        }
    }

    /// The test to roll for it, if it has one of its own (an attack maneuver uses the
    /// Attack button).
    pub fn test(self) -> Option<SetTest> {
        let t = |tested, against| SetTest::new(self.name(), tested, against);
        let might = Some(Attr::Might);
        Some(match self {
            Maneuver::Disarm => t(Attr::Exactitude, might),
            Maneuver::Hold => SetTest {
                robust: Some(RobustBonus::Hold),
                ..t(Attr::Might, might)
            },
            Maneuver::Tackle => SetTest {
                robust: Some(RobustBonus::Tackle),
                ..t(Attr::Might, might).then(Follow::ThenAgility)
            },
            Maneuver::PoisonOnWeapons => t(Attr::Wit, None).then(Follow::PoisonOn20),
            Maneuver::TakeInitiative => t(Attr::Resolve, None).then(Follow::InitiativeBonus),
            _ => return None,
        })
    }

    /// What it does to the character's tests for the rest of the turn.
    pub fn this_turn(self, l: &Labels) -> Option<Condition> {
        let (applies, chance) = match self {
            Maneuver::CarefulAiming => (Applies::RangedAttack, Chance::ToPass),
            Maneuver::FullDefense => (Applies::Defense, Chance::ToPass),
            // Full Offense is two effects; the second is `full_offense_defense`.
            Maneuver::FullOffense => (Applies::MeleeAttack, Chance::ToPass),
            Maneuver::TakeInitiative => (Applies::All, Chance::ToFail),
            _ => return None,
        };
        Some(Condition {
            name: self.name().into(),
            applies,
            modifier: 0,
            chance,
            note: self.text(l),
            this_turn: true,
            melee_only: false,
            saved_turns: None,
        })
    }
}

/// Full Offense's other half: a second chance to fail every Defense test this turn.
pub fn full_offense_defense(l: &Labels) -> Condition {
    Condition {
        name: format!("Full Offense ({})", l.defense),
        applies: Applies::Defense,
        modifier: 0,
        chance: Chance::ToFail,
        note: String::new(),
        this_turn: true,
        melee_only: false,
        saved_turns: None,
    }
}

/// Knock Out: the 1d12 rolled against the damage of the hit knocks the target out
/// when it is lower.
pub fn knocks_out(d12: u32, damage: i32) -> bool {
    (d12 as i32) < damage
}

/// Knock Out's chance before the roll: the 1d12 must come up lower than the damage,
/// so `damage − 1` faces of 12 (none at 1, every one above 12). "5 in 12 (41.67%)".
pub fn knock_out_chance(damage: i32) -> String {
    let faces = (damage - 1).clamp(0, 12);
    format!(
        "{faces} in 12 ({})",
        super::success::format_percent(faces as f64 / 12.0)
    )
}

/// Push Back: half the damage, rounded up as the family rounds halves.
pub fn push_back_damage(damage: i32) -> i32 {
    (damage.max(0) + 1) / 2
}

/// Take the Initiative: the initiative bonus on a passed test.
pub const TAKE_INITIATIVE_BONUS: i32 = 5;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::{roll, FixedDice};
    use crate::rules::symbaroum::labels;
    use crate::rules::symbaroum::success::{
        roll_test, Chance, Circumstance, Stat, TestModifier, TestSpec,
    };
    use crate::rules::Ruleset;

    #[test]
    fn there_are_twelve_with_their_own_text_in_the_ruleset_words() {
        let sy = labels(Ruleset::Symbaroum);
        assert_eq!(Maneuver::ALL.len(), 12);
        let names: std::collections::HashSet<_> = Maneuver::ALL.iter().map(|m| m.name()).collect();
        assert_eq!(names.len(), 12);
        assert!(Maneuver::Disarm.text(sy).starts_with("[Accurate←Strong]"));
        assert!(Maneuver::Hold.text(sy).contains("[Strong←Strong]"));
        for m in Maneuver::ALL {
            assert!(!m.text(sy).is_empty());
        }
    }

    #[test]
    fn knock_out_s_chance_is_the_faces_of_the_d12_under_the_damage() {
        assert_eq!(knock_out_chance(6), "5 in 12 (41.67%)");
        assert_eq!(knock_out_chance(1), "0 in 12 (0%)");
        assert_eq!(knock_out_chance(13), "12 in 12 (100%)");
        assert_eq!(knock_out_chance(40), "12 in 12 (100%)");
        // The same rule as the roll: a 5 knocks out at 6, a 6 does not.
        assert!(knocks_out(5, 6) && !knocks_out(6, 6));
    }

    #[test]
    fn a_robust_target_lowers_the_wrestler_s_test_by_its_own_bonus() {
        assert_eq!(RobustBonus::Hold.against(Level::Master), -8);
        assert_eq!(RobustBonus::Tackle.against(Level::Master), -6);
        assert_eq!(RobustBonus::Hold.against(Level::Novice), -2);
        // [Might 12 ← Might 10] with the target Robust (adept): 12 + 0 − 4.
        let mut spec =
            TestSpec::new(Stat::Attr(Attr::Might), 12).with_modifier(TestModifier::Opposition {
                against: Stat::Attr(Attr::Might),
                score: 10,
            });
        spec.extras.push(Circumstance::new(
            "Target's Robust (adept)".to_string(),
            RobustBonus::Hold.against(Level::Adept),
            Chance::None,
        ));
        assert_eq!(spec.target(), 8);
    }

    #[test]
    fn robust_gives_hold_and_tackle_their_bonuses() {
        let hold = [2, 4, 8];
        let tackle = [2, 4, 6];
        for (i, lv) in Level::ALL.into_iter().enumerate() {
            assert_eq!(RobustBonus::Hold.at(lv), hold[i]);
            assert_eq!(RobustBonus::Tackle.at(lv), tackle[i]);
        }
    }

    #[test]
    fn the_tests_are_the_seed_s() {
        let d = Maneuver::Disarm.test().unwrap();
        assert_eq!((d.tested, d.against), (Attr::Exactitude, Some(Attr::Might)));
        let h = Maneuver::Hold.test().unwrap();
        assert_eq!(
            (h.tested, h.against, h.robust),
            (Attr::Might, Some(Attr::Might), Some(RobustBonus::Hold))
        );
        assert_eq!(h.name, "Hold");
        assert_eq!(Maneuver::Tackle.test().unwrap().follow, Follow::ThenAgility);
        assert_eq!(
            Maneuver::PoisonOnWeapons.test().unwrap().follow,
            Follow::PoisonOn20
        );
        assert_eq!(Maneuver::PoisonOnWeapons.test().unwrap().tested, Attr::Wit);
        assert_eq!(
            Maneuver::TakeInitiative.test().unwrap().tested,
            Attr::Resolve
        );
        assert!(Maneuver::Charge.test().is_none());
    }

    #[test]
    fn turn_effects_touch_the_right_tests() {
        use crate::rules::symbaroum::conditions::{touching, TestKind};
        let l = labels(Ruleset::Homebrew);
        let mut conds: Vec<Condition> = [Maneuver::CarefulAiming, Maneuver::FullOffense]
            .iter()
            .filter_map(|m| m.this_turn(l))
            .collect();
        conds.push(full_offense_defense(l));
        assert!(conds.iter().all(|c| c.this_turn));
        // Careful Aiming: ranged attacks only; Full Offense: melee attacks.
        assert_eq!(touching(&conds, TestKind::Attack { ranged: true }), vec![0]);
        assert_eq!(
            touching(&conds, TestKind::Attack { ranged: false }),
            vec![1]
        );
        assert_eq!(
            touching(&conds, TestKind::Defense { ranged: false }),
            vec![2]
        );
        assert!(touching(&conds, TestKind::Attr).is_empty());
        // Full Defense: a second chance to pass Defense, seeded roll keeps the better.
        let fd = Maneuver::FullDefense.this_turn(l).unwrap();
        let spec = TestSpec::new(crate::rules::symbaroum::success::Stat::Defense, 10)
            .with(fd.circumstance());
        let out = roll_test(&mut FixedDice::new(&[(16, 20), (4, 20)]), &spec);
        assert_eq!((out.kept, out.passed), (4, true));
        // Take the Initiative: every test, second chance to fail.
        let ti = Maneuver::TakeInitiative.this_turn(l).unwrap();
        assert_eq!(ti.applies, Applies::All);
        assert_eq!(ti.chance, Chance::ToFail);
        assert!(Maneuver::Hold.this_turn(l).is_none());
    }

    #[test]
    fn a_group_sneaks_with_its_lowest_subtlety_against_the_defenders_highest_vigilance() {
        // Seed 001, "Surprise": "If a group tries to surprise another group, instead of
        // individual against individual, use the attackers' lowest Discreet modified by
        // the defenders' highest Vigilant."
        // The party's lowest Discreet 8 against the defenders' highest Vigilant 13:
        // 8 + (10 − 13) = 5.
        let spec = group_surprise(8, 13);
        assert_eq!(spec.target(), 5);
        let sy = labels(Ruleset::Symbaroum);
        assert_eq!(spec.describe(sy), "Discreet test [Discreet←Vigilant 13]");
        assert_eq!(spec.breakdown(sy)[0], "Discreet 8");
        // A 5 passes, a 6 is noticed.
        assert!(roll_test(&mut FixedDice::new(&[(5, 20)]), &spec).passed);
        assert!(!roll_test(&mut FixedDice::new(&[(6, 20)]), &spec).passed);
        // One against one, the seed's example ("The sneaking brigand has Discreet 10
        // and Grumpa has Vigilant 10"): the target is 10.
        assert_eq!(group_surprise(10, 10).target(), 10);
        // Named in the ruleset's words.
        assert_eq!(
            group_surprise_name(sy, 8),
            "Sneak up as a group, the party's lowest Discreet 8"
        );
        let hb = labels(Ruleset::Homebrew);
        assert_eq!(
            group_surprise_name(hb, 8),
            format!(
                "Sneak up as a group, the party's lowest {} 8",
                hb.attr(Attr::Subtlety)
            )
        );
    }

    #[test]
    fn knock_out_and_push_back_arithmetic() {
        assert!(knocks_out(3, 7));
        assert!(!knocks_out(7, 7), "equal is not lower");
        assert!(!knocks_out(12, 5));
        let mut rng = FixedDice::new(&[(5, 12)]);
        assert!(knocks_out(roll(&mut rng, 12), 6));
        assert_eq!(push_back_damage(7), 4);
        assert_eq!(push_back_damage(6), 3);
        assert_eq!(push_back_damage(1), 1);
        assert_eq!(push_back_damage(0), 0);
        assert_eq!(push_back_damage(-3), 0);
    }
}
