//! The combat tab's Toughness card and dying panel, mounted in headless Chromium and
//! checked as a player sees them.
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use sheetwright::model::Character;
use sheetwright::rules::symbaroum::combat::Armor;
use sheetwright::rules::symbaroum::dice_notation::DiceExpr;
use sheetwright::rules::symbaroum::dying::LifeState;
use sheetwright::rules::symbaroum::experience::{Ability, AbilityKind, Level, XpEntry};
use sheetwright::rules::symbaroum::Attr;
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

fn num(host: &HtmlElement, selector: &str) -> i32 {
    text(host, selector).parse().unwrap()
}

/// Might 10: max Toughness 10, Pain Threshold 5.
fn character(ruleset: Ruleset) -> Character {
    Character::new("test".into(), ruleset, 0.0)
}

/// Worn armor of 1d4.
fn wear_chain(ch: &mut Character) {
    ch.combat.armor.push(Armor {
        id: 0,
        name: "Chain".into(),
        protection: DiceExpr::new(1, 4),
        impeding: 0,
        worn: true,
        qualities: vec![],
        segments: None,
        value: None,
        from: None,
    });
}

async fn hit(host: &HtmlElement, incoming: &str) {
    type_into(&query(host, "#incoming"), incoming);
    settle().await;
    click(host, "#take-hit");
    settle().await;
}

#[wasm_bindgen_test]
async fn a_hit_above_toughness_without_armor_leaves_zero_and_dying() {
    let (host, c, _m) = mount(character(Ruleset::Homebrew));
    settle().await;
    assert_eq!(num(&host, "#toughness-current"), 10);
    assert_eq!(num(&host, "#toughness-max"), 10);
    assert!(!exists(&host, "#dying-panel"));
    hit(&host, "15").await;
    assert_eq!(num(&host, "#toughness-current"), 0);
    assert_eq!(num(&host, "#toughness-max"), 10);
    assert!(text(&host, "#hit-result").contains("15 damage"));
    assert!(exists(&host, "#dying-panel"));
    assert!(text(&host, "#death-steps").contains("0 of 3"));
    c.with_untracked(|c| {
        assert_eq!(c.combat.life, LifeState::Dying { steps: 0 });
        assert_eq!(c.combat.current_toughness(10), 0);
        assert_eq!(c.roll_log[0].what, "Hit taken");
    });
}

#[wasm_bindgen_test]
async fn a_smaller_hit_lowers_toughness() {
    let (host, _c, _m) = mount(character(Ruleset::Homebrew));
    settle().await;
    hit(&host, "3").await;
    assert_eq!(num(&host, "#toughness-current"), 7);
    assert!(text(&host, "#hit-result").contains("3 damage"));
    assert!(!exists(&host, "#pain-flag"));
    assert!(!exists(&host, "#dying-panel"));
}

#[wasm_bindgen_test]
async fn pain_flag_above_threshold_and_at_it_with_hit_locations() {
    let (host, c, _m) = mount(character(Ruleset::Homebrew));
    settle().await;
    let reset = || c.update(|c| c.combat.damage = 0);
    hit(&host, "6").await;
    assert!(exists(&host, "#pain-flag"), "6 > 5 flags pain");
    assert!(text(&host, "#pain-flag").contains("knocked down"));
    assert!(text(&host, "#pain-flag").contains("Free Attack"));
    reset();
    hit(&host, "5").await;
    assert!(
        !exists(&host, "#pain-flag"),
        "5 = 5 is no pain without Hit Locations"
    );

    click(&host, "#hit-locations");
    settle().await;
    assert!(c.with_untracked(|c| c.combat.hit_locations));
    assert!(query::<HtmlInputElement>(&host, "#hit-locations").checked());
    reset();
    hit(&host, "5").await;
    assert!(
        exists(&host, "#pain-flag"),
        "5 = 5 flags with Hit Locations"
    );
    assert!(text(&host, "#pain-flag").contains("hit location"));
    reset();
    hit(&host, "4").await;
    assert!(!exists(&host, "#pain-flag"));
}

#[wasm_bindgen_test]
async fn pain_flag_uses_the_ruleset_words() {
    let (host, _c, _m) = mount(character(Ruleset::HomebrewDraft));
    settle().await;
    assert_eq!(text(&host, "#toughness-heading"), "Health");
    hit(&host, "6").await;
    assert!(text(&host, "#pain-flag").contains("Pain Tolerance"));
}

#[wasm_bindgen_test]
async fn bad_incoming_shows_a_message_and_changes_nothing() {
    let (host, c, _m) = mount(character(Ruleset::Homebrew));
    settle().await;
    hit(&host, "2").await;
    let before = c.get_untracked();
    let result = text(&host, "#hit-result");
    for bad in ["1d0", "abc", "-3", ""] {
        hit(&host, bad).await;
        assert!(
            !text(&host, "#incoming-error").is_empty(),
            "{bad:?} has a message"
        );
        assert_eq!(c.get_untracked(), before, "{bad:?} changed the character");
        assert_eq!(num(&host, "#toughness-current"), 8);
        assert_eq!(text(&host, "#hit-result"), result);
    }
    type_into(&query(&host, "#incoming"), "1d0");
    settle().await;
    let input: HtmlInputElement = query(&host, "#incoming");
    assert_eq!(input.get_attribute("aria-invalid").as_deref(), Some("true"));
    hit(&host, "1d4").await;
    assert_eq!(text(&host, "#incoming-error"), "");
    assert_eq!(
        input.get_attribute("aria-invalid").as_deref(),
        Some("false")
    );
    let cur = num(&host, "#toughness-current");
    assert!((4..=7).contains(&cur), "1d4 from 8 left {cur}");
}

#[wasm_bindgen_test]
async fn worn_armor_is_rolled_against_each_hit() {
    let mut ch = character(Ruleset::Homebrew);
    wear_chain(&mut ch);
    let (host, _c, _m) = mount(ch);
    settle().await;
    hit(&host, "9").await;
    let cur = num(&host, "#toughness-current");
    // 9 damage less 1–4 armor is 5–8 taken, so 2–5 of 10 is left.
    assert!((2..=5).contains(&cur), "9 − 1d4 from 10 left {cur}");
    assert!(text(&host, "#hit-result").contains("Armor"));
}

#[wasm_bindgen_test]
async fn the_armor_roll_of_a_hit_may_be_rerolled_for_one_experience() {
    let mut ch = character(Ruleset::Homebrew);
    wear_chain(&mut ch);
    let gear = ch.advance_mut();
    gear.reroll.enabled = true;
    gear.xp.push(XpEntry::Award {
        amount: 1,
        note: "adventure".into(),
        date: "2026-11-22".into(),
    });
    let (host, c, _m) = mount(ch);
    settle().await;
    hit(&host, "9").await;
    assert!(exists(&host, "#armor-reroll"));
    click(&host, "#armor-reroll");
    settle().await;
    // The hit is taken again from where it started: 9 less a new 1d4, from 10.
    let cur = num(&host, "#toughness-current");
    assert!((2..=5).contains(&cur), "re-rolled hit left {cur}");
    c.with_untracked(|c| {
        assert_eq!(c.advance().totals().unspent, 0);
        assert_eq!(c.roll_log.len(), 2);
        assert!(c.roll_log[0]
            .what
            .starts_with("Re-roll for 1 XP: Armor roll"));
        assert_eq!(c.combat.current_toughness(10), cur);
    });
    let button = || query::<HtmlButtonElement>(&host, "#armor-reroll");
    assert!(button().disabled());
    assert_eq!(
        text(&host, "#armor-reroll-note"),
        "Only one re-roll per action."
    );
    // Once anything else changes Toughness, the hit is history: no re-roll.
    click(&host, "#heal-natural");
    settle().await;
    assert!(!exists(&host, "#armor-reroll"));
}

/// The character learns Medicus (novice).
fn learn_medicus(c: &Live) {
    c.update(|c| {
        c.advance.abilities.push(Ability::new(
            "Medicus",
            AbilityKind::Ability,
            Some(Level::Novice),
        ))
    });
}

#[wasm_bindgen_test]
async fn healing_never_exceeds_max() {
    let (host, c, _m) = mount(character(Ruleset::Homebrew));
    settle().await;
    c.update(|c| c.combat.damage = 2);
    settle().await;
    assert_eq!(num(&host, "#toughness-current"), 8);
    click(&host, "#heal-herbal");
    settle().await;
    assert_eq!(num(&host, "#toughness-current"), 9);
    click(&host, "#heal-natural");
    settle().await;
    assert_eq!(num(&host, "#toughness-current"), 10);
    learn_medicus(&c);
    settle().await;
    for id in ["#heal-natural", "#heal-herbal", "#heal-medicus"] {
        click(&host, id);
        settle().await;
        assert_eq!(num(&host, "#toughness-current"), 10, "{id} went above max");
    }
    assert_eq!(c.with_untracked(|c| c.combat.damage), 0);
}

#[wasm_bindgen_test]
async fn medicus_heals_one_to_four_and_is_logged() {
    let (host, c, _m) = mount(character(Ruleset::Homebrew));
    settle().await;
    c.update(|c| c.combat.damage = 6);
    settle().await;
    // Only a medic has the first-aid button; another's Medicus is entered under Heal by.
    assert!(query::<HtmlButtonElement>(&host, "#heal-medicus").hidden());
    learn_medicus(&c);
    settle().await;
    assert!(!query::<HtmlButtonElement>(&host, "#heal-medicus").hidden());
    click(&host, "#heal-medicus");
    settle().await;
    let cur = num(&host, "#toughness-current");
    assert!((5..=8).contains(&cur), "Medicus from 4 gave {cur}");
    assert!(text(&host, "#heal-result").contains("Medicus"));
    c.with_untracked(|c| {
        assert_eq!(c.roll_log[0].what, "Medicus");
        assert!(c.roll_log[0].dice.starts_with("d4: "));
    });
}

#[wasm_bindgen_test]
async fn stabilise_then_heal_brings_the_character_back() {
    let (host, c, _m) = mount(character(Ruleset::Homebrew));
    settle().await;
    hit(&host, "12").await;
    assert!(exists(&host, "#dying-panel"));
    c.update(|c| c.combat.life = LifeState::Dying { steps: 2 });
    settle().await;
    assert!(text(&host, "#death-steps").contains("2 of 3"));
    click(&host, "#stabilise");
    settle().await;
    assert!(!exists(&host, "#dying-panel"));
    assert_eq!(c.with_untracked(|c| c.combat.life), LifeState::Alive);
    assert_eq!(num(&host, "#toughness-current"), 0);
    click(&host, "#heal-natural");
    settle().await;
    assert_eq!(num(&host, "#toughness-current"), 1);
    assert_eq!(c.with_untracked(|c| c.combat.life), LifeState::Alive);
    // Hurt to 0 again: dying again, with the steps reset.
    hit(&host, "3").await;
    assert!(text(&host, "#death-steps").contains("0 of 3"));
}

#[wasm_bindgen_test]
async fn healing_a_dying_character_stabilises_but_rest_does_not() {
    let (host, c, _m) = mount(character(Ruleset::Homebrew));
    settle().await;
    hit(&host, "10").await;
    click(&host, "#heal-natural");
    settle().await;
    assert!(exists(&host, "#dying-panel"), "rest does not stabilise");
    // A day of rest is the character's own: the dying cannot help themself.
    assert!(text(&host, "#heal-result").contains("cannot help themself"));
    click(&host, "#heal-herbal");
    settle().await;
    assert!(!exists(&host, "#dying-panel"));
    assert_eq!(num(&host, "#toughness-current"), 1);
    assert_eq!(c.with_untracked(|c| c.combat.life), LifeState::Alive);
}

#[wasm_bindgen_test]
async fn the_dying_cannot_heal_themself_but_someone_elses_healing_stabilises() {
    let (host, c, _m) = mount(character(Ruleset::Homebrew));
    settle().await;
    learn_medicus(&c);
    hit(&host, "10").await;
    assert!(exists(&host, "#dying-panel"));
    assert!(!query::<HtmlElement>(&host, "#heal-dying-note").hidden());
    // Their own Medicus: refused in words, still dying.
    click(&host, "#heal-medicus");
    settle().await;
    assert!(text(&host, "#heal-result").contains("cannot help themself"));
    assert!(exists(&host, "#dying-panel"));
    // Their own Lay on Hands, entered by hand: refused too.
    type_at(&host, "#heal-amount", "3");
    type_at(&host, "#heal-from", "Lay on Hands");
    choose(&host, "#heal-giver", "own");
    settle().await;
    click(&host, "#heal-apply");
    settle().await;
    assert!(text(&host, "#heal-result").contains("cannot help themself"));
    assert!(c.with_untracked(|c| c.combat.life.is_dying()));
    // Someone else's: stabilised and healed.
    type_at(&host, "#heal-amount", "3");
    choose(&host, "#heal-giver", "other");
    settle().await;
    click(&host, "#heal-apply");
    settle().await;
    assert!(!exists(&host, "#dying-panel"));
    assert_eq!(num(&host, "#toughness-current"), 3);
    assert!(query::<HtmlElement>(&host, "#heal-dying-note").hidden());
}

#[wasm_bindgen_test]
async fn death_tests_end_awake_or_dead() {
    let (host, c, _m) = mount(character(Ruleset::Homebrew));
    settle().await;
    hit(&host, "20").await;
    let mut tests = 0;
    while exists(&host, "#dying-panel") && tests < 500 {
        click(&host, "#death-test");
        settle().await;
        tests += 1;
        assert!(!text(&host, "#death-result").is_empty());
        if let LifeState::Dying { steps } = c.with_untracked(|c| c.combat.life) {
            assert!(text(&host, "#death-steps").contains(&format!("{steps} of 3")));
        }
    }
    let life = c.with_untracked(|c| c.combat.life);
    assert_eq!(c.with_untracked(|c| c.roll_log.len()), tests + 1);
    match life {
        LifeState::Alive => {
            let cur = num(&host, "#toughness-current");
            assert!((1..=4).contains(&cur), "woke with {cur}");
            assert!(!exists(&host, "#dead-banner"));
        }
        LifeState::Dead => {
            assert!(exists(&host, "#dead-banner"));
            assert!(exists(&host, "#create-successor"));
        }
        LifeState::Dying { .. } => panic!("still dying after {tests} tests"),
    }
}

#[wasm_bindgen_test]
async fn the_dead_are_marked_and_cannot_be_hit_or_healed() {
    let (host, c, _m) = mount(character(Ruleset::Homebrew));
    settle().await;
    assert!(!exists(&host, "#dead-banner"));
    c.update(|c| {
        c.name = "Grumpa".into();
        c.combat.damage = 10;
        c.combat.life = LifeState::Dead;
    });
    settle().await;
    assert!(text(&host, "#dead-banner").contains("Grumpa is dead"));
    assert_eq!(text(&host, "#create-successor"), "Create successor");
    assert!(!exists(&host, "#dying-panel"));
    learn_medicus(&c);
    settle().await;
    for id in [
        "#take-hit",
        "#heal-herbal",
        "#heal-medicus",
        "#heal-natural",
    ] {
        assert!(query::<HtmlButtonElement>(&host, id).disabled(), "{id}");
    }
}

#[wasm_bindgen_test]
async fn max_toughness_follows_might_live() {
    let (host, c, _m) = mount(character(Ruleset::Homebrew));
    settle().await;
    hit(&host, "3").await;
    assert_eq!(num(&host, "#toughness-current"), 7);
    c.update(|c| c.attributes.set(Attr::Might, 15));
    settle().await;
    assert_eq!(num(&host, "#toughness-max"), 15);
    assert_eq!(num(&host, "#toughness-current"), 12);
    c.update(|c| c.attributes.set(Attr::Might, 10));
    settle().await;
    assert_eq!(num(&host, "#toughness-max"), 10);
    assert_eq!(num(&host, "#toughness-current"), 7);
}
