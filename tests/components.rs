//! Components mounted in real headless Chromium (wasm-bindgen-test), checked in the DOM.
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use sheetwright::model::Character;
use sheetwright::rules::symbaroum::Attr;
use sheetwright::rules::Ruleset;
use sheetwright::ui::routing::Tab;
use sheetwright::ui::Live;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Event, HtmlElement, HtmlInputElement};

mod support;
use support::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Mounts a sheet for `c` in a fresh container and returns the container.
fn mount_sheet(c: Character) -> (HtmlElement, Live, Mounted) {
    let character = Live::new(c);
    let (host, mounted) = mount_tab(character, Tab::Sheet);
    (host, character, mounted)
}

fn character(ruleset: Ruleset) -> Character {
    Character::new("test".into(), ruleset, 0.0)
}

#[wasm_bindgen_test]
async fn typing_might_updates_toughness_and_pain_threshold() {
    let (host, c, _m) = mount_sheet(character(Ruleset::Homebrew));
    settle().await;
    let might: HtmlInputElement = query(&host, "#attr-might");
    assert_eq!(might.value(), "10");
    type_into(&might, "13");
    settle().await;
    assert_eq!(text(&host, "[data-derived=toughness] .derived-value"), "13");
    assert_eq!(
        text(&host, "[data-derived=pain-threshold] .derived-value"),
        "7"
    );
    assert_eq!(c.with_untracked(|c| c.attributes.get(Attr::Might)), 13);
    type_into(&might, "7");
    settle().await;
    assert_eq!(text(&host, "[data-derived=toughness] .derived-value"), "10");
    assert_eq!(
        text(&host, "[data-derived=pain-threshold] .derived-value"),
        "4"
    );
}

#[wasm_bindgen_test]
async fn invalid_score_shows_a_message_and_keeps_the_value() {
    let (host, c, _m) = mount_sheet(character(Ruleset::Homebrew));
    settle().await;
    let agility: HtmlInputElement = query(&host, "#attr-agility");
    type_into(&agility, "12");
    settle().await;
    for bad in ["", "abc", "0", "31", "2.5"] {
        type_into(&agility, bad);
        settle().await;
        let msg = text(&host, "#attr-agility-error");
        assert!(msg.contains("Keeping 12"), "{bad:?} gave message {msg:?}");
        assert_eq!(
            agility.get_attribute("aria-invalid").as_deref(),
            Some("true")
        );
        assert_eq!(text(&host, "[data-derived=defense] .derived-value"), "12");
        assert_eq!(c.with_untracked(|c| c.attributes.get(Attr::Agility)), 12);
    }
    type_into(&agility, "9");
    settle().await;
    assert_eq!(text(&host, "#attr-agility-error"), "");
    assert_eq!(text(&host, "[data-derived=defense] .derived-value"), "9");
}

#[wasm_bindgen_test]
async fn symbaroum_labels_with_the_same_numbers() {
    let (host, c, _m) = mount_sheet(character(Ruleset::Homebrew));
    settle().await;
    type_into(&query(&host, "#attr-might"), "15");
    settle().await;
    assert_eq!(text(&host, "label[for=attr-might]"), "Might");
    c.update(|c| c.ruleset = Ruleset::Symbaroum);
    settle().await;
    assert_eq!(text(&host, "label[for=attr-might]"), "Strong");
    assert_eq!(text(&host, "[data-derived=toughness] .derived-value"), "15");
    c.update(|c| c.ruleset = Ruleset::HomebrewDraft);
    settle().await;
    assert_eq!(
        text(&host, "[data-derived=toughness] .derived-name"),
        "Health"
    );
    assert_eq!(text(&host, "[data-derived=toughness] .derived-value"), "15");
}

#[wasm_bindgen_test]
async fn tapping_a_derived_value_shows_its_breakdown() {
    let (host, _c, _m) = mount_sheet(character(Ruleset::Homebrew));
    settle().await;
    type_into(&query(&host, "#attr-might"), "7");
    settle().await;
    let how: HtmlElement = query(&host, "#derived-toughness-how");
    assert!(how.hidden());
    query::<HtmlElement>(&host, "[data-derived=toughness] button").click();
    settle().await;
    assert!(!how.hidden());
    assert_eq!(
        how.text_content().unwrap(),
        "Toughness 10 = at least 10 (Might 7)"
    );
}

// ---- Ruleset switch, guidance, modifiers, rolls and the roll log ----

fn el(host: &HtmlElement, selector: &str) -> HtmlElement {
    query(host, selector)
}

fn active_id() -> String {
    web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .active_element()
        .map(|e| e.id())
        .unwrap_or_default()
}

/// Waits for the next frames (focus moves after a frame; dialogs close in a task).
async fn frames() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 60)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
    settle().await;
}

fn might(c: &Live, v: i32) {
    c.update(|c| c.attributes.set(Attr::Might, v));
}

#[wasm_bindgen_test]
async fn the_ruleset_switch_renames_everything_and_keeps_the_numbers() {
    let tab = RwSignal::new(Tab::Sheet);
    let c = Live::new(character(Ruleset::Homebrew));
    let (host, _m) = mount_tabs(c, tab);
    might(&c, 15);
    settle().await;
    assert_eq!(
        el(&host, "#roll-might")
            .get_attribute("aria-label")
            .as_deref(),
        Some("Roll Might test")
    );
    choose(&host, "#ruleset", "symbaroum");
    settle().await;
    assert_eq!(c.with_untracked(|c| c.ruleset), Ruleset::Symbaroum);
    assert_eq!(text(&host, "label[for=attr-might]"), "Strong");
    assert_eq!(text(&host, "label[for=attr-exactitude]"), "Accurate");
    assert_eq!(
        el(&host, "#roll-might")
            .get_attribute("aria-label")
            .as_deref(),
        Some("Roll Strong test")
    );
    assert_eq!(text(&host, "[data-derived=toughness] .derived-value"), "15");
    // The Combat tab's Attack says it in the same words.
    tab.set(Tab::Combat);
    settle().await;
    assert_eq!(
        text(&host, "#roll-attack .combat-formula"),
        "[Accurate←Defense]"
    );
    tab.set(Tab::Sheet);
    settle().await;
    assert_eq!(
        text(&host, "#derived-toughness-how"),
        "Toughness 15 = Strong 15"
    );
    choose(&host, "#ruleset", "homebrew-draft");
    settle().await;
    assert_eq!(
        text(&host, "[data-derived=toughness] .derived-name"),
        "Health"
    );
    assert_eq!(text(&host, "label[for=attr-might]"), "Might");
    // Heimr has its own sheet and is not offered here.
    assert!(!exists(&host, "#ruleset option[value=heimr]"));
}

#[wasm_bindgen_test]
async fn creation_guidance_counts_points_and_warns_without_blocking() {
    let (host, c, _m) = mount_sheet(character(Ruleset::Homebrew));
    settle().await;
    assert_eq!(
        text(&host, "#points-used"),
        "Creation: 80 of 80 points used"
    );
    assert_eq!(count(&host, "#creation-warnings li"), 0);
    type_into(&query(&host, "#attr-might"), "16");
    settle().await;
    assert_eq!(
        text(&host, "#points-used"),
        "Creation: 86 of 80 points used: 6 over"
    );
    assert_eq!(
        text(&host, "#creation-warnings li"),
        "Might 16 is above 15, the most an attribute starts with."
    );
    // Guidance never blocks: 16 is kept.
    assert_eq!(c.with_untracked(|c| c.attributes.get(Attr::Might)), 16);
    type_into(&query(&host, "#attr-might"), "15");
    type_into(&query(&host, "#attr-wit"), "15");
    settle().await;
    assert_eq!(
        text(&host, "#creation-warnings li"),
        "Might and Wit are both 15: only one attribute may start at 15."
    );
}

#[wasm_bindgen_test]
async fn the_standard_array_is_placed_by_swapping_and_applied_in_one_tap() {
    let (host, c, _m) = mount_sheet(character(Ruleset::Homebrew));
    settle().await;
    assert!(!exists(&host, "#standard-array"));
    el(&host, "#standard-array-open").click();
    settle().await;
    let value = |key: &str| query::<HtmlInputElement>(&host, &format!("#array-{key}")).value();
    assert_eq!(value("agility"), "15");
    assert_eq!(value("might"), "10");
    assert_eq!(value("wit"), "5");
    choose(&host, "#array-might", "15");
    settle().await;
    assert_eq!(value("might"), "15");
    assert_eq!(value("agility"), "10", "Agility takes Might's 10");
    el(&host, "#standard-array-apply").click();
    settle().await;
    assert_eq!(
        c.with_untracked(|c| c.attributes.values()),
        [10, 13, 11, 10, 15, 9, 7, 5]
    );
    assert!(!exists(&host, "#standard-array"));
    assert_eq!(
        query::<HtmlInputElement>(&host, "#attr-might").value(),
        "15"
    );
    assert_eq!(
        text(&host, "#points-used"),
        "Creation: 80 of 80 points used"
    );
    assert_eq!(count(&host, "#creation-warnings li"), 0);
    frames().await;
    assert_eq!(
        active_id(),
        "standard-array-open",
        "focus returns to the helper's button"
    );
}

#[wasm_bindgen_test]
async fn a_modifier_row_keeps_its_refused_text_when_another_is_removed() {
    let (host, c, _m) = mount_sheet(Character::new("m".into(), Ruleset::Homebrew, 0.0));
    settle().await;
    for (source, amount) in [("Robust", "-2"), ("Ring", "+1")] {
        type_into(&query(&host, "#add-mod-source"), source);
        choose(&host, "#add-mod-target", "defense");
        type_into(&query(&host, "#add-mod-amount"), amount);
        el(&host, "#add-mod").click();
        settle().await;
    }
    let ids: Vec<u32> = c.with_untracked(|c| c.modifiers.iter().map(|m| m.id).collect());
    assert_eq!(ids, vec![1, 2], "each modifier its own id");
    // The Ring's source emptied: refused at the field, the saved one kept.
    type_into(&query(&host, "#mod-2-source"), "");
    settle().await;
    assert!(!text(&host, "#mod-2-source-error").is_empty());
    el(&host, "#mod-1-remove").click();
    settle().await;
    assert_eq!(c.with_untracked(|c| c.modifiers.len()), 1);
    // The Ring's row is the same row: its text and message are still there.
    assert_eq!(
        query::<HtmlInputElement>(&host, "#mod-2-source").value(),
        ""
    );
    assert!(!text(&host, "#mod-2-source-error").is_empty());
    assert_eq!(c.with_untracked(|c| c.modifiers[0].source.clone()), "Ring");
}

#[wasm_bindgen_test]
async fn a_modifier_feeds_the_effective_attribute_and_derived_values() {
    let (host, c, _m) = mount_sheet(character(Ruleset::Homebrew));
    might(&c, 11);
    settle().await;
    assert!(!exists(&host, "#attr-might-effective"));
    assert!(exists(&host, "#modifiers-empty"));
    // Add: a source is required, and the amount must be a number.
    el(&host, "#add-mod").click();
    settle().await;
    assert!(text(&host, "#add-mod-source-error").contains("comes from"));
    assert_eq!(c.with_untracked(|c| c.modifiers.len()), 0);
    type_into(&query(&host, "#add-mod-source"), "Exceptional Attribute");
    choose(&host, "#add-mod-target", "might");
    type_into(&query(&host, "#add-mod-amount"), "+2");
    el(&host, "#add-mod").click();
    settle().await;
    assert_eq!(c.with_untracked(|c| c.modifiers.len()), 1);
    assert_eq!(text(&host, "#attr-might-effective"), "13 (base 11)");
    assert_eq!(text(&host, "[data-derived=toughness] .derived-value"), "13");
    assert_eq!(
        text(&host, "[data-derived=pain-threshold] .derived-value"),
        "7"
    );
    let how = el(&host, "#attr-might-how");
    assert!(how.hidden());
    el(&host, "#attr-might-effective").click();
    settle().await;
    assert!(!how.hidden());
    assert_eq!(
        text(&host, "#attr-might-how"),
        "Might 13 = base 11 + Exceptional Attribute 2"
    );
    // A bad amount keeps the last good one.
    let amount: HtmlInputElement = query(&host, "#mod-1-amount");
    assert_eq!(amount.value(), "+2");
    type_into(&amount, "lots");
    settle().await;
    assert!(text(&host, "#mod-1-amount-error").contains("Keeping +2"));
    assert_eq!(c.with_untracked(|c| c.modifiers[0].amount), 2);
    type_into(&amount, "100");
    settle().await;
    assert!(text(&host, "#mod-1-amount-error").contains("99"));
    type_into(&amount, "-1");
    settle().await;
    assert_eq!(text(&host, "#mod-1-amount-error"), "");
    assert_eq!(text(&host, "#attr-might-effective"), "10 (base 11)");
    // A derived target, then switched off.
    choose(&host, "#mod-1-target", "defense");
    settle().await;
    assert!(!exists(&host, "#attr-might-effective"));
    assert_eq!(text(&host, "[data-derived=defense] .derived-value"), "9");
    el(&host, "#mod-1-active").click();
    settle().await;
    assert_eq!(text(&host, "[data-derived=defense] .derived-value"), "10");
    assert!(!c.with_untracked(|c| c.modifiers[0].active));
    el(&host, "#mod-1-remove").click();
    settle().await;
    assert_eq!(c.with_untracked(|c| c.modifiers.len()), 0);
    assert!(exists(&host, "#modifiers-empty"));
    frames().await;
    assert_eq!(
        active_id(),
        "modifiers-heading",
        "focus moves to the list after a removal"
    );
}

#[wasm_bindgen_test]
async fn a_derived_value_shows_its_breakdown_on_keyboard_focus() {
    let (host, _c, _m) = mount_sheet(character(Ruleset::Homebrew));
    settle().await;
    let how = el(&host, "#derived-defense-how");
    assert!(how.hidden());
    el(&host, "[data-derived=defense] button").focus().unwrap();
    settle().await;
    assert!(!how.hidden(), "focus opens the breakdown");
    assert_eq!(how.text_content().unwrap(), "Defense 10 = Agility 10");
    el(&host, "[data-derived=toughness] button")
        .focus()
        .unwrap();
    settle().await;
    assert!(how.hidden(), "moving on closes it");
    assert!(!el(&host, "#derived-toughness-how").hidden());
    el(&host, "[data-derived=toughness] button").blur().unwrap();
    settle().await;
    assert!(el(&host, "#derived-toughness-how").hidden());
}

#[wasm_bindgen_test]
async fn the_roll_panel_shows_target_and_chance_then_rolls_into_the_log() {
    let (host, c, _m) = mount_sheet(character(Ruleset::Homebrew));
    might(&c, 13);
    settle().await;
    assert!(!exists(&host, "#roll-panel"));
    el(&host, "#roll-might").click();
    settle().await;
    let panel = el(&host, "#roll-panel");
    assert!(panel.has_attribute("open"), "the panel opens as a dialog");
    assert_eq!(text(&host, "#roll-title"), "Might test");
    assert_eq!(text(&host, "#roll-target"), "13");
    assert_eq!(text(&host, "#roll-chance"), "65%");
    el(&host, "#roll-kind-difficulty").click();
    settle().await;
    choose(&host, "#roll-difficulty", "-2");
    settle().await;
    assert_eq!(text(&host, "#roll-what"), "Might test [Might −2]");
    assert_eq!(text(&host, "#roll-target"), "11");
    assert_eq!(text(&host, "#roll-chance"), "55%");
    assert_eq!(text(&host, "#roll-target-text"), "roll 11 or lower (55%)");
    el(&host, "#roll-advantage").click();
    settle().await;
    assert_eq!(text(&host, "#roll-target"), "13");
    assert_eq!(text(&host, "#roll-chance"), "65%");
    assert!(!exists(&host, "#roll-result"));
    el(&host, "#roll-go").click();
    settle().await;
    // One die, kept, against 13: the outcome follows from them.
    assert_eq!(count(&host, "#roll-result .die"), 1);
    let kept: i32 = text(&host, "#roll-kept").parse().unwrap();
    assert!((1..=20).contains(&kept));
    assert_eq!(text(&host, "#roll-result-target"), "13");
    let outcome = text(&host, "#roll-outcome");
    assert_eq!(outcome, if kept <= 13 { "Pass" } else { "Fail" });
    // The log has it, newest first, and the live region says it.
    let log = c.with_untracked(|c| c.roll_log.clone());
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].what, "Might test [Might −2], with Advantage");
    assert_eq!(log[0].dice, format!("d20: {kept}"));
    assert_eq!(log[0].target, Some(13));
    assert_eq!(log[0].outcome, outcome);
    assert_eq!(
        text(&host, "#roll-announcer"),
        format!("Might test [Might −2], with Advantage: rolled {kept} against 13: {outcome}.")
    );
    assert_eq!(
        text(&host, "#log-entries .log-entry .log-what"),
        log[0].what
    );
    assert_eq!(text(&host, "#log-entries .log-entry .log-outcome"), outcome);
    el(&host, "#roll-go").click();
    settle().await;
    assert_eq!(c.with_untracked(|c| c.roll_log.len()), 2);
    assert_eq!(count(&host, "#log-entries .log-entry"), 2);
    assert!(text(&host, "#roll-announcer").starts_with("Roll 2: "));
    el(&host, "#roll-close").click();
    frames().await;
    assert!(!exists(&host, "#roll-panel"));
    assert_eq!(
        active_id(),
        "roll-might",
        "focus returns to the roll button"
    );
}

#[wasm_bindgen_test]
async fn the_player_s_own_modifiers_change_the_target_and_each_is_removed_by_itself() {
    let (host, c, _m) = mount_sheet(character(Ruleset::Homebrew));
    might(&c, 13);
    settle().await;
    el(&host, "#roll-might").click();
    settle().await;
    assert_eq!(text(&host, "#roll-target"), "13");
    // A modifier that is not a whole number is refused at the field; nothing is added.
    type_at(&host, "#roll-own-name", "Aim");
    type_at(&host, "#roll-own-amount", "a lot");
    click(&host, "#roll-own-add");
    settle().await;
    assert!(text(&host, "#roll-own-error").starts_with("Enter the modifier as a whole number"));
    assert_eq!(count(&host, ".roll-own-list li"), 0);
    assert_eq!(text(&host, "#roll-target"), "13");
    for (name, amount) in [("Aim", "−2"), ("Blessing", "+1"), ("Cover", "-3")] {
        type_at(&host, "#roll-own-name", name);
        type_at(&host, "#roll-own-amount", amount);
        click(&host, "#roll-own-add");
        settle().await;
    }
    assert_eq!(text(&host, "#roll-own-error"), "");
    assert_eq!(count(&host, ".roll-own-list li"), 3);
    assert_eq!(text(&host, "#roll-target"), "9", "13 − 2 + 1 − 3");
    // Remove the first: the rows after it are the same rows, and the target follows.
    let cover = el(&host, ".roll-own-list li:nth-child(3)");
    click(&host, "button[aria-label='Remove Aim']");
    settle().await;
    assert_eq!(count(&host, ".roll-own-list li"), 2);
    assert!(el(&host, ".roll-own-list li:nth-child(2)").is_same_node(Some(&cover)));
    assert!(text(&host, ".roll-own-list li:nth-child(1)").contains("Blessing"));
    assert_eq!(text(&host, "#roll-target"), "11");
    el(&host, "#roll-go").click();
    settle().await;
    let log = c.with_untracked(|c| c.roll_log.clone());
    assert_eq!(log[0].target, Some(11));
    el(&host, "#roll-close").click();
    frames().await;
}

#[wasm_bindgen_test]
async fn second_chances_roll_two_dice_and_cancel_each_other() {
    let (host, c, _m) = mount_sheet(character(Ruleset::Homebrew));
    settle().await;
    el(&host, "#roll-agility").click();
    settle().await;
    el(&host, "#roll-second-pass").click();
    settle().await;
    assert_eq!(text(&host, "#roll-chance"), "75%");
    assert_eq!(
        text(&host, "#roll-target-text"),
        "roll 2d20, keep the lower, 10 or lower (75%)"
    );
    el(&host, "#roll-go").click();
    settle().await;
    assert_eq!(count(&host, "#roll-result .die"), 2);
    assert_eq!(count(&host, "#roll-result .die.kept"), 1);
    let faces: Vec<i32> = (0..2)
        .map(|i| {
            let sel = format!("#roll-result .die:nth-child({}) .die-face", i + 1);
            text(&host, &sel).parse().unwrap()
        })
        .collect();
    let kept: i32 = text(&host, "#roll-kept").parse().unwrap();
    assert_eq!(kept, *faces.iter().min().unwrap(), "keeps the lower die");
    assert!(c.with_untracked(|c| c.roll_log[0].dice.contains('→')));
    el(&host, "#roll-second-fail").click();
    settle().await;
    assert!(text(&host, "#roll-cancel-note").contains("cancel out"));
    assert!(el(&host, "#roll-cancel-note")
        .class_list()
        .contains("active"));
    assert_eq!(text(&host, "#roll-chance"), "50%");
    el(&host, "#roll-go").click();
    settle().await;
    assert_eq!(count(&host, "#roll-result .die"), 1);
    assert_eq!(
        c.with_untracked(|c| c.roll_log[0].what.clone()),
        "Agility test, second chances cancel out"
    );
    el(&host, "#roll-close").click();
    frames().await;
}

#[wasm_bindgen_test]
async fn attack_asks_only_for_the_defense_and_refuses_bad_numbers() {
    let c = Live::new(character(Ruleset::Homebrew));
    let (host, _m) = mount_tab(c, Tab::Combat);
    c.update(|c| c.attributes.set(Attr::Exactitude, 13));
    settle().await;
    el(&host, "#roll-attack").click();
    settle().await;
    assert_eq!(text(&host, "#roll-title"), "Attack [Exactitude←Defense]");
    assert_eq!(
        text(&host, "label[for=roll-opponent-score]"),
        "Opponent's Defense"
    );
    // The opponent's value is the one thing asked for (focused first); the rest are
    // circumstances the player may add: Advantage, second chances, own modifiers.
    let opponent: HtmlInputElement = query(&host, "#roll-opponent-score");
    assert!(opponent.has_attribute("autofocus"));
    // Its one choice box, where an Advantage comes from, is optional and starts at
    // "No situation named"; the checks are Advantage, a Free Attack and the two
    // second chances.
    assert_eq!(
        count(&host, "#roll-panel select:not(#roll-advantage-from)"),
        0
    );
    let from: web_sys::HtmlSelectElement = query(&host, "#roll-advantage-from");
    assert_eq!(from.value(), "");
    assert_eq!(count(&host, "#roll-panel input[type=checkbox]"), 4);
    assert!(text(&host, "#roll-missing").contains("opponent's defense"));
    // Rolling without a number never rolls; the message is at the field.
    el(&host, "#roll-go").click();
    settle().await;
    assert!(text(&host, "#roll-opponent-error").contains("Enter the opponent's score"));
    assert_eq!(c.with_untracked(|c| c.roll_log.len()), 0);
    let score: HtmlInputElement = query(&host, "#roll-opponent-score");
    type_into(&score, "abc");
    settle().await;
    assert!(text(&host, "#roll-opponent-error").contains("abc"));
    el(&host, "#roll-go").click();
    settle().await;
    assert_eq!(c.with_untracked(|c| c.roll_log.len()), 0);
    assert!(!exists(&host, "#roll-result"));
    type_into(&score, "12");
    settle().await;
    assert_eq!(text(&host, "#roll-opponent-error"), "");
    assert_eq!(text(&host, "#roll-target"), "11");
    assert_eq!(
        text(&host, "#roll-what"),
        "Exactitude test [Exactitude←Defense 12]"
    );
    el(&host, "#roll-go").click();
    settle().await;
    assert_eq!(c.with_untracked(|c| c.roll_log.len()), 1);
    assert_eq!(c.with_untracked(|c| c.roll_log[0].target), Some(11));
    el(&host, "#roll-close").click();
    frames().await;
    assert_eq!(active_id(), "roll-attack");
    // Defense: the character's Defense against the attacker's Exactitude.
    el(&host, "#roll-defense").click();
    settle().await;
    assert_eq!(
        text(&host, "label[for=roll-opponent-score]"),
        "Attacker's Exactitude"
    );
    type_into(&query(&host, "#roll-opponent-score"), "13");
    settle().await;
    assert_eq!(
        text(&host, "#roll-what"),
        "Defense test [Defense←Exactitude 13]"
    );
    assert_eq!(text(&host, "#roll-target"), "7");
    assert!(
        !exists(&host, "#roll-incoming-ranged"),
        "not asked when nothing depends on it"
    );
    el(&host, "#roll-close").click();
    frames().await;
    // Prone: −2 to a Defense against a melee attack, none against a ranged one
    // (seeds 000, 001: "ranged attacks do not get any advantage from this").
    c.update(|c| {
        let l = sheetwright::rules::symbaroum::labels(c.ruleset);
        let prone = sheetwright::rules::symbaroum::conditions::presets(l).remove(0);
        c.combat.conditions.push(prone);
    });
    settle().await;
    el(&host, "#roll-defense").click();
    settle().await;
    type_into(&query(&host, "#roll-opponent-score"), "13");
    settle().await;
    assert_eq!(text(&host, "#roll-target"), "5");
    assert!(text(&host, ".roll-conditions").contains("Prone: Defense −2 against melee attacks"));
    el(&host, "#roll-incoming-ranged").click();
    settle().await;
    assert_eq!(text(&host, "#roll-target"), "7");
    assert!(
        !exists(&host, ".roll-conditions"),
        "Prone does not touch it"
    );
    el(&host, "#roll-close").click();
    frames().await;
}

#[wasm_bindgen_test]
async fn escape_closes_the_panel() {
    let (host, _c, _m) = mount_sheet(character(Ruleset::Homebrew));
    settle().await;
    el(&host, "#roll-wit").click();
    settle().await;
    // new KeyboardEvent("keydown", { key: "Escape", bubbles: true })
    let ctor: js_sys::Function =
        js_sys::Reflect::get(&web_sys::window().unwrap(), &"KeyboardEvent".into())
            .unwrap()
            .unchecked_into();
    let init = js_sys::Object::new();
    js_sys::Reflect::set(&init, &"key".into(), &"Escape".into()).unwrap();
    js_sys::Reflect::set(&init, &"bubbles".into(), &true.into()).unwrap();
    let args = js_sys::Array::of2(&"keydown".into(), &init);
    let event: Event = js_sys::Reflect::construct(&ctor, &args)
        .unwrap()
        .unchecked_into();
    el(&host, "#roll-kind-none").dispatch_event(&event).unwrap();
    frames().await;
    assert!(!exists(&host, "#roll-panel"));
    assert_eq!(active_id(), "roll-wit");
}

#[wasm_bindgen_test]
async fn clearing_the_log_takes_a_second_tap() {
    let mut start = character(Ruleset::Homebrew);
    for n in 0..2 {
        sheetwright::model::log::push(
            &mut start.roll_log,
            sheetwright::model::LogEntry {
                time: js_sys::Date::now(),
                what: format!("Might test {n}"),
                dice: "d20: 4".into(),
                target: Some(10),
                passed: Some(true),
                outcome: "Pass".into(),
            },
        );
    }
    let (host, c, _m) = mount_sheet(start);
    settle().await;
    assert_eq!(count(&host, "#log-entries .log-entry"), 2);
    assert_eq!(
        text(&host, "#log-entries .log-entry .log-what"),
        "Might test 1"
    );
    assert_eq!(
        text(&host, "#log-entries .log-entry .log-target"),
        "target 10"
    );
    let time = text(&host, "#log-entries .log-entry .log-time");
    assert!(
        time.len() == 5 && time.as_bytes()[2] == b':',
        "time {time:?}"
    );
    el(&host, "#clear-log").click();
    settle().await;
    assert_eq!(text(&host, "#clear-log-confirm"), "Really clear 2 rolls?");
    assert_eq!(c.with_untracked(|c| c.roll_log.len()), 2);
    el(&host, "#clear-log-cancel").click();
    settle().await;
    assert!(!exists(&host, "#clear-log-confirm"));
    el(&host, "#clear-log").click();
    settle().await;
    el(&host, "#clear-log-confirm").click();
    settle().await;
    assert_eq!(c.with_untracked(|c| c.roll_log.len()), 0);
    assert_eq!(count(&host, "#log-entries .log-entry"), 0);
    assert!(exists(&host, ".log-empty"));
    frames().await;
    assert_eq!(active_id(), "roll-log-heading", "focus stays in the log");
}

#[wasm_bindgen_test]
fn modifier_limits_agree_with_the_saved_document() {
    use sheetwright::rules::symbaroum::modifier_input::{LIST_MAX, MODIFIER_AMOUNT_MAX};
    use sheetwright::rules::symbaroum::{Modifier, Target};
    let mut c = character(Ruleset::Homebrew);
    c.modifiers
        .push(Modifier::new("Ring", Target::Defense, MODIFIER_AMOUNT_MAX));
    assert_eq!(c.check(), Ok(()));
    c.modifiers[0].amount = -MODIFIER_AMOUNT_MAX - 1;
    assert!(c.check().is_err());
    c.modifiers = vec![Modifier::new("Ring", Target::Defense, 1); LIST_MAX];
    assert_eq!(c.check(), Ok(()));
    c.modifiers.push(Modifier::new("Ring", Target::Defense, 1));
    assert!(c.check().is_err());
}

#[wasm_bindgen_test]
async fn passive_resistance_takes_x_and_refuses_bad_numbers() {
    let (host, c, _m) = mount_sheet(character(Ruleset::Symbaroum));
    settle().await;
    el(&host, "#roll-wit").click();
    settle().await;
    assert_eq!(text(&host, "#roll-title"), "Cunning test");
    el(&host, "#roll-kind-passive").click();
    settle().await;
    assert!(exists(&host, "#roll-missing"));
    let x: HtmlInputElement = query(&host, "#roll-resistance");
    for typed in ["3", "-3", "−3"] {
        type_into(&x, typed);
        settle().await;
        assert_eq!(text(&host, "#roll-what"), "Cunning test [Cunning −3]");
        assert_eq!(text(&host, "#roll-target"), "7");
        assert_eq!(text(&host, "#roll-chance"), "35%");
    }
    type_into(&x, "25");
    settle().await;
    assert!(text(&host, "#roll-resistance-error").contains("0 to 20"));
    el(&host, "#roll-go").click();
    settle().await;
    assert_eq!(c.with_untracked(|c| c.roll_log.len()), 0, "never rolls");
    el(&host, "#roll-close").click();
    frames().await;
}

#[wasm_bindgen_test]
async fn switching_tabs_keeps_what_was_typed_and_never_redraws_a_tab() {
    let tab = RwSignal::new(Tab::Sheet);
    let c = Live::new(character(Ruleset::Homebrew));
    let (host, _m) = mount_tabs(c, tab);
    settle().await;
    tab.set(Tab::Combat);
    settle().await;
    // Half-typed, not applied: an incoming-damage value on the Combat tab.
    let incoming: HtmlInputElement = query(&host, "#incoming");
    type_into(&incoming, "5");
    settle().await;
    tab.set(Tab::Sheet);
    settle().await;
    assert!(el(&host, "[data-tab=Combat]").has_attribute("hidden"));
    assert!(!el(&host, "[data-tab=Sheet]").has_attribute("hidden"));
    tab.set(Tab::Combat);
    settle().await;
    let again: HtmlInputElement = query(&host, "#incoming");
    assert_eq!(again.value(), "5", "the typed text is still there");
    assert!(
        again.is_same_node(Some(&incoming)),
        "the same field, not a new one"
    );
}

#[wasm_bindgen_test]
async fn an_attack_with_a_weapon_rolls_its_damage_on_a_hit() {
    use sheetwright::rules::symbaroum::combat::Weapon;
    use sheetwright::rules::symbaroum::dice_notation::parse_dice;
    let mut start = character(Ruleset::Homebrew);
    // Exactitude 30 against Defense 1: target 29 on a d20, so every roll hits.
    start.attributes.set(Attr::Exactitude, 30);
    start
        .combat
        .add_weapon(Weapon::new("Spear", parse_dice("1d8").unwrap()));
    let c = Live::new(start);
    let (host, _m) = mount_tab(c, Tab::Combat);
    settle().await;
    assert_eq!(
        text(&host, "#attack-weapon option:checked"),
        "Spear (1d8)",
        "the only weapon is picked"
    );
    el(&host, "#roll-attack").click();
    settle().await;
    assert_eq!(
        text(&host, "#roll-title"),
        "Attack [Exactitude←Defense] with Spear"
    );
    type_into(&query(&host, "#roll-opponent-score"), "1");
    settle().await;
    el(&host, "#roll-go").click();
    settle().await;
    assert_eq!(text(&host, "#roll-outcome"), "Pass");
    let damage = text(&host, "#roll-damage");
    assert!(damage.starts_with("Damage "), "{damage}");
    assert!(damage.contains("Spear 1d8"), "{damage}");
    let log = c.with_untracked(|c| c.roll_log.clone());
    assert_eq!(log.len(), 1, "the attack and its damage are one entry");
    assert_eq!(
        log[0].what,
        "Attack with Spear: Exactitude test [Exactitude←Defense 1]"
    );
    assert!(log[0].dice.contains("; 1d8: "), "{}", log[0].dice);
    let total: i32 = log[0]
        .outcome
        .trim_start_matches("Pass, ")
        .trim_end_matches(" damage")
        .parse()
        .unwrap();
    assert!((1..=8).contains(&total), "{total}");
    assert_eq!(log[0].passed, Some(true));
    assert!(damage.contains("before the target's armor"), "{damage}");
    // The target's armor, when known: what cannot be read is refused at the field
    // and nothing is rolled; a fixed 3 is taken from the damage, never below 0.
    type_into(&query(&host, "#roll-target-armor"), "1x4");
    settle().await;
    assert!(!text(&host, "#roll-target-armor-error").is_empty());
    el(&host, "#roll-go").click();
    settle().await;
    assert_eq!(c.with_untracked(|c| c.roll_log.len()), 1, "nothing rolled");
    assert_eq!(active_id(), "roll-target-armor");
    type_into(&query(&host, "#roll-target-armor"), "3");
    settle().await;
    assert_eq!(text(&host, "#roll-target-armor-error"), "");
    el(&host, "#roll-go").click();
    settle().await;
    let log = c.with_untracked(|c| c.roll_log.clone());
    assert_eq!(log.len(), 2);
    let rolled: i32 = log[0]
        .dice
        .split("; 1d8: ")
        .nth(1)
        .and_then(|d| d.split(';').next())
        .unwrap()
        .parse()
        .unwrap();
    assert!(log[0].dice.ends_with("; armor 3: 3"), "{}", log[0].dice);
    let through = (rolled - 3).max(0);
    assert_eq!(log[0].outcome, format!("Pass, {through} damage"));
    assert_eq!(
        text(&host, "#roll-damage"),
        format!("Damage {through} (Spear 1d8: {rolled} − armor 3: 3 → {through})")
    );
    el(&host, "#roll-close").click();
    frames().await;
    // The armor is offered again for the next Attack while the sheet is open.
    el(&host, "#roll-attack").click();
    settle().await;
    assert_eq!(
        query::<HtmlInputElement>(&host, "#roll-target-armor").value(),
        "3"
    );
    el(&host, "#roll-close").click();
    frames().await;
}

#[wasm_bindgen_test]
async fn who_they_are_is_kept_as_typed_with_each_ruleset_s_fields() {
    let (host, c, _m) = mount_sheet(character(Ruleset::Symbaroum));
    settle().await;
    assert_eq!(text(&host, "label[for=about-kin]"), "Race");
    type_at(&host, "#about-kin", "Ogre");
    type_at(&host, "#about-occupation", "Actor");
    settle().await;
    let about = c.with_untracked(|c| c.about.clone());
    assert_eq!(
        (about.kin.as_str(), about.occupation.as_str()),
        ("Ogre", "Actor")
    );
    assert!(c.with_untracked(|c| c.updated) > 0.0, "the edit is stamped");
    assert!(exists(&host, "textarea#about-goal"));
    assert!(!exists(&host, "#about-background"));
    // No portrait: no image, and nothing to remove.
    assert!(query::<HtmlElement>(&host, ".portrait img").hidden());
    assert!(!exists(&host, ".portrait img[src]"));
    assert!(query::<HtmlElement>(&host, ".portrait button").hidden());
    c.update(|c| c.about.portrait = "data:image/png;base64,iVBORw0KGgo=".into());
    settle().await;
    let img: HtmlElement = query(&host, ".portrait img");
    assert_eq!(
        img.get_attribute("alt").as_deref(),
        Some("Portrait of Unnamed character")
    );
    click(&host, ".portrait button");
    settle().await;
    assert_eq!(c.with_untracked(|c| c.about.portrait.clone()), "");
    assert!(query::<HtmlElement>(&host, ".portrait img").hidden());

    let (host, c, _m) = mount_sheet(character(Ruleset::Heimr));
    settle().await;
    assert!(!exists(&host, "#about-kin"));
    // A text area, typed into as an input is (the `value` property is the same).
    type_at(&host, "#about-background", "Raised by the ferryman");
    settle().await;
    assert_eq!(
        c.with_untracked(|c| c.about.background.clone()),
        "Raised by the ferryman"
    );
}
