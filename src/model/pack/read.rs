//! Reading a pack from a file, a link or storage: all or nothing, with every problem
//! named where it is. Older pack schemas are brought forward one version at a time,
//! as characters are ([`crate::model::migrate`]).

use super::check::{entry_at, list_name, problems, Problem};
use super::{Pack, PACK_FORMAT, PACK_SCHEMA_VERSION};
use crate::model::explain::explain_named;
use crate::model::transfer::check_size;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// One step: takes a pack of schema `n` to `n + 1`, in place.
type Migration = fn(&mut Map<String, Value>);

/// `MIGRATIONS[i]` takes schema `i + 1` to `i + 2`. Schema 1 is the first released
/// shape, so there is nothing to run yet.
const MIGRATIONS: &[Migration] = &[];

/// Why a pack was refused: a line for the whole, and each problem where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub lead: String,
    pub problems: Vec<Problem>,
}

impl Refusal {
    fn whole(lead: impl Into<String>) -> Refusal {
        Refusal {
            lead: lead.into(),
            problems: Vec::new(),
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.lead)?;
        for p in &self.problems {
            write!(f, "\n- {p}")?;
        }
        Ok(())
    }
}

/// The lists of a pack, by their saved keys, each read entry by entry.
const LISTS: [&str; 9] = [
    "abilities",
    "qualities",
    "items",
    "weapons",
    "armor",
    "heimr_abilities",
    "conditions",
    "heimr_weapons",
    "heimr_shields",
];

/// Reads a pack file's bytes. Nothing is stored: the caller asks the player first.
pub fn parse_pack(bytes: &[u8]) -> Result<Pack, Refusal> {
    check_size(bytes.len() as u64).map_err(Refusal::whole)?;
    let text = std::str::from_utf8(bytes).map_err(|_| {
        Refusal::whole("This is not a text file, so it cannot be a pack. Nothing was imported.")
    })?;
    let pack = read_pack(text.strip_prefix('\u{feff}').unwrap_or(text))?;
    match super::builtin::claims_builtin(&pack) {
        Some(why) => Err(Refusal::whole(format!("{why} Nothing was imported."))),
        None => Ok(pack),
    }
}

/// Reads a pack's text.
pub fn read_pack(text: &str) -> Result<Pack, Refusal> {
    let nothing = "Nothing was imported.";
    let value: Value = serde_json::from_str(text).map_err(|e| {
        Refusal::whole(format!(
            "This file is not valid JSON ({}). {nothing}",
            explain_named(text, &e, list_name)
        ))
    })?;
    let Value::Object(mut doc) = value else {
        return Err(Refusal::whole(format!(
            "This JSON is not a Sheetwright pack. {nothing}"
        )));
    };
    match doc.get("format").and_then(Value::as_str) {
        Some(PACK_FORMAT) => {}
        Some(crate::model::transfer::FORMAT) | None
            if doc.contains_key("characters") || doc.contains_key("ruleset") =>
        {
            return Err(Refusal::whole(format!(
                "This is a character file, not a pack: import it from the character list. {nothing}"
            )))
        }
        _ => {
            return Err(Refusal::whole(format!(
                "This JSON is not a Sheetwright pack (no \"format\": \"{PACK_FORMAT}\"). {nothing}"
            )))
        }
    }
    let schema = doc
        .get("schema")
        .and_then(Value::as_u64)
        .filter(|v| *v >= 1);
    let Some(schema) = schema else {
        return Err(Refusal::whole(format!(
            "This pack has no schema version. {nothing}"
        )));
    };
    if schema > PACK_SCHEMA_VERSION as u64 {
        return Err(Refusal::whole(format!(
            "This pack was made by a newer Sheetwright (pack schema {schema}; this version reads up to {PACK_SCHEMA_VERSION}). Reload the app to update it, then import again. {nothing}"
        )));
    }
    for step in &MIGRATIONS[(schema - 1) as usize..] {
        step(&mut doc);
    }
    doc.insert("schema".into(), Value::from(PACK_SCHEMA_VERSION));
    // Each entry on its own, so every bad one is named, not only the first.
    let mut found = Vec::new();
    for key in LISTS {
        match doc.get(key) {
            None | Some(Value::Null) => {}
            Some(Value::Array(rows)) => {
                for (i, row) in rows.iter().enumerate() {
                    if let Err(what) = entry_of(key, row) {
                        let name = row.get("name").and_then(Value::as_str).unwrap_or("");
                        found.push(Problem {
                            at: entry_at(key, i, name),
                            what,
                        });
                    }
                }
            }
            Some(_) => found.push(Problem {
                at: list_name(key),
                what: "a list was expected".into(),
            }),
        }
    }
    if !found.is_empty() {
        return Err(refused(found));
    }
    let text = Value::Object(doc).to_string();
    let mut pack: Pack = serde_json::from_str(&text).map_err(|e| {
        refused(vec![Problem {
            at: String::new(),
            what: explain_named(&text, &e, list_name),
        }])
    })?;
    // Whole milliseconds, as the app writes them, so it reads back as it was.
    pack.updated = pack.updated.round();
    let found = problems(&pack);
    if found.is_empty() {
        Ok(pack)
    } else {
        Err(refused(found))
    }
}

fn refused(problems: Vec<Problem>) -> Refusal {
    let n = problems.len();
    Refusal {
        lead: if n == 1 {
            "This pack has a problem, so nothing was imported:".into()
        } else {
            format!("This pack has {n} problems, so nothing was imported:")
        },
        problems,
    }
}

/// Whether entry `row` of list `key` reads, and why not.
fn entry_of(key: &str, row: &Value) -> Result<(), String> {
    use super::entries::*;
    fn one<T: DeserializeOwned>(row: &Value) -> Result<(), String> {
        let text = row.to_string();
        serde_json::from_str::<T>(&text)
            .map(drop)
            .map_err(|e| explain_named(&text, &e, |k| k.replace('_', " ")))
    }
    match key {
        "abilities" => one::<AbilityEntry>(row),
        "qualities" => one::<QualityEntry>(row),
        "items" => one::<ItemEntry>(row),
        "weapons" => one::<WeaponEntry>(row),
        "armor" => one::<ArmorEntry>(row),
        "heimr_abilities" => one::<HeimrAbilityEntry>(row),
        "conditions" => one::<ConditionEntry>(row),
        "heimr_weapons" => one::<HeimrWeaponEntry>(row),
        _ => one::<HeimrShieldEntry>(row),
    }
}
