//! Fuzzed update links (#60): an update made at a table, then anything done to its
//! document (any field replaced by anything, planted rows, text where numbers go, the
//! seal recomputed or not): refused in words, or accepted and applied as asked into a
//! character Sheetwright can keep. Never a panic, never the player's character changed
//! by a refusal.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use serde_json::{json, Value};
use sheetwright::model::table::act::Action;
use sheetwright::model::table::update::{read_update, Update};
use sheetwright::model::table::{Family, Table};
use sheetwright::model::{load_document, Character};

fn player() -> Character {
    let mut c = load_document(include_str!("fixtures/v1-full.json")).unwrap();
    c.combat.damage = 0;
    c.combat.life = Default::default();
    c
}

/// An update for the player after a hit, healing and Experience at the table.
fn update() -> Value {
    let mut t = Table::new("t1".into(), "Thistle Hold", Family::Symbaroum, 0.0);
    t.add_member(player(), 0.0).unwrap();
    let mut rng = sheetwright::rules::dice::SeededRng::new(7);
    for a in [
        Action::Damage {
            expr: "1d12".parse().unwrap(),
            no_armor: false,
        },
        Action::Experience {
            amount: 5,
            note: "Boss".into(),
        },
        Action::Corruption { amount: 1 },
        Action::Condition {
            name: "Prone".into(),
        },
    ] {
        t.act(&[1], &a, "2026-11-28", &mut rng, 10.0).unwrap();
    }
    serde_json::to_value(t.update_for(1, 11.0).unwrap()).unwrap()
}

fn arb_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (-1000i64..1000).prop_map(Value::from),
        ".{0,12}".prop_map(Value::from),
        Just(json!({"id": 999, "name": "Planted"})),
        Just(json!("sheetwright-update")),
    ];
    leaf.prop_recursive(3, 24, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::btree_map("[a-z_]{1,8}", inner, 0..5)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

fn leaves(v: &Value, path: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    out.push(path.clone());
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
        _ => {}
    }
}

/// The value at `path`, if an earlier replacement left it there.
fn at<'a>(v: &'a mut Value, path: &[Value]) -> Option<&'a mut Value> {
    path.iter().try_fold(v, |v, k| match k {
        Value::String(k) => v.get_mut(k.as_str()),
        _ => v.get_mut(k.as_u64()? as usize),
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn any_update_link_is_refused_in_words_or_applied_as_asked(
        changes in prop::collection::vec((any::<prop::sample::Index>(), arb_json()), 1..4),
        reseal in any::<bool>(),
        accepted in prop::option::of(0.0f64..20.0),
    ) {
        let mut doc = update();
        let mut paths = Vec::new();
        leaves(&doc, &mut Vec::new(), &mut paths);
        for (i, value) in changes {
            let p = paths[i.index(paths.len())].clone();
            if let Some(slot) = at(&mut doc, &p).filter(|_| !p.is_empty()) {
                *slot = value;
            }
        }
        // A game master's own link (sealed) with planted contents, or a link changed
        // on the way (not).
        let bytes = match serde_json::from_value::<Update>(doc.clone()) {
            Ok(u) if reseal => serde_json::to_vec(&u.sealed()).unwrap(),
            _ => serde_json::to_vec(&doc).unwrap(),
        };
        let mine = player();
        let have = |id: &str| (id == mine.id).then(|| mine.clone());
        match read_update(&bytes, &have, &|_, _| accepted) {
            Err(e) => prop_assert!(e.ends_with("Nothing was changed."), "{}", e),
            Ok((u, c)) => {
                let all: Vec<usize> = (0..u.changes.len()).collect();
                match u.apply(&c, &all, 30.0) {
                    Err(e) => prop_assert!(e.ends_with("Nothing was changed."), "{}", e),
                    Ok(after) => {
                        prop_assert!(after.check().is_ok());
                        prop_assert_eq!(&load_document(&after.to_text()).unwrap(), &after);
                    }
                }
            }
        }
        prop_assert_eq!(&mine, &player(), "the player's character is untouched");
    }
}

#[test]
fn an_untouched_link_applies_whole() {
    let u: Update = serde_json::from_value(update()).unwrap();
    let mine = player();
    let have = |id: &str| (id == mine.id).then(|| mine.clone());
    let (u, c) = read_update(&serde_json::to_vec(&u).unwrap(), &have, &|_, _| None).unwrap();
    let after = u
        .apply(&c, &(0..u.changes.len()).collect::<Vec<_>>(), 30.0)
        .unwrap();
    assert_eq!(after.combat.conditions[0].name, "Prone");
    assert_eq!(
        after.combat.corruption.temporary,
        mine.combat.corruption.temporary + 1
    );
}
