//! The rest of a fight's rolls on the Combat tab: a weapon's damage, Knock Out's 1d12
//! (the optional Maneuvers rule), a burning building's fire each turn (the optional
//! Damage on Buildings rule) and reclaiming spent projectiles (the optional rule).

use super::{log_roll, spend_reroll};
use crate::model::Character;
use crate::rules::dice::{roll, Rng};
use crate::rules::symbaroum::buildings::FIRE_DIE;
use crate::rules::symbaroum::dice_notation::DiceExpr;
use crate::rules::symbaroum::maneuvers::knocks_out;
use crate::rules::symbaroum::roll_effects::hit_dice;
use crate::rules::symbaroum::traps_projectiles::{reclaim, Projectile, SPENT_MAX};

/// Rolls a weapon's damage into the log; a re-roll books 1 Experience first. Returns
/// the sheet's line: "Spear 1d8: 6 → 6".
pub fn roll_damage(
    c: &mut Character,
    name: &str,
    expr: &DiceExpr,
    reroll: bool,
    rng: &mut dyn Rng,
    now: f64,
) -> String {
    let r = expr.roll(rng);
    let dice = format!("{expr}: {}", r.text());
    let mut what = format!("Damage: {name}");
    if reroll {
        what = spend_reroll(c.advance_mut(), &what);
    }
    log_roll(c, now, what, dice.clone(), format!("{} damage", r.total));
    format!("{name} {dice} → {}", r.total)
}

/// The Combat tab's Damage button: weapon `id`'s damage as a hit with it rolls it (the
/// abilities' changes first: a Long weapon's larger die, a pack entry's extra dice;
/// `roll_effects::hit_dice`, as the roll panel's Attack), with Advantage's +1d4
/// when asked, logged. The sheet's line, and the name and dice rolled (for a re-roll);
/// None when the weapon is no longer on the sheet.
pub fn roll_weapon_damage(
    c: &mut Character,
    id: u32,
    advantage: bool,
    rng: &mut dyn Rng,
    now: f64,
) -> Option<(String, String, DiceExpr)> {
    let w = c.combat.weapons.iter().find(|w| w.id == id)?;
    let (name, expr) = hit_dice(&c.advance.abilities, w, advantage);
    let line = roll_damage(c, &name, &expr, false, rng, now);
    Some((line, name, expr))
}

/// Reclaims `spent` projectiles of `kind` (1 to [`SPENT_MAX`]): a d20 each, lost over
/// the kind's number, logged; the lost ones are taken off the inventory row `from`
/// when the player names one. Returns the sheet's message.
pub fn reclaim_projectiles(
    c: &mut Character,
    kind: Projectile,
    spent: u32,
    from: Option<u32>,
    rng: &mut dyn Rng,
    now: f64,
) -> String {
    let spent = spent.clamp(1, SPENT_MAX);
    let (dice, lost) = reclaim(rng, kind, spent);
    let mut name = String::from("Projectiles");
    let row = from.and_then(|id| c.advance_mut().items.iter_mut().find(|it| it.id == id));
    let taken = row.map(|it| {
        it.quantity = it.quantity.saturating_sub(lost);
        name = it.name.clone();
    });
    let faces: Vec<String> = dice.iter().map(u32::to_string).collect();
    log_roll(
        c,
        now,
        format!("Reclaiming {spent} {name} ({})", kind.name().to_lowercase()),
        format!("d20 × {spent}: {}", faces.join(", ")),
        format!("{} reclaimed, {lost} lost", spent - lost),
    );
    let kept = if taken.is_some() {
        format!(" {name} left in the inventory: the {lost} lost are taken off.")
    } else {
        String::new()
    };
    format!(
        "{} of {spent} reclaimed, {lost} lost (over {} on 1d20).{kept}",
        spent - lost,
        kind.lost_over()
    )
}

/// Knock Out: the 1d12 against the damage of the hit (1 to 999), logged. Returns the
/// sheet's message: "1d12: 4, lower than 6: knocked out."
pub fn knock_out(c: &mut Character, damage: i32, rng: &mut dyn Rng, now: f64) -> String {
    let d12 = roll(rng, 12);
    let out = knocks_out(d12, damage);
    let (text, outcome) = if out {
        (
            format!("1d12: {d12}, lower than {damage}: knocked out."),
            "Knocked out",
        )
    } else {
        (
            format!("1d12: {d12}, not lower than {damage}: not knocked out."),
            "Not knocked out",
        )
    };
    log_roll(
        c,
        now,
        format!("Knock Out against {damage} damage"),
        format!("d12: {d12}"),
        outcome.into(),
    );
    text
}

/// The next turn of a siege: the turn's damage starts again, and a burning building
/// takes its fire's 1d4 Wrecking damage, logged. Returns what the fire did, if it
/// burns.
pub fn building_next_turn(c: &mut Character, rng: &mut dyn Rng, now: f64) -> Option<String> {
    let b = c.combat.building.as_mut()?;
    b.next_turn();
    b.burning?;
    let d = roll(rng, FIRE_DIE);
    let dealt = b.hit(d as i32, true);
    let name = b.name();
    log_roll(
        c,
        now,
        format!("Fire: {name}"),
        format!("d4: {d}"),
        format!("{dealt} damage"),
    );
    Some(format!("The fire deals {dealt} (1d4, Wrecking)."))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::FixedDice;
    use crate::rules::symbaroum::buildings::Building;
    use crate::rules::Ruleset;

    fn character() -> Character {
        Character::new("Sapper".into(), Ruleset::Symbaroum, 0.0)
    }

    #[test]
    fn a_weapon_s_damage_is_logged_and_a_reroll_books_1_xp() {
        use crate::rules::symbaroum::dice_notation::parse_dice;
        let mut c = character();
        let expr = parse_dice("1d8+1").unwrap();
        let mut dice = FixedDice::new(&[(6, 8)]);
        assert_eq!(
            roll_damage(&mut c, "Spear", &expr, false, &mut dice, 1.0),
            "Spear 1d8+1: 6 + 1 = 7 → 7"
        );
        assert_eq!(c.roll_log[0].outcome, "7 damage");
        let mut dice = FixedDice::new(&[(2, 8)]);
        roll_damage(&mut c, "Spear", &expr, true, &mut dice, 2.0);
        assert_eq!(c.roll_log[0].what, "Re-roll for 1 XP: Damage: Spear");
        assert_eq!(c.advance().totals().spent, 1);
    }

    #[test]
    fn the_damage_button_rolls_what_the_abilities_make_of_the_weapon() {
        use crate::rules::symbaroum::combat::{Weapon, WeaponQuality};
        use crate::rules::symbaroum::dice_notation::parse_dice;
        use crate::rules::symbaroum::experience::{Ability, AbilityKind, Level};
        let mut c = character();
        let mut staff = Weapon::new("Staff", parse_dice("1d6+1").unwrap());
        staff.qualities.push(WeaponQuality::Long);
        c.combat.add_weapon(staff);
        let id = c.combat.weapons[0].id;
        // Without the ability, the staff's own d6.
        let (line, ..) =
            roll_weapon_damage(&mut c, id, false, &mut FixedDice::new(&[(4, 6)]), 1.0).unwrap();
        assert_eq!(line, "Staff 1d6+1: 4 + 1 = 5 → 5");
        // Polearm Mastery: the d8 (FixedDice checks each die's sides), as the Attack rolls it.
        c.advance_mut().abilities.push(Ability::new(
            "Polearm Mastery",
            AbilityKind::Ability,
            Some(Level::Novice),
        ));
        let (line, name, expr) =
            roll_weapon_damage(&mut c, id, false, &mut FixedDice::new(&[(7, 8)]), 2.0).unwrap();
        assert_eq!(line, "Staff (Polearm Mastery) 1d8+1: 7 + 1 = 8 → 8");
        assert_eq!(
            (name.as_str(), expr.to_string()),
            ("Staff (Polearm Mastery)", "1d8+1".into())
        );
        assert_eq!(c.roll_log[0].what, "Damage: Staff (Polearm Mastery)");
        // With Advantage, its +1d4 too; a weapon gone rolls nothing.
        let (line, ..) = roll_weapon_damage(
            &mut c,
            id,
            true,
            &mut FixedDice::new(&[(7, 8), (2, 4)]),
            3.0,
        )
        .unwrap();
        assert!(
            line.starts_with("Staff (Polearm Mastery) 1d8+1d4+1: "),
            "{line}"
        );
        assert_eq!(
            roll_weapon_damage(&mut c, id + 9, false, &mut FixedDice::new(&[]), 4.0),
            None
        );
    }

    #[test]
    fn reclaimed_projectiles_come_off_the_row_they_were_taken_from() {
        use crate::rules::symbaroum::encumbrance::{Item, ItemKind};
        let mut c = character();
        c.advance_mut()
            .items
            .push(Item::new(7, "Arrows", ItemKind::Other).quantity(20));
        // Plain arrows are lost over 10: two of three here.
        let mut dice = FixedDice::new(&[(4, 20), (11, 20), (19, 20)]);
        let said = reclaim_projectiles(&mut c, Projectile::Plain, 3, Some(7), &mut dice, 0.0);
        assert_eq!(
            said,
            "1 of 3 reclaimed, 2 lost (over 10 on 1d20). Arrows left in the inventory: the 2 lost are taken off."
        );
        assert_eq!(c.advance().items[0].quantity, 18);
        assert_eq!(c.roll_log[0].dice, "d20 × 3: 4, 11, 19");
    }

    #[test]
    fn knock_out_knocks_out_below_the_damage_and_is_logged() {
        let mut c = character();
        let mut dice = FixedDice::new(&[(4, 12)]);
        assert_eq!(
            knock_out(&mut c, 6, &mut dice, 3.0),
            "1d12: 4, lower than 6: knocked out."
        );
        let mut dice = FixedDice::new(&[(6, 12)]);
        assert_eq!(
            knock_out(&mut c, 6, &mut dice, 4.0),
            "1d12: 6, not lower than 6: not knocked out."
        );
        assert_eq!(c.roll_log[0].outcome, "Not knocked out");
        assert_eq!(c.roll_log[1].what, "Knock Out against 6 damage");
    }

    #[test]
    fn a_burning_building_takes_its_fire_each_turn() {
        let mut c = character();
        let mut none = FixedDice::new(&[]);
        assert_eq!(
            building_next_turn(&mut c, &mut none, 0.0),
            None,
            "no building"
        );
        c.combat.building = Some(Building::default());
        assert_eq!(
            building_next_turn(&mut c, &mut none, 0.0),
            None,
            "not burning"
        );
        c.combat.building.as_mut().unwrap().burning = Some(1);
        let mut dice = FixedDice::new(&[(3, 4)]);
        let said = building_next_turn(&mut c, &mut dice, 2.0).unwrap();
        assert_eq!(said, "The fire deals 3 (1d4, Wrecking).");
        let b = c.combat.building.as_ref().unwrap();
        assert_eq!((b.damage, b.burning), (3, Some(2)));
        assert_eq!(c.roll_log[0].dice, "d4: 3");
    }
}
