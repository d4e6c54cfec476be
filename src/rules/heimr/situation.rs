//! The battlefield toggles a player sets on the sheet (positions, terrain, height,
//! range, …), turned into the rules' [`Condition`]s and their consistency penalty.

use serde::{Deserialize, Serialize};

use super::attributes::{Attribute, AttributeGroup};
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
    /// While hidden: the hide challenge, the Survival result perception checks have to
    /// overcome (None: not typed).
    pub hide_challenge: Option<i32>,
    /// The penalties on attributes as saved, `{"dexterity": 2, "physical": 1}`: read and written only where it is used (`Situation::attribute_penalties`), so the
    /// documents' reader does not grow with it; a field of it a newer version wrote is
    /// kept.
    #[serde(
        default,
        rename = "attribute_penalties",
        skip_serializing_if = "Option::is_none"
    )]
    pub saved_penalties: Option<serde_json::Value>,
}

/// The longest name of what is guarded.
pub const GUARDING_MAX: usize = 80;

/// What a soft sound takes off the hide challenge.
pub const SOFT_SOUND_HIDE_PENALTY: i32 = 2;

/// The highest and lowest hide challenge the sheet keeps.
pub const HIDE_CHALLENGE_MAX: i32 = 99;

/// Situational penalties on an attribute or an attribute group. Seed 002
/// (Situational penalties): "Situational penalties can be applied to abilities,
/// attributes or even attribute groups (physical and mental). If a situation penalty
/// is applied to an attribute or attribute group, all abilities base on that attribute
/// are also effected."
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AttributePenalties {
    /// By what they are on, in [`PenaltyOn::all`]'s order.
    on: [u32; 8],
}

/// What a penalty of [`AttributePenalties`] is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PenaltyOn {
    Group(AttributeGroup),
    Attribute(Attribute),
}

impl PenaltyOn {
    /// The groups, then the six attributes, as the sheet lists them.
    pub fn all() -> Vec<PenaltyOn> {
        [AttributeGroup::Physical, AttributeGroup::Mental]
            .into_iter()
            .map(PenaltyOn::Group)
            .chain(Attribute::ALL.into_iter().map(PenaltyOn::Attribute))
            .collect()
    }

    /// As a breakdown says it: "Dexterity", "physical attributes".
    pub fn name(self) -> String {
        match self {
            PenaltyOn::Group(g) => format!("{} attributes", g.name().to_lowercase()),
            PenaltyOn::Attribute(a) => a.name().to_string(),
        }
    }

    /// A key for an element id: "physical", "dexterity".
    pub fn key(self) -> &'static str {
        match self {
            PenaltyOn::Group(AttributeGroup::Physical) => "physical",
            PenaltyOn::Group(AttributeGroup::Mental) => "mental",
            PenaltyOn::Attribute(a) => a.key(),
        }
    }
}

impl AttributePenalties {
    fn at(on: PenaltyOn) -> usize {
        match on {
            PenaltyOn::Group(AttributeGroup::Physical) => 0,
            PenaltyOn::Group(AttributeGroup::Mental) => 1,
            PenaltyOn::Attribute(a) => 2 + a as usize,
        }
    }

    pub fn get(&self, on: PenaltyOn) -> u32 {
        self.on[Self::at(on)]
    }

    pub fn set(&mut self, on: PenaltyOn, n: u32) {
        self.on[Self::at(on)] = n;
    }

    /// What is set, for the card's one line: "Physical −1 · Dexterity −2".
    pub fn in_force(&self) -> Vec<String> {
        PenaltyOn::all()
            .into_iter()
            .filter(|&on| self.get(on) > 0)
            .map(|on| match on {
                PenaltyOn::Group(g) => format!("{} −{}", g.name(), self.get(on)),
                PenaltyOn::Attribute(a) => format!("{} −{}", a.name(), self.get(on)),
            })
            .collect()
    }

    /// The penalties on a roll based on `attributes` (an ability's, or the one
    /// attribute rolled directly), each with what it is on: the attribute's own, then
    /// its group's.
    ///
    /// The app's choice (the seed is silent): an attribute's own penalty and its
    /// group's both count (two situations, both on it); an ability based on several
    /// attributes takes the penalties of the one they lower most, not of each (a
    /// physical penalty lowers a Strength and Dexterity ability once, not twice).
    pub fn on_roll(&self, attributes: &[Attribute]) -> Vec<(PenaltyOn, i32)> {
        attributes
            .iter()
            .map(|&a| {
                [PenaltyOn::Attribute(a), PenaltyOn::Group(a.group())]
                    .into_iter()
                    .map(|on| (on, self.get(on) as i32))
                    .filter(|&(_, n)| n > 0)
                    .collect::<Vec<_>>()
            })
            .fold(Vec::new(), |most, these| {
                let sum = |v: &[(PenaltyOn, i32)]| v.iter().map(|p| p.1).sum::<i32>();
                if sum(&these) > sum(&most) {
                    these
                } else {
                    most
                }
            })
    }
}

/// Potential bonus when you are hidden from your target and charge it or shoot at it.
pub const HIDDEN_ATTACK_POTENTIAL: i32 = 2;

impl Situation {
    /// What is in force, a few words each, in the order the card shows them: the
    /// positions, then the conditions ("Prone", "difficult terrain", "distance 3").
    /// Empty when nothing is. For the card's one line while it is folded.
    pub fn in_force(&self) -> Vec<String> {
        let mut out: Vec<String> = self.positions.iter().map(|p| p.name().into()).collect();
        if let Some(c) = self.hide_challenge {
            out.push(format!("hide challenge {}", super::num(c)));
        }
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
        if !self.positions.contains(&Position::Hidden) {
            self.hide_challenge = None;
        }
    }

    /// A soft sound made while hidden. Seed 002 (Hidden): "Every time you make any soft
    /// sound while hidden, your hide challenge is reduced by two." Returns the hide
    /// challenge now (None while none was typed); refused when not hidden.
    pub fn soft_sound(&mut self) -> Result<Option<i32>, String> {
        if !self.positions.contains(&Position::Hidden) {
            return Err("You are not hidden: a soft sound gives nothing away.".into());
        }
        self.hide_challenge = self.hide_challenge.map(|c| c - SOFT_SOUND_HIDE_PENALTY);
        Ok(self.hide_challenge)
    }

    /// A louder sound made while hidden. Seed 002: "Louder sounds such as speaking,
    /// shouting, weapons clattering, etc. give you away." You are no longer hidden
    /// (the concealment stays: the place still hides you from sight, the app's choice).
    pub fn loud_sound(&mut self) {
        self.set_position(Position::Hidden, false);
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
        self.conditions_after(0)
    }

    /// The cluster's penalty on a ranged attack once `dodged` of its characters have
    /// dodged. Seed 002 (Ranged attacks): "If the target manages to dodge the attack,
    /// you must re-roll the attack for another character in the combat cluster, now
    /// with the situational penalty decreased by one."
    pub fn cluster_penalty(&self, dodged: u32) -> u32 {
        self.cluster.saturating_sub(dodged)
    }

    /// Whether the attack is re-rolled for another character of the cluster after
    /// `dodged` of them dodged it: "Keep re-rolling until all characters in the combat
    /// cluster have dodged, or until a character is hit or the attack is blocked
    /// (rather then dodged)." Refused with no cluster, or when every one has dodged.
    pub fn cluster_reroll(&self, dodged: u32) -> Result<(), String> {
        if self.cluster == 0 {
            return Err(
                "The shot was not into a combat cluster: nobody else to re-roll for.".into(),
            );
        }
        if dodged >= self.cluster {
            return Err(format!(
                "All {} characters in the cluster have dodged: the shot is spent.",
                self.cluster
            ));
        }
        Ok(())
    }

    /// The active conditions for the attack re-rolled after `dodged` characters of the
    /// combat cluster dodged it (0: the first roll).
    fn conditions_after(&self, dodged: u32) -> Vec<Condition> {
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
        if self.cluster_penalty(dodged) > 0 {
            out.push(Condition::CombatCluster(self.cluster_penalty(dodged)));
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
        self.c_penalty_after(kind, 0)
    }

    /// The summed consistency penalty on the attack re-rolled after `dodged`
    /// characters of the combat cluster dodged it.
    pub fn c_penalty_after(&self, kind: RollKind, dodged: u32) -> i32 {
        c_penalty(&self.conditions_after(dodged), kind)
    }

    /// Each condition that changes a roll of `kind`, with its penalty, for a breakdown
    /// such as "Prone −2".
    pub fn penalties(&self, kind: RollKind) -> Vec<(String, i32)> {
        self.penalties_after(kind, 0)
    }

    /// As [`Situation::penalties`], for the attack re-rolled after `dodged`
    /// characters of the combat cluster dodged it ("Into a cluster of 3, 1 dodged").
    pub fn penalties_after(&self, kind: RollKind, dodged: u32) -> Vec<(String, i32)> {
        self.conditions_after(dodged)
            .into_iter()
            .map(|c| {
                let name = match c {
                    Condition::CombatCluster(_) if dodged > 0 => {
                        format!("Into a cluster of {}, {dodged} dodged", self.cluster)
                    }
                    c => condition_name(c),
                };
                (name, c.c_penalty(kind))
            })
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
        if self
            .hide_challenge
            .is_some_and(|c| c.abs() > HIDE_CHALLENGE_MAX)
        {
            return Err(format!("a hide challenge beyond ±{HIDE_CHALLENGE_MAX}"));
        }
        // The penalties on attributes as saved (checked on the saved values, so a
        // document's check does not carry their reader): none above the most a
        // situation takes (a value that is no whole number reads as none).
        let saved = self.saved_penalties.as_ref();
        let within = |v: &serde_json::Value| v.as_u64().is_none_or(|n| n <= SITUATION_MAX as u64);
        if saved
            .and_then(serde_json::Value::as_object)
            .is_some_and(|m| !m.values().all(within))
        {
            return Err(format!("a penalty on an attribute above {SITUATION_MAX}"));
        }
        Ok(())
    }

    /// The GM's situational penalties on an attribute or an attribute group, which the
    /// abilities based on it take too. Saved with the character as a field the
    /// document's reader does not type (read here, where they are used, so the
    /// documents' chunk does not grow with them); a key this version does not know is
    /// kept as it was.
    pub fn attribute_penalties(&self) -> AttributePenalties {
        let saved = self.saved_penalties.as_ref();
        let mut p = AttributePenalties::default();
        for on in PenaltyOn::all() {
            let n = saved
                .and_then(|s| s.get(on.key()))
                .and_then(serde_json::Value::as_u64)
                .unwrap_or(0);
            p.set(on, u32::try_from(n).unwrap_or(u32::MAX));
        }
        p
    }

    /// Sets the penalty on `on` (0: none).
    pub fn set_attribute_penalty(&mut self, on: PenaltyOn, n: u32) {
        crate::rules::rewrite(&mut self.saved_penalties, &[on.key()], |m| {
            if n > 0 {
                m.insert(on.key().into(), n.into());
            }
        });
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
    fn a_penalty_on_an_attribute_or_its_group_lowers_the_rolls_based_on_it() {
        use Attribute::*;
        let mut p = AttributePenalties::default();
        assert!(p.on_roll(&[Dexterity]).is_empty());
        p.set(PenaltyOn::Attribute(Dexterity), 2);
        p.set(PenaltyOn::Group(AttributeGroup::Physical), 1);
        assert_eq!(
            p.on_roll(&[Dexterity]),
            vec![
                (PenaltyOn::Attribute(Dexterity), 2),
                (PenaltyOn::Group(AttributeGroup::Physical), 1)
            ]
        );
        assert_eq!(
            p.on_roll(&[Strength]),
            vec![(PenaltyOn::Group(AttributeGroup::Physical), 1)]
        );
        assert!(p.on_roll(&[Intelligence]).is_empty(), "a mental attribute");
        // Based on two attributes: the one lowered most, not both added.
        assert_eq!(p.on_roll(&[Strength, Dexterity]), p.on_roll(&[Dexterity]));
        assert_eq!(p.in_force(), vec!["Physical −1", "Dexterity −2"]);
        assert_eq!(
            PenaltyOn::Group(AttributeGroup::Mental).name(),
            "mental attributes"
        );
        let mut s = Situation::default();
        for on in PenaltyOn::all() {
            s.set_attribute_penalty(on, p.get(on));
        }
        assert_eq!(s.attribute_penalties(), p, "saved and read back");
        let text = serde_json::to_string(&s).unwrap();
        assert!(
            text.contains(r#""attribute_penalties":{"dexterity":2,"physical":1}"#),
            "{text}"
        );
        assert_eq!(s.check(), Ok(()));
        let mut bad = s.clone();
        bad.set_attribute_penalty(PenaltyOn::Group(AttributeGroup::Mental), SITUATION_MAX + 1);
        assert!(bad.check().is_err());
        // Back to none: nothing is left in it.
        for on in PenaltyOn::all() {
            s.set_attribute_penalty(on, 0);
        }
        assert!(serde_json::to_string(&s)
            .unwrap()
            .contains(r#""attribute_penalties":{}"#));
        assert_eq!(s.attribute_penalties(), AttributePenalties::default());
    }

    #[test]
    fn a_soft_sound_lowers_the_hide_challenge_by_two_and_a_loud_one_gives_you_away() {
        let mut s = Situation::default();
        assert!(s.soft_sound().is_err(), "not hidden");
        s.set_position(Position::Hidden, true);
        s.hide_challenge = Some(9);
        assert_eq!(s.soft_sound(), Ok(Some(7)));
        assert_eq!(s.soft_sound(), Ok(Some(5)));
        assert_eq!(s.hide_challenge, Some(5));
        assert_eq!(
            s.in_force().join(" · "),
            "Hidden · Concealed · hide challenge 5"
        );
        s.loud_sound();
        assert!(!s.positions.contains(&Position::Hidden));
        assert!(
            s.positions.contains(&Position::Concealed),
            "still concealed"
        );
        assert_eq!(s.hide_challenge, None, "no longer hidden");
        let bad = Situation {
            hide_challenge: Some(HIDE_CHALLENGE_MAX + 1),
            ..Situation::default()
        };
        assert!(bad.check().is_err());
    }

    #[test]
    fn each_cluster_reroll_lowers_the_clusters_penalty_by_one() {
        let s = Situation {
            cluster: 3,
            ..Situation::default()
        };
        assert_eq!(s.c_penalty_after(RollKind::RangedAttack, 0), 3);
        assert_eq!(s.c_penalty_after(RollKind::RangedAttack, 1), 2);
        assert_eq!(s.c_penalty_after(RollKind::RangedAttack, 2), 1);
        assert_eq!(
            s.penalties_after(RollKind::RangedAttack, 1),
            vec![("Into a cluster of 3, 1 dodged".to_string(), 2)]
        );
        assert_eq!(s.cluster_reroll(2), Ok(()));
        assert!(s.cluster_reroll(3).is_err(), "all three dodged");
        assert!(
            Situation::default().cluster_reroll(0).is_err(),
            "no cluster"
        );
    }

    #[test]
    fn observing_a_square_gains_potential_by_how_near_it_is() {
        assert_eq!(Observing::OwnLocation.p_bonus(), 2);
        assert_eq!(Observing::Bordering.p_bonus(), 1);
        assert_eq!(Observing::Farther.p_bonus(), 0);
        assert_eq!(Observing::Nothing.p_bonus(), 0);
    }
}
