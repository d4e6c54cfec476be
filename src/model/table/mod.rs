//! A game master's table: a document of its own (`sheetwright.table.<id>`), holding
//! copies of the players' characters (the party's members, taken from their share
//! links) and the foes the game master typed as stat lines.
//!
//! A member's characters are character documents inside the table's, read by the same
//! reader as any character ([`crate::model::load_value`]: migrations, ids, checks, a
//! newer version's fields kept) and written as they save themselves.

pub mod act;
pub mod chances;
pub mod fight;
pub mod file;
pub mod foe;
pub mod glance;
pub mod typed_foe;
pub mod update;

pub use fight::{Fight, Seat};
pub use foe::{Foe, FoeAttack, FoeStats, HeimrFoe, SymbaroumFoe};

use super::kept::Kept;
use super::tree::Tree;
use super::Character;
pub use crate::model::pack::Family;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;

/// The schema version this build writes for tables.
pub const TABLE_SCHEMA_VERSION: u32 = 1;
/// What a table's file names itself.
pub const TABLE_FORMAT: &str = "sheetwright-table";
/// How many members a table holds.
pub const MEMBERS_MAX: usize = 12;
/// How many foes a table holds.
pub const FOES_MAX: usize = 40;

/// A game master's table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Table {
    /// Always [`TABLE_FORMAT`].
    pub format: String,
    pub schema: u32,
    pub id: String,
    pub name: String,
    pub family: Family,
    /// When it was last changed (ms since 1970).
    #[serde(default, serialize_with = "whole_ms")]
    pub updated: f64,
    /// Read and written by hand ([`read_table`], [`Table::to_text`]): each member's
    /// characters through the characters' own reader.
    #[serde(skip)]
    pub members: Vec<Member>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub foes: Vec<Foe>,
    /// Initiative, the round and whose turn it is.
    #[serde(default, skip_serializing_if = "Fight::is_empty")]
    pub fight: Fight,
    /// What a newer version wrote into the table (not into a member's characters,
    /// which keep their own).
    #[serde(skip)]
    pub kept: Kept,
}

/// A member of the party: the table's copy of a player's character.
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    /// Unique within the table, never 0.
    pub id: u32,
    /// The character as the table holds it, acted on by the game master.
    pub character: Character,
    /// The character as the player's link last gave it: what an update link sent back
    /// is worked out against.
    pub taken: Character,
}

fn whole_ms<S: Serializer>(t: &f64, s: S) -> Result<S::Ok, S::Error> {
    if t.fract() == 0.0 && (0.0..=super::character::TIME_MAX).contains(t) {
        s.serialize_u64(*t as u64)
    } else {
        s.serialize_f64(*t)
    }
}

impl Table {
    /// A new, empty table.
    pub fn new(id: String, name: impl Into<String>, family: Family, now: f64) -> Table {
        Table {
            format: TABLE_FORMAT.into(),
            schema: TABLE_SCHEMA_VERSION,
            id,
            name: name.into(),
            family,
            updated: now,
            members: Vec::new(),
            foes: Vec::new(),
            fight: Fight::default(),
            kept: Kept::default(),
        }
    }

    /// The table's text, as saved and exported: its own fields, then each member's
    /// characters as they save themselves, with what a newer version wrote laid over.
    pub fn to_text(&self) -> String {
        self.saved_tree().to_string()
    }

    /// The table's tree as saved: with what a newer version wrote laid over.
    pub fn saved_tree(&self) -> Value {
        let mut tree = self.tree();
        self.kept.lay_over(&mut tree);
        tree
    }

    /// Two tabs' versions of a table merged against the last both saw, field by field
    /// and row by row (members and foes by id); where both changed a field the later
    /// edit is kept, and the fields are returned. `None` when the merge would not
    /// read as a table.
    pub fn merge(base: &Table, ours: &Table, theirs: &Table) -> Option<(Table, Vec<String>)> {
        let later = ours.updated > theirs.updated;
        let (merged, conflicts) = super::merge::merge_rows(
            &base.saved_tree(),
            &ours.saved_tree(),
            &theirs.saved_tree(),
            later,
        );
        let mut t = read_table_tree(merged).ok()?;
        t.updated = ours.updated.max(theirs.updated);
        Some((t, conflicts))
    }

    /// The table's tree as this version writes it.
    pub fn tree(&self) -> Value {
        let mut tree = serde_json::to_value(self).expect("a table always serializes");
        let members: Vec<Value> = self
            .members
            .iter()
            .map(|m| {
                let doc = |c: &Character| -> Value {
                    serde_json::from_str(&c.to_text()).unwrap_or_default()
                };
                serde_json::json!({
                    "id": m.id,
                    "character": doc(&m.character),
                    "taken": doc(&m.taken),
                })
            })
            .collect();
        if !members.is_empty() {
            tree["members"] = Value::Array(members);
        }
        tree
    }

    /// Member `id`, if they are at the table.
    pub fn member(&self, id: u32) -> Option<&Member> {
        self.members.iter().find(|m| m.id == id)
    }

    /// Adds `c` (read from a player's share link) as a member; refused in words when
    /// it is of the other family, already a member, or the table is full.
    pub fn add_member(&mut self, c: Character, now: f64) -> Result<u32, String> {
        if Family::of(c.ruleset) != self.family {
            return Err(format!(
                "{} plays {}, but this table is for {}. Nothing was added.",
                super::display_name(&c.name),
                c.ruleset.name(),
                self.family.name()
            ));
        }
        if self.members.iter().any(|m| m.character.id == c.id) {
            return Err(format!(
                "{} is already at this table. Nothing was added.",
                super::display_name(&c.name)
            ));
        }
        if self.members.len() >= MEMBERS_MAX {
            return Err(format!(
                "A table seats {MEMBERS_MAX} members. Nothing was added."
            ));
        }
        let id = super::ids::next_id(&self.members, |m| m.id);
        self.members.push(Member {
            id,
            character: c.clone(),
            taken: c,
        });
        self.updated = now;
        Ok(id)
    }

    /// Takes a member from the table (their own character is not touched).
    pub fn remove_member(&mut self, id: u32, now: f64) {
        self.members.retain(|m| m.id != id);
        self.updated = now;
    }

    /// Adds a foe the game master typed, checked; refused in words.
    pub fn add_foe(&mut self, mut foe: Foe, now: f64) -> Result<u32, String> {
        if self.foes.len() >= FOES_MAX {
            return Err(format!("A table holds {FOES_MAX} foes. Nothing was added."));
        }
        foe.check(self.family)?;
        foe.id = super::ids::next_id(&self.foes, |f| f.id);
        let id = foe.id;
        self.foes.push(foe);
        self.updated = now;
        Ok(id)
    }

    /// Takes a foe from the table.
    pub fn remove_foe(&mut self, id: u32, now: f64) {
        self.foes.retain(|f| f.id != id);
        self.updated = now;
    }

    /// Whether every value is one this version would write: refused otherwise.
    pub fn check(&self) -> Result<(), String> {
        super::character::check_id(&self.id)?;
        super::check_name(&self.name)?;
        if !super::character::is_time(self.updated) {
            return Err("the last-edit time is not a valid time".into());
        }
        if self.members.len() > MEMBERS_MAX {
            return Err(format!("a table seats {MEMBERS_MAX} members"));
        }
        if self.foes.len() > FOES_MAX {
            return Err(format!("a table holds {FOES_MAX} foes"));
        }
        for m in &self.members {
            for c in [&m.character, &m.taken] {
                if Family::of(c.ruleset) != self.family {
                    return Err(format!(
                        "its member {} is of the other family",
                        super::display_name(&c.name)
                    ));
                }
            }
            if m.character.id != m.taken.id {
                return Err("a member's copies are of two characters".into());
            }
        }
        unique(self.members.iter().map(|m| m.id), "members")?;
        unique(self.members.iter().map(|m| &m.character.id), "members")?;
        unique(self.foes.iter().map(|f| f.id), "foes")?;
        let f = &self.fight;
        if f.order.len() > MEMBERS_MAX + FOES_MAX || (f.turn > 0 && f.turn >= f.order.len()) {
            return Err("its initiative order is not one this version writes".into());
        }
        self.foes.iter().try_for_each(|f| f.check(self.family))
    }
}

fn unique<T: PartialEq>(ids: impl Iterator<Item = T>, what: &str) -> Result<(), String> {
    let ids: Vec<T> = ids.collect();
    match (0..ids.len()).any(|i| ids[..i].contains(&ids[i])) {
        true => Err(format!("two of its {what} are the same")),
        false => Ok(()),
    }
}

/// Reads a stored or exported table; refused in words.
pub fn read_table(text: &str) -> Result<Table, String> {
    let doc: Value =
        serde_json::from_str(text).map_err(|e| format!("it is not valid JSON ({e})"))?;
    read_table_tree(doc)
}

/// Reads a table from its document's tree.
pub fn read_table_tree(doc: Value) -> Result<Table, String> {
    let Value::Object(mut doc) = doc else {
        return Err("it is not a Sheetwright table".into());
    };
    if doc.get("format").and_then(Value::as_str) != Some(TABLE_FORMAT) {
        return Err("it is not a Sheetwright table".into());
    }
    match doc.get("schema").and_then(Value::as_u64) {
        Some(v @ 1..) if v <= u64::from(TABLE_SCHEMA_VERSION) => {}
        Some(v @ 1..) => {
            return Err(format!(
                "it was saved by a newer Sheetwright (table schema {v}; this version reads up to {TABLE_SCHEMA_VERSION})"
            ))
        }
        _ => return Err("it has no table schema version".into()),
    }
    let stored = Value::Object(doc.clone());
    let members = read_members(doc.remove("members"))?;
    let mut table = Table::deserialize(Tree(&Value::Object(doc)))
        .map_err(|e| format!("it is not a Sheetwright table ({e})"))?;
    table.members = members;
    table.updated = table.updated.round();
    table.check()?;
    table.kept = Kept::between(&without_members(stored), &without_members(table.tree()));
    Ok(table)
}

fn read_members(list: Option<Value>) -> Result<Vec<Member>, String> {
    let rows = match list {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(rows)) => rows,
        Some(_) => return Err("its members are not a list".into()),
    };
    rows.into_iter()
        .enumerate()
        .map(|(i, row)| {
            let Value::Object(mut row) = row else {
                return Err(format!("its member #{} is not a member", i + 1));
            };
            let mut take = |key: &str| {
                let doc = row.remove(key).unwrap_or_default();
                super::load_value(doc)
                    .map_err(|e| format!("its member #{}'s character: {e}", i + 1))
            };
            let character = take("character")?;
            let taken = take("taken")?;
            let id = row
                .get("id")
                .and_then(Value::as_u64)
                .and_then(|n| u32::try_from(n).ok())
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("its member #{} has no id", i + 1))?;
            Ok(Member {
                id,
                character,
                taken,
            })
        })
        .collect()
}

/// A table's tree without its members' characters, which keep their own newer fields.
fn without_members(mut tree: Value) -> Value {
    if let Some(Value::Array(rows)) = tree.get_mut("members") {
        for row in rows.iter_mut().filter_map(Value::as_object_mut) {
            row.retain(|k, _| k != "character" && k != "taken");
        }
    }
    tree
}

#[cfg(test)]
mod tests;
