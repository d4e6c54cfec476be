//! The Symbaroum family's Gear & XP tab: the Experience ledger, abilities bought and
//! refunded through it, the inventory with live encumbrance and money, mounted in real
//! headless Chromium (wasm-bindgen-test) and checked in the DOM.
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use sheetwright::model::{Character, CharacterStoreFields};
use sheetwright::rules::symbaroum::Attr;
use sheetwright::rules::Ruleset;
use sheetwright::ui::routing::Tab;
use sheetwright::ui::Live;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

mod support;
use support::*;

wasm_bindgen_test_configure!(run_in_browser);

fn mount(c: Character) -> (HtmlElement, Live, Mounted) {
    let character = Live::new(c);
    let (host, mounted) = mount_tab(character, Tab::Gear);
    (host, character, mounted)
}

fn character(might: i32, agility: i32) -> Character {
    let mut c = Character::new("test".into(), Ruleset::Homebrew, 0.0);
    c.attributes.set(Attr::Might, might);
    c.attributes.set(Attr::Agility, agility);
    c
}

fn number(host: &HtmlElement, sel: &str) -> i32 {
    text(host, sel).replace('−', "-").parse().unwrap()
}

async fn award(host: &HtmlElement, n: &str) {
    type_at(host, "#xp-award", n);
    type_at(host, "#xp-note", "adventure");
    click(host, "#xp-add");
    settle().await;
}

async fn add_ability(host: &HtmlElement, name: &str, kind: &str) {
    type_at(host, "#ability-name", name);
    choose(host, "#ability-kind", kind);
    settle().await;
    click(host, "#add-ability");
    settle().await;
}

async fn add_item(host: &HtmlElement, name: &str, qty: &str, kind: &str) {
    type_at(host, "#item-name", name);
    type_at(host, "#item-qty", qty);
    choose(host, "#item-kind", kind);
    click(host, "#add-item");
    settle().await;
}

#[wasm_bindgen_test]
async fn a_purchase_beyond_unspent_experience_is_refused_with_what_is_missing() {
    let (host, c, _m) = mount(character(10, 10));
    settle().await;
    award(&host, "5").await;
    assert_eq!(number(&host, "#xp-unspent"), 5);
    assert!(text(&host, "#xp-ledger").contains("Award: adventure"));
    add_ability(&host, "Recovery", "ability").await;
    assert_eq!(
        text(&host, "#ability-error"),
        "Needs 10 Experience; 5 unspent: 5 missing."
    );
    assert_eq!(count(&host, ".ability-row"), 0, "nothing added");
    // A bad award is refused at the field and books nothing.
    type_at(&host, "#xp-award", "lots");
    click(&host, "#xp-add");
    settle().await;
    assert!(!text(&host, "#xp-award-error").is_empty());
    assert_eq!(number(&host, "#xp-earned"), 5);
    award(&host, "20").await;
    add_ability(&host, "Recovery", "ability").await;
    assert_eq!(count(&host, ".ability-row"), 1);
    assert_eq!(
        (number(&host, "#xp-spent"), number(&host, "#xp-unspent")),
        (10, 15)
    );
    // Raising to adept costs 20: 5 missing, shown at the row, nothing changes.
    open_row(&host, ".ability-row").await;
    click(&host, ".ability-raise");
    settle().await;
    assert!(text(&host, ".ability-row").contains("5 missing"));
    assert_eq!(number(&host, "#xp-unspent"), 15);
    award(&host, "10").await;
    click(&host, ".ability-raise");
    settle().await;
    assert_eq!(text(&host, ".ability-name"), "Recovery (adept)");
    assert_eq!(number(&host, "#xp-unspent"), 5);
    // Lowering refunds the step; removing refunds the rest.
    click(&host, ".ability-lower");
    settle().await;
    assert_eq!(number(&host, "#xp-unspent"), 25);
    click(&host, ".ability-remove");
    settle().await;
    assert_eq!(number(&host, "#xp-unspent"), 35);
    assert_eq!(number(&host, "#xp-spent"), 0);
    assert!(c.with_untracked(|c| c.advance().abilities.is_empty()));
}

#[wasm_bindgen_test]
async fn an_open_ability_row_stays_open_with_its_typed_text_when_another_is_removed() {
    let mut start = character(10, 10);
    start.advance_mut().in_creation = true;
    let (host, _c, _m) = mount(start);
    settle().await;
    for name in ["Recovery", "Iron Fist", "Berserker"] {
        add_ability(&host, name, "ability").await;
    }
    let berserker = ".ability-row[data-name='Berserker']";
    open_row(&host, berserker).await;
    // Half-typed, not yet left: only the box holds it.
    let notes = format!("{berserker} .ability-notes");
    let box_value = |host: &HtmlElement| {
        let el = query::<HtmlElement>(host, &notes);
        js_sys::Reflect::get(&el, &"value".into())
            .unwrap()
            .as_string()
            .unwrap()
    };
    let el = query::<HtmlElement>(&host, &notes);
    js_sys::Reflect::set(&el, &"value".into(), &"Rages when".into()).unwrap();
    open_row(&host, ".ability-row[data-name='Recovery']").await;
    click(&host, ".ability-row[data-name='Recovery'] .ability-remove");
    settle().await;
    assert_eq!(count(&host, ".ability-row"), 2);
    assert!(
        exists(&host, &format!("{berserker} .row-line[aria-expanded=true]")),
        "Berserker's row is the same row, still open"
    );
    assert_eq!(box_value(&host), "Rages when");
}

#[wasm_bindgen_test]
async fn abilities_change_numbers_through_the_modifier_list() {
    let mut start = character(11, 12);
    start.advance_mut().in_creation = true;
    let (host, c, _m) = mount(start);
    settle().await;
    // In creation, "gained at creation" is ticked: nothing booked.
    type_at(&host, "#ability-name", "Exceptional Attribute");
    settle().await;
    choose(&host, "#ability-attr", "might");
    settle().await;
    assert!(text(&host, "#ability-cost").contains("no Experience"));
    click(&host, "#add-ability");
    settle().await;
    assert_eq!(text(&host, ".ability-effect"), "Might +1");
    assert_eq!(number(&host, "#xp-spent"), 0);
    click(&host, ".ability-free"); // back to buying with Experience
    let d = c.with_untracked(Character::derived);
    assert_eq!(d.attrs[Attr::Might.index()].value, 12);
    // Robust lowers Defense at once.
    add_ability(&host, "Robust", "trait").await;
    assert_eq!(number(&host, "#enc-defense"), 10);
    // A burden's credit makes the Pack-mule boon free; the threshold is ×1.5.
    assert_eq!(number(&host, "#enc-threshold"), 12);
    add_ability(&host, "Bloodthirst", "burden").await;
    assert!(text(&host, "#xp-credits").contains("1"));
    click(&host, ".use-credit");
    settle().await;
    add_ability(&host, "Pack-mule", "boon").await;
    assert_eq!(text(&host, "#ability-error"), "");
    assert_eq!(number(&host, "#xp-spent"), 0);
    assert_eq!(number(&host, "#enc-threshold"), 18);
    // Any ability may carry the player's own modifier, changed in its row at once.
    type_at(&host, "#ability-name", "Shield Fighter");
    choose(&host, "#ability-kind", "ability");
    click(&host, ".ability-free");
    settle().await;
    click(&host, "#add-ability");
    settle().await;
    click(&host, ".ability-free");
    open_row(&host, "#ability-list .ability-row:nth-child(5)").await;
    let row = "#ability-5-mod-target";
    assert_eq!(
        text(
            &host,
            "#ability-list .ability-row:nth-child(5) .ability-effect"
        ),
        ""
    );
    choose(&host, row, "defense");
    settle().await;
    assert_eq!(
        text(
            &host,
            "#ability-list .ability-row:nth-child(5) .ability-effect"
        ),
        "Defense +1"
    );
    assert_eq!(number(&host, "#enc-defense"), 11);
    type_at(&host, "#ability-5-mod-amount", "-3");
    settle().await;
    assert_eq!(number(&host, "#enc-defense"), 7);
    // A bad number is refused at the field and keeps the last good one.
    type_at(&host, "#ability-5-mod-amount", "lots");
    settle().await;
    assert!(text(&host, "#ability-5-mod-amount-error").contains("Keeping -3"));
    assert_eq!(number(&host, "#enc-defense"), 7);
    choose(&host, row, "");
    settle().await;
    assert_eq!(number(&host, "#enc-defense"), 10);
    // A ritual without Ritualist warns.
    type_at(&host, "#ability-name", "Holy Aura");
    choose(&host, "#ability-kind", "ritual");
    settle().await;
    click(&host, ".ability-free");
    click(&host, "#add-ability");
    settle().await;
    assert!(text(&host, "#ability-warnings").contains("Ritualist"));
}

#[wasm_bindgen_test]
async fn the_item_over_the_threshold_lowers_defense_at_once() {
    let (host, c, _m) = mount(character(10, 12));
    settle().await;
    add_item(&host, "Rope", "10", "other").await;
    assert_eq!(number(&host, "#enc-total"), 10);
    assert_eq!(number(&host, "#enc-defense"), 12);
    add_item(&host, "Lantern", "1", "other").await;
    assert_eq!(number(&host, "#enc-total"), 11);
    assert_eq!(number(&host, "#enc-defense"), 11);
    assert!(text(&host, "#enc-breakdown").contains("encumbrance 1"));
    // Each row says what it counts.
    assert!(texts(&host, ".inventory-row .item-count").contains(&"counts 10".to_string()));
    // The rule switched off: nothing counts.
    click(&host, ".enc-rule");
    settle().await;
    assert!(exists(&host, "#encumbrance-off"));
    assert_eq!(c.with_untracked(|c| c.derived().defense.value), 12);
}

#[wasm_bindgen_test]
async fn containers_left_behind_take_their_contents_and_coins_count_per_fifty() {
    let (host, c, _m) = mount(character(10, 10));
    settle().await;
    add_item(&host, "Chest", "1", "bulky").await;
    let chest = c.with_untracked(|c| c.advance().items[0].id);
    type_at(&host, "#item-name", "Silver plate");
    // Typed with a sign and spaces: the app's one reading of a number takes it as 4.
    type_at(&host, "#item-qty", " +4 ");
    choose(&host, "#item-inside", &chest.to_string());
    click(&host, "#add-item");
    settle().await;
    assert_eq!(
        number(&host, "#enc-total"),
        5,
        "a chest counts 1 plus contents"
    );
    open_row(&host, ".inventory-row[data-name='Chest']").await;
    // A chest is never offered as its own container, and the plate, added after
    // the form started fresh (an ordinary item), is none.
    let offered = texts(
        &host,
        ".inventory-row[data-name='Chest'] .item-inside option",
    );
    assert_eq!(offered, vec!["None".to_string()]);
    click(&host, ".inventory-row[data-name='Chest'] .item-carried");
    settle().await;
    assert_eq!(
        number(&host, "#enc-total"),
        0,
        "left at the inn with what is in it"
    );
    for (coins, items) in [("49", 0), ("50", 1), ("99", 1), ("100", 2)] {
        type_at(&host, "#money-orteg", coins);
        settle().await;
        assert_eq!(number(&host, "#enc-total"), items, "{coins} coins");
    }
    // A bad amount is refused at the field and keeps the last good one.
    type_at(&host, "#money-orteg", "-3");
    settle().await;
    assert!(text(&host, "#money-orteg-error").contains("Keeping 100"));
    assert_eq!(c.with_untracked(|c| c.advance().money.orteg), 100);
}

#[wasm_bindgen_test]
async fn an_edit_redraws_only_its_own_row_and_never_the_container_choices() {
    use sheetwright::rules::symbaroum::encumbrance::{Item, ItemKind};
    let mut c = character(10, 10);
    let g = c.advance_mut();
    for n in 1..=5 {
        g.items
            .push(Item::new(n, format!("Chest {n}"), ItemKind::BulkyContainer));
    }
    for n in 6..=40 {
        g.items
            .push(Item::new(n, format!("Thing {n}"), ItemKind::Other));
    }
    let (host, c, _m) = mount(c);
    settle().await;
    open_row(&host, ".inventory-row[data-name='Thing 40']").await;
    open_row(&host, ".inventory-row[data-name='Thing 7']").await;
    let options = || {
        all(
            &host,
            ".inventory-row[data-name='Thing 40'] .item-inside option",
        )
    };
    let before = options();
    assert_eq!(before.len(), 6, "carried loose and five chests");
    let row = query::<HtmlElement>(&host, ".inventory-row[data-name='Thing 40']");
    // Another item's quantity changes: this row and its choices stay as they are.
    type_at(&host, "#item-7-qty", "3");
    settle().await;
    assert_eq!(c.with_untracked(|c| c.advance().items[6].quantity), 3);
    let after = options();
    assert!(before
        .iter()
        .zip(&after)
        .all(|(a, b)| a.is_same_node(Some(b))));
    assert!(row.is_same_node(Some(&query::<HtmlElement>(
        &host,
        ".inventory-row[data-name='Thing 40']"
    ))));
    // A new container is offered everywhere.
    add_item(&host, "Sack", "1", "light").await;
    assert_eq!(options().len(), 7);
    assert!(
        row.is_same_node(Some(&query::<HtmlElement>(
            &host,
            ".inventory-row[data-name='Thing 40']"
        ))),
        "adding an item keeps the other rows"
    );
}

fn value_of(host: &HtmlElement, sel: &str) -> String {
    query::<web_sys::HtmlInputElement>(host, sel).value()
}

#[wasm_bindgen_test]
async fn creation_says_what_it_lacks_and_once_finished_everything_costs_experience() {
    let mut start = character(10, 10);
    start.advance_mut().in_creation = true;
    start.attributes.set(Attr::Wit, 7);
    let (host, c, _m) = mount(start);
    settle().await;
    assert_eq!(text(&host, "#gear-creation-heading"), "In creation");
    let lacking = texts(&host, "#gear-creation-lacking li");
    assert_eq!(
        lacking,
        vec![
            "No name yet.".to_string(),
            "3 attribute points left of 80.".to_string()
        ]
    );
    // The list follows the sheet.
    c.name().set("Ylva".into());
    c.attributes().update(|s| s.set(Attr::Wit, 10));
    settle().await;
    assert_eq!(
        text(&host, "#gear-creation-lacking"),
        "Nothing lacking: ready to finish."
    );
    // An ability added in creation costs nothing, and neither does a trait.
    add_ability(&host, "Recovery", "ability").await;
    add_ability(&host, "Robust", "trait").await;
    assert_eq!(count(&host, ".ability-row"), 2);
    assert_eq!(number(&host, "#xp-spent"), 0);
    assert!(exists(&host, "#ledger-empty"), "nothing booked");
    open_row(&host, ".ability-row[data-name='Recovery']").await;
    open_row(&host, ".ability-row[data-name='Robust']").await;
    assert!(text(&host, ".ability-raise").contains("free at creation"));
    // Finished: the card gives way to a note, traits close, purchases are booked.
    click(&host, "#gear-finish-creation");
    settle().await;
    assert!(!exists(&host, "#gear-creation-heading"));
    assert!(text(&host, "#gear-creation-done").contains("Creation finished"));
    assert!(c.with_untracked(|c| !c.advance().in_creation));
    assert!(
        !exists(&host, ".ability-free"),
        "nothing is gained free any more"
    );
    let trait_option: web_sys::HtmlOptionElement =
        query(&host, "#ability-kind option[value='trait']");
    assert!(trait_option.disabled());
    assert_eq!(trait_option.text(), "Trait (creation only)");
    // Robust's row no longer offers a raise and says why.
    assert_eq!(count(&host, ".ability-raise"), 1, "only Recovery's");
    assert!(text(&host, ".trait-fixed").contains("only during character creation"));
    assert!(text(&host, ".ability-raise").contains("(20 XP)"));
    // A trait typed in is refused with the reason at the form.
    add_ability(&host, "Long-lived", "trait").await;
    assert_eq!(
        text(&host, "#ability-error"),
        "Traits are gained and raised only during character creation."
    );
    assert_eq!(count(&host, ".ability-row"), 2);
    // A purchase goes through the ledger.
    award(&host, "10").await;
    add_ability(&host, "Iron Fist", "ability").await;
    assert_eq!(
        (number(&host, "#xp-spent"), number(&host, "#xp-unspent")),
        (10, 0)
    );
    assert!(text(&host, "#xp-ledger").contains("Bought Iron Fist (novice)"));
}

#[wasm_bindgen_test]
async fn a_used_sword_sells_for_half_its_price_into_the_purse() {
    let (host, c, _m) = mount(character(10, 10));
    settle().await;
    type_at(&host, "#item-price", "2 thalers?");
    add_item(&host, "Sword", "1", "other").await;
    assert!(text(&host, "#item-price-error").contains("15s"));
    assert_eq!(
        count(&host, ".inventory-row"),
        0,
        "a bad price adds nothing"
    );
    type_at(&host, "#item-name", "Sword");
    type_at(&host, "#item-price", "1t");
    click(&host, "#add-item");
    settle().await;
    let id = c.with_untracked(|c| c.advance().items[0].id);
    open_row(&host, ".inventory-row[data-name='Sword']").await;
    let price = format!("#item-{id}-price");
    assert_eq!(value_of(&host, &price), "1 thaler");
    // A bad price at the row is refused there and the last good one kept.
    enter_at(&host, &price, "lots");
    settle().await;
    assert!(text(&host, &format!("#item-{id}-price-error")).contains("Keeping 1 thaler"));
    assert_eq!(c.with_untracked(|c| c.advance().items[0].value), Some(100));
    enter_at(&host, &price, "1t 1o");
    settle().await;
    assert_eq!(c.with_untracked(|c| c.advance().items[0].value), Some(101));
    click(&host, ".inventory-row[data-name='Sword'] .item-sell");
    settle().await;
    // Half of 101 ortegs, rounded down: 50.
    assert_eq!(
        text(&host, "#inventory-status"),
        "Sold Sword for 5 shillings."
    );
    assert_eq!(count(&host, ".inventory-row[data-name='Sword']"), 0);
    assert_eq!(value_of(&host, "#money-shilling"), "5");
    // No price: the sale is refused and says why.
    add_item(&host, "Rope", "2", "other").await;
    open_row(&host, ".inventory-row[data-name='Rope']").await;
    click(&host, ".inventory-row[data-name='Rope'] .item-sell");
    settle().await;
    assert!(text(&host, "#inventory-status").contains("no listed price"));
    assert_eq!(c.with_untracked(|c| c.advance().items[0].quantity), 2);
}

#[wasm_bindgen_test]
async fn coins_change_at_ten_to_one_and_the_purse_counts_with_small_objects() {
    let (host, c, _m) = mount(character(10, 10));
    settle().await;
    type_at(&host, "#money-thaler", "2");
    type_at(&host, "#money-orteg", "35");
    settle().await;
    assert_eq!(
        text(&host, "#money-total"),
        "In all: 2 thalers 3 shillings 5 ortegs = 2.35 thalers = 23.5 shillings = 235 ortegs."
    );
    type_at(&host, "#exchange-count", "1");
    choose(&host, "#exchange-from", "thaler");
    choose(&host, "#exchange-to", "orteg");
    click(&host, "#exchange-go");
    settle().await;
    assert_eq!(
        text(&host, "#money-said"),
        "Changed 1 thaler into 100 ortegs."
    );
    assert_eq!(c.with_untracked(|c| c.advance().money.coins()), [1, 0, 135]);
    // Upward only in whole coins: refused with what it would take, nothing changes.
    type_at(&host, "#exchange-count", "135");
    choose(&host, "#exchange-from", "orteg");
    choose(&host, "#exchange-to", "shilling");
    click(&host, "#exchange-go");
    settle().await;
    assert!(text(&host, "#money-said").contains("change a multiple of 10"));
    assert_eq!(c.with_untracked(|c| c.advance().money.coins()), [1, 0, 135]);
    // Coins in the purse are pooled with the other small objects: 136 + 20 = 156.
    add_item(&host, "Gems", "20", "small").await;
    assert!(text(&host, ".inventory-row[data-name='Coins']")
        .contains("All small objects carried: 156 pieces, 3 items."));
    assert_eq!(number(&host, "#enc-total"), 3);
    click(&host, "#money-fewest");
    settle().await;
    assert_eq!(c.with_untracked(|c| c.advance().money.coins()), [2, 3, 5]);
    assert_eq!(number(&host, "#enc-total"), 0, "30 pieces count nothing");
    // A bad count is refused at the field.
    type_at(&host, "#exchange-count", "-1");
    click(&host, "#exchange-go");
    settle().await;
    assert!(!text(&host, "#exchange-count-error").is_empty());
    assert_eq!(c.with_untracked(|c| c.advance().money.coins()), [2, 3, 5]);
}

/// The buttons of a list's "more" line, by their text.
fn more_button(host: &HtmlElement, list: &str, label: &str) -> HtmlElement {
    all(host, &format!("{list} .more-rows button"))
        .into_iter()
        .find(|b| b.text_content().unwrap_or_default() == label)
        .unwrap_or_else(|| panic!("no \"{label}\" in {list}"))
}

#[wasm_bindgen_test]
async fn a_long_inventory_and_ability_list_are_drawn_in_windows_with_show_more() {
    use sheetwright::rules::symbaroum::encumbrance::{Item, ItemKind};
    use sheetwright::rules::symbaroum::experience::{Ability, AbilityKind, Level};
    let mut start = character(10, 10);
    let g = start.advance_mut();
    for i in 1..=500 {
        g.items
            .push(Item::new(i, format!("Thing {i}"), ItemKind::Other));
    }
    for i in 1..=100 {
        g.abilities.push(Ability::new(
            format!("Technique {i}"),
            AbilityKind::Ability,
            Some(Level::Novice),
        ));
    }
    let (host, c, _m) = mount(start);
    settle().await;
    let items = "#inventory-list .inventory-row:not(.from-combat)";
    assert_eq!(count(&host, items), 50, "the first 50 items are drawn");
    assert_eq!(
        text(&host, "#inventory-list .more-rows-count"),
        "450 more items"
    );
    assert_eq!(count(&host, "#ability-list .ability-row"), 50);
    assert_eq!(
        text(&host, "#ability-list .more-rows-count"),
        "50 more abilities"
    );
    // The totals count every item, drawn or not.
    let total = number(&host, "#enc-total");
    assert!(total >= 500, "{total} items counted");
    assert_eq!(total, c.with_untracked(|c| c.encumbrance().total));
    // A closed row is its one line: its editor is drawn when the row is first opened,
    // and kept, with what was typed in it, when the row closes again.
    assert_eq!(count(&host, "#inventory-list .item-controls"), 0);
    assert_eq!(count(&host, "#ability-list .item-controls"), 0);
    open_row(&host, ".inventory-row[data-name='Thing 3']").await;
    assert_eq!(count(&host, "#inventory-list .item-controls"), 1);
    enter_at(&host, "#item-3-price", "lots");
    settle().await;
    click(&host, ".inventory-row[data-name='Thing 3'] .row-line");
    settle().await;
    assert!(
        exists(
            &host,
            ".inventory-row[data-name='Thing 3'] .row-line[aria-expanded=false] ~ .item-controls"
        ),
        "a second tap closes the row, its editor kept"
    );
    open_row(&host, ".inventory-row[data-name='Thing 3']").await;
    assert_eq!(value_of(&host, "#item-3-price"), "lots");
    assert!(text(&host, "#item-3-price-error").contains("Keeping no price"));
    // An item added now shows at the end, after the line for the rest.
    add_item(&host, "Lantern", "1", "other").await;
    assert_eq!(count(&host, items), 51);
    let names = texts(
        &host,
        "#inventory-list .inventory-row:not(.from-combat) .row-line strong",
    );
    assert_eq!(names.last().map(String::as_str), Some("Lantern"));
    assert_eq!(
        text(&host, "#inventory-list .more-rows-count"),
        "450 more items"
    );
    more_button(&host, "#inventory-list", "Show 50").click();
    settle().await;
    assert_eq!(count(&host, items), 101);
    assert_eq!(
        text(&host, "#inventory-list .more-rows-count"),
        "400 more items"
    );
    more_button(&host, "#inventory-list", "Show all").click();
    settle().await;
    assert_eq!(count(&host, items), 501, "every item, Lantern once");
    assert!(!exists(&host, "#inventory-list .more-rows"));
    more_button(&host, "#ability-list", "Show all").click();
    settle().await;
    assert_eq!(count(&host, "#ability-list .ability-row"), 100);
}

#[wasm_bindgen_test]
async fn the_combat_tabs_weapons_in_the_inventory_keep_their_lines_when_one_is_removed() {
    use sheetwright::rules::symbaroum::combat::{Weapon, WeaponState};
    use sheetwright::rules::symbaroum::dice_notation::parse_dice;
    let mut c = character(10, 10);
    for (name, state) in [
        ("Sword", WeaponState::Held),
        ("Spear", WeaponState::Sheathed),
        ("Bow", WeaponState::Sheathed),
    ] {
        let mut w = Weapon::new(name, parse_dice("1d8").unwrap());
        w.state = state;
        c.combat.add_weapon(w);
    }
    let (host, c, _m) = mount(c);
    settle().await;
    let line =
        |name: &str| query::<HtmlElement>(&host, &format!(".from-combat[data-name='{name}']"));
    let spear = line("Spear");
    let bow = line("Bow");
    assert!(spear.text_content().unwrap().contains("Spear"));
    let counted = bow.text_content().unwrap();
    // The first weapon leaves the Combat tab: the others' lines stay, with their counts.
    c.update(|c| {
        c.combat.weapons.remove(0);
    });
    settle().await;
    assert_eq!(
        count(&host, ".from-combat[data-name='Sword']"),
        0,
        "the Sword's line is gone"
    );
    assert!(
        spear.is_same_node(Some(&line("Spear"))),
        "the Spear's line is the same line"
    );
    assert!(
        bow.is_same_node(Some(&line("Bow"))),
        "the Bow's line is the same line"
    );
    assert_eq!(
        bow.text_content().unwrap(),
        counted,
        "the Bow still counts as before"
    );
}

/// A list's drawn rows each wake only when their own element changes: changing one
/// item, adding one or removing another leaves the other rows' readers asleep
/// (`ui::row_values`, what keeps a change to a 500-item inventory to its row).
#[wasm_bindgen_test]
async fn a_change_wakes_only_its_row() {
    use sheetwright::ui::row_values::RowValues;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    let list = RwSignal::new(vec![
        (1u32, "a".to_string()),
        (2, "b".into()),
        (3, "c".into()),
    ]);
    let runs: Arc<Vec<AtomicUsize>> = Arc::new((0..3).map(|_| AtomicUsize::new(0)).collect());
    let seen: Arc<std::sync::Mutex<Vec<Option<String>>>> = Default::default();
    *seen.lock().unwrap() = vec![None; 3];
    let owner = Owner::new();
    let values = owner.with(|| {
        let values = RowValues::new(move |keys, found| {
            list.with(|l| {
                for (n, (id, _)) in keys.iter().enumerate() {
                    found(n, l.iter().find(|(i, _)| i == id).map(|(_, v)| v));
                }
            })
        });
        for i in 0..3 {
            let row = values.row((i as u32 + 1, 0));
            let (runs, seen) = (runs.clone(), seen.clone());
            Effect::new(move |_| {
                let v = row.with(|v| v.cloned());
                runs[i].fetch_add(1, Ordering::Relaxed);
                seen.lock().unwrap()[i] = v;
            });
        }
        values
    });
    settle().await;
    let counts = || {
        runs.iter()
            .map(|r| r.load(Ordering::Relaxed))
            .collect::<Vec<_>>()
    };
    assert_eq!(counts(), [1, 1, 1], "each row read once");
    list.update(|l| l[1].1 = "B".into());
    settle().await;
    assert_eq!(counts(), [1, 2, 1], "only the changed row woke");
    assert_eq!(seen.lock().unwrap()[1].as_deref(), Some("B"));
    list.update(|l| l.push((4, "d".into())));
    settle().await;
    assert_eq!(counts(), [1, 2, 1], "an added element wakes no row");
    list.update(|l| {
        l.remove(0);
    });
    settle().await;
    assert_eq!(counts(), [2, 2, 1], "the removed element's row is told");
    assert_eq!(seen.lock().unwrap()[0], None);
    assert_eq!(seen.lock().unwrap()[2].as_deref(), Some("c"));
    // A row drawn again elsewhere before its old place goes ("Show all", printing):
    // the old one's going leaves the new one awake.
    let (old, new) = owner.with(|| (Owner::new(), Owner::new()));
    old.with(|| values.row((3, 0)));
    let again = new.with(|| values.row((3, 0)));
    old.cleanup();
    let woke = Arc::new(AtomicUsize::new(0));
    new.with(|| {
        let woke = woke.clone();
        Effect::new(move |_| {
            again.with(|_| ());
            woke.fetch_add(1, Ordering::Relaxed);
        });
    });
    settle().await;
    list.update(|l| l[1].1 = "C".into());
    settle().await;
    assert_eq!(
        woke.load(Ordering::Relaxed),
        2,
        "the row drawn again still wakes"
    );
    assert_eq!(again.get_untracked().as_deref(), Some("C"));
    assert_eq!(counts(), [2, 2, 2], "and so does the first row of that key");
    drop(owner);
}
