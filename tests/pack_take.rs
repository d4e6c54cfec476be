//! Campaign packs (issue #32), "use": a pack's entries taken into a character, their
//! effects on its numbers, the packs a character lists, and a newer version of the
//! pack updating the copies on the player's say-so.
#![cfg(not(target_arch = "wasm32"))]

use serde_json::{json, Value};
use sheetwright::model::advance::inventory;
use sheetwright::model::pack::builtin::builtin;
use sheetwright::model::pack::read::read_pack;
use sheetwright::model::pack::take;
use sheetwright::model::pack::update::{self, Row};
use sheetwright::model::pack::{edit, Pack};
use sheetwright::model::play::abilities::{buy, set_level};
use sheetwright::model::Character;
use sheetwright::rules::symbaroum::encumbrance::ItemKind;
use sheetwright::rules::symbaroum::experience::{Level, XpEntry};
use sheetwright::rules::symbaroum::pack_effects::Effect;
use sheetwright::rules::symbaroum::{labels, Attr, Target};
use sheetwright::rules::Ruleset;

fn marches() -> Pack {
    let text = std::fs::read_to_string(format!(
        "{}/tests/fixtures/pack-v1.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    read_pack(&text).unwrap()
}

fn character() -> Character {
    let mut c = Character::new("abc".into(), Ruleset::Symbaroum, 0.0);
    c.attributes.set(Attr::Might, 12);
    c.attributes.set(Attr::Agility, 11);
    c.attributes.set(Attr::Wit, 10);
    let award: XpEntry = serde_json::from_value(json!({"kind": "award", "amount": 100})).unwrap();
    c.advance.xp.push(award);
    // In creation: Iron Hide and Robust are traits.
    c.advance.in_creation = true;
    c
}

/// Takes ability entry `id` of `p` at `level`, as the add form does.
fn take_ability(c: &mut Character, p: &Pack, id: u32, level: Level, attr: Option<Attr>) {
    let entry = p.abilities.iter().find(|e| e.id == id).unwrap();
    let mut a = take::ability(p, entry, labels(c.ruleset));
    a.level = a.kind.has_levels().then_some(level);
    a.attr = attr;
    buy(&mut c.advance, a, false, false).unwrap();
}

#[test]
fn a_taken_ability_changes_the_numbers_as_its_entry_says_at_its_level() {
    let p = marches();
    let mut c = character();
    let before = c.derived();
    assert_eq!((before.toughness.value, before.defense.value), (12, 11));
    // Iron Hide (a trait): Toughness +2 / +4 / +6, and Defense −1 at master.
    take_ability(&mut c, &p, 1, Level::Adept, None);
    let adept = c.derived();
    assert_eq!((adept.toughness.value, adept.defense.value), (16, 11));
    assert!(adept.toughness.text().contains("Iron Hide (adept)"));
    // The row is a copy that remembers its entry, and says what the entry says.
    let row = &c.advance.abilities[0];
    let from = row.from.as_ref().unwrap();
    assert_eq!(
        (from.pack.as_str(), from.name.as_str()),
        (p.id.as_str(), "The Marches")
    );
    assert_eq!((from.entry, from.version), (1, 3));
    assert!(row.notes.starts_with("Skin like bark."), "{}", row.notes);
    assert!(row.notes.contains("Adept: (Toughness +4)"), "{}", row.notes);
    // Raised to master, as any ability: the master level's effects.
    set_level(&mut c.advance, 0, Level::Master, false).unwrap();
    let master = c.derived();
    assert_eq!((master.toughness.value, master.defense.value), (18, 10));
}

#[test]
fn a_taken_chosen_attribute_raises_the_attribute_chosen_and_nothing_without_one() {
    let p = marches();
    let gifted = p.abilities.iter().find(|e| e.name == "Gifted").unwrap();
    let copy = take::ability(&p, gifted, labels(Ruleset::Symbaroum));
    assert!(take::chooses_attribute(&copy));
    let mut c = character();
    take_ability(&mut c, &p, gifted.id, Level::Novice, None);
    assert_eq!(c.derived(), character().derived());
    let mut c = character();
    take_ability(&mut c, &p, gifted.id, Level::Novice, Some(Attr::Wit));
    let d = c.derived();
    let wit = Attr::ALL.iter().position(|&a| a == Attr::Wit).unwrap();
    assert_eq!(d.attrs[wit].value, 11);
}

#[test]
fn a_built_in_ability_taken_from_its_pack_counts_once() {
    let p = builtin(Ruleset::Homebrew);
    let robust = p.abilities.iter().find(|e| e.name == "Robust").unwrap();
    let mut c = character();
    take_ability(&mut c, &p, robust.id, Level::Adept, None);
    // Robust at adept: Defense −3 (not −3 by its name and −3 again by its entry).
    assert_eq!(c.derived().defense.value, 11 - 3);
    let mule = p.abilities.iter().find(|e| e.name == "Pack-mule").unwrap();
    take_ability(&mut c, &p, mule.id, Level::Novice, None);
    assert_eq!(c.encumbrance().threshold.value, 18);
}

#[test]
fn a_taken_item_is_a_copy_that_remembers_its_entry_through_a_save() {
    let p = marches();
    let mut c = character();
    let cloak = take::item(&p, &p.items[0]);
    assert_eq!(cloak.kind, ItemKind::Clothing);
    assert_eq!(cloak.value, Some(12));
    inventory::add(&mut c.advance.items, cloak);
    take_ability(&mut c, &p, 1, Level::Novice, None);
    // Fields a newer version writes inside the remembered entry are kept.
    let mut doc = serde_json::to_value(&c).unwrap();
    doc["advance"]["items"][0]["from"]["signed_by"] = json!("GM");
    doc["advance"]["abilities"][0]["from"]["effects"][0]["until"] = json!("dawn");
    doc["advance"]["abilities"][0]["from"]["effects"]
        .as_array_mut()
        .unwrap()
        .push(json!({"target": "luck", "amount": 2}));
    let back = sheetwright::model::load_document(&doc.to_string()).unwrap();
    let saved: serde_json::Value = serde_json::from_str(&back.to_text()).unwrap();
    assert_eq!(saved, doc);
    // An effect on a number this version does not know does nothing here.
    assert_eq!(back.derived().toughness.value, 14);
    let list = update::sources(&back.advance, &back.combat);
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].name, "The Marches");
    assert_eq!(list[0].rows, ["Iron Hide", "Waxed cloak"]);
}

/// The Marches' version 4: Iron Hide at adept gives +5, the cloak is renamed and
/// dearer, the sea chest is gone.
fn version_4(p: &Pack) -> Pack {
    let mut p = edit::edited(p, |p| {
        p.version = 4;
        p.items[0].name = "Oiled cloak".into();
        p.items[0].value = Some(20);
        p.items.retain(|i| i.id != 2);
    })
    .unwrap();
    p = edit::ability(&p, 1, |e| {
        e.adept.as_mut().unwrap().effects = vec![Effect::Modifier {
            target: Target::Toughness,
            amount: 5,
        }
        .into()];
    })
    .unwrap();
    p
}

#[test]
fn a_new_version_offers_each_change_and_updates_only_what_the_player_ticks() {
    let p = marches();
    let l = labels(Ruleset::Symbaroum);
    let mut c = character();
    take_ability(&mut c, &p, 1, Level::Adept, None);
    inventory::add(&mut c.advance.items, take::item(&p, &p.items[0]));
    inventory::add(&mut c.advance.items, take::item(&p, &p.items[1]));
    c.advance.items[0].quantity = 2;
    // The player's own edit of the ability's notes is shown, never overwritten unseen.
    c.advance.abilities[0].notes.push_str("\nMy note.");
    let paid = c.advance.abilities[0].paid;
    let new = version_4(&p);
    let ups = update::updates(&c.advance, &c.combat, &new, l);
    assert_eq!(ups.len(), 3, "{ups:?}");
    let hide = &ups[0];
    assert_eq!(hide.row, Row::Ability(c.advance.abilities[0].id));
    assert!(
        hide.changes
            .iter()
            .any(|w| w.contains("adept: Toughness +4") && w.contains("adept: Toughness +5")),
        "{:?}",
        hide.changes
    );
    assert!(hide
        .changes
        .iter()
        .any(|w| w.starts_with("notes:") && w.contains("My note.")));
    let cloak = &ups[1];
    assert!(cloak
        .changes
        .contains(&"name: “Waxed cloak” → “Oiled cloak”".to_string()));
    assert!(cloak
        .changes
        .contains(&"price: “12 ortegs” → “20 ortegs”".to_string()));
    assert_eq!(
        ups[2].changes,
        ["no longer in “The Marches”: kept as it is"]
    );

    // Only the cloak is ticked: the ability keeps version 3 and its +4.
    let cloak_row = cloak.row;
    assert_eq!(
        update::update(
            &mut c.advance,
            &mut c.combat,
            &new,
            l,
            &[cloak_row, ups[2].row]
        ),
        1
    );
    assert_eq!(c.advance.items[0].name, "Oiled cloak");
    assert_eq!(c.advance.items[0].quantity, 2);
    assert_eq!(c.advance.items[0].from.as_ref().unwrap().version, 4);
    assert_eq!(c.advance.items[1].name, "Sea chest");
    assert_eq!(c.derived().toughness.value, 16);
    assert_eq!(update::updates(&c.advance, &c.combat, &new, l).len(), 2);

    // Then the ability: +5 at adept, its level and what was paid kept.
    let row = Row::Ability(c.advance.abilities[0].id);
    assert_eq!(
        update::update(&mut c.advance, &mut c.combat, &new, l, &[row]),
        1
    );
    assert_eq!(c.derived().toughness.value, 17);
    let a = &c.advance.abilities[0];
    assert_eq!((a.level, a.paid), (Some(Level::Adept), paid));
    assert!(!a.notes.contains("My note."));
    // What is left is the chest, whose entry is gone.
    let left = update::updates(&c.advance, &c.combat, &new, l);
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].name, "Sea chest");
}

#[test]
fn a_new_version_that_changes_nothing_of_a_row_brings_it_up_without_asking() {
    let p = marches();
    let l = labels(Ruleset::Symbaroum);
    let mut c = character();
    take_ability(&mut c, &p, 1, Level::Novice, None);
    let new = edit::edited(&p, |p| p.version = 5).unwrap();
    let ups = update::updates(&c.advance, &c.combat, &new, l);
    assert_eq!(ups.len(), 1);
    assert!(ups[0].changes.is_empty());
    assert_eq!(
        update::update(&mut c.advance, &mut c.combat, &new, l, &[]),
        1
    );
    assert!(update::updates(&c.advance, &c.combat, &new, l).is_empty());
    assert_eq!(update::sources(&c.advance, &c.combat)[0].version, 5);
    // Another pack's new version leaves the rows alone.
    let mut other: Value = serde_json::to_value(&new).unwrap();
    other["id"] = json!("another");
    let other: Pack = serde_json::from_value(other).unwrap();
    assert!(update::updates(&c.advance, &c.combat, &other, l).is_empty());
}

#[test]
fn a_taken_weapon_and_armor_fight_as_their_entries_say_and_follow_a_new_version() {
    let p = marches();
    let l = labels(Ruleset::Symbaroum);
    let mut c = character();
    let spear = &p.weapons[0];
    let w = take::weapon(&p, spear);
    assert_eq!(
        (w.name.as_str(), w.damage.to_string()),
        (spear.name.as_str(), spear.damage.to_string())
    );
    assert_eq!(w.qualities, spear.qualities);
    c.combat.add_weapon(w);
    let leather = &p.armor[0];
    let mut a = take::armor(&p, leather);
    a.worn = true;
    c.combat.add_armor(a);
    // Worn armor's Impeding lowers Defense as any armor's.
    assert_eq!(c.derived().defense.value, 11 - leather.impeding);
    // The player holds the weapon; version 4 makes it deal more and the armor lighter.
    c.combat.weapons[0].state = sheetwright::rules::symbaroum::combat::WeaponState::Held;
    let new = edit::edited(&p, |p| {
        p.version = 4;
        p.weapons[0].damage =
            sheetwright::rules::symbaroum::dice_notation::parse_dice("1d10").unwrap();
        p.armor[0].impeding = 0;
    })
    .unwrap();
    let ups = update::updates(&c.advance, &c.combat, &new, l);
    assert_eq!(ups.len(), 2, "{ups:?}");
    assert!(
        ups[0]
            .changes
            .iter()
            .any(|w| w.starts_with("damage:") && w.ends_with("→ “1d10”")),
        "{ups:?}"
    );
    let rows: Vec<Row> = ups.iter().map(|u| u.row).collect();
    assert_eq!(
        update::update(&mut c.advance, &mut c.combat, &new, l, &rows),
        2
    );
    assert_eq!(c.combat.weapons[0].damage.to_string(), "1d10");
    assert_eq!(
        c.combat.weapons[0].state,
        sheetwright::rules::symbaroum::combat::WeaponState::Held,
        "still held"
    );
    assert!(c.combat.armor[0].worn, "still worn");
    assert_eq!(c.derived().defense.value, 11);
    let list = update::sources(&c.advance, &c.combat);
    assert_eq!(list[0].rows, [spear.name.clone(), leather.name.clone()]);
}

#[test]
fn a_heimr_ability_taken_from_a_pack_keeps_its_training_through_an_update() {
    use sheetwright::rules::heimr::attributes::Attribute;
    let text = std::fs::read_to_string(format!(
        "{}/tests/fixtures/pack-v1-heimr.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let p = read_pack(&text).unwrap();
    let l = labels(Ruleset::Heimr);
    // Sailing: Dexterity + Intelligence, base consistency −1, as the pack has it.
    let offered = take::offers(
        std::slice::from_ref(&p),
        take::List::HeimrAbilities,
        "sail",
        l,
        8,
    );
    assert_eq!(offered.len(), 1);
    assert_eq!(offered[0].what, "Dexterity + Intelligence");
    let take::Pick::HeimrAbility(mut sailing) = offered[0].pick.clone() else {
        panic!("a Heimr ability");
    };
    assert_eq!(
        sailing.attributes,
        [Attribute::Dexterity, Attribute::Intelligence]
    );
    assert_eq!(sailing.consistency(), -1);
    // Haggling leaves its attributes to the player, and its base consistency at 0.
    let haggling = take::heimr_ability(&p, &p.heimr_abilities[1]);
    assert!(haggling.attributes.is_empty());
    assert_eq!(haggling.base_consistency, 0);
    let mut haggling = haggling;
    haggling.attributes = vec![Attribute::Sociability];
    sailing.trained_consistency = 2;
    let mut abilities = vec![sailing, haggling];
    assert_eq!(
        update::heimr_sources(&abilities)[0].rows,
        ["Sailing", "Haggling"]
    );
    // Version 2: Sailing's base consistency is 0, and Haggling is based on Empathy.
    let new = edit::edited(&p, |p| {
        p.version = 2;
        p.heimr_abilities[0].base_consistency = Some(0);
        p.heimr_abilities[1].attributes = vec![Attribute::Empathy];
    })
    .unwrap();
    let ups = update::heimr_updates(&abilities, &new, l);
    assert_eq!(ups.len(), 2);
    assert_eq!(ups[0].changes, ["base consistency: “−1” → “0”"]);
    assert_eq!(ups[1].changes, ["based on: “Sociability” → “Empathy”"]);
    assert_eq!(
        update::heimr_update(&mut abilities, &new, l, &[ups[0].row]),
        1
    );
    assert_eq!(
        abilities[0].consistency(),
        2,
        "trained +2 on the new base 0"
    );
    assert_eq!(
        abilities[1].attributes,
        [Attribute::Sociability],
        "not ticked: the player's"
    );
}
