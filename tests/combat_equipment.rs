//! The combat tab's weapons, armor and shields, corruption and initiative cards,
//! mounted in real headless Chromium (wasm-bindgen-test) and checked in the DOM.
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use sheetwright::model::Character;
use sheetwright::rules::symbaroum::experience::XpEntry;
use sheetwright::rules::symbaroum::{Attr, Modifier, Target};
use sheetwright::rules::Ruleset;
use sheetwright::ui::routing::Tab;
use sheetwright::ui::Live;
use wasm_bindgen_test::*;
use web_sys::{HtmlButtonElement, HtmlElement, HtmlInputElement};

mod support;
use support::*;

wasm_bindgen_test_configure!(run_in_browser);

fn mount(c: Character) -> (HtmlElement, Live, Mounted) {
    // As combat.html does: the Experience ledger is read and written on this tab.
    let character = Live::new(c);
    let (host, mounted) = mount_tab(character, Tab::Combat);
    (host, character, mounted)
}

fn character() -> Character {
    Character::new("test".into(), Ruleset::Homebrew, 0.0)
}

fn defense(host: &HtmlElement) -> i32 {
    text(host, "#armor-defense")
        .replace('−', "-")
        .parse()
        .unwrap()
}

async fn add_weapon(host: &HtmlElement, name: &str, damage: &str) {
    type_at(host, "#weapon-name", name);
    type_at(host, "#weapon-damage", damage);
    click(host, "#add-weapon");
    settle().await;
}

#[wasm_bindgen_test]
async fn an_open_weapon_row_stays_open_with_its_typed_note_when_another_is_removed() {
    let (host, c, _m) = mount(character());
    settle().await;
    for name in ["Sword", "Axe", "Spear"] {
        add_weapon(&host, name, "1d8").await;
    }
    let ids: Vec<u32> = c.with_untracked(|c| c.combat.weapons.iter().map(|w| w.id).collect());
    assert_eq!(ids, vec![1, 2, 3], "each weapon its own id");
    let row =
        |n: usize| format!("section[aria-labelledby=weapons-heading] .weapon-row:nth-child({n})");
    open_row(&host, &row(3)).await;
    // Half-typed, not yet left: only the box holds it.
    query::<HtmlInputElement>(&host, "#weapon-note-3").set_value("From the ruin");
    open_row(&host, &row(1)).await;
    click(&host, &format!("{} .weapon-remove", row(1)));
    settle().await;
    assert_eq!(count(&host, ".weapon-row"), 2);
    assert!(text(&host, &row(2)).contains("Spear"));
    assert!(
        exists(&host, &format!("{} > details[open]", row(2))),
        "the Spear's row is the same row, still open"
    );
    assert_eq!(
        query::<HtmlInputElement>(&host, "#weapon-note-3").value(),
        "From the ruin"
    );
}

#[wasm_bindgen_test]
async fn the_weapon_picked_for_attacks_stays_picked_when_another_is_removed() {
    let (host, _c, _m) = mount(character());
    settle().await;
    add_weapon(&host, "Sword", "1d8").await;
    add_weapon(&host, "Axe", "1d10").await;
    add_weapon(&host, "Spear", "1d6").await;
    let picked = |host: &HtmlElement| text(host, "#attack-weapon option:checked");
    assert_eq!(
        picked(&host),
        "Sword (1d8)",
        "the first weapon until one is picked"
    );
    let axe = "#attack-weapon option:nth-child(3)";
    assert_eq!(text(&host, axe), "Axe (1d10)");
    let value = query::<HtmlElement>(&host, axe)
        .get_attribute("value")
        .unwrap();
    choose(&host, "#attack-weapon", &value);
    settle().await;
    assert_eq!(picked(&host), "Axe (1d10)");
    // The Sword, above the Axe, is removed: the Axe is still the one picked.
    let row = "section[aria-labelledby=weapons-heading] .weapon-row:nth-child(1)";
    open_row(&host, row).await;
    click(&host, &format!("{row} .weapon-remove"));
    settle().await;
    assert_eq!(count(&host, ".weapon-row"), 2);
    assert_eq!(picked(&host), "Axe (1d10)", "the pick follows the weapon");
    click(&host, "#roll-attack");
    settle().await;
    assert!(
        text(&host, "#roll-title").ends_with("with Axe"),
        "{}",
        text(&host, "#roll-title")
    );
    click(&host, "#roll-close");
    settle().await;
    // The Axe itself is removed: the first weapon left is used again.
    open_row(&host, row).await;
    click(&host, &format!("{row} .weapon-remove"));
    settle().await;
    assert_eq!(picked(&host), "Spear (1d6)");
}

async fn add_shield(host: &HtmlElement, name: &str, kind: &str) {
    type_at(host, "#shield-name", name);
    choose(host, "#shield-kind", kind);
    click(host, "#add-shield");
    settle().await;
}

/// The total of the newest log entry ("7 damage").
fn last_damage(c: &Live) -> i32 {
    c.with_untracked(|c| {
        let e = &c.roll_log[0];
        assert!(e.what.contains("Damage"), "{e:?}");
        e.outcome.trim_end_matches(" damage").parse().unwrap()
    })
}

#[wasm_bindgen_test]
async fn a_weapon_rolls_its_damage_into_the_log_with_and_without_advantage() {
    let (host, c, _m) = mount(character());
    settle().await;
    add_weapon(&host, "Sword", "1d8").await;
    assert_eq!(count(&host, ".weapon-row"), 1);
    assert!(text(&host, ".weapon-row").contains("Sword"));
    assert_eq!(query::<HtmlInputElement>(&host, "#weapon-name").value(), "");
    for n in 1..=20 {
        click(&host, ".weapon-roll");
        settle().await;
        let total = last_damage(&c);
        assert!((1..=8).contains(&total), "1d8 gave {total}");
        assert_eq!(c.with_untracked(|c| c.roll_log.len()), n);
        assert!(text(&host, "#weapon-roll-result").ends_with(&total.to_string()));
    }
    click(&host, ".weapon-advantage");
    settle().await;
    for _ in 0..20 {
        click(&host, ".weapon-roll");
        settle().await;
        let total = last_damage(&c);
        assert!((2..=12).contains(&total), "1d8+1d4 gave {total}");
        assert!(c.with_untracked(|c| c.roll_log[0].dice.starts_with("1d8+1d4")));
    }
    click(&host, ".weapon-remove");
    settle().await;
    assert_eq!(count(&host, ".weapon-row"), 0);
    assert!(c.with_untracked(|c| c.combat.weapons.is_empty()));
}

#[wasm_bindgen_test]
async fn a_damage_roll_may_be_rerolled_once_for_one_experience() {
    let (host, c, _m) = mount(character());
    c.update(|c| {
        c.advance_mut().xp.push(XpEntry::Award {
            amount: 2,
            note: "adventure".into(),
            date: "2026-11-22".into(),
        })
    });
    settle().await;
    add_weapon(&host, "Sword", "1d8").await;
    click(&host, ".weapon-roll");
    settle().await;
    assert!(
        !exists(&host, "#damage-reroll"),
        "not offered while the table does not use the rule"
    );
    c.update(|c| c.advance_mut().reroll.enabled = true);
    settle().await;
    let unspent = || c.with_untracked(|c| c.advance().totals().unspent);
    let button = || query::<HtmlButtonElement>(&host, "#damage-reroll");
    assert!(!button().disabled());
    click(&host, "#damage-reroll");
    settle().await;
    assert_eq!(unspent(), 1, "1 Experience spent");
    c.with_untracked(|c| {
        assert_eq!(c.roll_log.len(), 2);
        assert!(c.roll_log[0]
            .what
            .starts_with("Re-roll for 1 XP: Damage: Sword"));
        assert!(c
            .advance()
            .xp
            .iter()
            .any(|e| e.text().contains("Damage: Sword")));
    });
    let total = last_damage(&c);
    assert!(text(&host, "#weapon-roll-result").ends_with(&total.to_string()));
    // Once per roll.
    assert!(button().disabled());
    assert_eq!(
        text(&host, "#damage-reroll-note"),
        "Only one re-roll per action."
    );
    // A new roll may be re-rolled again, while Experience lasts.
    click(&host, ".weapon-roll");
    settle().await;
    click(&host, "#damage-reroll");
    settle().await;
    assert_eq!(unspent(), 0);
    click(&host, ".weapon-roll");
    settle().await;
    assert!(button().disabled());
    assert_eq!(
        text(&host, "#damage-reroll-note"),
        "A re-roll costs 1 Experience; none is unspent."
    );
}

#[wasm_bindgen_test]
async fn bad_damage_dice_show_a_message_at_the_field_and_add_nothing() {
    let (host, c, _m) = mount(character());
    settle().await;
    for bad in ["1d0", "d", "999d999"] {
        add_weapon(&host, "Axe", bad).await;
        let msg = text(&host, "#weapon-damage-error");
        assert!(!msg.is_empty(), "{bad:?} gave no message");
        let input: HtmlInputElement = query(&host, "#weapon-damage");
        assert_eq!(input.get_attribute("aria-invalid").as_deref(), Some("true"));
        assert_eq!(input.value(), bad, "the typed text stays for fixing");
        assert_eq!(count(&host, ".weapon-row"), 0);
        assert!(c.with_untracked(|c| c.combat.weapons.is_empty()));
    }
    // A name is needed too.
    add_weapon(&host, "", "1d6+1").await;
    assert!(!text(&host, "#weapon-name-error").is_empty());
    assert_eq!(count(&host, ".weapon-row"), 0);
    add_weapon(&host, "Axe", "1d6+1").await;
    assert_eq!(text(&host, "#weapon-damage-error"), "");
    assert_eq!(count(&host, ".weapon-row"), 1);
}

#[wasm_bindgen_test]
async fn worn_armor_lowers_defense_and_carried_armor_does_not() {
    let (host, c, _m) = mount(character());
    settle().await;
    let base = defense(&host);
    assert_eq!(base, 10);
    type_at(&host, "#armor-name", "Chain");
    type_at(&host, "#armor-protection", "1d6");
    type_at(&host, "#armor-impeding", "2");
    click(&host, "#add-armor");
    settle().await;
    assert_eq!(count(&host, ".armor-row"), 1);
    assert!(
        c.with_untracked(|c| c.combat.armor[0].worn),
        "the first armor added is worn"
    );
    assert_eq!(defense(&host), base - 2);
    click(&host, ".armor-worn");
    settle().await;
    assert_eq!(defense(&host), base, "carried armor does not impede");
    click(&host, ".armor-worn");
    settle().await;
    assert_eq!(defense(&host), base - 2);
    assert!(c.with_untracked(|c| c.combat.armor[0].worn));
    // A bad Impeding is refused at the field.
    type_at(&host, "#armor-name", "Plate");
    type_at(&host, "#armor-protection", "1d8");
    type_at(&host, "#armor-impeding", "lots");
    click(&host, "#add-armor");
    settle().await;
    assert!(!text(&host, "#armor-impeding-error").is_empty());
    assert_eq!(count(&host, ".armor-row"), 1);
    click(&host, ".armor-remove");
    settle().await;
    assert_eq!(count(&host, ".armor-row"), 0);
}

#[wasm_bindgen_test]
async fn one_shield_in_use_gives_plus_one_and_a_second_does_not_stack() {
    let (host, _c, _m) = mount(character());
    settle().await;
    let base = defense(&host);
    add_shield(&host, "Round shield", "shield").await;
    assert_eq!(defense(&host), base, "a shield not in use does nothing");
    click(&host, ".shield-in-use");
    settle().await;
    assert_eq!(defense(&host), base + 1);
    add_shield(&host, "Buckler", "buckler").await;
    assert_eq!(count(&host, ".shield-row"), 2);
    assert!(texts(&host, ".shield-row")[1].contains("Buckler"));
    click(&host, ".shield-row:nth-child(2) .shield-in-use");
    settle().await;
    assert_eq!(defense(&host), base + 1);
    assert!(text(&host, ".equipment-warning").contains("only one"));
}

async fn add_armor(host: &HtmlElement, name: &str) {
    type_at(host, "#armor-name", name);
    type_at(host, "#armor-protection", "1d4");
    type_at(host, "#armor-impeding", "1");
    click(host, "#add-armor");
    settle().await;
}

#[wasm_bindgen_test]
async fn an_open_armor_or_shield_row_stays_open_when_another_is_removed() {
    let (host, c, _m) = mount(character());
    settle().await;
    for name in ["Leather", "Chain", "Plate"] {
        add_armor(&host, name).await;
    }
    for (name, kind) in [("Round shield", "shield"), ("Buckler", "buckler")] {
        add_shield(&host, name, kind).await;
    }
    let ids = c.with_untracked(|c| {
        let armor: Vec<u32> = c.combat.armor.iter().map(|a| a.id).collect();
        let shields: Vec<u32> = c.combat.shields.iter().map(|s| s.id).collect();
        (armor, shields)
    });
    assert_eq!(ids, (vec![1, 2, 3], vec![1, 2]), "each its own id");
    let armor = |n: usize| format!(".armor-row:nth-child({n})");
    open_row(&host, &armor(3)).await;
    open_row(&host, &armor(1)).await;
    click(&host, &format!("{} .armor-remove", armor(1)));
    settle().await;
    assert_eq!(count(&host, ".armor-row"), 2);
    assert!(text(&host, &armor(2)).contains("Plate"));
    assert!(
        exists(&host, &format!("{} > details[open]", armor(2))),
        "the Plate's row is the same row, still open"
    );
    // Ticked on the Plate's row, the Plate is worn (not what is now at its old place).
    click(&host, &format!("{} .armor-worn", armor(2)));
    settle().await;
    let worn: Vec<(String, bool)> = c.with_untracked(|c| {
        c.combat
            .armor
            .iter()
            .map(|a| (a.name.clone(), a.worn))
            .collect()
    });
    assert_eq!(worn, vec![("Chain".into(), false), ("Plate".into(), true)]);
    let shield = |n: usize| format!(".shield-row:nth-child({n})");
    open_row(&host, &shield(2)).await;
    open_row(&host, &shield(1)).await;
    click(&host, &format!("{} .shield-remove", shield(1)));
    settle().await;
    assert_eq!(count(&host, ".shield-row"), 1);
    assert!(text(&host, &shield(1)).contains("Buckler"));
    assert!(
        exists(&host, &format!("{} > details[open]", shield(1))),
        "the Buckler's row is the same row, still open"
    );
}

#[wasm_bindgen_test]
async fn a_shield_with_a_held_heavy_weapon_warns_and_a_buckler_does_not() {
    let (host, _c, _m) = mount(character());
    settle().await;
    add_weapon(&host, "Greataxe", "1d10").await;
    click(&host, ".weapon-row .item-checks label:nth-child(3) input"); // Heavy
    choose(&host, ".weapon-state", "held");
    settle().await;
    add_shield(&host, "Round shield", "shield").await;
    click(&host, ".shield-in-use");
    settle().await;
    assert_eq!(count(&host, ".equipment-warning"), 1);
    assert!(text(&host, ".equipment-warning").contains("Heavy"));
    // Sheathed: no warning.
    choose(&host, ".weapon-state", "sheathed");
    settle().await;
    assert_eq!(count(&host, ".equipment-warning"), 0);
    choose(&host, ".weapon-state", "held");
    settle().await;
    assert_eq!(count(&host, ".equipment-warning"), 1);
    click(&host, ".shield-remove");
    add_shield(&host, "Buckler", "buckler").await;
    click(&host, ".shield-in-use");
    settle().await;
    assert_eq!(count(&host, ".equipment-warning"), 0);
}

#[wasm_bindgen_test]
async fn corruption_total_warns_at_the_threshold_and_the_maximum() {
    // Resolve 10: threshold 5, maximum 10.
    let (host, c, _m) = mount(character());
    settle().await;
    assert_eq!(text(&host, "#corruption-total"), "0");
    type_at(&host, "#corruption-temporary", "3");
    settle().await;
    assert_eq!(text(&host, "#corruption-total"), "3");
    assert!(!exists(&host, "#corruption-warning"));
    type_at(&host, "#corruption-permanent", "2");
    settle().await;
    assert_eq!(text(&host, "#corruption-total"), "5");
    assert!(text(&host, "#corruption-warning").contains("Corruption Threshold"));
    type_at(&host, "#corruption-temporary", "8");
    settle().await;
    assert_eq!(text(&host, "#corruption-total"), "10");
    assert!(text(&host, "#corruption-warning").contains("abomination"));
    // Bad input: a message, the last good value kept.
    for bad in ["-1", "x", "1000"] {
        type_at(&host, "#corruption-temporary", bad);
        settle().await;
        assert!(text(&host, "#corruption-temporary-error").contains("Keeping 8"));
        assert_eq!(text(&host, "#corruption-total"), "10");
    }
    click(&host, "#clear-temporary");
    settle().await;
    assert_eq!(text(&host, "#corruption-total"), "2");
    assert_eq!(
        query::<HtmlInputElement>(&host, "#corruption-temporary").value(),
        "0"
    );
    assert_eq!(text(&host, "#corruption-temporary-error"), "");
    assert!(!exists(&host, "#corruption-warning"));
    assert_eq!(c.with_untracked(|c| c.combat.corruption.permanent), 2);
}

async fn add_combatant(host: &HtmlElement, name: &str, agility: &str, vigilance: &str) {
    type_at(host, "#combatant-name", name);
    type_at(host, "#combatant-agility", agility);
    type_at(host, "#combatant-vigilance", vigilance);
    click(host, "#add-combatant");
    settle().await;
}

fn order(host: &HtmlElement) -> Vec<String> {
    texts(host, "#initiative-order > li")
        .into_iter()
        .map(|t| t.split(':').next().unwrap().to_string())
        .collect()
}

#[wasm_bindgen_test]
async fn initiative_orders_by_agility_then_vigilance_and_this_character_joins() {
    let mut ch = character();
    ch.name = "Hero".into();
    ch.attributes.set(Attr::Agility, 15);
    ch.modifiers
        .push(Modifier::new("Quick", Target::Attr(Attr::Agility), 2));
    let (host, c, _m) = mount(ch);
    settle().await;
    add_combatant(&host, "Ann", "12", "10").await;
    add_combatant(&host, "Bo", "14", "9").await;
    add_combatant(&host, "Cy", "12", "13").await;
    assert_eq!(order(&host), ["Bo", "Cy", "Ann"]);
    assert!(
        c.with_untracked(|c| c.roll_log.is_empty()),
        "no tie, no roll-off"
    );
    // A bad score is refused at the field.
    add_combatant(&host, "Dee", "31", "10").await;
    assert!(!text(&host, "#combatant-agility-error").is_empty());
    assert_eq!(count(&host, "#initiative-order > li"), 3);
    // Joining: this character, with its effective Agility (15 + 2).
    click(&host, "#join-initiative");
    settle().await;
    assert_eq!(order(&host), ["Hero", "Bo", "Cy", "Ann"]);
    assert!(text(&host, "#initiative-order > li").contains("Agility 17"));
    assert!(c.with_untracked(|c| c.combat.encounter.iter().any(|e| e.me)));
    // It follows the sheet.
    c.update(|c| c.attributes.set(Attr::Agility, 8)); // effective 10
    settle().await;
    assert_eq!(order(&host), ["Bo", "Cy", "Ann", "Hero"]);
    // Remove Cy: the other rows stay as they are (keyed by combatant), Ann's with
    // the focus a keyboard player left on her Remove button.
    query::<HtmlElement>(
        &host,
        "#initiative-order > li:nth-child(3) .combatant-remove",
    )
    .focus()
    .unwrap();
    click(
        &host,
        "#initiative-order > li:nth-child(2) .combatant-remove",
    );
    settle().await;
    assert_eq!(order(&host), ["Bo", "Ann", "Hero"]);
    assert_eq!(
        c.with_untracked(|c| c
            .combat
            .encounter
            .iter()
            .map(|e| e.name.clone())
            .collect::<Vec<_>>()),
        ["Ann", "Bo", "Hero"]
    );
    // The focus is still on a Remove button, in Ann's row.
    let focused = document()
        .active_element()
        .expect("something has the focus");
    assert_eq!(focused.text_content().as_deref(), Some("Remove"));
    let row = focused.closest("li").unwrap().expect("in a row");
    assert!(
        row.text_content().unwrap_or_default().contains("Ann"),
        "Ann's row was not drawn again"
    );
}

#[wasm_bindgen_test]
async fn full_ties_wait_for_a_tap_then_roll_off_into_the_log() {
    let (host, c, _m) = mount(character());
    settle().await;
    add_combatant(&host, "Ann", "12", "10").await;
    add_combatant(&host, "Bo", "12", "10").await;
    let mut names = order(&host);
    names.sort();
    assert_eq!(names, ["Ann", "Bo"]);
    // Showing the order rolls nothing: the tie is marked for the player to settle.
    assert_eq!(c.with_untracked(|c| c.roll_log.len()), 0);
    let hint: HtmlElement = query(&host, "#initiative-ties");
    assert!(!hint.hidden(), "the tie is pointed out");
    click(&host, "#roll-initiative");
    settle().await;
    assert_eq!(c.with_untracked(|c| c.roll_log.len()), 1);
    assert!(c.with_untracked(|c| c.roll_log[0].what.contains("roll-off")));
    assert!(text(&host, "#initiative-order > li").contains("roll-off"));
    assert!(hint.hidden(), "settled");
    assert_eq!(count(&host, "#initiative-order > li"), 2);
}
