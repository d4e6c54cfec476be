//! Property tests of a pack's import: nothing a file can hold makes it panic, every
//! refusal says why in words, and every pack it accepts comes back unchanged through
//! its text. Hundreds of variants: any JSON, and the fixtures with one value anywhere
//! in them replaced.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use serde_json::Value;
use sheetwright::model::pack::read::{parse_pack, read_pack};

fn fixtures() -> [Value; 2] {
    ["pack-v1.json", "pack-v1-heimr.json"].map(|f| {
        let text =
            std::fs::read_to_string(format!("{}/tests/fixtures/{f}", env!("CARGO_MANIFEST_DIR")))
                .unwrap();
        serde_json::from_str(&text).unwrap()
    })
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (-200i64..200).prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        ".{0,12}".prop_map(Value::from),
        prop_oneof![
            Just("modifier"),
            Just("pack_mule"),
            Just("defense"),
            Just("might"),
            Just("1d8"),
            Just("heimr"),
            Just("symbaroum"),
            Just("trait"),
            Just("sheetwright-pack"),
            Just("")
        ]
        .prop_map(Value::from),
        Just(Value::Array(vec![])),
        Just(serde_json::json!({"kind": "modifier", "target": "wit", "amount": 2})),
        Just(serde_json::json!({"id": 9, "name": "Nine"})),
    ]
}

fn arb_json() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(4, 48, 6, |inner| {
        let keys = prop_oneof![
            Just("format".to_string()),
            Just("schema".to_string()),
            Just("id".to_string()),
            Just("name".to_string()),
            Just("family".to_string()),
            Just("version".to_string()),
            Just("abilities".to_string()),
            Just("effects".to_string()),
            Just("kind".to_string()),
            "[a-z_]{1,8}",
        ];
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(keys, inner, 0..8)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Every place in `v` a value sits (object fields and list entries), as JSON pointers.
fn places(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                let p = format!("{at}/{k}");
                out.push(p.clone());
                places(x, p, out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                let p = format!("{at}/{i}");
                out.push(p.clone());
                places(x, p, out);
            }
        }
        _ => {}
    }
}

/// Accepted: reads back the same through its text. Refused: says why.
fn holds(text: &str) -> Result<(), TestCaseError> {
    match read_pack(text) {
        Ok(p) => {
            let again = read_pack(&p.to_text()).map_err(|r| TestCaseError::fail(r.to_string()))?;
            prop_assert_eq!(again, p);
        }
        Err(r) => {
            prop_assert!(
                r.lead.to_lowercase().contains("nothing was imported"),
                "{}",
                r
            );
            prop_assert!(
                r.problems.iter().all(|p| !p.what.trim().is_empty()),
                "{}",
                r
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn any_json_is_read_or_refused_in_words(v in arb_json()) {
        holds(&v.to_string())?;
    }

    #[test]
    fn a_fixture_with_one_value_replaced_is_read_or_refused_in_words(which in 0usize..2, pick in any::<prop::sample::Index>(), with in leaf()) {
        let mut doc = fixtures()[which].clone();
        let mut all = Vec::new();
        places(&doc, String::new(), &mut all);
        let at = pick.get(&all).clone();
        *doc.pointer_mut(&at).unwrap() = with;
        holds(&doc.to_string())?;
    }

    #[test]
    fn any_bytes_are_refused_in_words(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        if let Err(r) = parse_pack(&bytes) {
            prop_assert!(!r.lead.is_empty());
        }
    }
}
