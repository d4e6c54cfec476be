//! Combat state: initiative, defences and their penalties, positions and the
//! situational consistency penalties of the battlefield.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use super::dice::{roll_challenge, ChallengeRoll};
use super::injuries::AIMED_ATTACK_C_PENALTY;
use crate::rules::dice::{roll, Rng};

// ---------------------------------------------------------------------------
// Initiative

/// Rolls initiative: a dice challenge with C = Dexterity and P = current willpower.
/// (Fatigue does not apply: initiative is rolled at the start of combat, before
/// anyone is tired, and the seed does not treat it as a physical action.)
pub fn roll_initiative(rng: &mut dyn Rng, dexterity: i32, willpower: i32) -> ChallengeRoll {
    roll_challenge(rng, dexterity, willpower)
}

/// One combatant's initiative.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Initiative {
    pub result: i32,
    /// Current willpower: breaks ties.
    pub willpower: i32,
}

/// Orders two initiatives: `Less` when `a` acts first. Higher result first, then
/// higher willpower; still tied is `Equal` (the seed is silent; the GM decides, and
/// [`initiative_order`] keeps the order the combatants were listed in).
pub fn compare_initiative(a: Initiative, b: Initiative) -> Ordering {
    b.result
        .cmp(&a.result)
        .then_with(|| b.willpower.cmp(&a.willpower))
}

/// The turn order: indices into `rolls`, first to act first.
pub fn initiative_order(rolls: &[Initiative]) -> Vec<usize> {
    crate::order::places(rolls.len(), &|i, j| compare_initiative(rolls[i], rolls[j]))
}

// ---------------------------------------------------------------------------
// Defences

/// The three ways to defend.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DefenceKind {
    /// Rolled with Agility.
    Dodge,
    /// Rolled with the shield's ability; needs a shield.
    Block,
    /// Rolled with the weapon's ability; needs a melee weapon; melee attacks only.
    Parry,
}

impl DefenceKind {
    pub const ALL: [DefenceKind; 3] = [DefenceKind::Dodge, DefenceKind::Block, DefenceKind::Parry];

    pub fn name(self) -> &'static str {
        match self {
            DefenceKind::Dodge => "Dodge",
            DefenceKind::Block => "Block",
            DefenceKind::Parry => "Parry",
        }
    }

    /// Which ability is rolled.
    pub fn ability_hint(self) -> &'static str {
        match self {
            DefenceKind::Dodge => "Agility",
            DefenceKind::Block => "the shield's ability",
            DefenceKind::Parry => "the weapon's ability",
        }
    }
}

/// Consistency penalty per earlier dodge (or block) since your last turn.
pub const REPEAT_DEFENCE_C_PENALTY: i32 = 2;
/// Consistency penalty on every defence after an ongoing action, until your next turn.
pub const ONGOING_ACTION_C_PENALTY: i32 = 2;
/// Potential bonus for a readied dodge against a ranged attack you know is coming.
pub const READIED_DODGE_POTENTIAL: i32 = 2;

/// What a character holds, as far as defending goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wielding {
    pub melee_weapons: u32,
    pub shield: bool,
}

/// A defence rolled ahead of the attack ("pre-roll your defence, preferably at the
/// end of your turn"): opponents may ask it; it counts (the defence use, fatigue)
/// only when it is used against an attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PreRolled {
    pub kind: DefenceKind,
    pub result: i32,
    pub d6: u32,
    /// The result before potential, for the fatigue check.
    pub before_potential: i32,
    /// Rolled with a physical ability: fatigue applies when it is used.
    pub physical: bool,
}

/// Defences used since the character's last turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DefenceTracker {
    pub dodges: u32,
    pub blocks: u32,
    pub parries: u32,
    /// The character took an ongoing action this turn: −2 C on defences until the
    /// start of their next turn.
    pub ongoing_action: bool,
    /// A readied dodge (a standard action): P +2 on the next dodge against a ranged
    /// attack.
    pub readied_dodge: bool,
    /// The defence rolled ahead, until it is used.
    pub pre_rolled: Option<PreRolled>,
}

impl DefenceTracker {
    /// The start of the character's turn: defence uses are restored and an ongoing
    /// action's penalty ends.
    /// What a newer version wrote is kept.
    pub fn new_turn(&mut self) {
        *self = DefenceTracker {
            ..DefenceTracker::default()
        };
    }

    /// The character takes an ongoing action (charge, run, climb, a breather, …).
    pub fn start_ongoing_action(&mut self) {
        self.ongoing_action = true;
    }

    /// The consistency penalty the tracker puts on the next defence of this kind:
    /// 2 per earlier dodge (or block), plus 2 after an ongoing action. Parries carry
    /// no repeat penalty (they are limited instead).
    pub fn c_penalty(&self, kind: DefenceKind) -> i32 {
        let repeats = match kind {
            DefenceKind::Dodge => self.dodges,
            DefenceKind::Block => self.blocks,
            DefenceKind::Parry => 0,
        };
        REPEAT_DEFENCE_C_PENALTY * repeats as i32
            + if self.ongoing_action {
                ONGOING_ACTION_C_PENALTY
            } else {
                0
            }
    }

    /// Parries left before the next turn: one per melee weapon wielded.
    pub fn parries_left(&self, wielding: Wielding) -> u32 {
        wielding.melee_weapons.saturating_sub(self.parries)
    }

    /// Whether this defence is allowed now: a block needs a shield; a parry needs a
    /// melee weapon, only works against melee, and each melee weapon parries once
    /// between turns.
    pub fn can_defend(
        &self,
        kind: DefenceKind,
        wielding: Wielding,
        ranged_attack: bool,
    ) -> Result<(), String> {
        match kind {
            DefenceKind::Dodge => Ok(()),
            DefenceKind::Block if !wielding.shield => {
                Err("You need a shield to block.".to_string())
            }
            DefenceKind::Block => Ok(()),
            DefenceKind::Parry if ranged_attack => {
                Err("You can only parry melee attacks.".to_string())
            }
            DefenceKind::Parry if wielding.melee_weapons == 0 => {
                Err("You need a melee weapon to parry.".to_string())
            }
            DefenceKind::Parry if self.parries >= wielding.melee_weapons => Err(format!(
                "You have already parried {} since your last turn (one parry per melee weapon).",
                if wielding.melee_weapons == 1 {
                    "once".to_string()
                } else {
                    format!("{} times", self.parries)
                }
            )),
            DefenceKind::Parry => Ok(()),
        }
    }

    /// Records a defence that was used against an attack. A dodge uses up the readied
    /// dodge.
    pub fn record(&mut self, kind: DefenceKind) {
        match kind {
            DefenceKind::Dodge => {
                self.dodges += 1;
                self.readied_dodge = false;
            }
            DefenceKind::Block => self.blocks += 1,
            DefenceKind::Parry => self.parries += 1,
        }
    }

    /// The potential bonus on a defence: the readied dodge's P +2 against a ranged
    /// attack ("If you know a ranged attack is coming, you can ready your dodge").
    pub fn p_bonus(&self, kind: DefenceKind, ranged_attack: bool) -> i32 {
        if kind == DefenceKind::Dodge && self.readied_dodge && ranged_attack {
            READIED_DODGE_POTENTIAL
        } else {
            0
        }
    }

    /// Uses the pre-rolled defence against an attack: it counts as a defence use now.
    /// A pre-rolled parry can't meet a ranged attack; it stays for the first melee
    /// attack and the defender rolls a dodge or block instead.
    pub fn use_pre_rolled(&mut self, ranged_attack: bool) -> Result<PreRolled, String> {
        let Some(p) = self.pre_rolled else {
            return Err("No defence is pre-rolled.".into());
        };
        if p.kind == DefenceKind::Parry && ranged_attack {
            return Err("A parry can't meet a ranged attack: roll a dodge or block now; the pre-rolled parry stays for the first melee attack.".into());
        }
        self.pre_rolled = None;
        self.record(p.kind);
        Ok(p)
    }
}

/// What a guard's defence did when intercepting for the one guarded: a dodged
/// ranged attack moves on to its original target, a blocked one is stopped; a melee
/// opponent held does not get past; a failed defence takes the attack instead. Either
/// way the guard ends (it intercepts one opponent).
pub fn guard_intercept(kind: DefenceKind, ranged_attack: bool, held: bool) -> &'static str {
    match (held, ranged_attack, kind) {
        (false, ..) => "You took the attack in their place. The guard ends.",
        (true, true, DefenceKind::Dodge) => {
            "You dodged: the attack moves on to the one you guarded. The guard ends."
        }
        (true, true, _) => "Blocked: the attack is stopped. The guard ends.",
        (true, false, _) => "The opponent doesn't get past you. The guard ends.",
    }
}

// ---------------------------------------------------------------------------
// Positions and conditions

/// The seed's positions, for pick lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Position {
    Prone,
    Helpless,
    Sleeping,
    Unconscious,
    Concealed,
    Hidden,
    Climbing,
}

impl Position {
    pub const ALL: [Position; 7] = [
        Position::Prone,
        Position::Helpless,
        Position::Sleeping,
        Position::Unconscious,
        Position::Concealed,
        Position::Hidden,
        Position::Climbing,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Position::Prone => "Prone",
            Position::Helpless => "Helpless",
            Position::Sleeping => "Sleeping",
            Position::Unconscious => "Unconscious",
            Position::Concealed => "Concealed",
            Position::Hidden => "Hidden",
            Position::Climbing => "Climbing",
        }
    }

    /// A short summary of the seed's text.
    pub fn description(self) -> &'static str {
        match self {
            Position::Prone => {
                "Lying on the ground; you can only crawl. C −2 on all your attacks and defences; ranged attacks against you have C −2."
            }
            Position::Helpless => "You cannot perform any action or defend yourself in any way.",
            Position::Sleeping => {
                "Prone and helpless. You wake if hit by an attack; perception to wake: CR 9 for a soft sound, CR 5 for a louder one."
            }
            Position::Unconscious => {
                "Prone and helpless; you cannot wake without medical attention."
            }
            Position::Concealed => {
                "Some opponents cannot see you directly: their attacks against you have a C penalty equal to the concealment. Not against opponents in a combat cluster with you."
            }
            Position::Hidden => {
                "Opponents do not know where you are. Those who know you are hidden can only attack with a luck shot (a d10 showing 10 first), at C −1 plus the concealment. You get P +2 when you charge or shoot them."
            }
            Position::Climbing => {
                "C −2 on all your defences and attacks. If hit by an effect you may have to roll to hold on. Needs a free hand."
            }
        }
    }

    /// True when the character can make defence rolls at all.
    pub fn can_defend(self) -> bool {
        !matches!(
            self,
            Position::Helpless | Position::Sleeping | Position::Unconscious
        )
    }

    /// True for positions that include lying prone.
    pub fn is_prone(self) -> bool {
        matches!(
            self,
            Position::Prone | Position::Sleeping | Position::Unconscious
        )
    }

    /// The consistency penalty this position puts on the character's own rolls.
    ///
    /// Climbing: the seed first says "a consistency penalty of two on all defences and
    /// attacks", then later "a consistency penalty of one to attack rolls". We take the
    /// first, general statement (−2 on both).
    pub fn own_c_penalty(self, kind: RollKind) -> i32 {
        let fighting = !matches!(kind, RollKind::Other);
        if fighting && (self.is_prone() || self == Position::Climbing) {
            2
        } else {
            0
        }
    }
}

/// What a roll is for, so conditions can pick the rolls they affect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RollKind {
    MeleeAttack,
    RangedAttack,
    Defence(DefenceKind),
    /// Any other roll (skills, perception, climbing, …).
    Other,
}

impl RollKind {
    pub fn is_attack(self) -> bool {
        matches!(self, RollKind::MeleeAttack | RollKind::RangedAttack)
    }

    pub fn is_defence(self) -> bool {
        matches!(self, RollKind::Defence(_))
    }
}

/// A situational modifier that lowers (or, for a negative penalty, raises) the
/// consistency of some rolls. List the ones that apply and sum them with
/// [`c_penalty`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Condition {
    /// The roller is in this position.
    Position(Position),
    /// The roller stands on difficult terrain: −1 on melee attacks, parries and dodges
    /// (the seed's list; blocks and ranged attacks are not affected).
    DifficultTerrain,
    /// Melee attack against a target standing one higher: −1.
    TargetHigher,
    /// Melee attack against a target standing one lower: +1 (a penalty of −1).
    TargetLower,
    /// Ranged attack at this distance: −floor(distance / 2). Distance 0 is the same
    /// square (no penalty).
    RangedDistance(u32),
    /// Ranged attack into a combat cluster of this many characters: −size. Each
    /// re-roll after a dodge uses one less (pass the reduced size).
    CombatCluster(u32),
    /// Ranged attack against a prone target: −2.
    TargetProne,
    /// Attack against a target concealed from the attacker with this effectiveness:
    /// −effectiveness. Leave it out when the attacker shares a combat cluster with the
    /// target (concealment does not work against them).
    TargetConcealed(u32),
    /// Attack (a luck shot) against a target known to be hidden: −1, on top of
    /// [`Condition::TargetConcealed`], which also applies since hiding needs concealment.
    TargetHidden,
    /// Aiming the attack at a chosen body part: −2.
    AimingAtBodyPart,
    /// Defending against an attack from a blind spot: −5 on the defence.
    BlindSpot,
    /// Dodging a guard's free attack while outmanoeuvring them: −1.
    OutmanoeuvringGuard,
    /// Any other penalty the GM gives, on every kind of roll.
    Situational(i32),
}

impl Condition {
    /// This condition's consistency penalty on a roll of `kind` (0 when unaffected;
    /// negative is a bonus).
    pub fn c_penalty(self, kind: RollKind) -> i32 {
        use DefenceKind::*;
        use RollKind::*;
        match (self, kind) {
            (Condition::Position(p), k) => p.own_c_penalty(k),
            (Condition::DifficultTerrain, MeleeAttack | Defence(Parry | Dodge)) => 1,
            (Condition::TargetHigher, MeleeAttack) => 1,
            (Condition::TargetLower, MeleeAttack) => -1,
            (Condition::RangedDistance(d), RangedAttack) => (d / 2) as i32,
            (Condition::CombatCluster(n), RangedAttack) => n as i32,
            (Condition::TargetProne, RangedAttack) => 2,
            (Condition::TargetConcealed(n), k) if k.is_attack() => n as i32,
            (Condition::TargetHidden, k) if k.is_attack() => 1,
            (Condition::AimingAtBodyPart, k) if k.is_attack() => AIMED_ATTACK_C_PENALTY,
            (Condition::BlindSpot, Defence(_)) => 5,
            (Condition::OutmanoeuvringGuard, Defence(Dodge)) => 1,
            (Condition::Situational(n), _) => n,
            _ => 0,
        }
    }
}

/// The summed consistency penalty of the active conditions on a roll of `kind`.
pub fn c_penalty(conditions: &[Condition], kind: RollKind) -> i32 {
    conditions.iter().map(|c| c.c_penalty(kind)).sum()
}

/// The consistency to roll a defence with: the ability's consistency minus the
/// tracker's penalty (repeats, ongoing action) and the conditions' penalty.
pub fn defence_consistency(
    ability_consistency: i32,
    kind: DefenceKind,
    tracker: &DefenceTracker,
    conditions: &[Condition],
) -> i32 {
    ability_consistency - tracker.c_penalty(kind) - c_penalty(conditions, RollKind::Defence(kind))
}

/// The luck shot needed to attack a target known to be hidden: roll a d10 first;
/// only a 10 allows the attack roll. Returns the d10.
pub fn luck_shot(rng: &mut dyn Rng) -> u32 {
    roll(rng, 10)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::FixedDice;
    use DefenceKind::*;

    #[test]
    fn one_parry_per_melee_weapon_between_turns() {
        let two = Wielding {
            melee_weapons: 2,
            shield: false,
        };
        let mut t = DefenceTracker::default();
        assert_eq!(t.parries_left(two), 2);
        t.parries = 1;
        assert_eq!(t.parries_left(two), 1);
        t.parries = 3;
        assert_eq!(t.parries_left(two), 0, "never below none");
    }

    #[test]
    fn a_new_turn_restores_the_defences() {
        let mut t: DefenceTracker =
            serde_json::from_str(r#"{"dodges":2,"ongoing_action":true,"future":[1]}"#).unwrap();
        assert_eq!(t.c_penalty(Dodge), 6);
        t.new_turn();
        assert_eq!(t.c_penalty(Dodge), 0);
    }

    #[test]
    fn initiative_uses_dexterity_and_willpower() {
        // Dexterity 2 → two d10; willpower 3 is the potential.
        let mut dice = FixedDice::new(&[(4, 6), (7, 10), (2, 10)]);
        let r = roll_initiative(&mut dice, 2, 3);
        assert_eq!((r.consistency, r.potential, r.result), (2, 3, 10));
    }

    #[test]
    fn initiative_order_breaks_ties_by_willpower() {
        let rolls = [
            Initiative {
                result: 8,
                willpower: 1,
            },
            Initiative {
                result: 11,
                willpower: 0,
            },
            Initiative {
                result: 8,
                willpower: 4,
            },
            Initiative {
                result: 3,
                willpower: 9,
            },
            Initiative {
                result: 8,
                willpower: 1,
            },
        ];
        assert_eq!(initiative_order(&rolls), [1, 2, 0, 4, 3]);
        assert_eq!(compare_initiative(rolls[0], rolls[4]), Ordering::Equal);
        assert_eq!(compare_initiative(rolls[2], rolls[0]), Ordering::Less);
    }

    #[test]
    fn repeated_dodges_and_blocks_cost_two_each_separately() {
        let mut t = DefenceTracker::default();
        assert_eq!(t.c_penalty(Dodge), 0);
        for _ in 0..3 {
            t.record(Dodge);
        }
        // Seed: after three dodges, the fourth has a penalty of six.
        assert_eq!(t.c_penalty(Dodge), 6);
        assert_eq!(t.c_penalty(Block), 0);
        t.record(Block);
        assert_eq!(t.c_penalty(Block), 2);
        assert_eq!(t.c_penalty(Parry), 0);
        t.new_turn();
        assert_eq!(t, DefenceTracker::default());
    }

    #[test]
    fn one_parry_per_melee_weapon_and_melee_only() {
        let mut t = DefenceTracker::default();
        let one = Wielding {
            melee_weapons: 1,
            shield: false,
        };
        assert_eq!(t.can_defend(Parry, one, false), Ok(()));
        assert_eq!(
            t.can_defend(Parry, one, true),
            Err("You can only parry melee attacks.".to_string())
        );
        t.record(Parry);
        assert_eq!(
            t.can_defend(Parry, one, false),
            Err(
                "You have already parried once since your last turn (one parry per melee weapon)."
                    .to_string()
            )
        );
        let two = Wielding {
            melee_weapons: 2,
            shield: false,
        };
        assert_eq!(t.can_defend(Parry, two, false), Ok(()));
        t.record(Parry);
        assert!(t.can_defend(Parry, two, false).is_err());
        assert_eq!(
            t.can_defend(Block, two, false),
            Err("You need a shield to block.".to_string())
        );
        assert_eq!(
            t.can_defend(Parry, Wielding::default(), false),
            Err("You need a melee weapon to parry.".to_string())
        );
        assert_eq!(t.can_defend(Dodge, Wielding::default(), true), Ok(()));
        t.new_turn();
        assert_eq!(t.can_defend(Parry, one, false), Ok(()));
    }

    #[test]
    fn ongoing_action_penalises_every_defence_until_next_turn() {
        let mut t = DefenceTracker::default();
        t.start_ongoing_action();
        assert_eq!(t.c_penalty(Parry), 2);
        t.record(Dodge);
        assert_eq!(t.c_penalty(Dodge), 4);
        assert_eq!(t.c_penalty(Block), 2);
        t.new_turn();
        assert_eq!(t.c_penalty(Dodge), 0);
    }

    #[test]
    fn prone_and_climbing_penalise_attacks_and_defences() {
        for pos in [Position::Prone, Position::Climbing] {
            let c = [Condition::Position(pos)];
            assert_eq!(c_penalty(&c, RollKind::MeleeAttack), 2);
            assert_eq!(c_penalty(&c, RollKind::RangedAttack), 2);
            assert_eq!(c_penalty(&c, RollKind::Defence(Block)), 2);
            assert_eq!(c_penalty(&c, RollKind::Other), 0);
        }
        assert_eq!(
            c_penalty(
                &[Condition::Position(Position::Concealed)],
                RollKind::MeleeAttack
            ),
            0
        );
        assert!(!Position::Sleeping.can_defend());
        assert!(Position::Unconscious.is_prone());
        assert!(Position::Climbing.can_defend());
    }

    #[test]
    fn terrain_and_height_affect_melee() {
        let terrain = [Condition::DifficultTerrain];
        assert_eq!(c_penalty(&terrain, RollKind::MeleeAttack), 1);
        assert_eq!(c_penalty(&terrain, RollKind::Defence(Dodge)), 1);
        assert_eq!(c_penalty(&terrain, RollKind::Defence(Parry)), 1);
        assert_eq!(c_penalty(&terrain, RollKind::Defence(Block)), 0);
        assert_eq!(c_penalty(&terrain, RollKind::RangedAttack), 0);
        assert_eq!(
            c_penalty(&[Condition::TargetHigher], RollKind::MeleeAttack),
            1
        );
        assert_eq!(
            c_penalty(&[Condition::TargetLower], RollKind::MeleeAttack),
            -1
        );
        assert_eq!(
            c_penalty(&[Condition::TargetLower], RollKind::RangedAttack),
            0
        );
    }

    #[test]
    fn ranged_distance_and_cluster() {
        let pen = |d| c_penalty(&[Condition::RangedDistance(d)], RollKind::RangedAttack);
        assert_eq!(
            [pen(0), pen(1), pen(2), pen(3), pen(5), pen(6)],
            [0, 0, 1, 1, 2, 3]
        );
        assert_eq!(
            c_penalty(&[Condition::RangedDistance(4)], RollKind::MeleeAttack),
            0
        );
        // Seed: a diagonally adjacent target is distance 2: penalty 1. Into a cluster of
        // three: 3 more.
        let c = [Condition::RangedDistance(2), Condition::CombatCluster(3)];
        assert_eq!(c_penalty(&c, RollKind::RangedAttack), 4);
        assert_eq!(
            c_penalty(&[Condition::TargetProne], RollKind::RangedAttack),
            2
        );
        assert_eq!(
            c_penalty(&[Condition::TargetProne], RollKind::MeleeAttack),
            0
        );
    }

    #[test]
    fn concealment_hidden_aiming_blind_spot() {
        let hidden = [Condition::TargetConcealed(2), Condition::TargetHidden];
        assert_eq!(c_penalty(&hidden, RollKind::RangedAttack), 3);
        assert_eq!(c_penalty(&hidden, RollKind::Defence(Dodge)), 0);
        assert_eq!(
            c_penalty(&[Condition::AimingAtBodyPart], RollKind::MeleeAttack),
            2
        );
        assert_eq!(
            c_penalty(&[Condition::BlindSpot], RollKind::Defence(Block)),
            5
        );
        assert_eq!(c_penalty(&[Condition::BlindSpot], RollKind::MeleeAttack), 0);
        assert_eq!(
            c_penalty(&[Condition::OutmanoeuvringGuard], RollKind::Defence(Dodge)),
            1
        );
        assert_eq!(
            c_penalty(&[Condition::OutmanoeuvringGuard], RollKind::Defence(Parry)),
            0
        );
        assert_eq!(c_penalty(&[Condition::Situational(3)], RollKind::Other), 3);
    }

    #[test]
    fn defence_consistency_sums_everything() {
        let mut t = DefenceTracker::default();
        t.record(Dodge);
        t.start_ongoing_action();
        let cond = [
            Condition::Position(Position::Prone),
            Condition::DifficultTerrain,
            Condition::BlindSpot,
        ];
        // Agility 3 − 2 (one earlier dodge) − 2 (ongoing) − 2 (prone) − 1 (terrain) − 5.
        assert_eq!(defence_consistency(3, Dodge, &t, &cond), -9);
        assert_eq!(defence_consistency(3, Block, &t, &[]), 1);
    }

    #[test]
    fn luck_shot_rolls_a_d10() {
        assert_eq!(luck_shot(&mut FixedDice::new(&[(10, 10)])), 10);
        let mut rng = crate::rules::dice::SeededRng::new(19);
        let tens = (0..1000).filter(|_| luck_shot(&mut rng) == 10).count();
        assert!((60..140).contains(&tens), "about one in ten: {tens}");
    }

    #[test]
    fn readied_dodge_adds_p2_against_ranged_once() {
        let mut t = DefenceTracker {
            readied_dodge: true,
            ..DefenceTracker::default()
        };
        assert_eq!(t.p_bonus(Dodge, true), 2);
        assert_eq!(
            t.p_bonus(Dodge, false),
            0,
            "only a ranged attack is seen coming"
        );
        assert_eq!(t.p_bonus(Block, true), 0);
        t.record(Dodge);
        assert_eq!(t.p_bonus(Dodge, true), 0, "used up");
    }

    #[test]
    fn pre_rolled_defence_counts_when_used_and_a_parry_waits_for_melee() {
        let parry = PreRolled {
            kind: Parry,
            result: 9,
            d6: 3,
            before_potential: 7,
            physical: true,
        };
        let mut t = DefenceTracker {
            pre_rolled: Some(parry),
            ..DefenceTracker::default()
        };
        assert!(t.use_pre_rolled(true).unwrap_err().contains("stays"));
        assert_eq!(t.parries, 0);
        assert_eq!(t.pre_rolled, Some(parry), "kept for the melee attack");
        assert_eq!(t.use_pre_rolled(false), Ok(parry));
        assert_eq!((t.parries, t.pre_rolled), (1, None));
        assert!(t.use_pre_rolled(false).is_err());
        t.pre_rolled = Some(PreRolled {
            kind: Dodge,
            ..parry
        });
        t.readied_dodge = true;
        assert!(t.use_pre_rolled(true).is_ok());
        assert_eq!((t.dodges, t.readied_dodge), (1, false));
        t.new_turn();
        assert_eq!(t, DefenceTracker::default());
    }

    #[test]
    fn a_guard_intercepts_one_opponent() {
        assert!(guard_intercept(Dodge, true, true).contains("moves on"));
        assert!(guard_intercept(Block, true, true).contains("stopped"));
        assert!(guard_intercept(Parry, false, true).contains("doesn't get past"));
        assert!(guard_intercept(Dodge, false, false).contains("in their place"));
    }

    #[test]
    fn tracker_serializes() {
        let t = DefenceTracker {
            dodges: 1,
            blocks: 0,
            parries: 1,
            ongoing_action: true,
            ..DefenceTracker::default()
        };
        assert_eq!(
            serde_json::to_string(&t).unwrap(),
            r#"{"dodges":1,"blocks":0,"parries":1,"ongoing_action":true,"readied_dodge":false,"pre_rolled":null}"#
        );
        let old: DefenceTracker =
            serde_json::from_str(r#"{"dodges":2,"ongoing_action":true}"#).unwrap();
        assert_eq!(
            (old.dodges, old.pre_rolled),
            (2, None),
            "older documents load"
        );
        assert_eq!(
            serde_json::to_string(&Position::Climbing).unwrap(),
            r#""climbing""#
        );
    }
}
