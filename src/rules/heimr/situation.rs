//! The battlefield toggles a player sets on the sheet (positions, terrain, height,
//! range, …), turned into the rules' [`Condition`]s and their consistency penalty.

use serde::{Deserialize, Serialize};

use super::combat::{c_penalty, Condition, Position, RollKind};

/// The highest distance, cluster size or concealment the sheet accepts.
pub const SITUATION_MAX: u32 = 50;

/// Where the target stands relative to a melee attacker.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Height {
    #[default]
    Level,
    /// The target stands one higher: −1 C on melee attacks.
    TargetHigher,
    /// The target stands one lower: +1 C on melee attacks.
    TargetLower,
}

/// The toggles that stay on until the player turns them off.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Situation {
    /// The character's own positions (prone, climbing, …).
    pub positions: Vec<Position>,
    pub difficult_terrain: bool,
    pub height: Height,
    /// Distance to a ranged target in squares (0: same square).
    pub ranged_distance: u32,
    /// Characters in the combat cluster a ranged attack fires into (0: none).
    pub cluster: u32,
    pub target_prone: bool,
    /// Kept so older documents load; no longer used: aiming is chosen with each attack
    /// (the dice panel's "Aim at"), where the part aimed at is known.
    pub aiming_at_body_part: bool,
    /// Defending against an attack from a blind spot.
    pub blind_spot: bool,
    /// The concealment of the target you attack (0: none): C −that on attacks.
    pub target_concealed: u32,
    /// You know the target is hidden: only a luck shot, at C −1 more.
    pub target_hidden: bool,
    /// Getting past a guard: its free attack must be dodged at C −1.
    pub outmanoeuvring: bool,
    /// Who or what the character guards (empty: not guarding).
    pub guarding: String,
    /// What a newer version wrote that this one does not know (kept as it was).
    #[serde(flatten)]
    pub unknown: crate::rules::Unknown,
}

/// The longest name of what is guarded.
pub const GUARDING_MAX: usize = 80;

/// Potential bonus when you are hidden from your target and charge it or shoot at it.
pub const HIDDEN_ATTACK_POTENTIAL: i32 = 2;

impl Situation {
    /// What is in force, a few words each, in the order the card shows them: the
    /// positions, then the conditions ("Prone", "difficult terrain", "distance 3").
    /// Empty when nothing is. For the card's one line while it is folded.
    pub fn in_force(&self) -> Vec<String> {
        let mut out: Vec<String> = self.positions.iter().map(|p| p.name().into()).collect();
        for (on, what) in [
            (self.difficult_terrain, "difficult terrain"),
            (self.target_prone, "target prone"),
            (self.blind_spot, "blind spot"),
            (self.outmanoeuvring, "getting past a guard"),
            (self.target_hidden, "target hidden"),
            (self.height == Height::TargetHigher, "target higher"),
            (self.height == Height::TargetLower, "target lower"),
        ] {
            if on {
                out.push(what.into());
            }
        }
        for (n, what) in [
            (self.ranged_distance, "distance"),
            (self.cluster, "cluster of"),
            (self.target_concealed, "concealment"),
        ] {
            if n > 0 {
                out.push(format!("{what} {n}"));
            }
        }
        out
    }

    /// Toggles a position on or off. "You can not be hidden from an opponent unless
    /// you are also concealed from them": hiding conceals too, and ending the
    /// concealment ends the hiding.
    pub fn set_position(&mut self, position: Position, on: bool) {
        self.positions.retain(|&p| p != position);
        if on {
            self.positions.push(position);
            if position == Position::Hidden && !self.positions.contains(&Position::Concealed) {
                self.positions.push(Position::Concealed);
            }
        } else if position == Position::Concealed {
            self.positions.retain(|&p| p != Position::Hidden);
        }
    }

    /// The potential bonus on your attack: P +2 when you are hidden and make a ranged
    /// attack or charge (`charging`, a melee attack after a move).
    pub fn p_bonus(&self, kind: RollKind, charging: bool) -> i32 {
        let fits = kind == RollKind::RangedAttack || (kind == RollKind::MeleeAttack && charging);
        if fits && self.positions.contains(&Position::Hidden) {
            HIDDEN_ATTACK_POTENTIAL
        } else {
            0
        }
    }

    /// The active conditions, as the rules list them.
    pub fn conditions(&self) -> Vec<Condition> {
        let mut out: Vec<Condition> = self
            .positions
            .iter()
            .map(|&p| Condition::Position(p))
            .collect();
        if self.difficult_terrain {
            out.push(Condition::DifficultTerrain);
        }
        match self.height {
            Height::Level => {}
            Height::TargetHigher => out.push(Condition::TargetHigher),
            Height::TargetLower => out.push(Condition::TargetLower),
        }
        if self.ranged_distance > 0 {
            out.push(Condition::RangedDistance(self.ranged_distance));
        }
        if self.cluster > 0 {
            out.push(Condition::CombatCluster(self.cluster));
        }
        if self.target_prone {
            out.push(Condition::TargetProne);
        }
        if self.blind_spot {
            out.push(Condition::BlindSpot);
        }
        if self.target_concealed > 0 {
            out.push(Condition::TargetConcealed(self.target_concealed));
        }
        if self.target_hidden {
            out.push(Condition::TargetHidden);
        }
        if self.outmanoeuvring {
            out.push(Condition::OutmanoeuvringGuard);
        }
        out
    }

    /// The summed consistency penalty on a roll of `kind`.
    pub fn c_penalty(&self, kind: RollKind) -> i32 {
        c_penalty(&self.conditions(), kind)
    }

    /// Each condition that changes a roll of `kind`, with its penalty, for a breakdown
    /// such as "Prone −2".
    pub fn penalties(&self, kind: RollKind) -> Vec<(String, i32)> {
        self.conditions()
            .into_iter()
            .map(|c| (condition_name(c), c.c_penalty(kind)))
            .filter(|&(_, p)| p != 0)
            .collect()
    }

    /// Checks the numbers against what the sheet accepts.
    pub fn check(&self) -> Result<(), String> {
        if self.guarding.chars().count() > GUARDING_MAX {
            return Err("the guarded name is too long".into());
        }
        if [self.ranged_distance, self.cluster, self.target_concealed]
            .iter()
            .any(|&n| n > SITUATION_MAX)
        {
            return Err(format!("a distance or cluster size above {SITUATION_MAX}"));
        }
        if self.positions.len() > Position::ALL.len() {
            return Err("a position is listed twice".into());
        }
        Ok(())
    }
}

/// The name a player reads for a condition.
/// Observation (seed 002, "List of combat actions", a Free action): a Perception roll on
/// a square to spot anything hidden there gains potential by how near the square is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Observing {
    /// Not a roll on a square.
    #[default]
    Nothing,
    /// The square the character is in: P +2.
    OwnLocation,
    /// A square bordering it: P +1.
    Bordering,
    /// Any farther square: no bonus.
    Farther,
}

impl Observing {
    pub const ALL: [Observing; 4] = [
        Observing::Nothing,
        Observing::OwnLocation,
        Observing::Bordering,
        Observing::Farther,
    ];

    /// The potential it adds.
    pub fn p_bonus(self) -> i32 {
        match self {
            Observing::OwnLocation => 2,
            Observing::Bordering => 1,
            Observing::Nothing | Observing::Farther => 0,
        }
    }

    /// As the potential's breakdown says it: "observing a bordering square".
    pub fn reason(self) -> &'static str {
        match self {
            Observing::Nothing => "",
            Observing::OwnLocation => "observing a square in your location",
            Observing::Bordering => "observing a bordering square",
            Observing::Farther => "observing a farther square",
        }
    }

    /// As the choice says it.
    pub fn text(self) -> &'static str {
        match self {
            Observing::Nothing => "Not observing a square",
            Observing::OwnLocation => "Observing a square in your location",
            Observing::Bordering => "Observing a bordering square",
            Observing::Farther => "Observing a farther square",
        }
    }
}

pub fn condition_name(c: Condition) -> String {
    match c {
        Condition::Position(p) => p.name().to_string(),
        Condition::DifficultTerrain => "Difficult terrain".into(),
        Condition::TargetHigher => "Target higher".into(),
        Condition::TargetLower => "Target lower".into(),
        Condition::RangedDistance(d) => format!("Distance {d}"),
        Condition::CombatCluster(n) => format!("Into a cluster of {n}"),
        Condition::TargetProne => "Target prone".into(),
        Condition::TargetConcealed(n) => format!("Target concealed {n}"),
        Condition::TargetHidden => "Target hidden (luck shot)".into(),
        Condition::AimingAtBodyPart => "Aiming at a body part".into(),
        Condition::BlindSpot => "Blind spot".into(),
        Condition::OutmanoeuvringGuard => "Outmanoeuvring a guard".into(),
        Condition::Situational(_) => "Situational".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::heimr::combat::DefenceKind;

    #[test]
    fn what_is_in_force_is_said_in_a_few_words_each() {
        let mut s = Situation::default();
        assert!(s.in_force().is_empty(), "nothing by default");
        s.set_position(Position::Prone, true);
        s.difficult_terrain = true;
        s.height = Height::TargetHigher;
        s.ranged_distance = 3;
        s.target_concealed = 2;
        assert_eq!(
            s.in_force().join(" · "),
            "Prone · difficult terrain · target higher · distance 3 · concealment 2"
        );
    }

    #[test]
    fn prone_lowers_attacks_and_defences_but_not_other_rolls() {
        let mut s = Situation::default();
        s.set_position(Position::Prone, true);
        assert_eq!(s.c_penalty(RollKind::MeleeAttack), 2);
        assert_eq!(s.c_penalty(RollKind::Defence(DefenceKind::Dodge)), 2);
        assert_eq!(s.c_penalty(RollKind::Other), 0);
        assert_eq!(
            s.penalties(RollKind::MeleeAttack),
            vec![("Prone".to_string(), 2)]
        );
        s.set_position(Position::Prone, false);
        assert!(s.positions.is_empty());
    }

    #[test]
    fn terrain_height_range_cluster_and_blind_spot() {
        let s = Situation {
            difficult_terrain: true,
            height: Height::TargetLower,
            ranged_distance: 5,
            cluster: 3,
            blind_spot: true,
            ..Situation::default()
        };
        // Melee: terrain −1, target lower +1.
        assert_eq!(s.c_penalty(RollKind::MeleeAttack), 0);
        // Ranged: floor(5/2) = 2 and a cluster of 3.
        assert_eq!(s.c_penalty(RollKind::RangedAttack), 5);
        // Dodge: terrain 1 + blind spot 5; block: blind spot only.
        assert_eq!(s.c_penalty(RollKind::Defence(DefenceKind::Dodge)), 6);
        assert_eq!(s.c_penalty(RollKind::Defence(DefenceKind::Block)), 5);
        assert_eq!(s.check(), Ok(()));
        let bad = Situation {
            cluster: 51,
            ..Situation::default()
        };
        assert!(bad.check().is_err());
    }

    #[test]
    fn hidden_needs_concealed_and_gives_p2_on_shots_and_charges() {
        let mut s = Situation::default();
        s.set_position(Position::Hidden, true);
        assert!(
            s.positions.contains(&Position::Concealed),
            "hiding conceals"
        );
        assert_eq!(s.p_bonus(RollKind::RangedAttack, false), 2);
        assert_eq!(s.p_bonus(RollKind::MeleeAttack, true), 2, "a charge");
        assert_eq!(s.p_bonus(RollKind::MeleeAttack, false), 0);
        assert_eq!(s.p_bonus(RollKind::Defence(DefenceKind::Dodge), true), 0);
        // Own concealment changes nothing on your own rolls.
        assert_eq!(s.c_penalty(RollKind::RangedAttack), 0);
        s.set_position(Position::Concealed, false);
        assert!(s.positions.is_empty(), "no hiding without concealment");
        assert_eq!(s.p_bonus(RollKind::RangedAttack, false), 0);
    }

    #[test]
    fn a_concealed_or_hidden_target_and_a_guard_to_get_past() {
        let s = Situation {
            target_concealed: 2,
            target_hidden: true,
            outmanoeuvring: true,
            ..Situation::default()
        };
        // The luck shot: C −1 plus the concealment.
        assert_eq!(s.c_penalty(RollKind::RangedAttack), 3);
        assert_eq!(s.c_penalty(RollKind::MeleeAttack), 3);
        assert_eq!(
            s.penalties(RollKind::RangedAttack),
            vec![
                ("Target concealed 2".to_string(), 2),
                ("Target hidden (luck shot)".to_string(), 1)
            ]
        );
        assert_eq!(s.c_penalty(RollKind::Defence(DefenceKind::Dodge)), 1);
        assert_eq!(s.c_penalty(RollKind::Defence(DefenceKind::Block)), 0);
        let bad = Situation {
            target_concealed: 51,
            ..Situation::default()
        };
        assert!(bad.check().is_err());
        let bad = Situation {
            guarding: "x".repeat(500),
            ..Situation::default()
        };
        assert!(bad.check().is_err());
    }

    #[test]
    fn observing_a_square_gains_potential_by_how_near_it_is() {
        assert_eq!(Observing::OwnLocation.p_bonus(), 2);
        assert_eq!(Observing::Bordering.p_bonus(), 1);
        assert_eq!(Observing::Farther.p_bonus(), 0);
        assert_eq!(Observing::Nothing.p_bonus(), 0);
    }
}
