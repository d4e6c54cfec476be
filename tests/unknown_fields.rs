//! Fields a newer Sheetwright writes are kept by this one at every level of the
//! document: a field planted in each object of the full fixtures (every part, every
//! row of every list) survives reading, an edit, saving and an export, where it was.
#![cfg(not(target_arch = "wasm32"))]

use serde_json::{json, Map, Value};
use sheetwright::model::transfer::{export, parse_import};
use sheetwright::model::{load_document, Character};

/// The path of every object in `v` (the document itself is the empty path).
fn objects(v: &Value, path: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    match v {
        Value::Object(m) => {
            out.push(path.clone());
            for (k, x) in m {
                path.push(Value::from(k.as_str()));
                objects(x, path, out);
                path.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(Value::from(i));
                objects(x, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(v: &'a mut Value, path: &[Value]) -> &'a mut Value {
    path.iter().fold(v, |v, k| match k {
        Value::String(k) => &mut v[k.as_str()],
        _ => &mut v[k.as_u64().unwrap() as usize],
    })
}

fn shown(path: &[Value]) -> String {
    path.iter()
        .map(|k| k.to_string().trim_matches('"').to_string())
        .collect::<Vec<_>>()
        .join(".")
}

/// The object at `path` in `doc`, once `doc` has been read and written again.
fn after_a_save(doc: &Value, edit: impl Fn(&mut Character)) -> Result<Value, String> {
    let mut c = load_document(&doc.to_string()).map_err(|e| e.to_string())?;
    edit(&mut c);
    let saved = c.to_text();
    let exported = export(&[load_document(&saved).unwrap()], 0.0);
    let again = parse_import(exported.as_bytes()).map_err(|e| e.to_string())?;
    Ok(serde_json::from_str(&again[0].to_text()).unwrap())
}

fn every_object_keeps_a_newer_field(doc: Value) {
    let mut paths = Vec::new();
    objects(&doc, &mut Vec::new(), &mut paths);
    assert!(paths.len() > 15, "the fixture has objects at many levels");
    let mut lost = Vec::new();
    for path in &paths {
        let mut planted = doc.clone();
        let Value::Object(m) = at(&mut planted, path) else {
            unreachable!()
        };
        m.insert("zz_newer".into(), Value::from("kept"));
        let kept = after_a_save(&planted, |c| c.notes.push_str(" (edited)"))
            .map(|mut out| at(&mut out, path).get("zz_newer") == Some(&Value::from("kept")));
        match kept {
            Ok(true) => {}
            Ok(false) => lost.push(format!("{}: dropped", shown(path))),
            Err(e) => lost.push(format!("{}: refused ({e})", shown(path))),
        }
    }
    assert!(
        lost.is_empty(),
        "a newer field was not kept at:\n{}",
        lost.join("\n")
    );
}

/// A row of `value` put into `list` (a path of keys) of `doc`, so every kind of row
/// is in the document.
fn with_row(doc: &mut Value, list: &[&str], value: impl serde::Serialize) {
    let path: Vec<Value> = list.iter().map(|k| Value::from(*k)).collect();
    let v = serde_json::to_value(value).unwrap();
    match (at(doc, &path), v) {
        (Value::Array(a), Value::Array(rows)) => a.extend(rows),
        (slot, v) => *slot = v,
    }
}

#[test]
fn a_newer_field_is_kept_in_every_part_of_a_symbaroum_family_character() {
    use sheetwright::rules::symbaroum::buildings::Building;
    use sheetwright::rules::symbaroum::conditions::Condition;
    let mut doc: Value = serde_json::from_str(include_str!("fixtures/v1-full.json")).unwrap();
    let prone = Condition {
        name: "Prone".into(),
        ..Default::default()
    };
    with_row(&mut doc, &["combat", "conditions"], vec![prone]);
    with_row(&mut doc, &["combat", "building"], Building::default());
    // Rows taken from a campaign pack, and an ability's copied effects.
    let taken = json!({"pack": "p1", "name": "The Marches", "entry": 1, "version": 3});
    for (part, list) in [
        ("advance", "items"),
        ("combat", "weapons"),
        ("combat", "armor"),
    ] {
        doc[part][list][0]["from"] = taken.clone();
    }
    let mut effects = taken.clone();
    effects["effects"] = json!([{"level": "adept", "target": "toughness", "amount": 4}]);
    doc["advance"]["abilities"][0]["from"] = effects;
    every_object_keeps_a_newer_field(doc);
}

#[test]
fn a_newer_field_is_kept_in_every_part_of_a_heimr_character() {
    use sheetwright::rules::heimr::effects::{ActiveEffect, Effect};
    use sheetwright::rules::heimr::encounter::{Combatant, Encounter};
    let mut doc: Value = serde_json::from_str(include_str!("fixtures/v1-heimr.json")).unwrap();
    let daze = ActiveEffect {
        effect: Effect::Daze,
        seconds: 6,
        turns_left: 1,
    };
    with_row(&mut doc, &["heimr", "effects"], vec![daze]);
    let fight = Encounter {
        order: vec![Combatant {
            id: 1,
            name: "Brenna".into(),
            ..Default::default()
        }],
        ..Default::default()
    };
    with_row(&mut doc, &["heimr", "encounter"], fight);
    doc["heimr"]["abilities"][0]["from"] =
        json!({"pack": "h1", "name": "North of Heimr", "entry": 1, "version": 1});
    every_object_keeps_a_newer_field(doc);
}

#[test]
fn the_planted_fields_are_where_they_were_not_elsewhere() {
    let mut doc: Value = serde_json::from_str(include_str!("fixtures/v1-full.json")).unwrap();
    doc["zz_top"] = Value::from(1);
    let out = after_a_save(&doc, |_| {}).unwrap();
    assert_eq!(out["zz_top"], Value::from(1));
    let mut paths = Vec::new();
    objects(&out, &mut Vec::new(), &mut paths);
    let elsewhere = paths
        .iter()
        .filter(|p| !p.is_empty())
        .filter(|p| {
            let mut o = out.clone();
            at(&mut o, p)
                .as_object()
                .is_some_and(|m: &Map<String, Value>| m.contains_key("zz_top"))
        })
        .count();
    assert_eq!(elsewhere, 0, "kept once, at the top");
}
