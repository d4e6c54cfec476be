//! Property test: a store with any mix of good, damaged and foreign entries never
//! stops the app. Every readable character loads; every unreadable character entry is
//! set aside with its text byte for byte; nothing else is touched.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use serde_json::Value;
use sheetwright::model::load_document;
use sheetwright::storage::{MemoryBackend, Store, CHARACTER_PREFIX, QUARANTINE_PREFIX};

/// A saved document, damaged or not: the full fixture with a few values replaced,
/// cut short, or not JSON at all.
fn entry() -> impl Strategy<Value = String> {
    let full: Value = serde_json::from_str(include_str!("fixtures/v1-full.json")).unwrap();
    let heimr: Value = serde_json::from_str(include_str!("fixtures/v1-heimr.json")).unwrap();
    prop_oneof![
        Just(full.to_string()),
        Just(heimr.to_string()),
        (
            0usize..2,
            "[a-z_]{1,12}",
            prop_oneof![
                Just(Value::Null),
                any::<i64>().prop_map(Value::from),
                ".{0,8}".prop_map(Value::from),
                Just(serde_json::json!([1, "x"])),
            ]
        )
            .prop_map(move |(w, k, v)| {
                let mut d = if w == 0 { full.clone() } else { heimr.clone() };
                let part = ["advance", "combat", "heimr", "attributes"][k.len() % 4];
                if d.get(part).is_some_and(Value::is_object) {
                    d[part][k.as_str()] = v.clone();
                } else {
                    d[k.as_str()] = v;
                }
                d.to_string()
            }),
        (0usize..4000).prop_map(|n| {
            // Cut on a character boundary: the fixture has multi-byte text ("←").
            let t = include_str!("fixtures/v1-full.json");
            t[..t.floor_char_boundary(n.min(t.len()))].to_string()
        }),
        ".{0,40}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn any_store_loads_and_sets_aside_only_what_it_cannot_read(
        entries in prop::collection::vec(entry(), 0..6),
        foreign in prop::option::of(".{0,20}"),
    ) {
        let mut backend = MemoryBackend::default();
        let mut raw = Vec::new();
        for (i, text) in entries.iter().enumerate() {
            // Stored under its own id's key when it has one, so readable ones load.
            // (A second copy of one id goes under another key, and so is misfiled.)
            let id = load_document(text)
                .map(|c| c.id)
                .ok()
                .filter(|id| !raw.iter().any(|(k, _): &(String, String)| *k == format!("{CHARACTER_PREFIX}{id}")))
                .unwrap_or_else(|| format!("x{i}"));
            let key = format!("{CHARACTER_PREFIX}{id}");
            backend.map.insert(key.clone(), text.clone());
            raw.push((key, text.clone()));
        }
        if let Some(f) = &foreign {
            backend.map.insert("another-app.setting".into(), f.clone());
        }
        let mut store = Store::new(backend);
        let loaded = store.load_all();
        for (key, text) in &raw {
            match store.backend.map.get(key) {
                // Still there: it was read as a character.
                Some(kept) => {
                    prop_assert_eq!(kept, text);
                    let loaded_it = loaded.characters.iter().any(|c| Store::<MemoryBackend>::key(&c.id) == *key);
                    prop_assert!(loaded_it, "{} kept but not loaded", key);
                }
                // Moved aside, byte for byte.
                None => {
                    let q = format!("{QUARANTINE_PREFIX}{key}");
                    prop_assert_eq!(store.backend.map.get(&q), Some(text));
                    let listed = loaded.quarantined.iter().any(|x| x.key == q && &x.raw == text);
                    prop_assert!(listed, "{} set aside but not listed", key);
                }
            }
        }
        if let Some(f) = &foreign {
            prop_assert_eq!(store.backend.map.get("another-app.setting"), Some(f));
        }
    }
}
