//! Dying: a player character at 0 Toughness makes a death test (1d20) each turn until
//! it wakes, dies, or someone stabilises it (RULES.md, "Damage, Pain Threshold, dying").

use super::combat::{heal, healing_amount, HealRoll, HealingSource};
use super::Labels;
use crate::rules::dice::{self, Rng};
use serde::{Deserialize, Serialize};

/// The third 11–19 result kills.
pub const DEATH_STEPS: u8 = 3;

/// Whether a character lives, is dying, or is dead. Dead is final.
///
/// Saved as one string: "alive", "dying 0" … "dying 2", "dead" (a tagged enum costs
/// far more wasm to read).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(try_from = "String", into = "String")]
pub enum LifeState {
    #[default]
    Alive,
    /// At 0 Toughness; `steps` results of 11–19 so far (0–2).
    Dying {
        steps: u8,
    },
    Dead,
}

impl From<LifeState> for String {
    fn from(l: LifeState) -> Self {
        match l {
            LifeState::Alive => "alive".into(),
            LifeState::Dying { steps } => format!("dying {steps}"),
            LifeState::Dead => "dead".into(),
        }
    }
}

impl TryFrom<String> for LifeState {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        match s.as_str() {
            "alive" => Ok(LifeState::Alive),
            "dead" => Ok(LifeState::Dead),
            _ => s
                .strip_prefix("dying ")
                .and_then(|n| n.parse::<u8>().ok())
                .filter(|&steps| steps < DEATH_STEPS)
                .map(|steps| LifeState::Dying { steps })
                .ok_or_else(|| format!("“{s}” is not alive, dying 0–2 or dead")),
        }
    }
}

/// What one death test did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "result")]
pub enum DeathResult {
    /// 1: wakes with 1d4 Toughness and can act next turn.
    WakesUp { toughness: i32 },
    /// 2–10: remains at death's threshold.
    NoChange,
    /// 11–19, first or second time: `steps` taken so far.
    StepCloser { steps: u8 },
    /// 11–19 for the third time.
    DiesThirdStep,
    /// 20: dies (last harsh words allowed).
    DiesTwenty,
}

/// A death test as rolled, with the state it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeathTest {
    pub roll: u32,
    /// The d4 rolled on a 1.
    pub d4: Option<u32>,
    pub result: DeathResult,
    pub state: LifeState,
}

impl DeathTest {
    /// What the player reads, in the ruleset's words for Toughness.
    pub fn message(&self, l: &Labels) -> String {
        let r = self.roll;
        match self.result {
            DeathResult::WakesUp { toughness } => format!(
                "Rolled {r}: the wounds looked worse than they were. Wakes up with {toughness} {} and can act next turn.",
                l.toughness
            ),
            DeathResult::NoChange => format!("Rolled {r}: remains at death's threshold."),
            DeathResult::StepCloser { steps } => format!(
                "Rolled {r}: one step closer to death ({steps} of {DEATH_STEPS}; the {} kills).",
                ordinal(DEATH_STEPS)
            ),
            DeathResult::DiesThirdStep => {
                format!("Rolled {r}: the {} step closer to death. The character dies.", ordinal(DEATH_STEPS))
            }
            DeathResult::DiesTwenty => format!(
                "Rolled {r}: the character dies, but may say some last harsh words."
            ),
        }
    }
}

fn ordinal(n: u8) -> &'static str {
    match n {
        1 => "first",
        2 => "second",
        3 => "third",
        _ => "last",
    }
}

impl LifeState {
    /// The state after Toughness changed to `toughness`. A player character at 0 starts
    /// dying; a monster or NPC at 0 dies (the GM may decide otherwise by hand). Being hurt
    /// further while dying changes nothing (RULES.md is silent; the death tests decide).
    pub fn after_toughness(self, toughness: i32, player_character: bool) -> LifeState {
        match self {
            LifeState::Alive if toughness <= 0 => {
                if player_character {
                    LifeState::Dying { steps: 0 }
                } else {
                    LifeState::Dead
                }
            }
            other => other,
        }
    }

    pub fn is_dying(self) -> bool {
        matches!(self, LifeState::Dying { .. })
    }

    /// Rolls this turn's death test. Refused unless dying.
    pub fn death_test(self, rng: &mut dyn Rng) -> Result<DeathTest, String> {
        let steps = match self {
            LifeState::Dying { steps } => steps,
            LifeState::Alive => return Err("Only a dying character makes death tests.".into()),
            LifeState::Dead => return Err("The character is dead.".into()),
        };
        let next = steps.saturating_add(1);
        let roll = dice::roll(rng, 20);
        let (d4, result, state) = match roll {
            1 => {
                let d = dice::roll(rng, 4);
                (
                    Some(d),
                    DeathResult::WakesUp {
                        toughness: d as i32,
                    },
                    LifeState::Alive,
                )
            }
            2..=10 => (None, DeathResult::NoChange, self),
            11..=19 if next >= DEATH_STEPS => (None, DeathResult::DiesThirdStep, LifeState::Dead),
            11..=19 => (
                None,
                DeathResult::StepCloser { steps: next },
                LifeState::Dying { steps: next },
            ),
            _ => (None, DeathResult::DiesTwenty, LifeState::Dead),
        };
        Ok(DeathTest {
            roll,
            d4,
            result,
            state,
        })
    }
}

/// Who gives the healing or first aid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Healer {
    /// The character: their own Medicus, Recovery, cure or first aid.
    Themself,
    /// Another character (the medic, the mystic, whoever applies the cure).
    SomeoneElse,
}

/// First aid on a dying character, done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstAid {
    pub heal: HealRoll,
    pub toughness: i32,
    pub state: LifeState,
}

/// Stabilises a dying character with someone else's herbal cure, Medicus or mystical
/// healing: dying ends, the steps are forgotten, and the healing is applied (never
/// above `max`). Refused for the character's own healing, for rest (it does not
/// stabilise) and for a character who is not dying.
pub fn stabilise(
    rng: &mut dyn Rng,
    state: LifeState,
    toughness: i32,
    max: i32,
    by: HealingSource,
    healer: Healer,
) -> Result<FirstAid, String> {
    match state {
        LifeState::Dying { .. } => {}
        LifeState::Alive => return Err("The character is not dying.".into()),
        LifeState::Dead => return Err("The character is dead: nothing can stabilise them.".into()),
    }
    // Seed 000 (and 001, 003, 004): "At this point, they cannot help themself in any
    // way. … until someone else either stabilizes the dying character with an herbal
    // cure, the Medicus ability or mystical healing".
    if healer == Healer::Themself {
        return Err(
            "A dying character cannot help themself in any way: it takes someone else's herbal cure, Medicus or mystical healing."
                .into(),
        );
    }
    if !by.stabilises() {
        return Err(
            "Rest does not stabilise a dying character: it takes an herbal cure, Medicus or mystical healing."
                .into(),
        );
    }
    let h = healing_amount(rng, by);
    Ok(FirstAid {
        heal: h,
        toughness: heal(toughness, max, h.amount),
        state: LifeState::Alive,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::{FixedDice, SeededRng};
    use crate::rules::symbaroum::labels;
    use crate::rules::Ruleset;

    const DYING: LifeState = LifeState::Dying { steps: 0 };

    fn test_with(state: LifeState, faces: &[(u32, u32)]) -> DeathTest {
        state.death_test(&mut FixedDice::new(faces)).unwrap()
    }

    #[test]
    fn reaching_zero_starts_dying_for_player_characters_only() {
        assert_eq!(LifeState::Alive.after_toughness(0, true), DYING);
        assert_eq!(LifeState::Alive.after_toughness(0, false), LifeState::Dead);
        assert_eq!(LifeState::Alive.after_toughness(1, true), LifeState::Alive);
        let two = LifeState::Dying { steps: 2 };
        assert_eq!(two.after_toughness(0, true), two);
        assert_eq!(LifeState::Dead.after_toughness(5, true), LifeState::Dead);
    }

    #[test]
    fn a_one_wakes_with_a_d4() {
        for d4 in 1..=4 {
            let t = test_with(LifeState::Dying { steps: 2 }, &[(1, 20), (d4, 4)]);
            assert_eq!(
                t.result,
                DeathResult::WakesUp {
                    toughness: d4 as i32
                }
            );
            assert_eq!(t.d4, Some(d4));
            assert_eq!(t.state, LifeState::Alive);
        }
        let t = test_with(DYING, &[(1, 20), (3, 4)]);
        assert_eq!(
            t.message(labels(Ruleset::HomebrewDraft)),
            "Rolled 1: the wounds looked worse than they were. Wakes up with 3 Health and can act next turn."
        );
    }

    #[test]
    fn two_to_ten_change_nothing() {
        for r in 2..=10 {
            let t = test_with(LifeState::Dying { steps: 1 }, &[(r, 20)]);
            assert_eq!(t.result, DeathResult::NoChange, "roll {r}");
            assert_eq!(t.state, LifeState::Dying { steps: 1 });
            assert_eq!(t.d4, None);
        }
    }

    #[test]
    fn eleven_to_nineteen_step_closer_and_the_third_kills() {
        for r in 11..=19 {
            let t1 = test_with(DYING, &[(r, 20)]);
            assert_eq!(t1.result, DeathResult::StepCloser { steps: 1 });
            let t2 = test_with(t1.state, &[(r, 20)]);
            assert_eq!(t2.result, DeathResult::StepCloser { steps: 2 });
            let t3 = test_with(t2.state, &[(r, 20)]);
            assert_eq!(t3.result, DeathResult::DiesThirdStep);
            assert_eq!(t3.state, LifeState::Dead);
        }
    }

    #[test]
    fn twenty_kills_at_once() {
        for steps in 0..DEATH_STEPS {
            let t = test_with(LifeState::Dying { steps }, &[(20, 20)]);
            assert_eq!(
                (t.result, t.state),
                (DeathResult::DiesTwenty, LifeState::Dead)
            );
        }
        assert!(test_with(DYING, &[(20, 20)])
            .message(labels(Ruleset::Homebrew))
            .contains("last harsh words"));
    }

    #[test]
    fn grumpa_example_from_seed_001() {
        // Turn one: 3, remains. Turn two: 13, one step closer. Two more like that: gone.
        let t = test_with(DYING, &[(3, 20)]);
        assert_eq!(t.state, DYING);
        let t = test_with(t.state, &[(13, 20)]);
        assert_eq!(t.state, LifeState::Dying { steps: 1 });
        assert_eq!(
            t.message(labels(Ruleset::Symbaroum)),
            "Rolled 13: one step closer to death (1 of 3; the third kills)."
        );
        let t = test_with(t.state, &[(15, 20)]);
        let t = test_with(t.state, &[(11, 20)]);
        assert_eq!(t.state, LifeState::Dead);
    }

    #[test]
    fn death_tests_only_while_dying() {
        let mut rng = SeededRng::new(1);
        assert!(LifeState::Alive.death_test(&mut rng).is_err());
        assert!(LifeState::Dead.death_test(&mut rng).is_err());
    }

    #[test]
    fn seeded_dying_always_ends_alive_or_dead() {
        let mut rng = SeededRng::new(2024);
        let (mut woke, mut died) = (0, 0);
        for _ in 0..2000 {
            let mut s = DYING;
            let mut turns = 0;
            while s.is_dying() {
                s = s.death_test(&mut rng).unwrap().state;
                turns += 1;
                assert!(turns < 1000);
            }
            match s {
                LifeState::Alive => woke += 1,
                LifeState::Dead => died += 1,
                _ => unreachable!(),
            }
        }
        // Each deciding roll: 1 wakes (1/20) against death mostly by steps; death is far
        // more likely, waking happens.
        assert!(died > woke && woke > 0, "woke {woke}, died {died}");
    }

    #[test]
    fn stabilising_ends_dying_and_resets_steps() {
        let two = LifeState::Dying { steps: 2 };
        let aid = stabilise(
            &mut FixedDice::new(&[]),
            two,
            0,
            12,
            HealingSource::HerbalCure,
            Healer::SomeoneElse,
        )
        .unwrap();
        assert_eq!(
            (aid.state, aid.toughness, aid.heal.amount),
            (LifeState::Alive, 1, 1)
        );
        let aid = stabilise(
            &mut FixedDice::new(&[(4, 4)]),
            two,
            0,
            12,
            HealingSource::Medicus,
            Healer::SomeoneElse,
        )
        .unwrap();
        assert_eq!((aid.toughness, aid.heal.d4), (4, Some(4)));
        let aid = stabilise(
            &mut FixedDice::new(&[]),
            DYING,
            0,
            10,
            HealingSource::Other { amount: 15 },
            Healer::SomeoneElse,
        )
        .unwrap();
        assert_eq!(aid.toughness, 10);
        // Dying again later starts from zero steps.
        assert_eq!(aid.state.after_toughness(0, true), DYING);
    }

    #[test]
    fn stabilising_is_refused_when_it_cannot_work() {
        let mut none = FixedDice::new(&[]);
        let rest = HealingSource::Natural { days: 1 };
        assert!(
            stabilise(&mut none, DYING, 0, 10, rest, Healer::SomeoneElse)
                .unwrap_err()
                .contains("herbal cure")
        );
        assert!(stabilise(
            &mut none,
            LifeState::Dead,
            0,
            10,
            HealingSource::HerbalCure,
            Healer::SomeoneElse
        )
        .unwrap_err()
        .contains("dead"));
        assert!(stabilise(
            &mut none,
            LifeState::Alive,
            5,
            10,
            HealingSource::HerbalCure,
            Healer::SomeoneElse
        )
        .is_err());
    }

    #[test]
    fn the_dying_cannot_stabilise_themself_someone_else_can() {
        // Seed 000: "they cannot help themself in any way … until someone else either
        // stabilizes the dying character with an herbal cure, the Medicus ability or
        // mystical healing".
        let sources = [
            HealingSource::HerbalCure,
            HealingSource::Medicus,
            HealingSource::Other { amount: 3 },
        ];
        for by in sources {
            let mut dice = FixedDice::new(&[(2, 4)]);
            let why = stabilise(&mut dice, DYING, 0, 10, by, Healer::Themself).unwrap_err();
            assert!(
                why.starts_with("A dying character cannot help themself"),
                "{why}"
            );
            let mut dice = FixedDice::new(&[(2, 4)]);
            let aid = stabilise(&mut dice, DYING, 0, 10, by, Healer::SomeoneElse).unwrap();
            assert_eq!(aid.state, LifeState::Alive, "{by:?}");
        }
    }

    #[test]
    fn state_serialises_with_stable_names() {
        assert_eq!(
            serde_json::to_string(&LifeState::Alive).unwrap(),
            r#""alive""#
        );
        assert_eq!(
            serde_json::to_string(&LifeState::Dying { steps: 2 }).unwrap(),
            r#""dying 2""#
        );
        let back: LifeState = serde_json::from_str(r#""dead""#).unwrap();
        assert_eq!(back, LifeState::Dead);
        // Three steps is death, never a saved dying state; other text is refused.
        for bad in [r#""dying 3""#, r#""asleep""#, r#"{"state":"dead"}"#] {
            assert!(serde_json::from_str::<LifeState>(bad).is_err(), "{bad}");
        }
    }
}
