//! Abilities through the Experience ledger: bought (or gained free at creation),
//! raised or lowered a level, removed with what they cost refunded. Each books its
//! entry in the ledger, or refuses with the reason and changes nothing.

use crate::model::advance::Advance;
use crate::rules::symbaroum::experience::{
    gain, lose, price_note, relevel, worth, Ability, AbilityKind, Level, XpEntry, BURDEN_CREDIT,
    TRAITS_AT_CREATION_ONLY,
};

/// Whether a booking used the burden credit (the sheet's switch then turns itself off).
pub fn used_credit(booked: &Option<XpEntry>) -> bool {
    matches!(booked, Some(XpEntry::Purchase { credits: 1.., .. }))
}

/// An ability added.
#[derive(Clone, Debug, PartialEq)]
pub struct Bought {
    /// What the sheet says: "Added Recovery (novice): 10 Experience."
    pub message: String,
    pub booked: Option<XpEntry>,
    /// Where it is in the list.
    pub at: usize,
}

/// Adds `ability` at its level: bought with Experience, or gained free (`free`: at
/// creation); `credit` spends the burden credit on this purchase.
pub fn buy(
    adv: &mut Advance,
    mut ability: Ability,
    free: bool,
    credit: bool,
) -> Result<Bought, String> {
    let booked = gain(&adv.xp, &mut ability, adv.stage(), free, credit)?;
    ability.id = adv.next_ability_id();
    let title = ability.title();
    adv.abilities.push(ability);
    if let Some(e) = &booked {
        adv.xp.push(e.clone());
    }
    let message = match &booked {
        Some(e @ XpEntry::Purchase { .. }) => format!("Added {title}: {} Experience.", -e.delta()),
        _ => format!("Added {title}."),
    };
    Ok(Bought {
        message,
        booked,
        at: adv.abilities.len() - 1,
    })
}

/// What adding an ability of `kind` at `level` costs, as the add form says it before
/// the button: nothing for a trait (at creation; refused after), a burden's credit, or
/// the Experience booked (less a burden credit when one is used), with what is left
/// unspent and where the price is the app's choice. `free`: gained at creation.
pub fn cost_words(
    kind: AbilityKind,
    level: Level,
    unspent: i32,
    in_creation: bool,
    free: bool,
    credit: bool,
) -> String {
    let cost = worth(kind, Some(level));
    match kind {
        AbilityKind::Trait if in_creation => "Traits come with the race: no Experience.".into(),
        AbilityKind::Trait => TRAITS_AT_CREATION_ONLY.into(),
        AbilityKind::Burden => {
            format!("A burden costs nothing and gives a credit of {BURDEN_CREDIT} on one purchase.")
        }
        _ if free => "Gained at creation: no Experience booked.".into(),
        _ => {
            let with = if credit {
                format!(" ({} with the burden credit)", XpEntry::charged(cost, 1))
            } else {
                String::new()
            };
            let note = price_note(kind)
                .map(|n| format!(" {n}"))
                .unwrap_or_default();
            format!("Costs {cost} Experience{with}; {unspent} unspent.{note}")
        }
    }
}

/// Raises or lowers the ability at `i` to `to`, booking the difference (a purchase or
/// a refund; none during creation).
pub fn set_level(
    adv: &mut Advance,
    i: usize,
    to: Level,
    credit: bool,
) -> Result<Option<XpEntry>, String> {
    let (ledger, stage) = (adv.xp.clone(), adv.stage());
    let Some(ab) = adv.abilities.get_mut(i) else {
        return Ok(None);
    };
    let mut next = ab.clone();
    let booked = relevel(&ledger, &mut next, to, stage, credit)?;
    *ab = next;
    if let Some(e) = &booked {
        adv.xp.push(e.clone());
    }
    Ok(booked)
}

/// Removes the ability at `i`, refunding what it cost. Returns how many abilities were
/// listed before.
pub fn remove(adv: &mut Advance, i: usize) -> Result<usize, String> {
    let ab = adv.abilities.get(i).ok_or(String::new())?;
    let booked = lose(&adv.xp, ab)?;
    adv.xp.extend(booked);
    let before = adv.abilities.len();
    adv.abilities.remove(i);
    Ok(before)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::experience::{totals, AbilityKind};

    #[test]
    fn the_add_form_says_what_an_ability_costs_before_it_is_added() {
        use AbilityKind as K;
        assert_eq!(
            cost_words(K::Ability, Level::Adept, 40, false, false, false),
            "Costs 30 Experience; 40 unspent."
        );
        assert_eq!(
            cost_words(K::Ability, Level::Novice, 40, false, false, true),
            "Costs 10 Experience (5 with the burden credit); 40 unspent."
        );
        assert!(
            cost_words(K::PrincipleBond, Level::Novice, 0, false, false, false)
                .ends_with("so it costs as an ability (10 / 20 / 30).")
        );
        assert_eq!(
            cost_words(K::Trait, Level::Master, 0, true, true, false),
            "Traits come with the race: no Experience."
        );
        assert!(
            cost_words(K::Burden, Level::Novice, 0, false, false, false).contains("credit of 5")
        );
        assert_eq!(
            cost_words(K::Boon, Level::Novice, 3, true, true, false),
            "Gained at creation: no Experience booked."
        );
    }

    fn award(adv: &mut Advance, amount: i32) {
        adv.xp.push(XpEntry::Award {
            amount,
            note: "adventure".into(),
            date: String::new(),
        });
    }

    fn recovery() -> Ability {
        Ability::new("Recovery", AbilityKind::Ability, Some(Level::Novice))
    }

    #[test]
    fn an_ability_is_bought_raised_lowered_and_removed_through_the_ledger() {
        let mut adv = Advance::default();
        award(&mut adv, 25);
        let b = buy(&mut adv, recovery(), false, false).unwrap();
        assert_eq!(b.message, "Added Recovery (novice): 10 Experience.");
        assert_eq!((b.at, totals(&adv.xp).unspent), (0, 15));
        assert_ne!(adv.abilities[0].id, 0, "numbered when added");
        // Adept costs 20: 5 missing, refused, nothing booked.
        let refused = set_level(&mut adv, 0, Level::Adept, false).unwrap_err();
        assert!(refused.contains("5 missing"), "{refused}");
        assert_eq!(adv.xp.len(), 2);
        award(&mut adv, 10);
        assert!(set_level(&mut adv, 0, Level::Adept, false)
            .unwrap()
            .is_some());
        assert_eq!(adv.abilities[0].level, Some(Level::Adept));
        assert_eq!(totals(&adv.xp).unspent, 5);
        // Lowering refunds the step; removing refunds the rest.
        set_level(&mut adv, 0, Level::Novice, false).unwrap();
        assert_eq!(totals(&adv.xp).unspent, 25);
        assert_eq!(remove(&mut adv, 0), Ok(1));
        assert!(adv.abilities.is_empty());
        assert_eq!(totals(&adv.xp).unspent, 35);
    }

    #[test]
    fn gained_free_at_creation_books_nothing_and_the_burden_credit_lowers_a_purchase() {
        let mut adv = Advance {
            in_creation: true,
            ..Advance::default()
        };
        let b = buy(&mut adv, recovery(), true, false).unwrap();
        assert_eq!(
            (b.message.as_str(), b.booked),
            ("Added Recovery (novice).", None)
        );
        adv.in_creation = false;
        let burden = Ability::new("Haunted", AbilityKind::Burden, None);
        buy(&mut adv, burden, false, false).unwrap();
        award(&mut adv, 10);
        let iron = Ability::new("Iron Fist", AbilityKind::Ability, Some(Level::Novice));
        let b = buy(&mut adv, iron, false, true).unwrap();
        assert!(used_credit(&b.booked));
        assert_eq!(b.message, "Added Iron Fist (novice): 5 Experience.");
        let ids: Vec<u32> = adv.abilities.iter().map(|a| a.id).collect();
        assert_eq!(ids, vec![1, 2, 3], "each its own");
    }

    #[test]
    fn abilities_saved_without_ids_or_sharing_one_are_numbered_in_list_order() {
        let mut adv = Advance::default();
        for (name, id) in [("A", 0), ("B", 7), ("C", 7), ("D", 0)] {
            let mut a = recovery();
            a.name = name.into();
            a.id = id;
            adv.abilities.push(a);
        }
        crate::model::ids::number(&mut adv.abilities, |a| &mut a.id);
        let ids: Vec<u32> = adv.abilities.iter().map(|a| a.id).collect();
        assert_eq!(ids, vec![8, 7, 9, 10]);
        let before = adv.clone();
        crate::model::ids::number(&mut adv.abilities, |a| &mut a.id);
        assert_eq!(adv, before, "numbering twice changes nothing");
    }
}
