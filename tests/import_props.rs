//! Property tests of the import path: nothing a file can hold makes it panic, and
//! everything it accepts comes back unchanged through export and import.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use serde_json::{json, Value};
use sheetwright::model::transfer::{export, parse_import};
use sheetwright::model::{load_document, Character};

fn arb_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        ".{0,12}".prop_map(Value::from),
        prop_oneof![
            Just("homebrew"),
            Just("symbaroum"),
            Just("heimr"),
            Just("sheetwright"),
            Just("might")
        ]
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        let keys = prop_oneof![
            Just("schema".to_string()),
            Just("id".to_string()),
            Just("name".to_string()),
            Just("ruleset".to_string()),
            Just("attributes".to_string()),
            Just("characters".to_string()),
            Just("format".to_string()),
            "[a-z]{1,8}",
        ];
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(keys, inner, 0..8)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Character documents that are mostly right, with each value sometimes out of range.
fn arb_document() -> impl Strategy<Value = Value> {
    (
        prop_oneof![Just(1u64), 0u64..4],
        "[a-f0-9]{1,32}|.{0,5}",
        ".{0,90}",
        prop_oneof![
            Just("homebrew"),
            Just("homebrew-draft"),
            Just("symbaroum"),
            Just("nope")
        ],
        prop::array::uniform8(prop_oneof![1i64..=30, -5i64..40]),
        0.0f64..2e12,
        prop::collection::vec((".{0,10}", -120i32..120, any::<bool>()), 0..4),
    )
        .prop_map(|(schema, id, name, ruleset, a, updated, mods)| {
            json!({
                "schema": schema, "id": id, "name": name, "ruleset": ruleset, "updated": updated,
                "attributes": {
                    "agility": a[0], "charisma": a[1], "exactitude": a[2], "resolve": a[3],
                    "might": a[4], "subtlety": a[5], "vigilance": a[6], "wit": a[7]
                },
                "modifiers": mods.into_iter().map(|(s, n, on)| json!({
                    "source": s, "target": {"kind": "defense"}, "amount": n, "active": on
                })).collect::<Vec<_>>()
            })
        })
}

/// The fixtures with every part of the document: a Symbaroum-family character with
/// its fight state, Experience ledger, abilities, inventory and purse, and a Heimr one;
/// then the first with the fields added since (an item's price, creation not over,
/// who the character is with a portrait, rows taken from a campaign pack).
fn full_documents() -> [Value; 3] {
    let full: Value = serde_json::from_str(include_str!("fixtures/v1-full.json")).unwrap();
    let mut newer = full.clone();
    newer["advance"]["in_creation"] = Value::from(true);
    newer["advance"]["items"][6]["value"] = Value::from(150);
    // Rows taken from a campaign pack (#32).
    let taken = json!({"pack": "p1", "name": "The Marches", "entry": 1, "version": 3});
    newer["advance"]["items"][0]["from"] = taken.clone();
    newer["combat"]["weapons"][0]["from"] = taken.clone();
    newer["combat"]["armor"][0]["from"] = taken.clone();
    let mut effects = taken;
    effects["effects"] = json!([{"level": "adept", "target": "toughness", "amount": 4}]);
    newer["advance"]["abilities"][0]["from"] = effects;
    newer["about"] = json!({
        "kin": "Ogre", "occupation": "Actor", "shadow": "Moss green",
        "goal": "See Karvosti", "appearance": "Big", "background": "The White Dove",
        "portrait": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==",
    });
    [
        full,
        serde_json::from_str(include_str!("fixtures/v1-heimr.json")).unwrap(),
        newer,
    ]
}

/// Every leaf of `v` (a value that is neither an object nor an array), by path.
fn leaves(v: &Value, path: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    match v {
        Value::Object(m) => m.iter().for_each(|(k, x)| {
            path.push(Value::from(k.as_str()));
            leaves(x, path, out);
            path.pop();
        }),
        Value::Array(a) => a.iter().enumerate().for_each(|(i, x)| {
            path.push(Value::from(i));
            leaves(x, path, out);
            path.pop();
        }),
        _ => out.push(path.clone()),
    }
}

fn at<'a>(v: &'a mut Value, path: &[Value]) -> &'a mut Value {
    path.iter().fold(v, |v, k| match k {
        Value::String(k) => &mut v[k.as_str()],
        _ => &mut v[k.as_u64().unwrap() as usize],
    })
}

fn round_trips(accepted: &[Character]) {
    let again = parse_import(export(accepted, 0.0).as_bytes()).expect("an export re-imports");
    assert_eq!(again, accepted);
    for c in accepted {
        // Saved as the store saves it: with what a newer version wrote laid over.
        let stored = c.to_text();
        assert_eq!(&load_document(&stored).unwrap(), c);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        let _ = parse_import(&bytes);
        let _ = load_document(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn arbitrary_json_never_panics_and_what_is_accepted_round_trips(v in arb_json()) {
        let text = v.to_string();
        if let Ok(cs) = parse_import(text.as_bytes()) {
            round_trips(&cs);
        }
        let wrapped = json!({"format": "sheetwright", "characters": [v]}).to_string();
        if let Ok(cs) = parse_import(wrapped.as_bytes()) {
            round_trips(&cs);
        }
    }

    /// Any leaf of any part (fight state, gear, ledger, abilities, items, Heimr
    /// sheet, roll log, modifiers) replaced by anything: refused with a message, or
    /// accepted in range and round-tripping.
    #[test]
    fn every_part_of_a_full_document_is_checked_on_import(
        which in 0usize..3,
        changes in prop::collection::vec((any::<prop::sample::Index>(), arb_json()), 1..4),
    ) {
        let mut doc = full_documents()[which].clone();
        let mut paths = Vec::new();
        leaves(&doc, &mut Vec::new(), &mut paths);
        for (i, value) in changes {
            *at(&mut doc, &paths[i.index(paths.len())]) = value;
        }
        match parse_import(doc.to_string().as_bytes()) {
            Ok(cs) => {
                prop_assert!(cs[0].check().is_ok());
                round_trips(&cs);
            }
            Err(msg) => prop_assert!(msg.ends_with("Nothing was imported."), "{}", msg),
        }
    }

    #[test]
    fn near_valid_documents_are_refused_or_round_trip(doc in arb_document()) {
        match parse_import(doc.to_string().as_bytes()) {
            Ok(cs) => {
                prop_assert_eq!(cs.len(), 1);
                // Accepted means in range: the sheet would have accepted every value.
                prop_assert!(cs[0].check().is_ok());
                round_trips(&cs);
            }
            Err(msg) => prop_assert!(msg.ends_with("Nothing was imported."), "{}", msg),
        }
    }
}
