//! The Heimr sheet mounted in real headless Chromium (wasm-bindgen-test), checked in
//! the DOM as a player sees it.
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use sheetwright::model::Character;
use sheetwright::rules::heimr::attributes::Attribute;
use sheetwright::rules::heimr::dice::pass_probability;
use sheetwright::rules::Ruleset;
use sheetwright::ui::routing::Tab;
use sheetwright::ui::Live;
use wasm_bindgen_test::*;
use web_sys::{HtmlElement, HtmlInputElement};

mod support;
use support::*;

wasm_bindgen_test_configure!(run_in_browser);

fn mount(c: Character) -> (HtmlElement, Live) {
    mount_on(c, Tab::Sheet)
}

fn mount_on(c: Character, tab: Tab) -> (HtmlElement, Live) {
    let character = Live::new(c);
    (mount_with(character, tab), character)
}

/// Mounts the tabs with `tab` on screen for an existing character signal (two
/// mounts can share one).
fn mount_with(character: Live, tab: Tab) -> HtmlElement {
    let (host, mounted) = mount_tab(character, tab);
    std::mem::forget(mounted);
    host
}

fn heimr() -> Character {
    Character::new("h".into(), Ruleset::Heimr, 0.0)
}

fn sheet<T>(c: Live, f: impl FnOnce(&sheetwright::model::heimr::HeimrSheet) -> T) -> T {
    c.with_untracked(|c| f(c.heimr().unwrap()))
}

#[wasm_bindgen_test]
async fn the_six_standard_abilities_show_c_and_p_with_how_they_are_reached() {
    let (host, c) = mount(heimr());
    settle().await;
    assert_eq!(count(&host, ".ability-row"), 6);
    c.update(|c| c.heimr_mut().attributes.set(Attribute::Intelligence, 2));
    settle().await;
    let row = "[data-ability=Perception]";
    assert_eq!(
        text(&host, &format!("{row} .cp:nth-of-type(3) .cp-number")),
        "2"
    );
    let how = format!("{row} .cp:nth-of-type(3) .breakdown");
    assert!(
        query::<HtmlElement>(&host, &how).hidden(),
        "hidden until tapped"
    );
    click(&host, &format!("{row} .cp:nth-of-type(3) .cp-value"));
    settle().await;
    assert!(!query::<HtmlElement>(&host, &how).hidden());
    assert_eq!(
        text(&host, &how),
        "Potential 2 = Intelligence 2 + trained 0"
    );
    // Roll buttons are labelled for every ability and attribute.
    for label in [
        "Roll Perception",
        "Roll Brawl",
        "Roll Strength",
        "Roll Empathy",
    ] {
        assert_eq!(
            count(&host, &format!("button[aria-label='{label}']")),
            1,
            "{label}"
        );
    }
}

#[wasm_bindgen_test]
async fn bad_hp_shows_a_message_and_keeps_the_last_good_value() {
    // The Combat tab's copy of the HP card (its ids carry the tab's scope).
    let (host, c) = mount_on(heimr(), Tab::Combat);
    settle().await;
    type_at(&host, "#combat-heimr-hp-current", "abc");
    settle().await;
    let msg = text(&host, "#combat-heimr-hp-current-error");
    assert!(msg.contains("abc") && msg.contains("Keeping 10"), "{msg}");
    assert_eq!(sheet(c, |h| h.hp.current), 10);
    type_at(&host, "#combat-heimr-hp-current", "12");
    settle().await;
    assert!(text(&host, "#combat-heimr-hp-current-error").contains("above max 10"));
    assert_eq!(sheet(c, |h| h.hp.current), 10);
    type_at(&host, "#combat-heimr-hp-current", "-2");
    settle().await;
    assert_eq!(text(&host, "#combat-heimr-hp-current-error"), "");
    assert_eq!(sheet(c, |h| h.hp.current), -2);
    assert!(text(&host, "#heimr-injury-timer")
        .starts_with("Mangled: falls unconscious in 5 minutes and dies in 10 minutes"));
    // A short rest is refused below 1 HP, with the reason.
    click(&host, "#heimr-short-rest");
    settle().await;
    assert!(text(&host, "#heimr-short-rest-message").contains("needs at least 1 HP"));
    assert_eq!(sheet(c, |h| h.hp.current), -2);
}

#[wasm_bindgen_test]
async fn rolling_perception_shows_every_die_and_logs_it() {
    let (host, c) = mount(heimr());
    settle().await;
    click(&host, "button[aria-label='Roll Perception']");
    settle().await;
    assert_eq!(text(&host, "#heimr-dice-panel-title"), "Roll Perception");
    // Penalty −2 raises C to 2; the CR typed (the panel opens with none).
    type_at(&host, "#heimr-panel-penalty", "-2");
    type_at(&host, "#heimr-panel-cr", "8");
    settle().await;
    assert_eq!(text(&host, "#heimr-panel-c"), "C 2");
    let expected = pass_probability(2, 0, 8);
    assert_eq!(
        text(&host, "#heimr-panel-chance .chance-exact"),
        format!("(exactly {}/{})", expected.numerator, expected.denominator)
    );
    click(&host, "#heimr-roll-now");
    settle().await;
    assert_eq!(
        count(&host, "#heimr-roll-result .hdie"),
        3,
        "a d6 and two d10s"
    );
    assert_eq!(count(&host, "#heimr-roll-result .hdie.taken"), 1);
    let log = c.with_untracked(|c| c.roll_log.clone());
    assert_eq!(log.len(), 1);
    assert!(
        log[0].what.starts_with("Perception (C 2, P 0) vs CR 8"),
        "{}",
        log[0].what
    );
    let verdict = text(&host, "#heimr-roll-result .verdict");
    let passed = log[0].passed.unwrap();
    assert!(
        verdict.starts_with(if passed { "Pass" } else { "Fail" }),
        "{verdict}"
    );
    assert_eq!(count(&host, "#log-entries .log-entry"), 1);
}

#[wasm_bindgen_test]
async fn a_failed_cr_reroll_is_refused_at_zero_willpower() {
    let mut ch = heimr();
    ch.heimr_mut().willpower.current = 0;
    let (host, c) = mount(ch);
    settle().await;
    click(&host, "button[aria-label='Roll Insight']");
    settle().await;
    type_at(&host, "#heimr-panel-cr", "99");
    settle().await;
    assert_eq!(text(&host, "#heimr-panel-chance .chance-percent"), "0%");
    click(&host, "#heimr-roll-now");
    settle().await;
    assert!(text(&host, "#heimr-roll-result .verdict").starts_with("Fail"));
    click(&host, "#heimr-reroll");
    settle().await;
    assert!(text(&host, "#heimr-panel-message").contains("none left"));
    assert_eq!(c.with_untracked(|c| c.roll_log.len()), 1);
    // With willpower, the re-roll spends 1 and is logged.
    c.update(|c| c.heimr_mut().willpower.current = 3);
    settle().await;
    click(&host, "#heimr-reroll");
    settle().await;
    assert_eq!(sheet(c, |h| h.willpower.current), 2);
    let log = c.with_untracked(|c| c.roll_log.clone());
    assert_eq!(log.len(), 2);
    assert!(log[0].what.starts_with("Re-roll: Insight"));
}

#[wasm_bindgen_test]
async fn training_is_refused_without_xp_and_adds_attribute_progress() {
    let (host, c) = mount_on(heimr(), Tab::Gear);
    settle().await;
    let train =
        "[data-ability=Perception].training-row [data-track=consistency] button[data-action=train]";
    assert_eq!(text(&host, train), "+1 for 5 XP");
    click(&host, train);
    settle().await;
    let msg = text(
        &host,
        "[data-ability=Perception].training-row .training-message",
    );
    assert!(msg.contains("5 XP missing"), "{msg}");
    assert_eq!(sheet(c, |h| h.xp.spent), 0);
    type_at(&host, "#heimr-xp-award", "20");
    click(&host, "#heimr-xp-add");
    settle().await;
    assert_eq!(text(&host, "#heimr-xp-unspent"), "20");
    click(&host, train);
    settle().await;
    assert_eq!(text(&host, train), "+1 for 10 XP");
    assert_eq!(text(&host, "#heimr-xp-unspent"), "15");
    assert_eq!(
        text(&host, "#heimr-progress-intelligence"),
        "1 / 6 toward Intelligence 1"
    );
    click(&host, "[data-ability=Perception].training-row [data-track=consistency] button[data-action=refund]");
    settle().await;
    assert_eq!(text(&host, "#heimr-xp-unspent"), "20");
    assert_eq!(
        text(&host, "#heimr-progress-intelligence"),
        "0 / 6 toward Intelligence 1"
    );
}

#[wasm_bindgen_test]
async fn a_party_award_adds_my_share_and_carries_the_rest() {
    let (host, c) = mount_on(heimr(), Tab::Gear);
    settle().await;
    type_at(&host, "#heimr-party-xp", "10");
    type_at(&host, "#heimr-party-present", "4");
    settle().await;
    click(&host, "#heimr-party-share");
    settle().await;
    assert_eq!(sheet(c, |h| (h.xp.earned, h.xp_carried)), (2, 2));
    assert_eq!(
        text(&host, "#heimr-xp-carried"),
        "Carried from earlier awards: 2 XP"
    );
    click(&host, "#heimr-party-share");
    settle().await;
    // 10 + 2 carried among 4: 3 each, nothing left.
    assert_eq!(sheet(c, |h| (h.xp.earned, h.xp_carried)), (5, 0));
}

#[wasm_bindgen_test]
async fn a_breather_lowers_fatigue_by_two_but_not_below_base() {
    let mut ch = heimr();
    ch.heimr_mut().fatigue.current = 7;
    let (host, c) = mount(ch);
    settle().await;
    assert!(text(&host, "#heimr-fatigue-base").starts_with("Base 4"));
    click(&host, "#heimr-breather");
    settle().await;
    assert_eq!(sheet(c, |h| h.fatigue.current), 5);
    click(&host, "#heimr-breather");
    settle().await;
    assert_eq!(sheet(c, |h| h.fatigue.current), 4);
    let input: HtmlInputElement = query(&host, "#heimr-fatigue-current");
    assert_eq!(input.value(), "4");
    type_at(&host, "#heimr-fatigue-current", "21");
    settle().await;
    assert!(text(&host, "#heimr-fatigue-current-error").contains("between 1 and 20"));
    assert_eq!(sheet(c, |h| h.fatigue.current), 4);
}

#[wasm_bindgen_test]
async fn dodges_cost_two_consistency_each_until_a_new_turn() {
    let (host, c) = mount_on(heimr(), Tab::Combat);
    settle().await;
    click(&host, "button[aria-label='Roll Dodge with Agility']");
    settle().await;
    assert_eq!(text(&host, "#heimr-panel-c"), "C 0");
    // Against the attack's result, typed first.
    click(&host, "#heimr-roll-now");
    settle().await;
    assert!(text(&host, "#heimr-panel-message").contains("Type the opponent's result first"));
    assert_eq!(sheet(c, |h| h.defences.dodges), 0);
    type_at(&host, "#heimr-panel-opponent", "5");
    settle().await;
    click(&host, "#heimr-roll-now");
    settle().await;
    assert_eq!(sheet(c, |h| h.defences.dodges), 1);
    assert_eq!(text(&host, "#heimr-panel-c"), "C −2");
    // Prone: another −2 on defences (its card opened first, as a player does).
    click(&host, ".heimr-positions summary");
    click(&host, "#heimr-position-prone");
    settle().await;
    assert_eq!(text(&host, "#heimr-panel-c"), "C −4");
    click(&host, "#heimr-new-turn");
    settle().await;
    assert_eq!(sheet(c, |h| h.defences.dodges), 0);
    assert_eq!(text(&host, "#heimr-panel-c"), "C −2");
    // Parry needs a melee weapon.
    click(&host, "button[aria-label='Roll Parry with Brawl']");
    settle().await;
    click(&host, "#heimr-roll-now");
    settle().await;
    assert!(text(&host, "#heimr-panel-message").contains("melee weapon"));
}

#[wasm_bindgen_test]
async fn adding_an_ability_checks_its_fields() {
    let (host, c) = mount_on(heimr(), Tab::Gear);
    settle().await;
    // The armoury's weapon abilities are offered by name, those not on the sheet.
    let offered = |host: &HtmlElement| {
        all(host, "#heimr-weapon-abilities option")
            .iter()
            .map(|o| o.get_attribute("value").unwrap_or_default())
            .collect::<Vec<_>>()
    };
    assert_eq!(offered(&host).len(), 9);
    assert!(offered(&host).contains(&"Dueling".to_string()));
    assert!(text(&host, "#heimr-new-ability-name-hint").contains("Knife fighting, Dueling"));
    type_at(&host, "#heimr-new-ability-name", "dueling");
    click(&host, "#heimr-new-ability-dexterity");
    settle().await;
    click(&host, "#heimr-add-ability");
    settle().await;
    assert!(sheet(c, |h| h.ability("dueling").is_some()));
    assert!(
        !offered(&host).contains(&"Dueling".to_string()),
        "once on the sheet, no longer offered"
    );
    type_at(&host, "#heimr-new-ability-name", "Riding");
    type_at(&host, "#heimr-new-ability-base", "5");
    settle().await;
    click(&host, "#heimr-add-ability");
    settle().await;
    assert!(text(&host, "#heimr-new-ability-base-error").contains("between −2 and 3"));
    assert!(text(&host, "#heimr-new-ability-attrs-error").contains("at least one"));
    click(&host, "#heimr-new-ability-dexterity");
    click(&host, "#heimr-new-ability-empathy");
    type_at(&host, "#heimr-new-ability-base", "-1");
    settle().await;
    click(&host, "#heimr-add-ability");
    settle().await;
    // The new ability shows on the Sheet tab, with the six standard ones.
    let sheet_tab = mount_with(c, Tab::Sheet);
    settle().await;
    assert_eq!(count(&sheet_tab, ".ability-row"), 8);
    let ab = sheet(c, |h| h.ability("Riding").cloned()).unwrap();
    assert_eq!(
        ab.attributes,
        vec![Attribute::Dexterity, Attribute::Empathy]
    );
    assert_eq!(ab.base_consistency, -1);
    click(&sheet_tab, "button[aria-label='Remove Riding']");
    settle().await;
    assert_eq!(count(&sheet_tab, ".ability-row"), 7);
}

#[wasm_bindgen_test]
async fn picking_a_weapon_shows_its_row_of_the_armoury() {
    let (host, c) = mount_on(heimr(), Tab::Gear);
    settle().await;
    let preview = text(&host, "#heimr-weapon-preview");
    assert!(
        preview.contains("Melee") && preview.contains("P+2") && preview.contains("Knife fighting"),
        "{preview}"
    );
    click(&host, "#heimr-add-weapon");
    settle().await;
    assert_eq!(
        sheet(c, |h| h.weapons.clone()),
        vec!["Light weapon".to_string()]
    );
    assert_eq!(count(&host, "#heimr-weapons [data-weapon]"), 1);
}

/// Carried weapons are keyed by kind and which of that kind: removing one leaves the
/// other rows, and a focused Remove button, where they are.
#[wasm_bindgen_test]
async fn removing_a_weapon_keeps_the_other_rows_and_the_focus() {
    use wasm_bindgen::JsCast;
    let mut start = heimr();
    start.heimr = Some(sheetwright::model::heimr::HeimrSheet {
        weapons: vec!["Light weapon".into(), "Bow".into(), "Light weapon".into()],
        ..Default::default()
    });
    let (host, c) = mount_on(start, Tab::Gear);
    settle().await;
    let rows = all(&host, "#heimr-weapons [data-weapon]");
    assert_eq!(rows.len(), 3);
    let remove = |row: &HtmlElement| -> HtmlElement {
        row.query_selector("button")
            .unwrap()
            .unwrap()
            .dyn_into()
            .unwrap()
    };
    let doc = web_sys::window().unwrap().document().unwrap();
    // A dice panel an earlier test left open makes the page behind it inert.
    while let Some(d) = doc.query_selector("dialog[open]").unwrap() {
        let close = js_sys::Reflect::get(&d, &"close".into()).unwrap();
        js_sys::Function::from(close).call0(&d).unwrap();
    }
    remove(&rows[0]).focus().unwrap();
    assert!(
        doc.active_element()
            .is_some_and(|f| rows[0].contains(Some(&f))),
        "focused before: {:?}",
        doc.active_element().map(|e| e.outer_html())
    );
    remove(&rows[1]).click();
    settle().await;
    assert_eq!(
        sheet(c, |h| h.weapons.clone()),
        vec!["Light weapon".to_string(), "Light weapon".to_string()]
    );
    let after = all(&host, "#heimr-weapons [data-weapon]");
    assert_eq!(after.len(), 2);
    assert!(after[0].is_same_node(Some(&rows[0])), "the first row stays");
    assert!(after[1].is_same_node(Some(&rows[2])), "the third row stays");
    let focused = web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .active_element();
    assert!(
        focused.is_some_and(|f| rows[0].contains(Some(&f))),
        "focus stays on the first row's Remove button"
    );
}
