//! Attacks: with a weapon from the medieval armoury (its potential bonus and damage),
//! with two weapons, or the brawl attack (hit 1 or bind); where it lands (the d6, or
//! the part aimed at for C −2); and what the armoury forbids or warns about.

use super::armoury::{Hands, Shield, Weapon, WeaponRange};
use super::injuries::BodyPart;

/// What the attack is made with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttackWith {
    Weapon(Weapon),
    /// Both weapons at once (dual wielding): one roll each, one target.
    Both(Weapon, Weapon),
    /// The brawl ability: on a hit, the effect chosen before the roll.
    Brawl(BrawlEffect),
}

/// A brawl attack's effect, chosen before rolling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BrawlEffect {
    /// "Hit 1": one hit point.
    Hit,
    /// Bind the body part the d6 names (needs a free hand).
    Bind,
}

/// Getting close for a brawl attack. Seed 002 (Brawl attack): "If your opponent did
/// not make a melee weapon attack against you in his turn, or you didn't dodge the
/// attack, doing a brawl attack gives the opponent the opportunity to make a melee
/// weapon attack against you, as if they had readied that action. If you do not dodge
/// the weapon attack, you can not roll the brawl ability and the brawl attack fails."
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BrawlOpening {
    /// The opponent wields no melee weapon, or you dodged the melee weapon attack they
    /// made on you in their last turn: the brawl ability is rolled.
    #[default]
    Open,
    /// The brawl attack gave the opponent a melee weapon attack, and you dodged it:
    /// the brawl ability is rolled.
    OfferedDodged,
    /// The brawl attack gave the opponent a melee weapon attack, and you did not dodge
    /// it: no brawl roll, the brawl attack fails.
    OfferedNotDodged,
}

impl BrawlOpening {
    pub const ALL: [BrawlOpening; 3] = [
        BrawlOpening::Open,
        BrawlOpening::OfferedDodged,
        BrawlOpening::OfferedNotDodged,
    ];

    /// As the panel's choice says it.
    pub fn text(self) -> &'static str {
        match self {
            BrawlOpening::Open => {
                "No melee weapon against you, or you dodged its attack in their last turn"
            }
            BrawlOpening::OfferedDodged => {
                "The opponent took the melee weapon attack offered, and you dodged it"
            }
            BrawlOpening::OfferedNotDodged => {
                "The opponent took the melee weapon attack offered, and you did not dodge it"
            }
        }
    }

    /// What the seed says happens when the brawl attack is made: the offered attack,
    /// shown before the roll.
    pub const OFFER: &'static str = "Against a melee weapon: unless you dodged the opponent's melee weapon attack on you in their last turn, this brawl attack gives them a melee weapon attack on you first, as if readied (the initiative order stays). Dodge it: if you do not, you can not roll Brawl and the brawl attack fails.";

    /// What the roll says when the offered attack was not dodged.
    pub const FAILED: &'static str = "The opponent's melee weapon attack was not dodged: you can not roll Brawl, and the brawl attack fails.";
}

/// The P bonus a weapon adds to its attack roll (the seed's "-" is none).
pub fn attack_bonus(w: Weapon) -> i32 {
    w.potential_bonus.unwrap_or(0)
}

/// Whether the weapon can be held in the off-hand.
fn off_hand(w: Weapon) -> bool {
    w.hands == Hands::EitherHand
}

/// Whether the weapon can be held in the sword hand alone.
fn sword_hand(w: Weapon) -> bool {
    matches!(
        w.hands,
        Hands::EitherHand | Hands::OneOrTwoHands | Hands::SwordHand
    )
}

/// Dual wielding: "If you wield one weapon in each hand, you can make an attack with
/// both weapons." One must fit the sword hand alone and the other the off-hand (in the
/// armoury only the light weapon is "Either hand").
pub fn dual_wield(a: Weapon, b: Weapon) -> Result<(), String> {
    if (sword_hand(a) && off_hand(b)) || (sword_hand(b) && off_hand(a)) {
        Ok(())
    } else {
        Err(format!(
            "The {} and the {} can't be held one in each hand: the off-hand takes only a weapon for either hand (a light weapon).",
            a.name.to_lowercase(),
            b.name.to_lowercase()
        ))
    }
}

/// Dual wielding's second roll: "You can make an attack roll for every weapon you
/// wield", so the second weapon rolls with its own ability (`second`, C and P; the
/// first's when the sheet has none of its abilities) and its own bonus, while what
/// the situation did to the first roll (penalties, aiming, hiding) counts again.
/// `rolled` is the first roll's (C, P), `first` its ability's (C, P). Returns the
/// second roll's (C, P).
pub fn second_roll(
    rolled: (i32, i32),
    first: (i32, i32),
    second: (i32, i32),
    weapons: (Weapon, Weapon),
) -> (i32, i32) {
    (
        rolled.0 - first.0 + second.0,
        rolled.1 - first.1 - attack_bonus(weapons.0) + second.1 + attack_bonus(weapons.1),
    )
}

/// Whether the target can be attacked at `distance` squares (0: the same square):
/// melee only in the same square; a ranged weapon up to its range.
pub fn reach(w: Weapon, distance: u32) -> Result<(), String> {
    match w.range {
        WeaponRange::Melee if distance > 0 => Err(format!(
            "The {} is a melee weapon: it reaches only your own square, and the target is {distance} away.",
            w.name.to_lowercase()
        )),
        WeaponRange::Squares(r) if distance > r => Err(format!(
            "Out of range: the {} reaches {r}, the target is {distance} away.",
            w.name.to_lowercase()
        )),
        _ => Ok(()),
    }
}

/// Warnings that do not stop the roll: a two-handed weapon with a shield.
pub fn warnings(with: AttackWith, shield: Option<Shield>) -> Vec<String> {
    let weapons: Vec<Weapon> = match with {
        AttackWith::Weapon(w) => vec![w],
        AttackWith::Both(a, b) => vec![a, b],
        AttackWith::Brawl(_) => vec![],
    };
    let mut out = Vec::new();
    if let Some(s) = shield {
        for w in weapons.iter().filter(|w| w.hands == Hands::TwoHands) {
            out.push(format!(
                "The {} needs both hands: you can't hold the {} as well.",
                w.name.to_lowercase(),
                s.name.to_lowercase()
            ));
        }
        if matches!(with, AttackWith::Both(..)) {
            out.push(format!(
                "Two weapons fill both hands: the {} can't be held too.",
                s.name.to_lowercase()
            ));
        }
    }
    out
}

/// Where an attack lands: the part aimed at (the attack took C −2), else the d6's.
pub fn hit_part(d6: u32, aimed: Option<BodyPart>) -> BodyPart {
    aimed
        .or_else(|| BodyPart::from_d6(d6))
        .unwrap_or(BodyPart::Torso)
}

/// What an attack roll did against the defence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// The defence held (it wins ties).
    Miss,
    /// A brawl attack equal to the defence or one less: "a 'hit', but it wasn't strong
    /// enough to effect hit points" (a bind still holds; hit 1 does nothing).
    Graze(BodyPart),
    /// A hit on this part for this much damage (hit points).
    Hit { part: BodyPart, damage: u32 },
}

/// Resolves one attack roll against the defender's result: the defence wins ties; a
/// weapon does its damage, a brawl attack hit 1 (or its bind, no damage).
pub fn resolve(
    with: AttackWith,
    result: i32,
    defence: i32,
    d6: u32,
    aimed: Option<BodyPart>,
) -> Hit {
    let part = hit_part(d6, aimed);
    if result > defence {
        let damage = match with {
            AttackWith::Weapon(w) | AttackWith::Both(w, _) => w.damage,
            AttackWith::Brawl(BrawlEffect::Hit) => 1,
            AttackWith::Brawl(BrawlEffect::Bind) => 0,
        };
        Hit::Hit { part, damage }
    } else if matches!(with, AttackWith::Brawl(_)) && result >= defence - 1 {
        Hit::Graze(part)
    } else {
        Hit::Miss
    }
}

impl Hit {
    /// E.g. "Hit on the torso: 2 damage", "Miss".
    pub fn text(self, with: AttackWith) -> String {
        match self {
            Hit::Miss => "Miss: the defence holds".to_string(),
            Hit::Graze(p) => match with {
                AttackWith::Brawl(BrawlEffect::Bind) => {
                    format!("A hit: bind on the {}", p.name().to_lowercase())
                }
                _ => "A hit, but not strong enough to affect HP".to_string(),
            },
            Hit::Hit { part, .. } if with == AttackWith::Brawl(BrawlEffect::Bind) => {
                format!("Hit: bind on the {}", part.name().to_lowercase())
            }
            Hit::Hit { part, damage } => {
                format!("Hit on the {}: {damage} damage", part.name().to_lowercase())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::FixedDice;
    use crate::rules::heimr::dice::roll_challenge;

    fn w(name: &str) -> Weapon {
        Weapon::by_name(name).unwrap()
    }

    #[test]
    fn a_medium_weapon_adds_p3_and_does_2_on_the_d6s_part() {
        let sword = w("Medium weapon");
        // Dueling C 1, P 1 + 3: d6 5, d10 7 → 7 + 4 = 11 against a defence of 9.
        let mut dice = FixedDice::new(&[(5, 6), (7, 10)]);
        let roll = roll_challenge(&mut dice, 1, 1 + attack_bonus(sword));
        assert_eq!(roll.result, 11);
        let with = AttackWith::Weapon(sword);
        let hit = resolve(with, roll.result, 9, roll.d6, None);
        assert_eq!(
            hit,
            Hit::Hit {
                part: BodyPart::Torso,
                damage: 2
            }
        );
        assert_eq!(hit.text(with), "Hit on the torso: 2 damage");
        // The defence wins ties.
        assert_eq!(resolve(with, 9, 9, 5, None), Hit::Miss);
        // Aimed at the sword arm, the d6 no longer decides.
        assert_eq!(
            resolve(with, 12, 9, 1, Some(BodyPart::SwordArm)),
            Hit::Hit {
                part: BodyPart::SwordArm,
                damage: 2
            }
        );
        // The crossbow's "-" adds nothing.
        assert_eq!(attack_bonus(w("Crossbow")), 0);
    }

    #[test]
    fn brawl_hits_for_one_or_binds_and_grazes_one_short() {
        let hit1 = AttackWith::Brawl(BrawlEffect::Hit);
        let bind = AttackWith::Brawl(BrawlEffect::Bind);
        assert_eq!(
            resolve(hit1, 8, 7, 2, None),
            Hit::Hit {
                part: BodyPart::RightLeg,
                damage: 1
            }
        );
        assert_eq!(resolve(hit1, 7, 7, 2, None), Hit::Graze(BodyPart::RightLeg));
        assert_eq!(resolve(hit1, 6, 7, 2, None), Hit::Graze(BodyPart::RightLeg));
        assert_eq!(resolve(hit1, 5, 7, 2, None), Hit::Miss);
        assert_eq!(
            resolve(bind, 6, 7, 3, None).text(bind),
            "A hit: bind on the other arm"
        );
        assert_eq!(
            resolve(hit1, 7, 7, 3, None).text(hit1),
            "A hit, but not strong enough to affect HP"
        );
        // A weapon one short is a miss.
        assert_eq!(
            resolve(AttackWith::Weapon(w("Light weapon")), 6, 7, 3, None),
            Hit::Miss
        );
    }

    #[test]
    fn the_second_weapon_rolls_with_its_own_ability_and_bonus() {
        let (sword, knife) = (w("Medium weapon"), w("Light weapon"));
        // First roll: Dueling C 2, P 1, the sword's P+3, C −2 for aiming: C 0, P 4.
        // Knife fighting C 1, P 0: C 1 − 2 = −1, P 0 + 2.
        let (c, p) = second_roll((0, 4), (2, 1), (1, 0), (sword, knife));
        assert_eq!((c, p), (-1, 2));
        let mut rng = crate::rules::dice::SeededRng::new(7);
        let r = roll_challenge(&mut rng, c, p);
        assert_eq!((r.consistency, r.potential, r.d10s.len()), (-1, 2, 1));
        assert_eq!(r.result, r.die as i32 - r.penalty as i32 + 2);
        // Without an ability of its own, the first's: only the bonus changes.
        assert_eq!(second_roll((0, 4), (2, 1), (2, 1), (sword, knife)), (0, 3));
    }

    #[test]
    fn reach_dual_wielding_and_shield_warnings() {
        assert!(reach(w("Bow"), 6).is_ok());
        assert_eq!(
            reach(w("Bow"), 7).unwrap_err(),
            "Out of range: the bow reaches 6, the target is 7 away."
        );
        assert!(reach(w("Great weapon"), 0).is_ok());
        assert!(reach(w("Great weapon"), 1).unwrap_err().contains("melee"));
        assert_eq!(dual_wield(w("Medium weapon"), w("Light weapon")), Ok(()));
        assert_eq!(dual_wield(w("Light weapon"), w("Light weapon")), Ok(()));
        assert!(dual_wield(w("Medium weapon"), w("Medium weapon")).is_err());
        assert!(dual_wield(w("Great weapon"), w("Light weapon")).is_err());
        let tower = Shield::by_name("Tower shield");
        assert_eq!(
            warnings(AttackWith::Weapon(w("Great weapon")), tower),
            ["The great weapon needs both hands: you can't hold the tower shield as well."]
        );
        assert!(warnings(AttackWith::Weapon(w("Great weapon")), None).is_empty());
        assert!(warnings(AttackWith::Weapon(w("Medium weapon")), tower).is_empty());
        assert_eq!(
            warnings(
                AttackWith::Both(w("Medium weapon"), w("Light weapon")),
                tower
            )
            .len(),
            1
        );
    }
}
