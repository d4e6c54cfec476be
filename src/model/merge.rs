//! Merging two edits of one character made in two browser tabs, field by field,
//! against the last version both saw: what only one side changed is taken from that
//! side, so edits to different fields both survive; where both changed the same field,
//! the later edit (by the character's edit time) is kept and the field is named.
//!
//! Fields are the document's JSON fields, followed into objects (so `attributes.might`
//! and `attributes.wit` are different fields); a list is one field.

use super::{load_document, Character};
use rustc_hash::FxHashMap as HashMap;
use serde_json::{Map, Value};

/// The merged character and the fields both sides changed, as paths
/// (`attributes.might`, `combat.weapons`).
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    pub character: Character,
    pub conflicts: Vec<String>,
}

/// Merges `ours` and `theirs`, both edited from `base`. Falls back to the later of the
/// two whole if the merge would not be a valid document.
pub fn merge(base: &Character, ours: &Character, theirs: &Character) -> Merged {
    merge_with(base, ours, theirs, ours.updated > theirs.updated)
}

/// As [`merge`], with `ours_later` deciding the fields both sides changed.
pub fn merge_with(
    base: &Character,
    ours: &Character,
    theirs: &Character,
    ours_later: bool,
) -> Merged {
    try_merge_with(base, ours, theirs, ours_later).unwrap_or_else(|| Merged {
        character: if ours_later { ours } else { theirs }.clone(),
        conflicts: vec!["the whole character".into()],
    })
}

/// As [`merge_with`]; None when the merge is not a valid document.
pub fn try_merge_with(
    base: &Character,
    ours: &Character,
    theirs: &Character,
    ours_later: bool,
) -> Option<Merged> {
    let b = json_tree(base)?;
    let o = json_tree(ours)?;
    let t = json_tree(theirs)?;
    let mut conflicts = Vec::new();
    let mut merged = merge_value::<false>(&b, &o, &t, ours_later, "", &mut conflicts);
    merged["updated"] = Value::from(ours.updated.max(theirs.updated));
    let character = load_document(&merged.to_string()).ok()?;
    Some(Merged {
        character,
        conflicts,
    })
}

/// The fields that differ between `a` and `b` (the edit time aside), as paths.
pub fn changed_fields(a: &Character, b: &Character) -> Vec<String> {
    let (Some(a), Some(b)) = (json_tree(a), json_tree(b)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    diff(&a, &b, "", &mut out);
    out
}

/// A character as a JSON tree, made from its saved text: the app then carries one
/// serializer for characters (to text, as saved) instead of a second one into trees,
/// and reading text into a tree is already there for unknown fields. Merges are rare
/// (another tab's edit, an undo), so the detour costs nothing a player notices.
fn json_tree(c: &Character) -> Option<Value> {
    serde_json::from_str(&super::write::json(c).ok()?).ok()
}

/// Every key of `a` and then those only in `b`, each with its path under `path`.
fn keys_of<'a>(
    a: &'a Map<String, Value>,
    b: &'a Map<String, Value>,
    path: &'a str,
) -> impl Iterator<Item = (&'a String, String)> + 'a {
    a.keys()
        .chain(b.keys().filter(|k| !a.contains_key(*k)))
        .map(move |key| {
            let sub = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            (key, sub)
        })
}

/// A field's value, or null where the object has none.
fn field<'a>(m: &'a Map<String, Value>, key: &str) -> &'a Value {
    m.get(key).unwrap_or(&Value::Null)
}

fn diff(a: &Value, b: &Value, path: &str, out: &mut Vec<String>) {
    if a == b || path == "updated" {
        return;
    }
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (key, sub) in keys_of(x, y, path) {
                diff(field(x, key), field(y, key), &sub, out);
            }
        }
        _ => out.push(path.to_string()),
    }
}

/// Merges three JSON documents field by field as [`merge`] does, and lists of rows that
/// each have an "id" row by row (a row edited in one and another row edited, added or
/// removed in the other both survive): for documents whose rows are edited one by one
/// in two tabs, a campaign pack's entries. Returns the merged tree and the fields both
/// sides changed.
pub fn merge_rows(
    base: &Value,
    ours: &Value,
    theirs: &Value,
    ours_later: bool,
) -> (Value, Vec<String>) {
    let mut conflicts = Vec::new();
    let merged = merge_value::<true>(base, ours, theirs, ours_later, "", &mut conflicts);
    (merged, conflicts)
}

/// Whether every element of `rows` is an object with an id.
fn keyed(rows: &[Value]) -> bool {
    rows.iter()
        .all(|r| r.get("id").is_some_and(|id| !id.is_null()))
}

/// Rows merged by id: ours in our order, then the rows only the other side added.
/// A row one side removed stays removed unless the other side changed it.
fn merge_row_lists<'a>(
    base: &'a [Value],
    ours: &'a [Value],
    theirs: &'a [Value],
    ours_later: bool,
    path: &str,
    conflicts: &mut Vec<String>,
) -> Vec<Value> {
    // Each side's rows by id, so a pack of thousands of entries merges in one pass.
    let index = |rows: &'a [Value]| -> HashMap<String, &'a Value> {
        rows.iter().map(|r| (r["id"].to_string(), r)).collect()
    };
    let (b, t_rows, o_rows) = (index(base), index(theirs), index(ours));
    let mut out = Vec::new();
    for o in ours {
        let id = o["id"].to_string();
        let sub = format!("{path}#{id}");
        match (t_rows.get(&id), b.get(&id)) {
            (Some(t), b) => out.push(merge_value::<true>(
                b.copied().unwrap_or(&Value::Null),
                o,
                t,
                ours_later,
                &sub,
                conflicts,
            )),
            // Removed there: gone, unless this side changed it since.
            (None, Some(b)) if *b == o => {}
            (None, Some(_)) => {
                conflicts.push(sub);
                out.push(o.clone());
            }
            // Added here.
            (None, None) => out.push(o.clone()),
        }
    }
    for t in theirs {
        let id = t["id"].to_string();
        if o_rows.contains_key(&id) {
            continue;
        }
        match b.get(&id) {
            // Added there.
            None => out.push(t.clone()),
            // Removed here: gone, unless the other side changed it since.
            Some(b) if *b == t => {}
            Some(_) => {
                conflicts.push(format!("{path}#{id}"));
                out.push(t.clone());
            }
        }
    }
    out
}

fn merge_value<const BY_ID: bool>(
    base: &Value,
    ours: &Value,
    theirs: &Value,
    ours_later: bool,
    path: &str,
    conflicts: &mut Vec<String>,
) -> Value {
    if ours == theirs || theirs == base {
        return ours.clone();
    }
    if ours == base {
        return theirs.clone();
    }
    match (base, ours, theirs) {
        // A part the base leaves out (an empty `about` or `combat` is not written)
        // merges as an empty one, so both sides' first entries in it survive.
        (Value::Object(_) | Value::Null, Value::Object(o), Value::Object(t)) => {
            let empty = Map::new();
            let b = base.as_object().unwrap_or(&empty);
            Value::Object(merge_objects::<BY_ID>(b, o, t, ours_later, path, conflicts))
        }
        (_, Value::Array(o), Value::Array(t)) if BY_ID && keyed(o) && keyed(t) => {
            let b = base.as_array().map(Vec::as_slice).unwrap_or(&[]);
            Value::Array(merge_row_lists(b, o, t, ours_later, path, conflicts))
        }
        _ => {
            if path != "updated" {
                conflicts.push(path.to_string());
            }
            if ours_later {
                ours.clone()
            } else {
                theirs.clone()
            }
        }
    }
}

fn merge_objects<const BY_ID: bool>(
    base: &Map<String, Value>,
    ours: &Map<String, Value>,
    theirs: &Map<String, Value>,
    ours_later: bool,
    path: &str,
    conflicts: &mut Vec<String>,
) -> Map<String, Value> {
    let mut out = Map::new();
    for (key, sub) in keys_of(ours, theirs, path) {
        let (b, o, t) = (field(base, key), field(ours, key), field(theirs, key));
        let v = merge_value::<BY_ID>(b, o, t, ours_later, &sub, conflicts);
        if !v.is_null() || (ours.contains_key(key) && theirs.contains_key(key)) {
            out.insert(key.clone(), v);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::Attr;
    use crate::rules::Ruleset;

    fn base() -> Character {
        let mut c = Character::new("a".into(), Ruleset::Homebrew, 1_000.0);
        c.name = "Ylva".into();
        c
    }

    #[test]
    fn edits_to_different_fields_both_survive() {
        let b = base();
        let mut ours = b.clone();
        ours.attributes.set(Attr::Might, 13);
        ours.notes = "Ours".into();
        ours.updated = 2_000.0;
        let mut theirs = b.clone();
        theirs.attributes.set(Attr::Wit, 12);
        theirs.combat.damage = 3;
        theirs.updated = 3_000.0;
        let m = merge(&b, &ours, &theirs);
        assert_eq!(m.conflicts, Vec::<String>::new());
        let c = m.character;
        assert_eq!(c.attributes.get(Attr::Might), 13);
        assert_eq!(c.attributes.get(Attr::Wit), 12);
        assert_eq!(c.notes, "Ours");
        assert_eq!(c.combat.damage, 3);
        assert_eq!(c.updated, 3_000.0);
    }

    #[test]
    fn a_same_field_conflict_keeps_the_later_edit_and_names_the_field() {
        let b = base();
        let mut ours = b.clone();
        ours.attributes.set(Attr::Wit, 11);
        ours.updated = 2_000.0;
        let mut theirs = b.clone();
        theirs.attributes.set(Attr::Wit, 12);
        theirs.updated = 3_000.0;
        let m = merge(&b, &ours, &theirs);
        assert_eq!(m.conflicts, vec!["attributes.wit".to_string()]);
        assert_eq!(m.character.attributes.get(Attr::Wit), 12, "theirs is later");
        ours.updated = 4_000.0;
        let m = merge(&b, &ours, &theirs);
        assert_eq!(
            m.character.attributes.get(Attr::Wit),
            11,
            "now ours is later"
        );
    }

    #[test]
    fn parts_added_on_one_side_are_kept() {
        let b = base();
        let mut ours = b.clone();
        ours.advance.money.thaler = 5;
        ours.updated = 2_000.0;
        let mut theirs = b.clone();
        theirs.roll_log.push(crate::model::LogEntry {
            time: 1.0,
            what: "Wit test".into(),
            dice: "d20: 3".into(),
            target: Some(10),
            passed: Some(true),
            outcome: "Pass".into(),
        });
        theirs.updated = 2_500.0;
        let m = merge(&b, &ours, &theirs);
        assert!(m.conflicts.is_empty(), "{:?}", m.conflicts);
        assert_eq!(m.character.advance.money.thaler, 5);
        assert_eq!(m.character.roll_log.len(), 1);
    }

    #[test]
    fn finishing_creation_in_one_tab_and_a_sale_in_another_both_survive() {
        use crate::rules::symbaroum::encumbrance::{Item, ItemKind};
        let mut b = base();
        b.advance.in_creation = true;
        b.advance
            .items
            .push(Item::new(1, "Sword", ItemKind::Other).value(100));
        let mut ours = b.clone();
        ours.advance.in_creation = false;
        ours.updated = 2_000.0;
        let mut theirs = b.clone();
        theirs.advance.sell_used(1).unwrap();
        theirs.updated = 3_000.0;
        let m = merge(&b, &ours, &theirs);
        assert!(m.conflicts.is_empty(), "{:?}", m.conflicts);
        assert!(!m.character.advance.in_creation);
        assert!(m.character.advance.items.is_empty());
        assert_eq!(m.character.advance.money.shilling, 5);
    }

    #[test]
    fn who_the_character_is_merges_field_by_field() {
        let b = base();
        let mut ours = b.clone();
        ours.about.kin = "Ogre".into();
        ours.updated = 2_000.0;
        let mut theirs = b.clone();
        theirs.about.portrait = "data:image/png;base64,iVBORw0KGgo=".into();
        theirs.about.appearance = "Tall".into();
        theirs.updated = 3_000.0;
        let m = merge(&b, &ours, &theirs);
        assert!(m.conflicts.is_empty(), "{:?}", m.conflicts);
        assert_eq!(m.character.about.kin, "Ogre");
        assert_eq!(m.character.about.appearance, "Tall");
        assert_eq!(m.character.about.portrait, theirs.about.portrait);
        ours.about.appearance = "Short".into();
        let m = merge(&b, &ours, &theirs);
        assert_eq!(m.conflicts, vec!["about.appearance".to_string()]);
    }

    #[test]
    fn changed_fields_are_named_by_path() {
        let b = base();
        let mut c = b.clone();
        c.attributes.set(Attr::Wit, 12);
        c.name = "Ylva the Bold".into();
        c.updated = 9.0;
        assert_eq!(
            changed_fields(&b, &c),
            vec!["attributes.wit".to_string(), "name".to_string()]
        );
    }
}
