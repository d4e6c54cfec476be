//! What a newer version wrote into a character, kept by one mechanism for the whole
//! document: when a document is read, what its tree holds that this version's own
//! save of it would not write ([`Kept::between`]); when it is saved, that laid over
//! the typed save again ([`Kept::lay_over`]), objects by key and the rows of a list by
//! their id. No part of the document carries a field of its own for it.
//!
//! A key this version's save did not write when the document was read is kept whole,
//! and put back wherever the save does not write it (a field this version knows but
//! left out then, at its default, reads back the same). Inside an object both wrote,
//! only what is kept within it goes back, and only while the save still writes that
//! object: one the player emptied or removed takes what a newer version put in it.

use serde_json::Value;
use std::sync::Arc;

/// What a document held that this version does not write: nothing, for a document
/// this version wrote (the usual case).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Kept(Option<Arc<Node>>);

#[derive(Debug, PartialEq)]
enum Node {
    /// A value this version did not write when it read the document.
    Whole(Value),
    /// An object both wrote: what is kept inside it, by key.
    Fields(Vec<(String, Node)>),
    /// A list both wrote: what is kept inside its rows, by row.
    Rows(Vec<(Row, Node)>),
}

/// A row of a list: by its id, or by its place for a row without one.
#[derive(Debug, PartialEq)]
enum Row {
    Id(Value),
    At(usize),
}

impl Kept {
    /// What `stored` (a document's tree as read) holds that `typed` (this version's
    /// save of what it read) does not.
    pub fn between(stored: &Value, typed: &Value) -> Kept {
        Kept(node(stored, typed).map(Arc::new))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// Puts what is kept back into `typed`, this version's save of the document.
    pub fn lay_over(&self, typed: &mut Value) {
        if let Some(node) = &self.0 {
            lay(node, typed);
        }
    }
}

fn node(stored: &Value, typed: &Value) -> Option<Node> {
    match (stored, typed) {
        (Value::Object(s), Value::Object(t)) => {
            let fields: Vec<(String, Node)> = s
                .iter()
                .filter_map(|(k, v)| {
                    let kept = match t.get(k) {
                        // A null reads as an absent key in every version.
                        None if v.is_null() => None,
                        None => Some(Node::Whole(v.clone())),
                        Some(tv) => node(v, tv),
                    };
                    kept.map(|n| (k.clone(), n))
                })
                .collect();
            (!fields.is_empty()).then_some(Node::Fields(fields))
        }
        (Value::Array(s), Value::Array(t)) => {
            // The rows as read, in the order read: the typed save's row at the same
            // place is the same row (with the id it was given, if it had none).
            let rows: Vec<(Row, Node)> = s
                .iter()
                .zip(t)
                .enumerate()
                .filter_map(|(i, (sv, tv))| Some((row_of(tv, i), node(sv, tv)?)))
                .collect();
            (!rows.is_empty()).then_some(Node::Rows(rows))
        }
        _ => None,
    }
}

fn row_of(row: &Value, at: usize) -> Row {
    match row.get("id") {
        Some(id) => Row::Id(id.clone()),
        None => Row::At(at),
    }
}

fn lay(node: &Node, typed: &mut Value) {
    match (node, typed) {
        (Node::Fields(fields), Value::Object(t)) => {
            for (k, n) in fields {
                match (n, t.get_mut(k)) {
                    (Node::Whole(v), None) => {
                        t.insert(k.clone(), v.clone());
                    }
                    (Node::Whole(v), Some(now)) => fill(now, v),
                    (n, Some(now)) => lay(n, now),
                    (_, None) => {}
                }
            }
        }
        (Node::Rows(rows), Value::Array(t)) => {
            for (i, row) in t.iter_mut().enumerate() {
                let here = row_of(row, i);
                if let Some((_, n)) = rows.iter().find(|(r, _)| *r == here) {
                    lay(n, row);
                }
            }
        }
        _ => {}
    }
}

/// A value kept whole that this version now writes (an object it left out when it
/// was read): what it does not write of it goes back.
fn fill(now: &mut Value, kept: &Value) {
    if let (Value::Object(t), Value::Object(k)) = (now, kept) {
        for (key, v) in k {
            match t.get_mut(key) {
                None => {
                    t.insert(key.clone(), v.clone());
                }
                Some(inner) => fill(inner, v),
            }
        }
    }
}

/// `text` (a character saved by this version) with what `kept` holds laid over it.
pub fn with_kept(text: String, kept: &Kept) -> String {
    if kept.is_empty() {
        return text;
    }
    match serde_json::from_str::<Value>(&text) {
        Ok(mut tree) => {
            kept.lay_over(&mut tree);
            super::write::json(&tree).unwrap_or(text)
        }
        Err(_) => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// An object's keys.
    fn keys(v: &Value) -> Vec<&str> {
        v.as_object()
            .map(serde_json::Map::keys)
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect()
    }

    #[test]
    fn a_newer_key_at_any_level_goes_back_where_it_was() {
        let stored = json!({"a": 1, "zz": "top", "part": {"b": 2, "zz": [1]}, "rows": [
            {"id": 4, "c": 1, "zz": "four"}, {"id": 7, "c": 2}
        ]});
        let typed =
            json!({"a": 1, "part": {"b": 2}, "rows": [{"id": 4, "c": 1}, {"id": 7, "c": 2}]});
        let kept = Kept::between(&stored, &typed);
        // Edited since: a row moved to the front, another added, a value changed.
        let mut now = json!({"a": 5, "part": {"b": 3}, "rows": [
            {"id": 9, "c": 0}, {"id": 7, "c": 2}, {"id": 4, "c": 8}
        ]});
        kept.lay_over(&mut now);
        assert_eq!(
            now,
            json!({"a": 5, "zz": "top", "part": {"b": 3, "zz": [1]}, "rows": [
                {"id": 9, "c": 0}, {"id": 7, "c": 2}, {"id": 4, "c": 8, "zz": "four"}
            ]})
        );
    }

    #[test]
    fn a_null_this_version_leaves_out_is_not_kept() {
        let stored = json!({"a": 1, "level": null, "part": {"inside": null}});
        let typed = json!({"a": 1, "part": {}});
        assert!(Kept::between(&stored, &typed).is_empty());
    }

    #[test]
    fn a_document_this_version_wrote_keeps_nothing() {
        let doc = json!({"a": 1, "part": {"b": [1, 2]}});
        assert!(Kept::between(&doc, &doc).is_empty());
        assert_eq!(with_kept("{\"a\":1}".into(), &Kept::default()), "{\"a\":1}");
    }

    #[test]
    fn an_object_the_player_emptied_takes_a_newer_version_s_fields_with_it() {
        let stored = json!({"part": {"b": 2, "zz": 1}});
        let kept = Kept::between(&stored, &json!({"part": {"b": 2}}));
        let mut now = json!({});
        kept.lay_over(&mut now);
        assert_eq!(now, json!({}));
        // A deleted row, likewise.
        let stored = json!({"rows": [{"id": 1, "zz": 1}]});
        let kept = Kept::between(&stored, &json!({"rows": [{"id": 1}]}));
        let mut now = json!({"rows": [{"id": 2}]});
        kept.lay_over(&mut now);
        assert_eq!(now, json!({"rows": [{"id": 2}]}));
    }

    #[test]
    fn a_part_left_out_when_read_keeps_its_newer_fields_once_written() {
        // A part with nothing this version knows set is not written; the newer field
        // in it comes back, and stays once the player sets something in it.
        let stored = json!({"part": {"zz": 1, "b": 0}});
        let kept = Kept::between(&stored, &json!({}));
        let mut now = json!({});
        kept.lay_over(&mut now);
        assert_eq!(now, json!({"part": {"zz": 1, "b": 0}}));
        let mut now = json!({"part": {"b": 3}});
        kept.lay_over(&mut now);
        assert_eq!(keys(&now["part"]), ["b", "zz"]);
        assert_eq!(now["part"]["b"], 3, "the player's value wins");
    }
}
