//! Back to the players: what the table changed of a member, as an update the player's
//! browser reads from a link, shows field by field, and applies only where the player
//! ticks, never overwriting unseen a field the player changed since the table took its
//! copy (a clash).
//!
//! An update carries every change since the table's copy was taken (the player's
//! share link), so a second link made for the same member holds the first's changes
//! too, and applying one twice changes nothing more. Each is stamped with when it was
//! made; the player's browser keeps the stamp of the last it accepted from the table
//! and refuses an older one. A checksum over its contents refuses a link changed after
//! it was made (it catches a damaged or edited link; with no server and no keys, it
//! cannot tell a forger who recomputes it).

use super::Table;
use crate::model::merge::merge_with;
use crate::model::tree::Tree;
use crate::model::write::{json, Unwritable};
use crate::model::{load_value, Character};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// What an update's document names itself.
pub const UPDATE_FORMAT: &str = "sheetwright-update";
/// The most changes one update carries.
pub const CHANGES_MAX: usize = 500;

/// One step into a character's document: an object's key, or a row of a list by its
/// id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    Key(String),
    Row(Value),
}

/// How a change is made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    /// The value at the path becomes `to` (`null`: removed); it was `from`.
    Set { from: Value, to: Value },
    /// Entries added at the end of a list (the Experience ledger).
    Append { entries: Vec<Value> },
    /// Entries added at the front of a list (the roll log, newest first).
    Prepend { entries: Vec<Value> },
}

/// A field the table changed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FieldChange {
    pub path: Vec<Step>,
    pub change: Change,
}

/// An update for one member.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Update {
    pub format: String,
    /// The character's id.
    pub character: String,
    /// The table's id and name.
    pub table: String,
    pub table_name: String,
    /// When the game master made it (ms since 1970): later ones supersede it.
    pub sent: f64,
    pub changes: Vec<FieldChange>,
    /// [`checksum`] of the above.
    pub check: String,
}

/// A change as the player's question shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Offered {
    /// "combat › damage", a row named by its name: "advance › items › Rope › quantity".
    pub field: String,
    /// What the player's character has now, and what the table sends.
    pub now: String,
    pub table: String,
    /// The player changed it since the table took its copy: shown, never ticked for
    /// them.
    pub clash: bool,
    /// The character has the table's value already.
    pub done: bool,
}

/// FNV-1a, 64 bits, over the update's contents as written (its `check` left out).
fn checksum(u: &Update) -> String {
    let mut u = u.clone();
    u.check = String::new();
    let text = json(&u).unwrap_or_default();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// A character's document as a tree, without the bookkeeping a link leaves out, and
/// with its combat, gear and background written whole even when empty (a save leaves
/// them out then), so that a change inside one is a change of that field, not of all.
fn tree(c: &Character) -> Value {
    let mut doc: Value = serde_json::from_str(&c.to_text()).unwrap_or_default();
    if let Some(doc) = doc.as_object_mut() {
        // Written as text and read back, as the whole document is (one writer, one
        // reader for the build).
        let whole = |t: Result<String, Unwritable>| {
            t.ok().and_then(|t| serde_json::from_str::<Value>(&t).ok())
        };
        let parts = [
            ("combat", json(&c.combat)),
            ("advance", json(&c.advance)),
            ("about", json(&c.about)),
        ];
        for (key, text) in parts {
            if doc.contains_key(key) {
                continue;
            }
            if let Some(part) = whole(text) {
                doc.insert(key.into(), part);
            }
        }
    }
    doc
}

fn rows_with_ids(v: &[Value]) -> bool {
    !v.is_empty()
        && v.iter()
            .all(|r| r.get("id").is_some_and(|id| !id.is_null()))
}

fn diff(from: &Value, to: &Value, path: &mut Vec<Step>, out: &mut Vec<FieldChange>) {
    if from == to {
        return;
    }
    let mut push = |path: &Vec<Step>, change| {
        out.push(FieldChange {
            path: path.clone(),
            change,
        })
    };
    match (from, to) {
        (Value::Object(f), Value::Object(t)) => {
            let keys = f.keys().chain(t.keys().filter(|k| !f.contains_key(*k)));
            for k in keys.cloned().collect::<Vec<_>>() {
                path.push(Step::Key(k.clone()));
                let none = Value::Null;
                diff(
                    f.get(&k).unwrap_or(&none),
                    t.get(&k).unwrap_or(&none),
                    path,
                    out,
                );
                path.pop();
            }
        }
        (Value::Array(f), Value::Array(t)) if rows_with_ids(f) && rows_with_ids(t) => {
            let id = |r: &Value| r["id"].clone();
            let none = Value::Null;
            let ids = f.iter().map(id).chain(
                t.iter()
                    .map(id)
                    .filter(|i| !f.iter().any(|r| r["id"] == *i)),
            );
            for i in ids.collect::<Vec<_>>() {
                let find = |rows: &[Value]| rows.iter().find(|r| r["id"] == i).cloned();
                let (a, b) = (find(f), find(t));
                path.push(Step::Row(i));
                diff(
                    a.as_ref().unwrap_or(&none),
                    b.as_ref().unwrap_or(&none),
                    path,
                    out,
                );
                path.pop();
            }
        }
        (Value::Array(f), Value::Array(t)) if t.len() > f.len() && t.starts_with(f) => push(
            path,
            Change::Append {
                entries: t[f.len()..].to_vec(),
            },
        ),
        (Value::Array(f), Value::Array(t)) if t.len() > f.len() && t.ends_with(f) => push(
            path,
            Change::Prepend {
                entries: t[..t.len() - f.len()].to_vec(),
            },
        ),
        _ => push(
            path,
            Change::Set {
                from: from.clone(),
                to: to.clone(),
            },
        ),
    }
}

impl Table {
    /// The changes from `from` to `to` (a member's copy as taken, and as it is now or
    /// as the player's new link has it), sealed and stamped `now`; `None` when none.
    fn changes(&self, from: &Character, to: &Character, now: f64) -> Option<Update> {
        let changes = fields_changed(from, to);
        if changes.is_empty() {
            return None;
        }
        let u = Update {
            format: UPDATE_FORMAT.into(),
            character: to.id.clone(),
            table: self.id.clone(),
            table_name: self.name.clone(),
            sent: now,
            changes,
            check: String::new(),
        };
        Some(u.sealed())
    }

    /// The update for member `member`: every change the table made to its copy since
    /// it was taken, stamped `now`. `None` when nothing changed (or no such member).
    pub fn update_for(&self, member: u32, now: f64) -> Option<Update> {
        let m = self.member(member)?;
        self.changes(&m.taken, &m.character, now)
    }

    /// Whether the table changed member `member`'s copy since it was taken: whether
    /// [`Table::update_for`] has something to send, without sealing it.
    pub fn has_update_for(&self, member: u32) -> bool {
        self.member(member)
            .is_some_and(|m| !fields_changed(&m.taken, &m.character).is_empty())
    }
}

/// Every field of `to` that differs from `from`, but when it was last edited, which is
/// not a change of anyone's.
fn fields_changed(from: &Character, to: &Character) -> Vec<FieldChange> {
    let mut changes = Vec::new();
    diff(&tree(from), &tree(to), &mut Vec::new(), &mut changes);
    changes.retain(|c| c.path != [Step::Key("updated".into())]);
    changes
}

impl Table {
    /// A player's new share link for a member: what it changes of the table's copy, as
    /// an update the game master answers field by field (a field the table changed
    /// since its copy was taken is a clash, as for the player). `None` when the
    /// character is not at the table or nothing changed.
    pub fn refresh_offer(&self, new: &Character, now: f64) -> Option<(u32, Update)> {
        let m = self.members.iter().find(|m| m.character.id == new.id)?;
        Some((m.id, self.changes(&m.taken, new, now)?))
    }

    /// Applies the ticked fields of a refresh to member `member`'s copy; the player's
    /// new version becomes what later updates are worked out against.
    pub fn refresh(
        &mut self,
        member: u32,
        offer: &Update,
        ticked: &[usize],
        new: Character,
        now: f64,
    ) -> Result<(), String> {
        let m = self
            .members
            .iter_mut()
            .find(|m| m.id == member && m.character.id == new.id)
            .ok_or("That player is not at this table any more. Nothing was changed.")?;
        m.character = offer.apply(&m.character, ticked, now)?;
        m.taken = new;
        self.updated = now;
        Ok(())
    }
}

/// Reads an update link's text for `have` (the characters this browser keeps, by id)
/// with `accepted` (the stamp of the last update accepted from that table for that
/// character, if any); refused in words, changing nothing.
pub fn read_update(
    bytes: &[u8],
    have: &dyn Fn(&str) -> Option<Character>,
    accepted: &dyn Fn(&str, &str) -> Option<f64>,
) -> Result<(Update, Character), String> {
    let unreadable =
        || "This link holds no update Sheetwright can read. Nothing was changed.".to_string();
    // Read as the documents are (text, its tree, the tree's parts): no reader of
    // its own.
    let text = std::str::from_utf8(bytes).map_err(|_| unreadable())?;
    let tree: Value = serde_json::from_str(text).map_err(|_| unreadable())?;
    let u = Update::deserialize(Tree(&tree)).map_err(|_| unreadable())?;
    if u.format != UPDATE_FORMAT {
        return Err(unreadable());
    }
    if u.check != checksum(&u) {
        return Err("This link was changed after the game master made it. Ask for it again. Nothing was changed.".into());
    }
    if u.changes.len() > CHANGES_MAX {
        return Err(format!(
            "This update holds more than {CHANGES_MAX} changes. Nothing was changed."
        ));
    }
    let c = have(&u.character).ok_or_else(|| {
        format!(
            "This update from “{}” is for a character this browser does not have. Nothing was changed.",
            u.table_name
        )
    })?;
    match accepted(&u.character, &u.table) {
        Some(t) if u.sent == t => {
            return Err(format!(
                "You accepted this update from “{}” already. Nothing was changed.",
                u.table_name
            ))
        }
        Some(t) if u.sent < t => {
            return Err(format!(
                "You have accepted a later update from “{}” already: this one is older. Nothing was changed.",
                u.table_name
            ))
        }
        _ => {}
    }
    Ok((u, c))
}

fn at<'a>(v: &'a Value, path: &[Step]) -> Option<&'a Value> {
    path.iter().try_fold(v, |v, s| match s {
        Step::Key(k) => v.get(k),
        Step::Row(id) => v.as_array()?.iter().find(|r| r.get("id") == Some(id)),
    })
}

/// The player's words for the fields the table changes; any other reads as its keys.
const WORDS: &[(&str, &str)] = &[
    ("combat › damage", "Damage taken"),
    ("combat › corruption › temporary", "Temporary corruption"),
    ("combat › corruption › permanent", "Permanent corruption"),
    ("combat › life", "Dying or dead"),
    ("combat › encounter", "Conditions"),
    ("advance › xp", "Experience"),
    ("roll log", "Roll log"),
];

/// How a path reads: the player's words for it, or its keys joined by " › " (a row by
/// its name when it has one), the first letter a capital.
fn field(tree: &Value, path: &[Step]) -> String {
    let mut words = Vec::new();
    for (i, s) in path.iter().enumerate() {
        words.push(match s {
            Step::Key(k) => k.replace('_', " "),
            Step::Row(id) => at(tree, &path[..=i])
                .and_then(|r| r.get("name")?.as_str().map(str::to_string))
                .unwrap_or_else(|| format!("#{id}")),
        });
    }
    let mut keys = words.join(" › ");
    if let Some((_, said)) = WORDS.iter().find(|(k, _)| *k == keys) {
        return said.to_string();
    }
    // A key is the document's own, in ASCII; a row's name may not be, and stays.
    if let Some(first) = keys.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    keys
}

/// A value as the player reads it: text as it is, a list or group by what is in it.
fn shown(v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Null) => "nothing".into(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(rows)) if rows.is_empty() => "none".into(),
        Some(Value::Array(rows)) => rows.iter().map(entry).collect::<Vec<_>>().join("; "),
        Some(group @ Value::Object(_)) => entry(group),
        Some(v) => v.to_string(),
    }
}

/// A row of a list (an Experience award, a roll, a condition) in a few words: its
/// amount and what it says of itself.
fn entry(row: &Value) -> String {
    let said = ["what", "note", "name", "text"]
        .iter()
        .find_map(|k| row.get(*k)?.as_str().filter(|t| !t.is_empty()));
    let amount = row.get("amount").and_then(Value::as_i64);
    match (amount, said) {
        (Some(n), Some(t)) => format!("{n} ({t})"),
        (Some(n), None) => n.to_string(),
        (None, Some(t)) => t.to_string(),
        (None, None) => match row {
            Value::Object(_) | Value::Array(_) => "a change".into(),
            v => v.to_string(),
        },
    }
}

impl Update {
    /// The update with its checksum over what it holds now.
    pub fn sealed(mut self) -> Update {
        self.check = checksum(&self);
        self
    }

    /// Each change as the player's question shows it, against their character `c`.
    pub fn offered(&self, c: &Character) -> Vec<Offered> {
        let mine = tree(c);
        self.changes
            .iter()
            .map(|fc| {
                let now = at(&mine, &fc.path);
                let (table, clash, done) = match &fc.change {
                    Change::Set { from, to } => {
                        let have = now.unwrap_or(&Value::Null);
                        (shown(Some(to)), have != from && have != to, have == to)
                    }
                    Change::Append { entries } | Change::Prepend { entries } => {
                        let list = now.and_then(Value::as_array);
                        let done = entries.iter().all(|e| list.is_some_and(|l| l.contains(e)));
                        let new = entries.iter().map(entry).collect::<Vec<_>>().join("; ");
                        (format!("added: {new}"), false, done)
                    }
                };
                Offered {
                    field: field(&mine, &fc.path),
                    now: shown(now),
                    table,
                    clash,
                    done,
                }
            })
            .collect()
    }

    /// `c` with the changes `ticked` (by their place in [`Update::offered`]) applied,
    /// read back as any character is (checked); refused in words, changing nothing.
    pub fn apply(&self, c: &Character, ticked: &[usize], now: f64) -> Result<Character, String> {
        let mut doc = tree(c);
        for (_, fc) in self
            .changes
            .iter()
            .enumerate()
            .filter(|(i, _)| ticked.contains(i))
        {
            set(&mut doc, &fc.path, &fc.change);
        }
        // Read back as any character is: migrations, ids, every check, and what a
        // newer version wrote kept.
        let mut out = load_value(doc).map_err(|e| {
            format!("The update would not leave a character Sheetwright can keep ({e}). Nothing was changed.")
        })?;
        out.updated = now;
        Ok(out)
    }
}

/// Undo of an accepted update: `before` it was taken, as `after` it (what Accept
/// wrote), and `current` the character as it is now. Another tab may have changed the
/// character since Accept: only the update's own changes are taken back, and a field
/// changed since (by the player, in another tab) keeps that change.
pub fn take_back(
    before: &Character,
    after: &Character,
    current: &Character,
    now: f64,
) -> Character {
    let mut back = merge_with(after, before, current, false).character;
    back.updated = now;
    back
}

/// Makes one change in `doc`; a path that no longer leads anywhere (a row the player
/// deleted) changes nothing.
fn set(doc: &mut Value, path: &[Step], change: &Change) {
    let Some((last, parents)) = path.split_last() else {
        return;
    };
    let Some(parent) = parents.iter().try_fold(doc, |v, s| match s {
        Step::Key(k) => {
            let obj = v.as_object_mut()?;
            Some(
                obj.entry(k.clone())
                    .or_insert_with(|| Value::Object(Default::default())),
            )
        }
        Step::Row(id) => v
            .as_array_mut()?
            .iter_mut()
            .find(|r| r.get("id") == Some(id)),
    }) else {
        return;
    };
    match (last, change) {
        (Step::Key(k), Change::Set { to, .. }) => {
            if let Some(obj) = parent.as_object_mut() {
                match to {
                    Value::Null => obj.remove(k),
                    v => obj.insert(k.clone(), v.clone()),
                };
            }
        }
        (Step::Row(id), Change::Set { to, .. }) => {
            if let Some(rows) = parent.as_array_mut() {
                match (rows.iter().position(|r| r.get("id") == Some(id)), to) {
                    (Some(i), Value::Null) => {
                        rows.remove(i);
                    }
                    (Some(i), v) => rows[i] = v.clone(),
                    (None, Value::Null) => {}
                    (None, v) => rows.push(v.clone()),
                }
            }
        }
        (Step::Key(k), Change::Append { entries } | Change::Prepend { entries }) => {
            let Some(obj) = parent.as_object_mut() else {
                return;
            };
            let list = obj
                .entry(k.clone())
                .or_insert_with(|| Value::Array(Vec::new()));
            let Some(list) = list.as_array_mut() else {
                return;
            };
            let new: Vec<Value> = entries
                .iter()
                .filter(|e| !list.contains(e))
                .cloned()
                .collect();
            match change {
                Change::Prepend { .. } => {
                    list.splice(0..0, new);
                }
                _ => list.extend(new),
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests;
