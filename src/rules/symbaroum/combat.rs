//! Combat arithmetic: damage after armor, Pain Threshold, Toughness and healing, and
//! the equipment a fight uses (weapons, armor, shields) with its warnings as data.

use super::dice_notation::{DiceExpr, DiceRoll};
use super::{Attr, Labels};
use crate::rules::dice::{self, Rng};
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------- damage and pain

/// Damage dealt = damage roll − armor roll, if positive, else 0.
pub fn damage_dealt(damage: i32, armor: i32) -> i32 {
    (damage - armor).max(0)
}

/// What a single attack's damage (after armor) does beyond lowering Toughness.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PainEffect {
    None,
    /// damage > Pain Threshold: the target is knocked down, or the attacker gets a Free
    /// Attack; the player (of either side) chooses.
    KnockDownOrFreeAttack,
    /// Hit Locations optional rule: damage ≥ Pain Threshold has the effect of the body
    /// part hit (see [`HitLocation`]) instead.
    HitLocation,
}

impl PainEffect {
    pub fn message(self) -> &'static str {
        match self {
            PainEffect::None => "",
            PainEffect::KnockDownOrFreeAttack => {
                "Pain Threshold exceeded: the target is knocked down, or the attacker gets a Free Attack (the player chooses)."
            }
            PainEffect::HitLocation => {
                "Pain Threshold reached: roll the hit location for its effect."
            }
        }
    }
}

/// The pain effect of `damage` (already after armor) against `threshold`. Without Hit
/// Locations it takes damage **above** the threshold; with them, damage **equal to or
/// above** it, and the location's effect replaces knock-down / Free Attack (000: "has
/// different effects depending on where the enemy is hit"). No damage never hurts.
pub fn pain_effect(damage: i32, threshold: i32, hit_locations: bool) -> PainEffect {
    if damage <= 0 {
        PainEffect::None
    } else if hit_locations {
        if damage >= threshold {
            PainEffect::HitLocation
        } else {
            PainEffect::None
        }
    } else if damage > threshold {
        PainEffect::KnockDownOrFreeAttack
    } else {
        PainEffect::None
    }
}

/// One attack's damage, fully rolled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageOutcome {
    pub damage: DiceRoll,
    /// None when the target wears no armor.
    pub armor: Option<DiceRoll>,
    pub dealt: i32,
    pub pain: PainEffect,
}

/// Rolls weapon damage (+1d4 with Advantage) against the target's armor dice.
pub fn roll_damage(
    rng: &mut dyn Rng,
    weapon: &DiceExpr,
    advantage: bool,
    target_armor: &DiceExpr,
    pain_threshold: i32,
    hit_locations: bool,
) -> DamageOutcome {
    let expr = if advantage {
        weapon.with_advantage()
    } else {
        weapon.clone()
    };
    let damage = expr.roll(rng);
    against_armor(rng, damage, target_armor, pain_threshold, hit_locations)
}

/// Damage already rolled, against a fresh roll of the target's armor dice: a hit, or
/// a hit whose armor roll is re-rolled (the damage stays what it was).
pub fn against_armor(
    rng: &mut dyn Rng,
    damage: DiceRoll,
    target_armor: &DiceExpr,
    pain_threshold: i32,
    hit_locations: bool,
) -> DamageOutcome {
    let armor = (!target_armor.is_empty()).then(|| target_armor.roll(rng));
    let dealt = damage_dealt(damage.total, armor.as_ref().map_or(0, |a| a.total));
    DamageOutcome {
        pain: pain_effect(dealt, pain_threshold, hit_locations),
        damage,
        armor,
        dealt,
    }
}

/// Toughness after taking `damage`: never below 0.
pub fn take_damage(current: i32, damage: i32) -> i32 {
    (current - damage.max(0)).max(0)
}

// ---------------------------------------------------------------- hit locations

/// Where an attack lands under the Hit Locations optional rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HitLocation {
    RightLeg,
    LeftLeg,
    Torso,
    RightArm,
    LeftArm,
    Head,
}

/// How the attacker aimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Aim {
    #[default]
    Normal,
    High,
    Low,
    /// At one body part, chosen by the attacker: no roll.
    BodyPart(HitLocation),
}

impl Aim {
    /// The attack test modifier: high/low −2, a body part −5.
    pub fn modifier(self) -> i32 {
        match self {
            Aim::Normal => 0,
            Aim::High | Aim::Low => -2,
            Aim::BodyPart(_) => -5,
        }
    }
}

/// The body part for a 1d10 roll (tables 9 and "Aim High or Low" in 000/003).
/// Aiming at a body part needs no roll; the roll is ignored then.
pub fn hit_location(d10: u32, aim: Aim) -> HitLocation {
    use HitLocation::*;
    match aim {
        Aim::BodyPart(part) => part,
        Aim::Normal => match d10 {
            1 => RightLeg,
            2 => LeftLeg,
            3..=5 => Torso,
            6..=7 => RightArm,
            8..=9 => LeftArm,
            _ => Head,
        },
        Aim::High => match d10 {
            1 => RightLeg,
            2 => LeftLeg,
            3..=4 => Torso,
            5..=6 => RightArm,
            7..=8 => LeftArm,
            _ => Head,
        },
        Aim::Low => match d10 {
            1..=2 => RightLeg,
            3..=4 => LeftLeg,
            5..=7 => Torso,
            8 => RightArm,
            9 => LeftArm,
            _ => Head,
        },
    }
}

impl HitLocation {
    pub fn name(self) -> &'static str {
        match self {
            HitLocation::RightLeg => "Right leg",
            HitLocation::LeftLeg => "Left leg",
            HitLocation::Torso => "Torso",
            HitLocation::RightArm => "Right arm",
            HitLocation::LeftArm => "Left arm",
            HitLocation::Head => "Head",
        }
    }

    /// The effect of damage equal to or higher than the Pain Threshold (table 9). An
    /// arm's "if failing a Quick test" is said "on a failed Quick test", so that the
    /// ruleset's word can take Quick's place whatever its first letter.
    pub fn effect(self) -> &'static str {
        match self {
            HitLocation::RightLeg | HitLocation::LeftLeg => {
                "Knocked prone. Half movement for the rest of the scene."
            }
            HitLocation::Torso => "Loses breath; incapacitated for a turn.",
            HitLocation::RightArm | HitLocation::LeftArm => {
                "Drops item held on a failed Quick test. Also, a second chance to fail all rolls requiring the use of the arm for the rest of the scene."
            }
            HitLocation::Head => "+1d6 damage and the target is rendered unconscious for 1d4 turns.",
        }
    }
}

/// A character's main hand (Hit Locations, "Main Hand": decide whether characters are
/// right- or left-handed; NPCs are right-handed). RULES.md: right by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hand {
    #[default]
    Right,
    Left,
}

impl Hand {
    pub fn name(self) -> &'static str {
        match self {
            Hand::Right => "Right",
            Hand::Left => "Left",
        }
    }
}

impl HitLocation {
    /// For an arm: whether it is the "main hand" or the "off hand" of someone whose
    /// main hand is `main`; none for any other part.
    pub fn hand(self, main: Hand) -> Option<&'static str> {
        let side = match self {
            HitLocation::RightArm => Hand::Right,
            HitLocation::LeftArm => Hand::Left,
            _ => return None,
        };
        Some(if side == main {
            "main hand"
        } else {
            "off hand"
        })
    }

    /// The condition (by its name on the Combat tab's list) a hit on this part at the
    /// Pain Threshold leaves: a leg knocks prone, an arm is hurt for the scene. The
    /// torso's one turn and the head's 1d4 turns out are conditions that end by
    /// themselves (`conditions::for_turns`).
    pub fn condition(self) -> Option<&'static str> {
        match self {
            HitLocation::RightLeg | HitLocation::LeftLeg => Some("Prone"),
            HitLocation::RightArm | HitLocation::LeftArm => Some("Hurt arm"),
            HitLocation::Torso | HitLocation::Head => None,
        }
    }

    /// What a hit on this part that reached the Pain Threshold does to a character
    /// whose main hand is `main`: the part's effect, saying which hand an arm is. An
    /// item held in the main hand is usually the weapon, so that is what a failed
    /// Quick test drops (the seeds say only "item held").
    pub fn effect_on(self, main: Hand) -> String {
        match self.hand(main) {
            Some(hand) => format!("{} ({hand}): {}", self.name(), self.effect()),
            None => format!("{}: {}", self.name(), self.effect()),
        }
    }
}

/// Rolls 1d10 for the hit location (no die is rolled when aiming at a body part).
pub fn roll_hit_location(rng: &mut dyn Rng, aim: Aim) -> (Option<u32>, HitLocation) {
    match aim {
        Aim::BodyPart(part) => (None, part),
        _ => {
            let d = dice::roll(rng, 10);
            (Some(d), hit_location(d, aim))
        }
    }
}

/// Where an attack's hit landed and what it did under Hit Locations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocatedHit {
    /// The 1d10 rolled (none when aimed at a body part).
    pub d10: Option<u32>,
    pub part: HitLocation,
    /// The part's effect, when the damage reached the target's Pain Threshold.
    pub effect: Option<&'static str>,
    /// A head hit at the threshold: the extra 1d6 damage and the 1d4 turns out.
    pub head: Option<(u32, u32)>,
}

impl LocatedHit {
    /// "Left arm (d10: 8). 7 damage ≥ Pain Threshold 6: Drops item held …"
    pub fn text(&self, damage: Option<i32>, threshold: Option<i32>) -> String {
        let how = match self.d10 {
            Some(d) => format!("d10: {d}"),
            None => "aimed".to_string(),
        };
        // The seeds take NPCs as right-handed: say which hand an arm hit is.
        let hand = self
            .part
            .hand(Hand::Right)
            .map(|h| format!(", the {h} if right-handed"))
            .unwrap_or_default();
        let mut s = format!("{} ({how}{hand}).", self.part.name());
        match (self.effect, damage, threshold) {
            (Some(e), Some(d), Some(t)) => {
                s.push_str(&format!(" {d} damage ≥ Pain Threshold {t}: {e}"));
            }
            // The damage that gets through is not known (no armor given, or no
            // damage rolled): the effect is said as what it would be.
            (_, None, _) => s.push_str(&format!(
                " If the damage after armor reaches the target's Pain Threshold: {}",
                self.part.effect()
            )),
            // The threshold not known: the GM knows whether it is reached.
            (_, Some(d), None) => s.push_str(&format!(
                " If {d} damage reaches the target's Pain Threshold: {}",
                self.part.effect()
            )),
            _ => {}
        }
        if let Some((d6, turns)) = self.head {
            s.push_str(&format!(
                " Rolled: +{d6} damage (1d6), unconscious {turns} turns (1d4)."
            ));
        }
        s
    }
}

/// Rolls where a hit lands (Hit Locations) and, with the damage and the target's
/// Pain Threshold known, whether its effect applies: damage equal to or higher than
/// the threshold (RULES.md). A head hit then rolls its +1d6 damage and 1d4 turns.
pub fn locate_hit(
    rng: &mut dyn Rng,
    aim: Aim,
    damage: Option<i32>,
    threshold: Option<i32>,
) -> LocatedHit {
    let (d10, part) = roll_hit_location(rng, aim);
    let reached = matches!((damage, threshold), (Some(d), Some(t)) if d >= t);
    let head =
        (reached && part == HitLocation::Head).then(|| (dice::roll(rng, 6), dice::roll(rng, 4)));
    LocatedHit {
        d10,
        part,
        effect: reached.then(|| part.effect()),
        head,
    }
}

// ---------------------------------------------------------------- healing

/// Where healing comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum HealingSource {
    /// 1 Toughness per day of rest.
    Natural { days: u32 },
    /// An alchemical herbal cure: 1 at once.
    HerbalCure,
    /// The Medicus ability: 1d4. Its extra with an herbal cure is not in RULES.md: apply
    /// the cure as its own healing (1 more), which is what the table usually does.
    Medicus,
    /// Mystical powers, Recovery and anything else: the amount their description gives.
    Other { amount: i32 },
}

impl HealingSource {
    /// Herbal cure, Medicus and mystical healing stabilise a dying character; rest does
    /// not.
    pub fn stabilises(self) -> bool {
        !matches!(self, HealingSource::Natural { .. })
    }
}

/// How much a healing source heals, with the d4 shown when one was rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HealRoll {
    pub amount: i32,
    pub d4: Option<u32>,
}

/// Rolls (for Medicus) or reads the amount a source heals.
pub fn healing_amount(rng: &mut dyn Rng, source: HealingSource) -> HealRoll {
    match source {
        HealingSource::Natural { days } => HealRoll {
            amount: days.min(i32::MAX as u32) as i32,
            d4: None,
        },
        HealingSource::HerbalCure => HealRoll {
            amount: 1,
            d4: None,
        },
        HealingSource::Medicus => {
            let d = dice::roll(rng, 4);
            HealRoll {
                amount: d as i32,
                d4: Some(d),
            }
        }
        HealingSource::Other { amount } => HealRoll {
            amount: amount.max(0),
            d4: None,
        },
    }
}

/// Toughness after healing `amount`: never above `max`. A value already above max (max
/// lowered since) is left as it is rather than cut by a heal.
pub fn heal(current: i32, max: i32, amount: i32) -> i32 {
    let healed = current.saturating_add(amount.max(0)).min(max);
    healed.max(current)
}

// ---------------------------------------------------------------- equipment

/// Weapon qualities with a rule in RULES.md or the seeds, plus free text for the rest.
///
/// Saved as one string ("long", "deep_impact", or the free text itself): a plain
/// string costs far less wasm to read than an enum with data.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub enum WeaponQuality {
    /// Free Attack in the first turn of melee against a foe without one; neutralised
    /// by a shield.
    Long,
    /// Unsheathed as a Free Action.
    Short,
    /// Cannot be used with a shield (a buckler is fine).
    Heavy,
    /// Counts as two items for encumbrance.
    Massive,
    Balanced,
    DeepImpact,
    Precise,
    /// Ignores a building's Fortification (seed 000, Damage on Buildings).
    Wrecking,
    /// Any other quality, as written.
    Other(String),
}

const QUALITY_IDS: [(&str, WeaponQuality); 8] = [
    ("long", WeaponQuality::Long),
    ("short", WeaponQuality::Short),
    ("heavy", WeaponQuality::Heavy),
    ("massive", WeaponQuality::Massive),
    ("balanced", WeaponQuality::Balanced),
    ("deep_impact", WeaponQuality::DeepImpact),
    ("precise", WeaponQuality::Precise),
    ("wrecking", WeaponQuality::Wrecking),
];

impl From<String> for WeaponQuality {
    fn from(s: String) -> Self {
        QUALITY_IDS
            .iter()
            .find(|(id, _)| *id == s)
            .map(|(_, q)| q.clone())
            .unwrap_or(WeaponQuality::Other(s))
    }
}

impl From<WeaponQuality> for String {
    fn from(q: WeaponQuality) -> Self {
        match q {
            WeaponQuality::Other(s) => s,
            q => QUALITY_IDS
                .iter()
                .find(|(_, k)| *k == q)
                .map(|(id, _)| id.to_string())
                .unwrap_or_default(),
        }
    }
}

impl WeaponQuality {
    /// Every quality with a name of its own (not `Other`), in the order saved.
    pub fn known() -> impl Iterator<Item = WeaponQuality> {
        QUALITY_IDS.iter().map(|(_, q)| q.clone())
    }

    pub fn name(&self) -> &str {
        match self {
            WeaponQuality::Long => "Long",
            WeaponQuality::Short => "Short",
            WeaponQuality::Heavy => "Heavy",
            WeaponQuality::Massive => "Massive",
            WeaponQuality::Balanced => "Balanced",
            WeaponQuality::DeepImpact => "Deep Impact",
            WeaponQuality::Precise => "Precise",
            WeaponQuality::Wrecking => "Wrecking",
            WeaponQuality::Other(s) => s,
        }
    }

    /// What the quality does, for those with a rule in the seeds or RULES.md. The
    /// rest (Balanced, Deep Impact, Precise and the player's own) are labels: their
    /// effect is the player's note and modifiers.
    pub fn rule(&self, l: &Labels) -> Option<String> {
        let exactitude = l.attr(Attr::Exactitude);
        let wit = l.attr(Attr::Wit);
        Some(match self {
            WeaponQuality::Long => format!(
                "A Free Attack in the first turn of melee against a foe without a Long weapon. Lets a character without Trapper disarm a trap [{exactitude}←{wit}]."
            ),
            WeaponQuality::Short => "Drawn as a Free Action.".into(),
            WeaponQuality::Heavy => "Cannot be used with a shield (a buckler is fine).".into(),
            WeaponQuality::Massive => {
                "Counts as two items when sheathed or packed (none in hand).".into()
            }
            WeaponQuality::Wrecking => format!(
                "Ignores a building's Fortification and damages its {} directly.",
                l.toughness
            ),
            // No seed names Precise: offered as Symbaroum players know it, and said so.
            WeaponQuality::Precise => {
                "The app's choice: no seed names it; what it does is your note and modifiers."
                    .into()
            }
            WeaponQuality::Balanced | WeaponQuality::DeepImpact | WeaponQuality::Other(_) => {
                return None
            }
        })
    }
}

/// Where a weapon is: in hand, in its sheath, or in the pack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum WeaponState {
    Held,
    /// A new weapon's place: RULES.md does not say, so this is the app's choice (the
    /// add-weapon form says so).
    #[default]
    Sheathed,
    Packed,
}

/// A weapon on the sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Weapon {
    /// Stable within the sheet, so the list is keyed by it (0: not yet given one;
    /// the sheet numbers its weapons when it adds or loads them).
    #[serde(default, skip_serializing_if = "crate::rules::no_id")]
    pub id: u32,
    pub name: String,
    pub damage: DiceExpr,
    #[serde(default)]
    pub qualities: Vec<WeaponQuality>,
    /// Bows, crossbows, thrown weapons.
    #[serde(default)]
    pub ranged: bool,
    #[serde(default)]
    pub state: WeaponState,
    /// The attribute its attacks test, when not Exactitude. The seeds tie no weapon to
    /// another attribute; abilities of the core rules do (a brawler's Might, a
    /// feint's Subtlety), so the player sets it and the Attack follows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack_with: Option<Attr>,
    /// The player's note: what its other qualities do, where it came from.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// The campaign pack entry it was taken from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<super::pack_effects::Taken>,
}

impl Weapon {
    pub fn new(name: impl Into<String>, damage: DiceExpr) -> Self {
        Weapon {
            id: 0,
            name: name.into(),
            damage,
            qualities: Vec::new(),
            ranged: false,
            state: WeaponState::Sheathed,
            attack_with: None,
            note: String::new(),
            from: None,
        }
    }

    /// The attribute its attacks test.
    pub fn attack_attr(&self) -> Attr {
        self.attack_with.unwrap_or(Attr::Exactitude)
    }

    pub fn has(&self, q: &WeaponQuality) -> bool {
        self.qualities.contains(q)
    }
}

/// A suit of armor: protection dice, Impeding, and whether it is worn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Armor {
    /// Stable within the sheet, so the list is keyed by it (0: not yet given one;
    /// the sheet numbers its armor when it adds or loads it).
    #[serde(default, skip_serializing_if = "crate::rules::no_id")]
    pub id: u32,
    pub name: String,
    pub protection: DiceExpr,
    pub impeding: i32,
    pub worn: bool,
    #[serde(default)]
    pub qualities: Vec<String>,
    /// The segments worn (the optional Armor segments rule); none listed: the whole
    /// suit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub segments: Option<Vec<Segment>>,
    /// The listed price of the whole suit, in ortegs (see [`super::trade`]), if known:
    /// from its campaign pack entry, or its inventory row.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<u32>,
    /// The campaign pack entry it was taken from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<super::pack_effects::Taken>,
}

impl Armor {
    /// Its Impeding as worn: the whole suit's, or its worn segments' shares.
    pub fn worn_impeding(&self) -> i32 {
        match &self.segments {
            Some(s) => segments_impeding(self.impeding, s),
            None => self.impeding,
        }
    }

    /// Whether it protects a hit on `at`. A whole suit covers every part. Worn in
    /// segments, a segment protects only its part (RULES.md); a hit whose part is not
    /// known (Hit Locations off, or no part given) is, as the app reads it, taken on
    /// the body: only the cuirass protects it, so a helmet, arms or legs alone are not
    /// the whole suit (the seeds are silent; the README lists it among the app's
    /// choices).
    pub fn covers(&self, at: Option<HitLocation>) -> bool {
        match &self.segments {
            Some(s) => {
                let part = at.unwrap_or(HitLocation::Torso);
                s.iter().any(|g| g.covers() == part)
            }
            None => true,
        }
    }

    /// The listed price of what is worn of it, in ortegs: the whole suit's, or its
    /// segments' share ([`segments_price`]); None when its price is not known.
    pub fn price(&self) -> Option<u32> {
        let full = self.value?;
        Some(match &self.segments {
            Some(s) => segments_price(full, s),
            None => full,
        })
    }

    /// What its segments cost, for the segments' checks: "Price of the segments worn:
    /// 3 thalers 6 shillings (60 % of 6 thalers)". None without a listed price or
    /// segments.
    pub fn segments_price_text(&self) -> Option<String> {
        let (full, worn) = (self.value?, self.segments.as_ref()?);
        Some(format!(
            "Price of the segments worn: {} ({} % of {})",
            super::trade::money_text(segments_price(full, worn) as u64),
            segments_share(worn),
            super::trade::money_text(full as u64)
        ))
    }
}

/// A segment of a suit of armor (Table 10), with its share of the suit's Impeding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Segment {
    Helmet,
    Cuirass,
    RightArm,
    LeftArm,
    RightLeg,
    LeftLeg,
}

impl Segment {
    pub const ALL: [Segment; 6] = [
        Segment::Helmet,
        Segment::Cuirass,
        Segment::RightArm,
        Segment::LeftArm,
        Segment::RightLeg,
        Segment::LeftLeg,
    ];

    /// Its share of the full suit's Impeding, in percent: helmet 20, cuirass 40, an
    /// arm or a leg 10.
    pub fn share(self) -> i32 {
        match self {
            Segment::Helmet => 20,
            Segment::Cuirass => 40,
            _ => 10,
        }
    }

    /// The body part it protects.
    pub fn covers(self) -> HitLocation {
        match self {
            Segment::Helmet => HitLocation::Head,
            Segment::Cuirass => HitLocation::Torso,
            Segment::RightArm => HitLocation::RightArm,
            Segment::LeftArm => HitLocation::LeftArm,
            Segment::RightLeg => HitLocation::RightLeg,
            Segment::LeftLeg => HitLocation::LeftLeg,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Segment::Helmet => "Helmet",
            Segment::Cuirass => "Cuirass",
            Segment::RightArm => "Right arm",
            Segment::LeftArm => "Left arm",
            Segment::RightLeg => "Right leg",
            Segment::LeftLeg => "Left leg",
        }
    }
}

/// The share of the whole suit that `worn` makes, in percent (a segment listed twice
/// counts once).
pub fn segments_share(worn: &[Segment]) -> i32 {
    let mut seen = [false; 6];
    worn.iter()
        .filter(|s| {
            let i = Segment::ALL.iter().position(|x| x == *s).unwrap_or(0);
            !std::mem::replace(&mut seen[i], true)
        })
        .map(|s| s.share())
        .sum()
}

/// The Impeding of the segments worn from one suit: their shares added, then rounded
/// half up (0.5 → 1), as RULES.md settles.
pub fn segments_impeding(full: i32, worn: &[Segment]) -> i32 {
    (full.max(0) * segments_share(worn) + 50) / 100
}

/// The price of the segments `worn` from a suit listed at `full` ortegs (seed 000:
/// "Armor segments cost a part of the price of the full armor", the shares of Table
/// 10): their shares added, then rounded half up to a whole orteg. The seeds do not say
/// how a price rounds: the app's choice is the rounding RULES.md settles for their
/// Impeding (0.5 → 1).
pub fn segments_price(full: u32, worn: &[Segment]) -> u32 {
    ((full as u64 * segments_share(worn) as u64 + 50) / 100) as u32
}

/// The worn armors as (name, Impeding) for [`super::derived::Inputs::worn_armor`].
pub fn worn_impeding(armor: &[Armor]) -> Vec<(String, i32)> {
    armor
        .iter()
        .filter(|a| a.worn && a.worn_impeding() != 0)
        .map(|a| (a.name.clone(), a.worn_impeding()))
        .collect()
}

/// The protection rolled against damage: one worn armor's dice. Armor does not stack
/// (seeds 000/001), so with two suits worn the first listed protects, and the sheet
/// says so.
pub fn worn_protection(armor: &[Armor]) -> DiceExpr {
    worn_protection_at(armor, None)
}

/// The protection against a hit on `at`: the first worn armor that covers that part
/// (with Armor segments, a segment protects only its part, so segments from several
/// suits each protect their own part, as seed 000 allows). With the part not known,
/// the first worn armor.
pub fn worn_protection_at(armor: &[Armor], at: Option<HitLocation>) -> DiceExpr {
    protecting(armor, at)
        .map(|a| a.protection.clone())
        .unwrap_or_default()
}

/// The worn armor that protects a hit on `at` (see [`worn_protection_at`]).
pub fn protecting(armor: &[Armor], at: Option<HitLocation>) -> Option<&Armor> {
    armor.iter().find(|a| a.worn && a.covers(at))
}

/// A shield or a buckler.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShieldKind {
    Shield,
    Buckler,
}

/// A shield on the sheet; only one in use counts (+1 Defense).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shield {
    /// Stable within the sheet, like an armor's.
    #[serde(default, skip_serializing_if = "crate::rules::no_id")]
    pub id: u32,
    pub name: String,
    pub kind: ShieldKind,
    pub in_use: bool,
}

/// The shield giving +1 Defense, for [`super::derived::Inputs::shield`]: the first one
/// in use (shields do not stack; a second one raises a warning).
pub fn defense_shield(shields: &[Shield]) -> Option<String> {
    shields.iter().find(|s| s.in_use).map(|s| s.name.clone())
}

impl Weapon {
    /// A Long melee weapon: it gets a Free Attack in the first turn of melee (seed
    /// 001: "Long weapons get a Free Attack against one enemy during the first turn of
    /// melee combat, provided that the enemy does not have a Long weapon as well.").
    pub fn reaches(&self) -> bool {
        self.has(&WeaponQuality::Long) && !self.ranged
    }
}

/// The shield in use that takes a Long weapon's reach, if any (000/001 "Shield": "The
/// use of a shield … neutralizes the reach advantage gained from a Long weapon, since
/// the wielder must use it in one hand. The buckler is an exception").
pub fn reach_taken_by(shields: &[Shield]) -> Option<&str> {
    shields
        .iter()
        .find(|s| s.in_use && s.kind == ShieldKind::Shield)
        .map(|s| s.name.as_str())
}

/// Something about the equipment in use that the rules forbid or change. Shown, never
/// enforced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum EquipmentWarning {
    /// A shield (not a buckler) with a ranged weapon in hand.
    ShieldWithRanged { shield: String, weapon: String },
    /// A shield (not a buckler) with a Heavy weapon in hand.
    ShieldWithHeavy { shield: String, weapon: String },
    /// A shield with a Long weapon: allowed, but the reach advantage is lost.
    ShieldNeutralisesLong { shield: String, weapon: String },
    /// More than one shield in use: only one gives +1 Defense.
    SeveralShields { count: usize },
    /// More than one worn armor over the same part: only one protects.
    SeveralArmors { count: usize, protects: String },
}

impl EquipmentWarning {
    pub fn message(&self) -> String {
        match self {
            EquipmentWarning::ShieldWithRanged { shield, weapon } => format!(
                "{weapon} is a ranged weapon: it cannot be used with {shield} (only a buckler allows both hands)."
            ),
            EquipmentWarning::ShieldWithHeavy { shield, weapon } => format!(
                "{weapon} is Heavy: it cannot be used with {shield} (only a buckler allows both hands)."
            ),
            EquipmentWarning::ShieldNeutralisesLong { shield, weapon } => format!(
                "{weapon} is wielded in one hand with {shield}: it loses the reach advantage of Long."
            ),
            EquipmentWarning::SeveralShields { count } => {
                format!("{count} shields in use: only one gives +1 Defense.")
            }
            EquipmentWarning::SeveralArmors { count, protects } => format!(
                "{count} armors worn over the same parts: armor does not stack, so {protects} (the first listed) protects."
            ),
        }
    }
}

/// The warnings for what is in hand and worn (000/001 "Shield"): a shield rules out
/// ranged and Heavy weapons and cancels Long's reach; a buckler allows both hands and
/// has no such limits.
pub fn equipment_warnings(
    weapons: &[Weapon],
    shields: &[Shield],
    armor: &[Armor],
) -> Vec<EquipmentWarning> {
    let mut out = Vec::new();
    let in_use: Vec<&Shield> = shields.iter().filter(|s| s.in_use).collect();
    if in_use.len() > 1 {
        out.push(EquipmentWarning::SeveralShields {
            count: in_use.len(),
        });
    }
    for shield in in_use.iter().filter(|s| s.kind == ShieldKind::Shield) {
        for w in weapons.iter().filter(|w| w.state == WeaponState::Held) {
            let (shield, weapon) = (shield.name.clone(), w.name.clone());
            if w.ranged {
                out.push(EquipmentWarning::ShieldWithRanged {
                    shield: shield.clone(),
                    weapon: weapon.clone(),
                });
            }
            if w.has(&WeaponQuality::Heavy) {
                out.push(EquipmentWarning::ShieldWithHeavy {
                    shield: shield.clone(),
                    weapon: weapon.clone(),
                });
            }
            if w.has(&WeaponQuality::Long) {
                out.push(EquipmentWarning::ShieldNeutralisesLong { shield, weapon });
            }
        }
    }
    // Two suits over one part (a whole suit covers every part); segments of
    // different suits on different parts are allowed (seed 000).
    let over_one_part = |part: HitLocation| {
        armor
            .iter()
            .filter(|a| a.worn && a.covers(Some(part)))
            .count()
    };
    if Segment::ALL
        .into_iter()
        .any(|g| over_one_part(g.covers()) > 1)
    {
        // The one that protects a hit on no named part; with no cuirass worn, the
        // first worn.
        let first = protecting(armor, None).or_else(|| armor.iter().find(|a| a.worn));
        if let Some(first) = first {
            out.push(EquipmentWarning::SeveralArmors {
                count: armor.iter().filter(|a| a.worn).count(),
                protects: first.name.clone(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrecking_names_the_building_s_toughness_in_the_ruleset_s_words() {
        use crate::rules::symbaroum::labels;
        use crate::rules::Ruleset;
        let draft = WeaponQuality::Wrecking
            .rule(labels(Ruleset::HomebrewDraft))
            .unwrap();
        assert_eq!(
            draft,
            "Ignores a building's Fortification and damages its Health directly."
        );
        let core = WeaponQuality::Wrecking
            .rule(labels(Ruleset::Symbaroum))
            .unwrap();
        assert!(core.ends_with("its Toughness directly."), "{core}");
    }
    use crate::rules::dice::FixedDice;
    use crate::rules::symbaroum::derived::{defense, Inputs};
    use crate::rules::symbaroum::dice_notation::parse_dice;
    use crate::rules::symbaroum::{labels, Attr, Scores};
    use crate::rules::Ruleset;

    #[test]
    fn qualities_with_a_rule_say_it_in_the_ruleset_words_and_the_rest_are_labels() {
        let sy = labels(Ruleset::Symbaroum);
        let long = WeaponQuality::Long.rule(sy).unwrap();
        assert!(long.contains("[Accurate←Cunning]"), "{long}");
        assert!(WeaponQuality::Wrecking
            .rule(sy)
            .unwrap()
            .contains("Fortification"));
        assert!(WeaponQuality::Massive
            .rule(sy)
            .unwrap()
            .contains("two items"));
        // Precise, which no seed names, says it is the app's choice.
        assert!(WeaponQuality::Precise
            .rule(sy)
            .unwrap()
            .starts_with("The app's choice: no seed names it"));
        for q in [
            WeaponQuality::Balanced,
            WeaponQuality::DeepImpact,
            WeaponQuality::Other("Jagged".into()),
        ] {
            assert_eq!(q.rule(sy), None, "{}", q.name());
        }
        // Saved by its id, read back the same.
        let s: String = WeaponQuality::Wrecking.into();
        assert_eq!(s, "wrecking");
        assert_eq!(WeaponQuality::from(s), WeaponQuality::Wrecking);
    }

    #[test]
    fn a_located_hit_names_the_part_and_its_effect_at_the_pain_threshold() {
        // Normal aim, d10 8: left arm; 6 damage against threshold 6 reaches it.
        let h = locate_hit(
            &mut FixedDice::new(&[(8, 10)]),
            Aim::Normal,
            Some(6),
            Some(6),
        );
        assert_eq!(h.part, HitLocation::LeftArm);
        assert!(h.effect.unwrap().starts_with("Drops item held"));
        assert_eq!(h.head, None);
        assert!(h.text(Some(6), Some(6)).starts_with(
            "Left arm (d10: 8, the off hand if right-handed). 6 damage ≥ Pain Threshold 6: Drops"
        ));
        // Below the threshold: the part only.
        let h = locate_hit(
            &mut FixedDice::new(&[(8, 10)]),
            Aim::Normal,
            Some(5),
            Some(6),
        );
        assert_eq!(h.effect, None);
        assert_eq!(
            h.text(Some(5), Some(6)),
            "Left arm (d10: 8, the off hand if right-handed)."
        );
        // Aimed at the head (no d10): +1d6 damage and 1d4 turns unconscious, rolled.
        let h = locate_hit(
            &mut FixedDice::new(&[(5, 6), (3, 4)]),
            Aim::BodyPart(HitLocation::Head),
            Some(9),
            Some(7),
        );
        assert_eq!((h.d10, h.head), (None, Some((5, 3))));
        assert!(h
            .text(Some(9), Some(7))
            .ends_with("Rolled: +5 damage (1d6), unconscious 3 turns (1d4)."));
        // Aiming high uses the HIGH table: 9 is the head there, the left arm normally.
        let h = locate_hit(&mut FixedDice::new(&[(9, 10)]), Aim::High, None, None);
        assert_eq!(h.part, HitLocation::Head);
        assert_eq!(h.effect, None, "no threshold given: no effect claimed");
        // The threshold unknown: the effect is said with the damage that would do it.
        assert_eq!(
            h.text(Some(4), None),
            "Head (d10: 9). If 4 damage reaches the target's Pain Threshold: +1d6 damage and the target is rendered unconscious for 1d4 turns."
        );
        // The damage through the armor unknown: what the effect would be, said so.
        assert_eq!(
            h.text(None, Some(6)),
            "Head (d10: 9). If the damage after armor reaches the target's Pain Threshold: +1d6 damage and the target is rendered unconscious for 1d4 turns."
        );
    }

    #[test]
    fn the_main_hand_says_which_arm_holds_the_weapon() {
        use HitLocation::*;
        // Right by default (RULES.md).
        assert_eq!(Hand::default(), Hand::Right);
        assert_eq!(RightArm.hand(Hand::Right), Some("main hand"));
        assert_eq!(LeftArm.hand(Hand::Right), Some("off hand"));
        assert_eq!(RightArm.hand(Hand::Left), Some("off hand"));
        assert_eq!(LeftArm.hand(Hand::Left), Some("main hand"));
        assert_eq!(Head.hand(Hand::Left), None);
        assert!(LeftArm
            .effect_on(Hand::Left)
            .starts_with("Left arm (main hand): Drops item held"));
        assert!(Torso
            .effect_on(Hand::Left)
            .starts_with("Torso: Loses breath"));
        assert_eq!(LeftLeg.condition(), Some("Prone"));
        assert_eq!(RightArm.condition(), Some("Hurt arm"));
        assert_eq!(Head.condition(), None);
        // Saved by name; an old sheet without it reads as right-handed.
        assert_eq!(serde_json::to_string(&Hand::Left).unwrap(), "\"left\"");
    }

    #[test]
    fn armor_segments_take_their_share_rounded_half_up_and_protect_only_their_part() {
        use Segment::*;
        // Impeding 3: cuirass 40 % = 1.2 → 1; cuirass and helmet 60 % = 1.8 → 2;
        // both legs 20 % = 0.6 → 1; everything 100 % = 3.
        assert_eq!(segments_impeding(3, &[Cuirass]), 1);
        assert_eq!(segments_impeding(3, &[Cuirass, Helmet]), 2);
        assert_eq!(segments_impeding(3, &[RightLeg, LeftLeg]), 1);
        assert_eq!(segments_impeding(3, &Segment::ALL), 3);
        // Exactly half rounds up: 5 × 10 % = 0.5 → 1; a segment listed twice counts once.
        assert_eq!(segments_impeding(5, &[LeftArm]), 1);
        assert_eq!(segments_impeding(5, &[LeftArm, LeftArm]), 1);
        assert_eq!(segments_impeding(4, &[]), 0);
        let mut a = plate(Some(vec![Cuirass, Helmet]));
        assert_eq!(a.worn_impeding(), 2, "60 % of 4 = 2.4 → 2");
        assert_eq!(
            worn_impeding(std::slice::from_ref(&a)),
            vec![("Plate".to_string(), 2)]
        );
        let at = |a: &Armor, p| worn_protection_at(std::slice::from_ref(a), Some(p)).to_string();
        assert_eq!(at(&a, HitLocation::Torso), "1d8");
        assert_eq!(at(&a, HitLocation::LeftLeg), "0", "no segment on the leg");
        assert_eq!(worn_protection(std::slice::from_ref(&a)).to_string(), "1d8");
        a.segments = None;
        assert_eq!(a.worn_impeding(), 4);
        assert_eq!(at(&a, HitLocation::LeftLeg), "1d8");
    }

    fn plate(segments: Option<Vec<Segment>>) -> Armor {
        Armor {
            id: 0,
            name: "Plate".into(),
            protection: parse_dice("1d8").unwrap(),
            impeding: 4,
            worn: true,
            qualities: vec![],
            segments,
            value: Some(600),
            from: None,
        }
    }

    #[test]
    fn armor_segments_cost_their_share_of_the_price_rounded_half_up() {
        // Seed 000: "Armor segments cost a part of the price of the full armor";
        // Table 10: legs 20 % (10 % per leg), cuirass 40 %, arms 20 % (10 % per arm),
        // helmet 20 %.
        use Segment::*;
        assert_eq!(segments_price(600, &[Cuirass]), 240);
        assert_eq!(segments_price(600, &[Helmet, Cuirass]), 360);
        assert_eq!(
            segments_price(600, &[LeftArm, RightArm, LeftLeg, RightLeg]),
            240
        );
        assert_eq!(segments_price(600, &Segment::ALL), 600);
        // The app's rounding, as RULES.md's for Impeding: 0.5 orteg → 1, 0.4 → 0.
        assert_eq!(segments_price(5, &[LeftArm]), 1, "10 % of 5 = 0.5 → 1");
        assert_eq!(segments_price(4, &[LeftArm]), 0, "10 % of 4 = 0.4 → 0");
        assert_eq!(
            segments_price(7, &[Helmet, Helmet]),
            1,
            "listed twice: once"
        );
        // A suit's price as worn: its segments' share, the whole price without them,
        // none when no price is listed.
        let mut a = plate(Some(vec![Helmet, Cuirass]));
        assert_eq!(a.price(), Some(360));
        assert_eq!(
            a.segments_price_text().as_deref(),
            Some("Price of the segments worn: 3 thalers 6 shillings (60 % of 6 thalers)")
        );
        a.segments = None;
        assert_eq!(a.price(), Some(600));
        assert_eq!(a.segments_price_text(), None, "the whole suit");
        a.value = None;
        assert_eq!(a.price(), None);
    }

    #[test]
    fn a_hit_on_no_named_part_is_protected_only_by_a_worn_cuirass() {
        // RULES.md: "a segment protects only its part"; with Hit Locations off the
        // part is not known, and the app's reading takes the hit on the body (the
        // cuirass): a helmet alone is not the whole suit.
        use Segment::*;
        let none = |a: &Armor| worn_protection(std::slice::from_ref(a)).to_string();
        assert_eq!(none(&plate(Some(vec![Helmet]))), "0", "a helmet alone");
        assert_eq!(none(&plate(Some(vec![Helmet, LeftArm, RightLeg]))), "0");
        assert_eq!(none(&plate(Some(vec![Cuirass]))), "1d8");
        assert_eq!(none(&plate(None)), "1d8", "the whole suit");
        // Segments of two suits: the one with the cuirass protects such a hit.
        let mut helm = plate(Some(vec![Helmet]));
        helm.name = "Great helm".into();
        helm.protection = parse_dice("1d10").unwrap();
        let mut chain = plate(Some(vec![Cuirass, LeftArm, RightArm]));
        chain.name = "Chain".into();
        chain.protection = parse_dice("1d6").unwrap();
        let both = [helm, chain];
        assert_eq!(worn_protection(&both).to_string(), "1d6");
        assert_eq!(
            worn_protection_at(&both, Some(HitLocation::Head)).to_string(),
            "1d10"
        );
        assert!(
            equipment_warnings(&[], &[], &both).is_empty(),
            "no part twice"
        );
    }

    #[test]
    fn a_weapon_attacks_with_exactitude_unless_set() {
        let mut w = Weapon::new("Fists", parse_dice("1d4").unwrap());
        assert_eq!(w.attack_attr(), Attr::Exactitude);
        w.attack_with = Some(Attr::Might);
        assert_eq!(w.attack_attr(), Attr::Might);
        let json = serde_json::to_string(&w).unwrap();
        assert!(json.contains("\"attack_with\":\"might\""), "{json}");
        let back: Weapon = serde_json::from_str(&json).unwrap();
        assert_eq!(back, w);
    }

    fn d(s: &str) -> DiceExpr {
        parse_dice(s).unwrap()
    }

    #[test]
    fn damage_after_armor_is_never_negative() {
        assert_eq!(damage_dealt(7, 3), 4);
        assert_eq!(damage_dealt(3, 3), 0);
        assert_eq!(damage_dealt(2, 5), 0);
        assert_eq!(damage_dealt(-1, 0), 0);
    }

    #[test]
    fn pain_needs_more_than_the_threshold_without_hit_locations() {
        // Grumpa (001): Pain Threshold 6; hits of 4 and 3 do nothing, 8 against 7 does.
        assert_eq!(pain_effect(4, 6, false), PainEffect::None);
        assert_eq!(pain_effect(3, 6, false), PainEffect::None);
        assert_eq!(pain_effect(6, 6, false), PainEffect::None);
        assert_eq!(pain_effect(7, 6, false), PainEffect::KnockDownOrFreeAttack);
        assert_eq!(pain_effect(8, 7, false), PainEffect::KnockDownOrFreeAttack);
    }

    #[test]
    fn hit_locations_trigger_at_the_threshold() {
        assert_eq!(pain_effect(6, 6, true), PainEffect::HitLocation);
        assert_eq!(pain_effect(7, 6, true), PainEffect::HitLocation);
        assert_eq!(pain_effect(5, 6, true), PainEffect::None);
        // No damage never triggers, even against a threshold of 0.
        assert_eq!(pain_effect(0, 0, true), PainEffect::None);
        assert_eq!(pain_effect(0, -1, false), PainEffect::None);
        assert!(PainEffect::KnockDownOrFreeAttack
            .message()
            .contains("player chooses"));
    }

    #[test]
    fn hit_location_tables() {
        use HitLocation::*;
        let normal: Vec<_> = (1..=10).map(|r| hit_location(r, Aim::Normal)).collect();
        assert_eq!(
            normal,
            [RightLeg, LeftLeg, Torso, Torso, Torso, RightArm, RightArm, LeftArm, LeftArm, Head]
        );
        let high: Vec<_> = (1..=10).map(|r| hit_location(r, Aim::High)).collect();
        assert_eq!(
            high,
            [RightLeg, LeftLeg, Torso, Torso, RightArm, RightArm, LeftArm, LeftArm, Head, Head]
        );
        let low: Vec<_> = (1..=10).map(|r| hit_location(r, Aim::Low)).collect();
        assert_eq!(
            low,
            [RightLeg, RightLeg, LeftLeg, LeftLeg, Torso, Torso, Torso, RightArm, LeftArm, Head]
        );
        assert_eq!(hit_location(1, Aim::BodyPart(Head)), Head);
        assert_eq!(
            (Aim::High.modifier(), Aim::BodyPart(Torso).modifier()),
            (-2, -5)
        );
        assert_eq!(Aim::Normal.modifier(), 0);
        assert_eq!(
            roll_hit_location(&mut FixedDice::new(&[(10, 10)]), Aim::Low),
            (Some(10), Head)
        );
        assert_eq!(
            roll_hit_location(&mut FixedDice::new(&[]), Aim::BodyPart(LeftArm)),
            (None, LeftArm)
        );
        assert!(Head.effect().contains("unconscious"));
    }

    #[test]
    fn rolled_damage_with_armor_and_advantage() {
        // 1d8 (6) + Advantage 1d4 (3) = 9 against armor 1d4 (2): 7 dealt, > threshold 6.
        let mut dice = FixedDice::new(&[(6, 8), (3, 4), (2, 4)]);
        let out = roll_damage(&mut dice, &d("1d8"), true, &d("1d4"), 6, false);
        assert_eq!(out.damage.total, 9);
        assert_eq!(out.armor.as_ref().unwrap().total, 2);
        assert_eq!(out.dealt, 7);
        assert_eq!(out.pain, PainEffect::KnockDownOrFreeAttack);
        // No armor: nothing is rolled for it.
        let mut dice = FixedDice::new(&[(2, 8)]);
        let out = roll_damage(&mut dice, &d("1d8"), false, &DiceExpr::default(), 6, false);
        assert_eq!((out.dealt, out.armor), (2, None));
        assert_eq!(out.pain, PainEffect::None);
        // Armor stops it all.
        let mut dice = FixedDice::new(&[(1, 6), (5, 6)]);
        let out = roll_damage(&mut dice, &d("1d6"), false, &d("1d6"), 1, true);
        assert_eq!((out.dealt, out.pain), (0, PainEffect::None));
    }

    #[test]
    fn an_armor_re_roll_keeps_the_damage() {
        // 1d8 (7) against armor 1d6 (1): 6 dealt; the armor re-rolled (5): 2 dealt.
        let mut dice = FixedDice::new(&[(7, 8), (1, 6)]);
        let hit = roll_damage(&mut dice, &d("1d8"), false, &d("1d6"), 5, false);
        assert_eq!(
            (hit.dealt, hit.pain),
            (6, PainEffect::KnockDownOrFreeAttack)
        );
        let mut dice = FixedDice::new(&[(5, 6)]);
        let again = against_armor(&mut dice, hit.damage.clone(), &d("1d6"), 5, false);
        assert_eq!(again.damage, hit.damage);
        assert_eq!(again.armor.as_ref().unwrap().total, 5);
        assert_eq!((again.dealt, again.pain), (2, PainEffect::None));
    }

    #[test]
    fn toughness_stays_between_zero_and_max() {
        assert_eq!(take_damage(11, 4), 7);
        assert_eq!(take_damage(3, 8), 0);
        assert_eq!(take_damage(5, -2), 5);
        assert_eq!(heal(7, 11, 1), 8);
        assert_eq!(heal(10, 11, 4), 11);
        assert_eq!(heal(0, 11, 0), 0);
        assert_eq!(heal(5, 11, -3), 5);
        assert_eq!(heal(13, 11, 2), 13); // above a lowered max: left alone
    }

    #[test]
    fn healing_sources() {
        let mut none = FixedDice::new(&[]);
        assert_eq!(
            healing_amount(&mut none, HealingSource::Natural { days: 3 }).amount,
            3
        );
        assert_eq!(
            healing_amount(&mut none, HealingSource::HerbalCure).amount,
            1
        );
        assert_eq!(
            healing_amount(&mut none, HealingSource::Other { amount: 5 }).amount,
            5
        );
        let r = healing_amount(&mut FixedDice::new(&[(3, 4)]), HealingSource::Medicus);
        assert_eq!((r.amount, r.d4), (3, Some(3)));
        assert!(HealingSource::HerbalCure.stabilises());
        assert!(HealingSource::Medicus.stabilises());
        assert!(HealingSource::Other { amount: 2 }.stabilises());
        assert!(!HealingSource::Natural { days: 1 }.stabilises());
    }

    fn weapon(name: &str, q: &[WeaponQuality], ranged: bool) -> Weapon {
        Weapon {
            qualities: q.to_vec(),
            ranged,
            state: WeaponState::Held,
            ..Weapon::new(name, d("1d8"))
        }
    }

    fn shield(kind: ShieldKind) -> Shield {
        Shield {
            id: 0,
            name: match kind {
                ShieldKind::Shield => "Shield".into(),
                ShieldKind::Buckler => "Buckler".into(),
            },
            kind,
            in_use: true,
        }
    }

    #[test]
    fn shield_limits_and_buckler_freedom() {
        let bow = weapon("Longbow", &[], true);
        let axe = weapon("Greataxe", &[WeaponQuality::Heavy], false);
        let spear = weapon("Spear", &[WeaponQuality::Long], false);
        let sword = weapon("Sword", &[WeaponQuality::Balanced], false);
        let all = [bow.clone(), axe.clone(), spear.clone(), sword.clone()];

        let w = equipment_warnings(&all, &[shield(ShieldKind::Shield)], &[]);
        assert_eq!(
            w,
            vec![
                EquipmentWarning::ShieldWithRanged {
                    shield: "Shield".into(),
                    weapon: "Longbow".into()
                },
                EquipmentWarning::ShieldWithHeavy {
                    shield: "Shield".into(),
                    weapon: "Greataxe".into()
                },
                EquipmentWarning::ShieldNeutralisesLong {
                    shield: "Shield".into(),
                    weapon: "Spear".into()
                },
            ]
        );
        assert!(w[1].message().contains("buckler"));
        // A buckler allows both hands: no warnings.
        assert!(equipment_warnings(&all, &[shield(ShieldKind::Buckler)], &[]).is_empty());
        // Weapons not in hand do not count; a shield not in use does not either.
        let mut sheathed = axe.clone();
        sheathed.state = WeaponState::Sheathed;
        assert!(equipment_warnings(&[sheathed], &[shield(ShieldKind::Shield)], &[]).is_empty());
        let mut idle = shield(ShieldKind::Shield);
        idle.in_use = false;
        assert!(equipment_warnings(&[axe], &[idle], &[]).is_empty());
        // Two shields.
        let two = [shield(ShieldKind::Shield), shield(ShieldKind::Buckler)];
        assert_eq!(
            equipment_warnings(&[], &two, &[]),
            vec![EquipmentWarning::SeveralShields { count: 2 }]
        );
    }

    #[test]
    fn shield_and_armor_feed_defense() {
        let armor = vec![
            Armor {
                id: 0,
                name: "Leather apron".into(),
                protection: d("1d4"),
                impeding: 2,
                worn: true,
                qualities: vec![],
                segments: None,
                value: None,
                from: None,
            },
            Armor {
                id: 0,
                name: "Spare chainmail".into(),
                protection: d("1d6"),
                impeding: 3,
                worn: false,
                segments: None,
                value: None,
                from: None,
                qualities: vec![],
            },
        ];
        let shields = [shield(ShieldKind::Buckler)];
        let mut scores = Scores::default();
        scores.set(Attr::Agility, 10);
        let inp = Inputs {
            scores,
            worn_armor: worn_impeding(&armor),
            shield: defense_shield(&shields),
            ..Default::default()
        };
        let def = defense(&inp, labels(Ruleset::Homebrew));
        assert_eq!(def.value, 9);
        assert_eq!(
            def.text(),
            "Defense 9 = Agility 10 − Leather apron 2 + Buckler 1"
        );
        assert_eq!(worn_protection(&armor).to_string(), "1d4");
        assert!(equipment_warnings(&[], &[], &armor).is_empty());
        let mut both = armor.clone();
        both[1].worn = true;
        // Armor does not stack: the first listed protects, and the sheet says which.
        assert_eq!(worn_protection(&both).to_string(), "1d4");
        let w = equipment_warnings(&[], &[], &both);
        assert_eq!(
            w,
            vec![EquipmentWarning::SeveralArmors {
                count: 2,
                protects: "Leather apron".into()
            }]
        );
        assert_eq!(
            w[0].message(),
            "2 armors worn over the same parts: armor does not stack, so Leather apron (the first listed) protects."
        );
        // Segments of two suits on different parts are allowed (seed 000), each
        // protecting its own part.
        both[0].segments = Some(vec![Segment::Helmet]);
        both[1].segments = Some(vec![Segment::Cuirass, Segment::LeftArm]);
        assert!(equipment_warnings(&[], &[], &both).is_empty());
        assert_eq!(
            worn_protection_at(&both, Some(HitLocation::Head)).to_string(),
            "1d4"
        );
        assert_eq!(
            worn_protection_at(&both, Some(HitLocation::Torso)).to_string(),
            "1d6"
        );
        assert_eq!(
            worn_protection_at(&both, Some(HitLocation::RightLeg)).to_string(),
            "0"
        );
        // Two helmets: the warning again.
        both[1].segments = Some(vec![Segment::Helmet]);
        assert_eq!(equipment_warnings(&[], &[], &both).len(), 1);
    }

    #[test]
    fn equipment_serialises_with_stable_names() {
        let w = Weapon {
            qualities: vec![
                WeaponQuality::DeepImpact,
                WeaponQuality::Other("Jagged".into()),
            ],
            state: WeaponState::Packed,
            ..Weapon::new("Axe", d("1d8+1"))
        };
        let json = serde_json::to_string(&w).unwrap();
        assert_eq!(
            json,
            r#"{"name":"Axe","damage":"1d8+1","qualities":["deep_impact","Jagged"],"ranged":false,"state":"packed"}"#
        );
        assert_eq!(serde_json::from_str::<Weapon>(&json).unwrap(), w);
        // Missing optional fields take their defaults.
        let w: Weapon = serde_json::from_str(r#"{"name":"Knife","damage":"d4"}"#).unwrap();
        assert_eq!(w.state, WeaponState::Sheathed);
        assert_eq!(w.damage.to_string(), "1d4");
        assert!(serde_json::from_str::<Weapon>(r#"{"name":"X","damage":"1d0"}"#).is_err());
        let s = serde_json::to_string(&shield(ShieldKind::Buckler)).unwrap();
        assert_eq!(s, r#"{"name":"Buckler","kind":"buckler","in_use":true}"#);
        assert_eq!(WeaponQuality::DeepImpact.name(), "Deep Impact");
    }
}
