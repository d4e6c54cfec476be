//! Campaign packs (issue #32): the document, its checks, its import, the built-in
//! packs, and what an entry's effects do to a character's numbers.
#![cfg(not(target_arch = "wasm32"))]

use serde_json::{json, Value};
use sheetwright::model::pack::builtin::{builtin, builtin_text};
use sheetwright::model::pack::check::problems;
use sheetwright::model::pack::read::{parse_pack, read_pack};
use sheetwright::model::pack::*;
use sheetwright::model::Character;
use sheetwright::rules::heimr::attributes::Attribute;
use sheetwright::rules::symbaroum::abilities::{effects, Known};
use sheetwright::rules::symbaroum::experience::{Ability, AbilityKind, Level};
use sheetwright::rules::symbaroum::pack_effects::{numbers, Effect};
use sheetwright::rules::symbaroum::{Attr, Target};
use sheetwright::rules::Ruleset;

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/fixtures/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

fn problems_of(text: &str) -> Vec<String> {
    match read_pack(text) {
        Ok(_) => Vec::new(),
        Err(r) => {
            let mut all = vec![r.lead.clone()];
            all.extend(r.problems.iter().map(ToString::to_string));
            all
        }
    }
}

#[test]
fn fixture_v1_loads_with_every_value_intact() {
    let text = fixture("pack-v1.json");
    let p = parse_pack(text.as_bytes()).unwrap();
    assert_eq!(p.name, "The Marches");
    assert_eq!(
        (p.family, p.version, p.updated),
        (Family::Symbaroum, 3, 1.79e12)
    );
    assert!(p.about.starts_with("Our table's own"));
    assert_eq!(p.len(), 12);
    let hide = &p.abilities[0];
    assert_eq!(
        (hide.kind, hide.says.as_str()),
        (AbilityKind::Trait, "Skin like bark.")
    );
    assert_eq!(hide.novice.as_ref().unwrap().says, "Hard to hurt.");
    assert_eq!(
        hide.effects_at(Some(Level::Master)),
        [
            Effect::Modifier {
                target: Target::Toughness,
                amount: 6
            },
            Effect::Modifier {
                target: Target::Defense,
                amount: -1
            },
        ]
    );
    assert_eq!(
        p.abilities[1].effects_at(None),
        [Effect::SecondChance {
            attr: Some(Attr::Charisma)
        }]
    );
    assert_eq!(p.abilities[3].effects_at(None), [Effect::PackMule]);
    assert_eq!(p.abilities[4].effects_at(Some(Level::Adept)).len(), 2);
    assert_eq!(p.items[0].class, ItemClass::Clothing);
    assert_eq!(p.items[1].class, ItemClass::BulkyContainer);
    assert!(p.items[1].massive);
    assert_eq!(p.items[2].class, ItemClass::Other);
    assert_eq!(p.weapons[0].attack_with, Some(Attr::Might));
    assert_eq!(p.weapons[0].qualities.len(), 2);
    assert!(p.weapons[1].ranged);
    assert_eq!((p.armor[0].impeding, p.armor[0].value), (2, Some(50)));
    // Written back, it is the same document.
    let back: Value = serde_json::from_str(&p.to_text()).unwrap();
    let want: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(back, want);

    let text = fixture("pack-v1-heimr.json");
    let h = parse_pack(text.as_bytes()).unwrap();
    assert_eq!(h.family, Family::Heimr);
    assert_eq!(
        h.heimr_abilities[0].attributes,
        [Attribute::Dexterity, Attribute::Intelligence]
    );
    assert_eq!(h.heimr_abilities[0].base_consistency, Some(-1));
    assert_eq!(h.heimr_abilities[1].base_consistency, None);
    assert_eq!((h.hp_max, h.willpower_max), (Some(12), Some(8)));
    assert_eq!(h.heimr_weapons[0].range, Some(2));
    assert_eq!(h.conditions[0].name, "Seasick");
    let back: Value = serde_json::from_str(&h.to_text()).unwrap();
    assert_eq!(back, serde_json::from_str::<Value>(&text).unwrap());
}

#[test]
fn every_pack_schema_has_a_fixture() {
    for v in 1..=PACK_SCHEMA_VERSION {
        let name = if v == 1 {
            "pack-v1.json".to_string()
        } else {
            format!("pack-v{v}.json")
        };
        assert!(!fixture(&name).is_empty(), "missing fixture {name}");
    }
}

#[test]
fn fields_a_newer_version_wrote_survive_at_every_level() {
    let mut doc: Value = serde_json::from_str(&fixture("pack-v1.json")).unwrap();
    doc["seal"] = json!("wax");
    doc["abilities"][0]["tier"] = json!(2);
    doc["abilities"][0]["novice"]["glow"] = json!(true);
    doc["abilities"][0]["novice"]["effects"][0]["shade"] = json!("blue");
    doc["abilities"][1]["effects"]
        .as_array_mut()
        .unwrap()
        .push(json!({"kind": "aura", "range": 3}));
    doc["qualities"][0]["rarity"] = json!("rare");
    doc["items"][0]["weight"] = json!(1.5);
    doc["weapons"][0]["reach"] = json!(2);
    doc["armor"][0]["colour"] = json!("brown");
    let text = doc.to_string();
    let p = read_pack(&text).unwrap();
    // The effect of a kind this version does not know is kept, and does nothing here.
    assert_eq!(p.abilities[1].effects_at(None).len(), 1);
    let back: Value = serde_json::from_str(&p.to_text()).unwrap();
    assert_eq!(back, doc);
}

#[test]
fn each_bad_entry_is_named_where_it_is() {
    let mut doc: Value = serde_json::from_str(&fixture("pack-v1.json")).unwrap();
    doc["abilities"][0]["master"]["effects"][1]["amount"] = json!("lots");
    doc["abilities"][2]["kind"] = json!("spell");
    doc["weapons"][1]["damage"] = json!("1d0");
    let found = problems_of(&doc.to_string());
    assert_eq!(
        found[0],
        "This pack has 3 problems, so nothing was imported:"
    );
    assert!(
        found[1].starts_with("Abilities › #1 “Iron Hide”: "),
        "{found:?}"
    );
    assert!(found[1].contains("modifier"), "{found:?}");
    assert!(
        found[2].starts_with("Abilities › #3 “Gifted”: "),
        "{found:?}"
    );
    assert!(
        found[2].contains("“spell” is not one of the choices"),
        "{found:?}"
    );
    assert!(found[3].starts_with("Weapons › #2 “Sling”: "), "{found:?}");
    assert_eq!(found.len(), 4);
}

#[test]
fn what_reads_but_breaks_the_rules_is_refused_with_each_reason() {
    let mut doc: Value = serde_json::from_str(&fixture("pack-v1.json")).unwrap();
    doc["abilities"][1]["name"] = json!("Iron hide");
    doc["abilities"][3]["novice"] = json!({"says": "more"});
    doc["abilities"][0]["adept"]["effects"][0]["amount"] = json!(0);
    doc["items"][2]["id"] = json!(1);
    doc["armor"][0]["impeding"] = json!(40);
    doc["hp_max"] = json!(10);
    doc["name"] = json!("  ");
    let found = problems_of(&doc.to_string());
    let want = [
        "Name: Enter a name.",
        "HP maximum: a pack for the Symbaroum family (Homebrew, its draft, Symbaroum) holds no hp maximum",
        "Abilities › #2 “Iron hide”: another entry of this list has the same name",
        "Abilities › #1 “Iron Hide” › adept › effect 1: the amount must be from −99 to +99, and not 0 (got 0)",
        "Abilities › #4 “Mule Blood” › novice: a burden has no levels",
        "Items › #3 “Rope, 10 paces”: its id is missing or the same as another entry's",
        "Armor › #1 “Boiled leather”: Impeding from 0 to 20 (got 40)",
    ];
    for w in want {
        assert!(found.iter().any(|f| f == w), "missing {w:?} in {found:?}");
    }
    assert_eq!(found.len(), want.len() + 1, "{found:?}");
}

#[test]
fn files_that_are_not_packs_are_refused_with_what_they_are() {
    let c = Character::new("abc".into(), Ruleset::Homebrew, 0.0);
    let character = serde_json::to_string(&c).unwrap();
    let export = sheetwright::model::transfer::export(&[c], 0.0);
    for (text, says) in [
        (character.as_str(), "This is a character file, not a pack"),
        (export.as_str(), "This is a character file, not a pack"),
        ("[1,2]", "This JSON is not a Sheetwright pack."),
        ("{\"format\":\"other\"}", "no \"format\": \"sheetwright-pack\""),
        ("{\"format\":\"sheetwright-pack\"}", "no schema version"),
        ("{\"format\":\"sheetwright-pack\",\"schema\":2}", "made by a newer Sheetwright (pack schema 2"),
        ("{\"format\":\"sheetwright-pack\",\"schema\":1,\"id\":\"x\",\"name\":\"A\",\"family\":\"symbaroum\",\"version\":1,\"items\":7}", "Items: a list was expected"),
        ("{\"format\":\"sheetwright-pack\",\"schema\":1,\"id\":\"x\",\"name\":\"A\",\"family\":\"gurps\",\"version\":1}", "“gurps” is not one of the choices"),
        ("{nope", "This file is not valid JSON"),
    ] {
        let all = problems_of(text).join("\n");
        assert!(all.contains(says), "{text}: {all}");
        assert!(all.contains("nothing was imported") || all.contains("Nothing was imported"), "{all}");
    }
    let big = vec![b' '; 6 * 1024 * 1024];
    assert!(parse_pack(&big)
        .unwrap_err()
        .lead
        .contains("limited to 5 MB"));
    assert!(parse_pack(&[0xff, 0xfe])
        .unwrap_err()
        .lead
        .contains("not a text file"));
    let bom = format!("\u{feff}{}", fixture("pack-v1-heimr.json"));
    assert!(parse_pack(bom.as_bytes()).is_ok());
}

#[test]
fn a_pack_from_outside_cannot_pass_for_a_built_in_one() {
    let fixture = fixture("pack-v1.json");
    assert!(parse_pack(fixture.as_bytes()).is_ok());
    let builtin_homebrew = builtin_text(Ruleset::Homebrew);
    for (what, text) in [
        ("the built-in pack itself", builtin_homebrew.to_string()),
        (
            "its id",
            serde_json::to_string(&{
                let mut v: Value = serde_json::from_str(&fixture).unwrap();
                v["id"] = json!("builtin-homebrew");
                v
            })
            .unwrap(),
        ),
        (
            "its name",
            serde_json::to_string(&{
                let mut v: Value = serde_json::from_str(&fixture).unwrap();
                v["name"] = json!("  rules as WRITTEN (Symbaroum) ");
                v
            })
            .unwrap(),
        ),
        (
            "an earlier name",
            serde_json::to_string(&{
                let mut v: Value = serde_json::from_str(&fixture).unwrap();
                v["name"] = json!("The seeds (Homebrew)");
                v
            })
            .unwrap(),
        ),
        (
            "a reserved id",
            serde_json::to_string(&{
                let mut v: Value = serde_json::from_str(&fixture).unwrap();
                v["id"] = json!("builtin-gurps");
                v
            })
            .unwrap(),
        ),
    ] {
        let refused = parse_pack(text.as_bytes()).expect_err(what);
        assert!(
            refused.lead.contains("a pack built into Sheetwright")
                && refused.lead.ends_with("Nothing was imported."),
            "{what}: {}",
            refused.lead
        );
    }
    // The app's own packs still read (from what it ships).
    assert!(read_pack(builtin_homebrew).is_ok());
}

#[test]
fn an_effects_missing_field_is_named_in_words() {
    let mut doc: Value = serde_json::from_str(&fixture("pack-v1.json")).unwrap();
    doc["abilities"][0]["master"]["effects"][1]
        .as_object_mut()
        .unwrap()
        .remove("amount");
    let found = problems_of(&doc.to_string()).join("\n");
    assert!(found.contains("the field “amount” is missing"), "{found}");
    assert!(!found.contains('`'), "no parser text: {found}");
}

#[test]
fn the_built_in_packs_pass_their_own_checks_and_hold_what_the_seeds_name() {
    for r in Ruleset::ALL {
        let p = builtin(r);
        assert_eq!(problems(&p), [], "{r:?}");
        let back = read_pack(&p.to_text()).unwrap();
        assert_eq!(back, p);
        match Family::of(r) {
            Family::Symbaroum => {
                assert_eq!(p.abilities.len(), 13);
                let names: Vec<&str> = p.qualities.iter().map(|q| q.name.as_str()).collect();
                assert_eq!(
                    names,
                    [
                        "Long",
                        "Short",
                        "Heavy",
                        "Massive",
                        "Balanced",
                        "Deep Impact",
                        "Wrecking"
                    ]
                );
                assert!(p.items.is_empty() && p.weapons.is_empty() && p.armor.is_empty());
            }
            Family::Heimr => {
                assert_eq!(p.heimr_weapons.len(), 8);
                assert_eq!(p.heimr_shields.len(), 4);
                let crossbow = p
                    .heimr_weapons
                    .iter()
                    .find(|w| w.name == "Crossbow")
                    .unwrap();
                assert_eq!(
                    (crossbow.range, crossbow.damage, crossbow.potential_bonus),
                    (Some(4), 3, None)
                );
                let names: Vec<&str> = p.heimr_abilities.iter().map(|a| a.name.as_str()).collect();
                assert!(
                    names.contains(&"Archery") && names.contains(&"Sword and shield"),
                    "{names:?}"
                );
                // "knife fighting" is written twice by the seed, once in lower case.
                assert_eq!(
                    names
                        .iter()
                        .filter(|n| n.eq_ignore_ascii_case("knife fighting"))
                        .count(),
                    1
                );
                assert!(p.conditions.is_empty() && p.hp_max.is_none());
            }
        }
    }
    // In each ruleset's words.
    let says = |r| builtin(r).abilities[1].says.clone();
    assert!(says(Ruleset::Homebrew).contains("Defense"));
    assert!(says(Ruleset::HomebrewDraft).contains("Defense"));
    assert_ne!(
        builtin(Ruleset::Symbaroum).qualities[0].says,
        builtin(Ruleset::Homebrew).qualities[0].says
    );
}

/// An ability of `name` at `level` as a player types it.
fn typed(name: &str, kind: AbilityKind, level: Option<Level>) -> Ability {
    let mut a = Ability::new(name, kind, level);
    a.attr = Some(Attr::Wit);
    a
}

#[test]
fn the_built_in_abilities_change_the_numbers_as_the_sheet_does_for_them() {
    let p = builtin(Ruleset::Homebrew);
    for entry in &p.abilities {
        let known = Known::of(&entry.name).unwrap();
        let levels: Vec<Option<Level>> = if entry.kind.has_levels() {
            Level::ALL.into_iter().map(Some).collect()
        } else {
            vec![None]
        };
        for level in levels {
            let a = typed(&entry.name, known.kind(), level);
            let by_name = effects(std::slice::from_ref(&a));
            let by_entry = numbers(&entry.effects_at(level), &a.title(), Some(Attr::Wit));
            assert_eq!(by_entry, by_name, "{} at {level:?}", entry.name);
        }
    }
}

#[test]
fn an_entrys_effects_change_a_characters_numbers() {
    let p = read_pack(&fixture("pack-v1.json")).unwrap();
    let mut c = Character::new("abc".into(), Ruleset::Symbaroum, 0.0);
    c.attributes.set(Attr::Might, 12);
    c.attributes.set(Attr::Agility, 11);
    let before = c.derived();
    assert_eq!((before.toughness.value, before.defense.value), (12, 11));
    // Iron Hide at master: Toughness +6, Defense −1.
    let hide = &p.abilities[0];
    c.modifiers.extend(
        numbers(
            &hide.effects_at(Some(Level::Master)),
            "Iron Hide (master)",
            None,
        )
        .modifiers,
    );
    let after = c.derived();
    assert_eq!((after.toughness.value, after.defense.value), (18, 10));
    assert!(
        after.toughness.text().contains("Iron Hide (master)"),
        "{}",
        after.toughness.text()
    );
    // Gifted at novice, with Wit chosen: Wit +1.
    let gifted = numbers(
        &p.abilities[2].effects_at(Some(Level::Novice)),
        "Gifted",
        Some(Attr::Wit),
    );
    assert_eq!(gifted.modifiers[0].target, Target::Attr(Attr::Wit));
    assert_eq!(gifted.modifiers[0].amount, 1);
}

#[test]
fn the_built_in_packs_ship_as_the_code_makes_them() {
    use sheetwright::model::pack::builtin::builtin_text;
    let dir = format!("{}/src/model/pack/builtin", env!("CARGO_MANIFEST_DIR"));
    for r in Ruleset::ALL {
        let want = builtin(r).to_text();
        let path = format!("{dir}/{}.json", r.id());
        if std::env::var_os("UPDATE_BUILTIN_PACKS").is_some() {
            std::fs::write(&path, &want).unwrap();
            continue;
        }
        assert_eq!(
            builtin_text(r),
            want,
            "{path} is not what builtin() makes: run UPDATE_BUILTIN_PACKS=1 cargo test --test packs"
        );
        assert_eq!(read_pack(builtin_text(r)).unwrap(), builtin(r));
    }
}
