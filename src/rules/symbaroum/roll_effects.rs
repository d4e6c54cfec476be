//! What a character's abilities do in a roll (issue #58): a campaign pack entry's
//! second chance on a test, extra damage dice on each attack's hit and a Long weapon's
//! larger die, copied with the ability's row ([`TakenEffect`]), and the seeds' Polearm
//! Mastery's d8 by its name. The roll panel says them before the roll, and the play
//! layer (`model::play::test_roll`) rolls with them.

use super::abilities::Known;
use super::combat::{Weapon, WeaponQuality};
use super::dice_notation::{Dice, DiceExpr};
use super::experience::Ability;
use super::pack_effects::{TakenEffect, EXTRA_DAMAGE, LONG_WEAPON_DIE, SECOND_CHANCE};
use super::success::{Chance, Circumstance, Stat, TestSpec};
use super::Attr;

/// A Long weapon's larger die, and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LongDie {
    /// The ability's name: "Polearm Mastery".
    pub source: String,
    pub sides: u32,
    /// The pack whose entry gave it; None for the seeds' Polearm Mastery by its name.
    pub pack: Option<String>,
}

/// Everything the abilities do in a roll.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RollEffects {
    /// Each second chance to pass: the ability's name and the attribute whose tests
    /// it touches (every test when None).
    pub second_chances: Vec<(String, Option<Attr>)>,
    /// Dice added to each attack's damage: the ability's name and the dice.
    pub extra_damage: Vec<(String, DiceExpr)>,
    /// The largest Long weapon's die any ability gives.
    pub long_die: Option<LongDie>,
}

/// What `abilities` do in a roll, each at the level the character has it. A row taken
/// from a pack does what its copied entry says at that level. Polearm Mastery by its
/// name gives the seed's d8 (001: "the 1D8 damage at novice level") unless the pack
/// entry it was taken from gives its row a Long weapon's die at some level: the app's
/// choice, so a row taken before the roll's effects were copied (or from an entry
/// that says nothing of the die) keeps the d8 its name promises.
pub fn roll_effects(abilities: &[Ability]) -> RollEffects {
    let mut out = RollEffects::default();
    let mut offer = |die: LongDie| {
        if out.long_die.as_ref().is_none_or(|d| die.sides > d.sides) {
            out.long_die = Some(die);
        }
    };
    for a in abilities {
        let copied: &[TakenEffect] = a.from.as_ref().map_or(&[], |f| &f.effects);
        let level = a.level.filter(|_| a.kind.has_levels());
        // Read by their targets here (not through `TakenEffect::for_roll`, which the
        // pack update's words use), so the roll panel's chunk shares no code with them.
        for e in copied.iter().filter(|e| e.at(level)) {
            match (e.target.as_str(), &e.dice) {
                (SECOND_CHANCE, _) => out.second_chances.push((a.name.clone(), e.attr)),
                (EXTRA_DAMAGE, Some(dice)) => out.extra_damage.push((a.name.clone(), dice.clone())),
                (LONG_WEAPON_DIE, _) if e.amount > 0 => offer(LongDie {
                    source: a.name.clone(),
                    sides: e.amount as u32,
                    pack: a.from.as_ref().map(|f| f.name.clone()),
                }),
                _ => {}
            }
        }
        let gives_a_die = copied.iter().any(|e| e.target == LONG_WEAPON_DIE);
        if !gives_a_die && Known::of(&a.name) == Some(Known::PolearmMastery) {
            offer(LongDie {
                source: Known::PolearmMastery.name().into(),
                sides: 8,
                pack: None,
            });
        }
    }
    out
}

/// The second chances to pass that `abilities` give a test of `tested`, as the
/// test's circumstances ("Baron's Favour: second chance to pass"). A second chance on
/// an attribute's tests touches the tests of that attribute (an Attack tests its
/// weapon's); a Defense test is Defense's.
pub fn second_chances(abilities: &[Ability], tested: Stat) -> Vec<Circumstance> {
    roll_effects(abilities)
        .second_chances
        .into_iter()
        .filter(|(_, attr)| attr.is_none_or(|a| Stat::Attr(a) == tested))
        .map(|(source, _)| Circumstance::new(source, 0, Chance::ToPass))
        .collect()
}

/// `spec` with the second chances `abilities` give it, each once (the panel adds them
/// to show the chance before the roll, and the roll adds any still missing).
pub fn with_second_chances(mut spec: TestSpec, abilities: &[Ability]) -> TestSpec {
    for c in second_chances(abilities, spec.tested) {
        if !spec.extras.contains(&c) {
            spec.extras.push(c);
        }
    }
    spec
}

/// An attack's weapon as its hit rolls it, and each change said before the roll.
#[derive(Clone, Debug, PartialEq)]
pub struct AttackDamage {
    /// Named with what changed it: "Staff (Polearm Mastery, Butcher's Cut +1d4)".
    pub weapon: Weapon,
    /// "Polearm Mastery: the Staff rolls 1d8, not 1d6 (…).", "Butcher's Cut: +1d4
    /// damage on a hit."
    pub said: Vec<String>,
}

/// What `abilities` make of `w`'s damage on a hit: a Long weapon whose first die is a
/// single die smaller than the Long weapon's die rolls that die in its place, its other
/// dice and bonus kept (the app's reading of Polearm Mastery, seed 001, and of a pack's
/// Long weapon's die); then each extra damage's dice are added.
pub fn attack_damage(abilities: &[Ability], w: &Weapon) -> AttackDamage {
    let fx = roll_effects(abilities);
    let mut weapon = w.clone();
    let (mut named, mut said) = (Vec::new(), Vec::new());
    if let Some(die) = fx.long_die.filter(|_| w.has(&WeaponQuality::Long)) {
        if let Some(first) = w
            .damage
            .dice
            .first()
            .filter(|d| d.count == 1 && d.sides < die.sides)
        {
            weapon.damage.dice[0] = Dice {
                sides: die.sides,
                ..*first
            };
            let why = match &die.pack {
                Some(pack) => format!("its entry in “{pack}” gives a d{}", die.sides),
                None => "the app's choice: seed 001 names 1d8 at novice".into(),
            };
            said.push(format!(
                "{}: the {} rolls {}, not {} ({why}).",
                die.source, w.name, weapon.damage, w.damage
            ));
            named.push(die.source);
        }
    }
    for (source, dice) in fx.extra_damage {
        said.push(format!("{source}: +{dice} damage on a hit."));
        // Named once: "Butcher's Cut +1d4", when the same ability gave the die too.
        let more = format!("{source} +{dice}");
        match named.iter_mut().find(|n| **n == source) {
            Some(n) => *n = more,
            None => named.push(more),
        }
        weapon.damage.dice.extend(dice.dice);
        weapon.damage.bonus += dice.bonus;
    }
    if !named.is_empty() {
        weapon.name = format!("{} ({})", w.name, named.join(", "));
    }
    AttackDamage { weapon, said }
}

/// What a hit with `w` rolls for damage: the abilities' changes ([`attack_damage`]),
/// then Advantage's +1d4 when the attack had it. The weapon's name as changed, and
/// the dice.
pub fn hit_dice(abilities: &[Ability], w: &Weapon, advantage: bool) -> (String, DiceExpr) {
    let w = attack_damage(abilities, w).weapon;
    let expr = if advantage {
        w.damage.with_advantage()
    } else {
        w.damage
    };
    (w.name, expr)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::dice_notation::parse_dice;
    use crate::rules::symbaroum::experience::{AbilityKind, Level};
    use crate::rules::symbaroum::pack_effects::{Effect, Taken};

    fn d(s: &str) -> DiceExpr {
        parse_dice(s).unwrap()
    }

    fn staff() -> Weapon {
        let mut w = Weapon::new("Staff", d("1d6+1"));
        w.qualities.push(WeaponQuality::Long);
        w
    }

    /// An ability taken from the pack "Marches" at `level`, whose entry lists
    /// `effects`, each at its level (every level when None).
    fn taken(name: &str, level: Level, effects: &[(Option<Level>, Effect)]) -> Ability {
        let mut a = Ability::new(name, AbilityKind::Ability, Some(level));
        a.from = Some(Taken {
            pack: "p".into(),
            name: "Marches".into(),
            entry: 1,
            version: 1,
            effects: effects
                .iter()
                .filter_map(|(l, e)| TakenEffect::of(e, *l))
                .collect(),
        });
        a
    }

    #[test]
    fn polearm_mastery_by_its_name_makes_a_long_weapons_small_die_a_d8() {
        // Seed 001: "the 1D8 damage at novice level".
        let pm = [Ability::new(
            "Polearm Mastery",
            AbilityKind::Ability,
            Some(Level::Novice),
        )];
        let hit = attack_damage(&pm, &staff());
        assert_eq!(hit.weapon.damage, d("1d8+1"));
        assert_eq!(hit.weapon.name, "Staff (Polearm Mastery)");
        assert_eq!(
            hit.said,
            ["Polearm Mastery: the Staff rolls 1d8+1, not 1d6+1 (the app's choice: seed 001 names 1d8 at novice)."]
        );
        let same = |w: &Weapon| attack_damage(&pm, w).weapon == *w;
        assert!(same(&Weapon::new("Spear", d("1d6"))), "not Long");
        let mut long = staff();
        for dmg in ["1d8", "1d10", "2d4"] {
            long.damage = d(dmg);
            assert!(same(&long), "{dmg}: already a d8, larger, or not one die");
        }
        let without = attack_damage(&[], &staff());
        assert_eq!(
            (without.weapon, without.said.len()),
            (staff(), 0),
            "no ability"
        );
    }

    #[test]
    fn a_packs_long_weapon_die_replaces_the_seeds_d8_at_the_level_it_is_given() {
        // A pack that says d10 rolls a d10, even for Polearm Mastery.
        let d10 = Effect::LongWeaponDie { sides: 10 };
        let pm = taken("Polearm Mastery", Level::Novice, &[(None, d10.clone())]);
        let hit = attack_damage(std::slice::from_ref(&pm), &staff());
        assert_eq!(hit.weapon.damage, d("1d10+1"));
        assert_eq!(
            hit.said,
            ["Polearm Mastery: the Staff rolls 1d10+1, not 1d6+1 (its entry in “Marches” gives a d10)."]
        );
        // Given at adept only: a novice's row rolls the staff's own die (the entry
        // speaks of the die, so the name's d8 does not apply).
        let adept = taken(
            "Polearm Mastery",
            Level::Novice,
            &[(Some(Level::Adept), d10.clone())],
        );
        assert_eq!(attack_damage(&[adept], &staff()).weapon, staff());
        // Taken from an entry that says nothing of the die: the name's d8 still.
        let old = taken("Polearm Mastery", Level::Novice, &[]);
        assert_eq!(attack_damage(&[old], &staff()).weapon.damage, d("1d8+1"));
        // Any ability may give it; the largest die of several is rolled.
        let cut = taken(
            "Butcher's Cut",
            Level::Master,
            &[(None, Effect::LongWeaponDie { sides: 12 })],
        );
        assert_eq!(
            attack_damage(&[pm, cut], &staff()).weapon.damage,
            d("1d12+1")
        );
    }

    #[test]
    fn extra_damage_dice_are_added_to_every_attacks_damage() {
        let cut = taken(
            "Butcher's Cut",
            Level::Novice,
            &[(None, Effect::ExtraDamage { dice: d("1d4+1") })],
        );
        let spear = Weapon::new("Spear", d("1d8"));
        let hit = attack_damage(&[cut], &spear);
        assert_eq!(hit.weapon.damage, d("1d8+1d4+1"));
        assert_eq!(hit.weapon.name, "Spear (Butcher's Cut +1d4+1)");
        assert_eq!(hit.said, ["Butcher's Cut: +1d4+1 damage on a hit."]);
    }

    #[test]
    fn a_second_chance_joins_the_tests_of_its_attribute_once() {
        let favour = taken(
            "Baron's Favour",
            Level::Novice,
            &[(
                None,
                Effect::SecondChance {
                    attr: Some(Attr::Charisma),
                },
            )],
        );
        let any = taken(
            "Lucky",
            Level::Adept,
            &[(Some(Level::Adept), Effect::SecondChance { attr: None })],
        );
        let both = [favour, any];
        let names = |tested| -> Vec<String> {
            second_chances(&both, tested)
                .into_iter()
                .map(|c| c.text())
                .collect()
        };
        assert_eq!(
            names(Stat::Attr(Attr::Charisma)),
            [
                "Baron's Favour: second chance to pass",
                "Lucky: second chance to pass"
            ]
        );
        assert_eq!(names(Stat::Defense), ["Lucky: second chance to pass"]);
        let spec = TestSpec::new(Stat::Attr(Attr::Might), 10);
        let once = with_second_chances(with_second_chances(spec, &both), &both);
        assert_eq!(once.extras.len(), 1, "added once: {:?}", once.extras);
        assert_eq!(
            once.mode(),
            crate::rules::symbaroum::success::RollMode::KeepBetter
        );
        // Taken at novice, an effect of adept does nothing.
        let mut lucky = both[1].clone();
        lucky.level = Some(Level::Novice);
        assert!(second_chances(&[lucky], Stat::Defense).is_empty());
    }
}
