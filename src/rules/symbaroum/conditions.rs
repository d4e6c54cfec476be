//! Conditions: what holds a character for now (prone, blinded, a hurt arm, …) and what
//! it does to the character's tests until the player removes it.
//!
//! The seeds give these effects in words; the sheet turns each into a circumstance of
//! the tests it touches ([`Circumstance`]), which the roll panel applies by itself.

use super::combat::HitLocation;
use super::derived::fmt_plus;
use super::success::{Chance, Circumstance};
use super::{Attr, Labels};
use serde::{Deserialize, Serialize};

/// Which tests a condition touches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Applies {
    /// Every success test.
    #[default]
    All,
    /// Attacks and Defense tests.
    Combat,
    Attack,
    Defense,
    /// Melee attacks only (Full Offense).
    MeleeAttack,
    /// Ranged attacks only (Careful Aiming).
    RangedAttack,
}

impl Applies {
    pub const ALL: [Applies; 6] = [
        Applies::All,
        Applies::Combat,
        Applies::Attack,
        Applies::Defense,
        Applies::MeleeAttack,
        Applies::RangedAttack,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Applies::All => "all",
            Applies::Combat => "combat",
            Applies::Attack => "attack",
            Applies::Defense => "defense",
            Applies::MeleeAttack => "melee",
            Applies::RangedAttack => "ranged",
        }
    }

    pub fn from_key(k: &str) -> Option<Self> {
        Applies::ALL.into_iter().find(|a| a.key() == k)
    }

    /// "Every test", "Attacks and Defense", "Attacks", "Defense" (in the ruleset's words).
    pub fn text(self, l: &Labels) -> String {
        match self {
            Applies::All => "Every test".into(),
            Applies::Combat => format!("Attacks and {}", l.defense),
            Applies::Attack => "Attacks".into(),
            Applies::Defense => l.defense.into(),
            Applies::MeleeAttack => "Melee attacks".into(),
            Applies::RangedAttack => "Ranged attacks".into(),
        }
    }

    pub fn covers(self, test: TestKind) -> bool {
        let attack = matches!(test, TestKind::Attack { .. });
        match self {
            Applies::All => true,
            Applies::Combat => test != TestKind::Attr,
            Applies::Attack => attack,
            Applies::Defense => matches!(test, TestKind::Defense { .. }),
            Applies::MeleeAttack => test == TestKind::Attack { ranged: false },
            Applies::RangedAttack => test == TestKind::Attack { ranged: true },
        }
    }
}

/// The kind of test being made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestKind {
    /// Any attribute test outside an attack.
    Attr,
    /// An attack, with a ranged weapon or not.
    Attack { ranged: bool },
    /// A Defense test, against a ranged attack or a melee one.
    Defense { ranged: bool },
}

/// A condition on the character, kept until removed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Condition {
    pub name: String,
    #[serde(default)]
    pub applies: Applies,
    /// Added to the target of the tests it touches.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub modifier: i32,
    #[serde(default)]
    pub chance: Chance,
    /// What else it means, in words (from the seeds for the presets, or the player's).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// A maneuver's effect for this turn only: "Next turn" ends it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub this_turn: bool,
    /// Touches a Defense test only against a melee attack (Prone: the seeds give the
    /// Advantage to melee attacks only). An older version that does not know it keeps
    /// it and touches every Defense test, as it did.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub melee_only: bool,
    /// For one that ends by itself, the turns it still lasts as saved: read and written only where it is used (`Condition::turns`), so the
    /// documents' reader does not grow with it; a field of it a newer version wrote is
    /// kept.
    #[serde(default, rename = "turns", skip_serializing_if = "Option::is_none")]
    pub saved_turns: Option<serde_json::Value>,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

/// The largest modifier a condition takes, either way.
pub const CONDITION_MODIFIER_MAX: i32 = 20;

impl Condition {
    /// Its effect on tests: "Defense −2", "Every test: second chance to fail", or
    /// "No effect on tests" for one kept only as a reminder.
    pub fn effect_text(&self, l: &Labels) -> String {
        let what = self.applies.text(l);
        let text = match (self.modifier, self.chance) {
            (0, Chance::None) => return "No effect on tests".into(),
            (0, c) => format!("{what}: {}", c.text()),
            (n, Chance::None) => format!("{what} {}", fmt_plus(n)),
            (n, c) => format!("{what} {}, {}", fmt_plus(n), c.text()),
        };
        if self.melee_only {
            format!("{text} against melee attacks")
        } else {
            text
        }
    }

    /// What it adds to a test it touches.
    pub fn circumstance(&self) -> Circumstance {
        Circumstance::new(self.name.clone(), self.modifier, self.chance)
    }

    /// How many more of the character's turns it lasts after the one under way, for
    /// one that ends by itself ([`for_turns`]); none for one kept until removed.
    /// Saved in the condition's further fields (`"turns"`), read only where it is
    /// used, so the document's reader does not grow with it; an older version keeps
    /// it, and the condition, until removed.
    pub fn turns(&self) -> Option<u64> {
        self.saved_turns.as_ref()?.as_u64()
    }

    /// For one that ends by itself, how long it still lasts: "Unconscious: 3 more of
    /// your turns, then it ends." or "Incapacitated: ends at Next turn."
    pub fn turns_text(&self) -> Option<String> {
        Some(match self.turns()? {
            0 => format!("{}: ends at Next turn.", self.name),
            1 => format!("{}: 1 more of your turns, then it ends.", self.name),
            n => format!("{}: {n} more of your turns, then it ends.", self.name),
        })
    }

    /// "Next turn": whether it is still in force in the turn that begins. A turn's
    /// maneuver ends; one that lasts a number of turns counts one down, and ends at
    /// the Next turn after its last.
    pub fn next_turn(&mut self) -> bool {
        match self.turns() {
            _ if self.this_turn => false,
            Some(0) => false,
            Some(n) => {
                self.saved_turns = Some((n - 1).into());
                true
            }
            None => true,
        }
    }

    pub fn check(&self) -> Result<(), String> {
        if self.modifier.abs() > CONDITION_MODIFIER_MAX {
            return Err(format!(
                "the condition {}'s modifier {} is beyond ±{CONDITION_MODIFIER_MAX}",
                self.name, self.modifier
            ));
        }
        Ok(())
    }
}

/// Hit Locations, Table 9, the effects that last turns, at the Pain Threshold: a torso
/// hit "Loses breath; incapacitated for a turn", a head hit leaves one "rendered
/// unconscious for 1D4 turns" (`d4`, rolled by the play layer). Kept as a condition
/// for that many of the character's turns after the hit ("Next turn" counts them down
/// and ends it), with the table's words as its note; it changes no test (the character
/// takes no action in them). None for another part.
pub fn for_turns(part: HitLocation, d4: u32) -> Option<Condition> {
    let (name, turns) = match part {
        HitLocation::Torso => ("Incapacitated", 1),
        HitLocation::Head => ("Unconscious", d4),
        _ => return None,
    };
    let mut k = Condition {
        name: name.into(),
        note: part.effect().into(),
        ..Default::default()
    };
    k.saved_turns = Some(turns.into());
    Some(k)
}

/// The conditions (by index) that touch a test of `kind` and do something to it.
pub fn touching(conditions: &[Condition], kind: TestKind) -> Vec<usize> {
    conditions
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            c.applies.covers(kind)
                && !(c.melee_only && kind == TestKind::Defense { ranged: true })
                && (c.modifier != 0 || c.chance != Chance::None)
        })
        .map(|(i, _)| i)
        .collect()
}

/// Whether a condition is lying down (the preset "Prone", however written).
pub fn is_prone(name: &str) -> bool {
    name.trim().eq_ignore_ascii_case("prone")
}

/// The conditions the seeds describe, ready to add, in the ruleset's words.
pub fn presets(l: &Labels) -> Vec<Condition> {
    let agility = l.attr(Attr::Agility);
    vec![
        // Seeds 000/001 "Stand": each foe engaging you in melee has Advantage; "ranged
        // attacks do not get any advantage from this". The player rolls Defense, so
        // the foe's +2 is read as −2 to a Defense test against a melee attack (its
        // +1d4 damage is the foe's to roll).
        Condition {
            name: "Prone".into(),
            applies: Applies::Defense,
            modifier: -2,
            chance: Chance::None,
            note: format!(
                "Foes in melee have Advantage against you (their hits deal +1d4); ranged attacks do not. Getting up takes a Movement Action with a passed {agility} test, else the whole turn."
            ),
            this_turn: false,
            melee_only: true,
            saved_turns: None,
        },
        // Blind Fighting: the affected side has two chances to fail every test.
        Condition {
            name: "Blinded".into(),
            applies: Applies::All,
            modifier: 0,
            chance: Chance::ToFail,
            note: "Blind, or fighting in darkness, smoke or thick fog: two chances to fail every success test. Not when your foes are just as blind.".into(),
            this_turn: false,
            melee_only: false,
            saved_turns: None,
        },
        // Blind Fighting, the other side: the player rolls twice and keeps the best.
        Condition {
            name: "Foe blinded".into(),
            applies: Applies::Combat,
            modifier: 0,
            chance: Chance::ToPass,
            note: "Only your foe fights blind: roll twice and keep the better in the fight.".into(),
            this_turn: false,
            melee_only: false,
            saved_turns: None,
        },
        // Hit Locations, Table 9: an arm hit at the Pain Threshold.
        Condition {
            name: "Hurt arm".into(),
            applies: Applies::All,
            modifier: 0,
            chance: Chance::ToFail,
            note: "A second chance to fail every roll that uses the arm, for the rest of the scene; untick it in the roll panel for a roll that does not.".into(),
            this_turn: false,
            melee_only: false,
            saved_turns: None,
        },
        // Take the Initiative: pass or fail, a second chance to fail every test that turn.
        Condition {
            name: "Took the Initiative".into(),
            applies: Applies::All,
            modifier: 0,
            chance: Chance::ToFail,
            note: "A second chance to fail every test this turn: remove it at the next turn.".into(),
            this_turn: true,
            melee_only: false,
            saved_turns: None,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::labels;
    use crate::rules::symbaroum::success::{attack, defense_test, RollMode, Stat, TestSpec};
    use crate::rules::Ruleset;

    fn with_conditions(mut spec: TestSpec, conds: &[Condition], kind: TestKind) -> TestSpec {
        for i in touching(conds, kind) {
            spec = spec.with(conds[i].circumstance());
        }
        spec
    }

    #[test]
    fn a_hit_location_names_a_condition_on_the_list() {
        use crate::rules::symbaroum::combat::HitLocation::*;
        let names: Vec<String> = presets(labels(Ruleset::Symbaroum))
            .into_iter()
            .map(|c| c.name)
            .collect();
        for part in [RightLeg, LeftLeg, Torso, RightArm, LeftArm, Head] {
            if let Some(n) = part.condition() {
                assert!(names.iter().any(|m| m == n), "{n}");
            }
        }
    }

    #[test]
    fn a_torso_or_head_hit_lasts_its_turns_and_next_turn_ends_it() {
        // Seed 000, Table 9: "3–5 Torso Loses breath; incapacitated for a turn." and
        // "10 Head +1D6 damage and the target is rendered unconscious for 1D4 turns".
        use crate::rules::symbaroum::combat::HitLocation::*;
        let mut torso = for_turns(Torso, 4).unwrap();
        assert_eq!(
            (torso.name.as_str(), torso.turns()),
            ("Incapacitated", Some(1))
        );
        assert!(torso.note.starts_with("Loses breath"));
        // It changes no test: the character takes no action while it lasts.
        assert!(touching(std::slice::from_ref(&torso), TestKind::Attr).is_empty());
        // Taken between the character's turns: its next turn is the one lost.
        assert_eq!(
            torso.turns_text().unwrap(),
            "Incapacitated: 1 more of your turns, then it ends."
        );
        assert!(torso.next_turn(), "in force the turn after the hit");
        assert_eq!(torso.turns(), Some(0));
        assert_eq!(
            torso.turns_text().unwrap(),
            "Incapacitated: ends at Next turn."
        );
        assert!(!torso.next_turn(), "over at the Next turn after it");
        // Unconscious for the 1d4 rolled (3): three turns, ending at the fourth.
        let mut head = for_turns(Head, 3).unwrap();
        assert_eq!(
            head.turns_text().unwrap(),
            "Unconscious: 3 more of your turns, then it ends."
        );
        assert_eq!(
            (0..4).map(|_| head.next_turn()).collect::<Vec<_>>(),
            [true, true, true, false]
        );
        assert!(for_turns(LeftArm, 3).is_none() && for_turns(RightLeg, 3).is_none());
        // Kept in the condition's further fields, read back as saved.
        let json = serde_json::to_string(&for_turns(Head, 2).unwrap()).unwrap();
        assert!(json.contains("\"turns\":2"), "{json}");
        let back: Condition = serde_json::from_str(&json).unwrap();
        assert_eq!(back.turns(), Some(2));
        // A condition kept until removed outlasts every Next turn; a turn's maneuver ends.
        let mut kept = presets(labels(Ruleset::Symbaroum)).remove(0);
        assert!(kept.next_turn() && kept.turns_text().is_none());
        kept.this_turn = true;
        assert!(!kept.next_turn());
    }

    #[test]
    fn prone_lowers_defense_only() {
        let l = labels(Ruleset::Homebrew);
        let prone = presets(l).remove(0);
        assert_eq!(prone.name, "Prone");
        assert_eq!(prone.effect_text(l), "Defense −2 against melee attacks");
        let conds = [prone];
        let d = with_conditions(
            defense_test(12, 10),
            &conds,
            TestKind::Defense { ranged: false },
        );
        assert_eq!(d.target(), 10);
        // "Ranged attacks do not get any advantage from this" (seeds 000, 001).
        let r = with_conditions(
            defense_test(12, 10),
            &conds,
            TestKind::Defense { ranged: true },
        );
        assert_eq!(r.target(), 12);
        let a = with_conditions(attack(12, 10), &conds, TestKind::Attack { ranged: false });
        assert_eq!(a.target(), 12);
        let t = with_conditions(
            TestSpec::new(Stat::Attr(Attr::Wit), 12),
            &conds,
            TestKind::Attr,
        );
        assert_eq!(t.target(), 12);
    }

    #[test]
    fn blinded_gives_two_chances_to_fail_everywhere_and_a_foe_blinded_cancels_it_in_a_fight() {
        let l = labels(Ruleset::Symbaroum);
        let p = presets(l);
        let blind = p.iter().find(|c| c.name == "Blinded").unwrap().clone();
        let foe = p.iter().find(|c| c.name == "Foe blinded").unwrap().clone();
        assert_eq!(blind.effect_text(l), "Every test: second chance to fail");
        assert_eq!(
            foe.effect_text(l),
            "Attacks and Defense: second chance to pass"
        );
        let conds = [blind.clone()];
        let t = with_conditions(
            TestSpec::new(Stat::Attr(Attr::Wit), 10),
            &conds,
            TestKind::Attr,
        );
        assert_eq!(t.mode(), RollMode::KeepWorse);
        assert_eq!(t.chance(), 0.25);
        // Both blind: no adjustment (the two cancel to one die).
        let both = [blind, foe];
        let a = with_conditions(attack(10, 10), &both, TestKind::Attack { ranged: false });
        assert_eq!(a.mode(), RollMode::Single);
        let w = with_conditions(
            TestSpec::new(Stat::Attr(Attr::Wit), 10),
            &both,
            TestKind::Attr,
        );
        assert_eq!(w.mode(), RollMode::KeepWorse);
    }

    #[test]
    fn a_reminder_without_effect_touches_no_test_and_limits_hold() {
        let note = Condition {
            name: "Winded".into(),
            ..Default::default()
        };
        assert_eq!(
            note.effect_text(labels(Ruleset::Homebrew)),
            "No effect on tests"
        );
        assert!(touching(std::slice::from_ref(&note), TestKind::Attr).is_empty());
        let mut c = note;
        c.modifier = CONDITION_MODIFIER_MAX;
        assert!(c.check().is_ok());
        c.modifier = -CONDITION_MODIFIER_MAX - 1;
        assert!(c.check().is_err());
    }

    #[test]
    fn applies_reads_back_from_its_key_and_names_the_ruleset_defense() {
        for a in Applies::ALL {
            assert_eq!(Applies::from_key(a.key()), Some(a));
        }
        let draft = labels(Ruleset::HomebrewDraft);
        assert_eq!(
            Applies::Combat.text(draft),
            format!("Attacks and {}", draft.defense)
        );
        assert!(Applies::Combat.covers(TestKind::Defense { ranged: false }));
        assert!(!Applies::Combat.covers(TestKind::Attr));
        assert!(!Applies::Attack.covers(TestKind::Defense { ranged: false }));
    }

    #[test]
    fn saved_shape_is_small_and_reads_back() {
        let c = presets(labels(Ruleset::Homebrew)).remove(1);
        let json = serde_json::to_string(&c).unwrap();
        assert!(json.contains("\"chance\":\"to_fail\""), "{json}");
        assert!(!json.contains("modifier"), "{json}");
        let back: Condition = serde_json::from_str(&json).unwrap();
        assert_eq!(back, c);
        let bare: Condition = serde_json::from_str(r#"{"name":"Dazed"}"#).unwrap();
        assert_eq!(bare.applies, Applies::All);
    }
}
