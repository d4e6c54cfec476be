use super::foe::goblin;
use super::*;
use crate::model::load_document;
use serde_json::json;

fn stig() -> Character {
    load_document(include_str!("../../../tests/fixtures/v1-full.json")).unwrap()
}

fn heimr() -> Character {
    load_document(include_str!("../../../tests/fixtures/v1-heimr.json")).unwrap()
}

fn table() -> Table {
    let mut t = Table::new("t1".into(), "Thistle Hold", Family::Symbaroum, 1.0);
    t.add_member(stig(), 2.0).unwrap();
    t.add_foe(goblin(), 3.0).unwrap();
    t.add_foe(goblin(), 4.0).unwrap();
    t
}

#[test]
fn a_table_reads_back_as_saved() {
    let t = table();
    assert_eq!(t.updated, 4.0);
    assert_eq!(t.foes.iter().map(|f| f.id).collect::<Vec<_>>(), [1, 2]);
    let read = read_table(&t.to_text()).unwrap();
    assert_eq!(read, t);
    assert!(read.kept.is_empty());
    assert_eq!(read.to_text(), t.to_text());
}

#[test]
fn the_released_table_fixture_reads_with_every_value() {
    let t = read_table(include_str!("../../../tests/fixtures/table-v1.json")).unwrap();
    assert_eq!(t.name, "Thistle Hold");
    assert_eq!(t.members.len(), 1);
    assert_eq!(t.members[0].character, stig());
    assert_eq!(t.members[0].taken, stig());
    assert_eq!(t.foes[0].name, "Goblin");
    assert_eq!(
        t.foes[0].symbaroum,
        goblin().symbaroum,
        "its stat line, armor and attack"
    );
}

#[test]
fn a_member_of_the_other_family_or_twice_is_refused_in_words() {
    let mut t = table();
    let e = t.add_member(heimr(), 5.0).unwrap_err();
    assert!(e.contains("this table is for the Symbaroum family"), "{e}");
    let e = t.add_member(stig(), 5.0).unwrap_err();
    assert_eq!(
        e,
        "Stig of Thistle Hold is already at this table. Nothing was added."
    );
    assert_eq!(t.members.len(), 1);
    assert_eq!(t.updated, 4.0, "nothing changed");
    t.remove_member(1, 6.0);
    assert!(t.members.is_empty());
}

#[test]
fn a_foe_of_the_other_family_is_refused() {
    let mut t = Table::new("t2".into(), "Heimr night", Family::Heimr, 1.0);
    assert_eq!(
        t.add_foe(goblin(), 2.0),
        Err("Goblin's numbers are for the other family".into())
    );
    assert!(t.foes.is_empty());
    t.add_member(heimr(), 3.0).unwrap();
    assert_eq!(read_table(&t.to_text()).unwrap(), t);
}

#[test]
fn a_newer_version_s_fields_survive_at_every_level() {
    let mut doc: serde_json::Value = serde_json::from_str(&table().to_text()).unwrap();
    doc["weather"] = json!("rain");
    doc["foes"][0]["morale"] = json!(3);
    doc["foes"][0]["symbaroum"]["reach"] = json!(2);
    doc["members"][0]["seat"] = json!("north");
    doc["members"][0]["character"]["mood"] = json!("grim");
    doc["members"][0]["character"]["combat"]["weapons"][0]["rune"] = json!("ᚠ");
    let mut t = read_table(&doc.to_string()).unwrap();
    // Edited at the table since: a foe added, the member's damage changed.
    t.add_foe(goblin(), 9.0).unwrap();
    t.members[0].character.combat.damage = 6;
    let again: serde_json::Value = serde_json::from_str(&t.to_text()).unwrap();
    assert_eq!(again["weather"], "rain");
    assert_eq!(again["foes"][0]["morale"], 3);
    assert_eq!(again["foes"][0]["symbaroum"]["reach"], 2);
    assert_eq!(again["members"][0]["seat"], "north");
    assert_eq!(again["members"][0]["character"]["mood"], "grim");
    assert_eq!(again["members"][0]["character"]["combat"]["damage"], 6);
    assert_eq!(
        again["members"][0]["character"]["combat"]["weapons"][0]["rune"],
        "ᚠ"
    );
    assert!(again["members"][0]["taken"].get("mood").is_none());
    assert_eq!(again["foes"].as_array().unwrap().len(), 3);
}

#[test]
fn a_damaged_table_is_refused_in_words() {
    let good: serde_json::Value = serde_json::from_str(&table().to_text()).unwrap();
    let cases: Vec<(serde_json::Value, &str)> = vec![
        (json!([1]), "it is not a Sheetwright table"),
        (
            {
                let mut d = good.clone();
                d["schema"] = json!(7);
                d
            },
            "it was saved by a newer Sheetwright (table schema 7",
        ),
        (
            {
                let mut d = good.clone();
                d["foes"][0]["symbaroum"]["toughness"] = json!(0);
                d
            },
            "Goblin's Toughness is 0",
        ),
        (
            {
                let mut d = good.clone();
                d["members"][0]["character"]["attributes"]["might"] = json!(99);
                d
            },
            "its member #1's character: ",
        ),
        (
            {
                let mut d = good.clone();
                d["foes"][1]["id"] = json!(1);
                d
            },
            "two of its foes are the same",
        ),
    ];
    for (doc, says) in cases {
        let e = read_table(&doc.to_string()).unwrap_err();
        assert!(e.starts_with(says), "{e} / {says}");
    }
    assert!(read_table("{")
        .unwrap_err()
        .starts_with("it is not valid JSON"));
}
