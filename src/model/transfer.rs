//! Export files and imports. An export holds one or many characters; an import accepts
//! an export file or a single character document, and either takes every character in
//! it or none, with a message naming the problem.

use super::migrate::{load_document, LoadError};
use super::Character;
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// Files larger than this are refused before they are read.
pub const IMPORT_MAX_BYTES: u64 = 5 * 1024 * 1024;

/// What the export file says it is.
pub const FORMAT: &str = "sheetwright";

/// An export file's own fields; its characters follow them.
#[derive(Serialize)]
struct ExportHead {
    format: &'static str,
    exported: f64,
}

/// The text of an export file holding `characters`, each as it saves itself
/// (`Character::to_text`, with what a newer version wrote): `{"format":…,"exported":…,
/// "characters":[…]}`.
pub fn export(characters: &[Character], now: f64) -> String {
    let head = super::write::json(&ExportHead {
        format: FORMAT,
        exported: now,
    })
    .expect("a number and a name always write");
    let characters: Vec<String> = characters.iter().map(Character::to_text).collect();
    // The head's object, still open for its last field.
    let open = head.strip_suffix('}').unwrap_or(&head);
    format!("{open},\"characters\":[{}]}}", characters.join(","))
}

/// A file name for an export: `grumpa-the-ogre.sheetwright.json` or
/// `sheetwright-characters.json`.
pub fn export_file_name(characters: &[Character]) -> String {
    match characters {
        [one] => format!("{}.sheetwright.json", slug(one.display_name(), "character")),
        _ => "sheetwright-characters.json".into(),
    }
}

/// A name as a file name's first part, for every kind of file the app writes:
/// "Grumpa the <Ogre>!" is `grumpa-the-ogre`; `fallback` when nothing is left.
pub fn slug(name: &str, fallback: &str) -> String {
    let words: Vec<String> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|s| !s.is_empty())
        .map(str::to_lowercase)
        .collect();
    if words.is_empty() {
        fallback.into()
    } else {
        words.join("-")
    }
}

/// Checks a file's size before reading it.
pub fn check_size(bytes: u64) -> Result<(), String> {
    if bytes > IMPORT_MAX_BYTES {
        // Tenths of a MB in whole numbers: no float formatting code in the wasm.
        let tenths = (bytes * 10 + 512 * 1024) / (1024 * 1024);
        Err(format!(
            "This file is {}.{} MB; imports are limited to 5 MB. Nothing was imported.",
            tenths / 10,
            tenths % 10
        ))
    } else {
        Ok(())
    }
}

/// The top level of an import file, read without building a JSON tree.
#[derive(Deserialize)]
struct FileIn<'a> {
    #[serde(default)]
    format: Option<Loose<String>>,
    #[serde(borrow, default)]
    characters: Option<&'a RawValue>,
    #[serde(default)]
    schema: Option<IgnoredAny>,
}

/// A field that may hold a `T` or anything else.
#[derive(Deserialize)]
#[serde(untagged)]
enum Loose<T> {
    Value(T),
    Other(IgnoredAny),
}

#[derive(Deserialize)]
struct NameOnly {
    #[serde(default)]
    name: Option<Loose<String>>,
}

/// Reads an import. All or nothing: any problem refuses the whole file.
pub fn parse_import(bytes: &[u8]) -> Result<Vec<Character>, String> {
    check_size(bytes.len() as u64)?;
    let nothing = "Nothing was imported.";
    let text = std::str::from_utf8(bytes).map_err(|_| {
        format!("This is not a text file, so it cannot be a Sheetwright export. {nothing}")
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    serde_json::from_str::<IgnoredAny>(text)
        .map_err(|e| format!("This file is not valid JSON ({e}). {nothing}"))?;
    let not_export = || {
        format!(
            "This JSON is not a Sheetwright export: expected a character or a list of characters. {nothing}"
        )
    };
    let file: FileIn = serde_json::from_str(text).map_err(|_| not_export())?;
    let docs: Vec<&str> = match (file.characters, file.schema) {
        (Some(list), _) => {
            if !matches!(&file.format, Some(Loose::Value(f)) if f == FORMAT) {
                return Err(format!(
                    "This JSON is not a Sheetwright export (no \"format\": \"{FORMAT}\"). {nothing}"
                ));
            }
            let list: Vec<&RawValue> = serde_json::from_str(list.get())
                .map_err(|_| format!("The export's \"characters\" is not a list. {nothing}"))?;
            list.into_iter().map(RawValue::get).collect()
        }
        (None, Some(_)) => vec![text],
        (None, None) => return Err(not_export()),
    };
    if docs.is_empty() {
        return Err("The file holds no characters. Nothing was imported.".into());
    }
    let count = docs.len();
    let mut out = Vec::with_capacity(count);
    for (i, doc) in docs.into_iter().enumerate() {
        let label = describe(doc, i, count);
        let c = load_document(doc).map_err(|e| match e {
            LoadError::Invalid(msg) => format!("{label}: {msg}. {nothing}"),
            other => format!("{label} cannot be read: {other}. {nothing}"),
        })?;
        if out.iter().any(|o: &Character| o.id == c.id) {
            return Err(format!("{label} appears twice in the file. {nothing}"));
        }
        // Containers are found by item id: two items with one id would show one's
        // contents and count in the other's place.
        let items = &c.advance().items;
        if let Some(dup) = items
            .iter()
            .enumerate()
            .find_map(|(n, i)| items[..n].iter().any(|o| o.id == i.id).then_some(i.id))
        {
            return Err(format!(
                "{label}: two items in its inventory share the id {dup}. {nothing}"
            ));
        }
        out.push(c);
    }
    Ok(out)
}

/// "Character 2 (“Grumpa”)" or "The character (“Grumpa”)".
fn describe(doc: &str, i: usize, count: usize) -> String {
    let name = serde_json::from_str::<NameOnly>(doc)
        .ok()
        .and_then(|n| match n.name {
            Some(Loose::Value(n)) => Some(n.chars().take(40).collect::<String>()),
            _ => None,
        })
        .filter(|n| !n.trim().is_empty());
    let which = if count == 1 {
        "The character".to_string()
    } else {
        format!("Character {}", i + 1)
    };
    match name {
        Some(n) => format!("{which} (“{n}”)"),
        None => which,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::Attr;
    use crate::rules::Ruleset;

    fn sample(id: &str, name: &str) -> Character {
        let mut c = Character::new(id.into(), Ruleset::Homebrew, 5.0);
        c.name = name.into();
        c.attributes.set(Attr::Might, 13);
        c
    }

    #[test]
    fn export_then_import_gives_the_same_characters() {
        let cs = vec![sample("a1", "Ylva"), sample("b2", "Grumpa")];
        let text = export(&cs, 9.0);
        assert_eq!(parse_import(text.as_bytes()).unwrap(), cs);
    }

    #[test]
    fn an_export_file_reads_as_json_with_each_character_as_it_saves_itself() {
        let mut newer: serde_json::Value =
            serde_json::from_str(&sample("a1", "Ylva").to_text()).unwrap();
        newer["from_the_future"] = serde_json::json!({"x": [1, "\n"]});
        let kept = parse_import(newer.to_string().as_bytes())
            .unwrap()
            .remove(0);
        assert!(!kept.kept.is_empty());
        for cs in [
            vec![],
            vec![sample("b2", "Grumpa \"the\" Ogre")],
            vec![kept.clone(), sample("c3", "C")],
        ] {
            let text = export(&cs, 1_732_840_000_000.5);
            let file: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(file["format"], "sheetwright");
            assert_eq!(file["exported"], 1_732_840_000_000.5);
            let saved: Vec<serde_json::Value> = cs
                .iter()
                .map(|c| serde_json::from_str(&c.to_text()).unwrap())
                .collect();
            assert_eq!(file["characters"], serde_json::Value::from(saved), "{text}");
            assert_eq!(file.as_object().unwrap().len(), 3);
        }
        assert!(export(&[kept], 0.0).contains("from_the_future"));
    }

    #[test]
    fn a_single_stored_document_imports_too() {
        let c = sample("a1", "Ylva");
        let text = serde_json::to_string(&c).unwrap();
        assert_eq!(parse_import(text.as_bytes()).unwrap(), vec![c]);
    }

    #[test]
    fn each_kind_of_bad_file_gets_a_message_naming_it() {
        let msg = |b: &[u8]| parse_import(b).unwrap_err();
        assert!(msg(b"\xff\xfe\x00garbage").contains("not a text file"));
        assert!(msg(b"{\"format\": ").contains("not valid JSON"));
        assert!(msg(b"[1,2,3]").contains("not a Sheetwright export"));
        assert!(msg(b"{\"characters\": []}").contains("no \"format\""));
        assert!(msg(b"{\"format\":\"sheetwright\",\"characters\": []}").contains("no characters"));
        let mut c = sample("a1", "Ylva");
        c.ruleset = Ruleset::Symbaroum;
        let mut v = serde_json::to_value(&c).unwrap();
        v["ruleset"] = "pathfinder".into();
        let m = msg(v.to_string().as_bytes());
        assert!(m.contains("“Ylva”") && m.contains("pathfinder"), "{m}");
        v["ruleset"] = "symbaroum".into();
        v["attributes"]["might"] = 31.into();
        let m = msg(v.to_string().as_bytes());
        assert!(m.contains("Strong is 31"), "{m}");
        let big = vec![b' '; (IMPORT_MAX_BYTES + 1) as usize];
        assert!(msg(&big).contains("limited to 5 MB"));
        let twice = export(&[sample("a1", "A"), sample("a1", "B")], 0.0);
        assert!(msg(twice.as_bytes()).contains("twice"));
    }

    #[test]
    fn file_names_are_safe_slugs() {
        assert_eq!(
            export_file_name(&[sample("a", "Grumpa the <Ogre>!")]),
            "grumpa-the-ogre.sheetwright.json"
        );
        assert_eq!(
            export_file_name(&[sample("a", "")]),
            "unnamed-character.sheetwright.json"
        );
        assert_eq!(export_file_name(&[]), "sheetwright-characters.json");
    }

    #[test]
    fn an_import_with_two_items_of_one_id_is_refused_with_the_reason() {
        let mut v: serde_json::Value =
            serde_json::from_str(include_str!("../../tests/fixtures/v1-full.json")).unwrap();
        v["advance"]["items"][1]["id"] = serde_json::Value::from(1);
        let e = parse_import(v.to_string().as_bytes()).unwrap_err();
        assert!(e.contains("share the id 1"), "{e}");
        assert!(e.ends_with("Nothing was imported."), "{e}");
    }
}
