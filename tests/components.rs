//! Components mounted in real headless Chromium (wasm-bindgen-test), checked in the DOM.
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use sheetwright::model::Character;
use sheetwright::rules::symbaroum::Attr;
use sheetwright::rules::Ruleset;
use sheetwright::ui::CharacterSheet;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Event, EventInit, HtmlElement, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

/// Mounts a sheet for `c` in a fresh container and returns the container.
fn mount_sheet(c: Character) -> (HtmlElement, RwSignal<Character>) {
    let document = web_sys::window().unwrap().document().unwrap();
    let host: HtmlElement = document.create_element("div").unwrap().unchecked_into();
    document.body().unwrap().append_child(&host).unwrap();
    let character = RwSignal::new(c);
    let handle =
        leptos::mount::mount_to(host.clone(), move || view! { <CharacterSheet character/> });
    handle.forget();
    (host, character)
}

fn query<T: JsCast>(host: &HtmlElement, selector: &str) -> T {
    host.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
        .unchecked_into()
}

fn text(host: &HtmlElement, selector: &str) -> String {
    query::<HtmlElement>(host, selector)
        .text_content()
        .unwrap_or_default()
        .trim()
        .to_string()
}

fn type_into(input: &HtmlInputElement, value: &str) {
    input.set_value(value);
    let init = EventInit::new();
    init.set_bubbles(true);
    input
        .dispatch_event(&Event::new_with_event_init_dict("input", &init).unwrap())
        .unwrap();
}

/// Lets Leptos run the effects scheduled by the last change.
async fn settle() {
    for _ in 0..3 {
        leptos::task::tick().await;
    }
}

fn character(ruleset: Ruleset) -> Character {
    Character::new("test".into(), ruleset, 0.0)
}

#[wasm_bindgen_test]
async fn typing_might_updates_toughness_and_pain_threshold() {
    let (host, c) = mount_sheet(character(Ruleset::Homebrew));
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
    let (host, c) = mount_sheet(character(Ruleset::Homebrew));
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
    let (host, c) = mount_sheet(character(Ruleset::Homebrew));
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
    let (host, _c) = mount_sheet(character(Ruleset::Homebrew));
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
