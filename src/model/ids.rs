//! Stable ids for the rows a player edits (items, abilities, weapons, armor, shields,
//! modifiers, combatants): what a list is
//! keyed by on screen, so a row follows its element when others are added or removed.
//! Unique within their list, never 0 once numbered; rows saved before they had ids
//! are numbered in list order when the document is read.

use super::Character;

/// A fresh, unguessable character id: 128 random bits from the platform's crypto source
/// (getrandom), as hex.
pub fn new_id() -> String {
    let mut buf = [0u8; 16];
    getrandom::fill(&mut buf).expect("the platform's crypto source is available");
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

/// Numbers every list of `c` that is keyed by id as it is read (abilities, weapons,
/// armor, shields, combatants, modifiers; items and Heimr's combatants have always
/// had ids).
pub fn number_rows(c: &mut Character) {
    number(&mut c.advance_mut().abilities, |a| &mut a.id);
    number(&mut c.combat.weapons, |w| &mut w.id);
    number(&mut c.combat.armor, |a| &mut a.id);
    number(&mut c.combat.shields, |s| &mut s.id);
    number(&mut c.combat.encounter, |e| &mut e.id);
    number(&mut c.modifiers, |m| &mut m.id);
}

/// An id no row of `rows` has.
pub fn next_id<T>(rows: &[T], id: impl Fn(&T) -> u32) -> u32 {
    rows.iter().map(|r| id(r) + 1).max().unwrap_or(1).max(1)
}

/// Each key with which of that key it is, in list order: `[a, b, a]` gives
/// `[(a, 0), (b, 0), (a, 1)]`. A list's rows are keyed so on screen (ids are unique,
/// so the second half is 0 but for documents from before imports refused
/// duplicates; Heimr's weapons are keyed by name, and a sheet may carry two alike).
pub fn nth_keys<K: Clone + Eq + std::hash::Hash>(
    keys: impl IntoIterator<Item = K>,
) -> Vec<(K, usize)> {
    let keys = keys.into_iter();
    let mut seen = rustc_hash::FxHashMap::<K, usize>::with_capacity_and_hasher(
        keys.size_hint().0,
        Default::default(),
    );
    keys.map(|k| {
        let n = seen.entry(k.clone()).or_default();
        *n += 1;
        (k, *n - 1)
    })
    .collect()
}

/// Where the row keyed `(k, nth)` by [`nth_keys`] is: the `nth` row that `is` `k`.
pub fn nth_place<T>(rows: &[T], nth: usize, is: impl Fn(&T) -> bool) -> Option<usize> {
    rows.iter()
        .enumerate()
        .filter(|(_, r)| is(r))
        .nth(nth)
        .map(|(i, _)| i)
}

/// Gives every row an id of its own, in list order: one without (0), or sharing
/// another's, gets the next free id. Numbering twice changes nothing.
pub fn number<T>(rows: &mut [T], id: impl Fn(&mut T) -> &mut u32) {
    let mut next = rows
        .iter_mut()
        .map(|r| *id(r) + 1)
        .max()
        .unwrap_or(1)
        .max(1);
    let mut seen: Vec<u32> = Vec::with_capacity(rows.len());
    for r in rows.iter_mut() {
        let id = id(r);
        if *id == 0 || seen.contains(id) {
            *id = next;
            next += 1;
        }
        seen.push(*id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_without_ids_or_sharing_one_are_numbered_in_list_order() {
        let mut ids = [0u32, 7, 7, 0];
        number(&mut ids, |n| n);
        assert_eq!(ids, [8, 7, 9, 10]);
        let before = ids;
        number(&mut ids, |n| n);
        assert_eq!(ids, before, "numbering twice changes nothing");
        assert_eq!(next_id(&ids, |n| *n), 11);
        assert_eq!(next_id::<u32>(&[], |n| *n), 1);
    }

    #[test]
    fn rows_of_one_key_are_told_apart_by_which_they_are_and_found_again() {
        let rows = ["Bow", "Axe", "Bow"];
        let keys = nth_keys(rows);
        assert_eq!(keys, [("Bow", 0), ("Axe", 0), ("Bow", 1)]);
        for (i, (k, n)) in keys.iter().enumerate() {
            assert_eq!(nth_place(&rows, *n, |r| r == k), Some(i));
        }
        assert_eq!(nth_place(&rows, 2, |r| *r == "Bow"), None);
    }
}
