//! What the browser component tests share: mounting a view in a fresh container, and
//! finding, reading, typing into and clicking elements as a player would.
#![allow(dead_code)] // each test file uses its own share of these

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Event, EventInit, HtmlElement, HtmlInputElement};

/// A mounted view; dropping it unmounts the view and removes its container, so ids
/// never repeat in the page from one test to the next.
pub struct Mounted {
    host: HtmlElement,
    _handle: Box<dyn std::any::Any>,
}

impl Drop for Mounted {
    fn drop(&mut self) {
        self.host.remove();
    }
}

/// Mounts `view` in a fresh container and returns the container.
pub fn mount_in<V: IntoView + 'static>(
    view: impl FnOnce() -> V + 'static,
) -> (HtmlElement, Mounted) {
    let document = web_sys::window().unwrap().document().unwrap();
    let host: HtmlElement = document.create_element("div").unwrap().unchecked_into();
    document.body().unwrap().append_child(&host).unwrap();
    let handle = leptos::mount::mount_to(host.clone(), view);
    let mounted = Mounted {
        host: host.clone(),
        _handle: Box::new(handle),
    };
    (host, mounted)
}

pub fn query<T: JsCast>(host: &HtmlElement, selector: &str) -> T {
    host.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
        .unchecked_into()
}

pub fn exists(host: &HtmlElement, selector: &str) -> bool {
    host.query_selector(selector).unwrap().is_some()
}

/// The trimmed text of the first element matching `selector`.
pub fn text(host: &HtmlElement, selector: &str) -> String {
    query::<HtmlElement>(host, selector)
        .text_content()
        .unwrap_or_default()
        .trim()
        .to_string()
}

/// Every element matching `selector` (querySelectorAll, without the NodeList binding).
pub fn all(host: &HtmlElement, selector: &str) -> Vec<HtmlElement> {
    let f: js_sys::Function = js_sys::Reflect::get(host, &"querySelectorAll".into())
        .unwrap()
        .unchecked_into();
    let list = f.call1(host, &selector.into()).unwrap();
    let n = js_sys::Reflect::get(&list, &"length".into())
        .unwrap()
        .as_f64()
        .unwrap() as u32;
    (0..n)
        .map(|i| js_sys::Reflect::get_u32(&list, i).unwrap().unchecked_into())
        .collect()
}

pub fn count(host: &HtmlElement, selector: &str) -> u32 {
    all(host, selector).len() as u32
}

/// The text of every element matching `selector`, in document order.
pub fn texts(host: &HtmlElement, selector: &str) -> Vec<String> {
    all(host, selector)
        .iter()
        .map(|e| e.text_content().unwrap_or_default())
        .collect()
}

fn dispatch(target: &HtmlElement, kind: &str) {
    let init = EventInit::new();
    init.set_bubbles(true);
    target
        .dispatch_event(&Event::new_with_event_init_dict(kind, &init).unwrap())
        .unwrap();
}

/// Types `value` into `input` as a player does (value, then an input event).
pub fn type_into(input: &HtmlInputElement, value: &str) {
    input.set_value(value);
    dispatch(input, "input");
}

pub fn type_at(host: &HtmlElement, selector: &str, value: &str) {
    type_into(&query(host, selector), value);
}

/// Types `value` and leaves the box, as a player does (input, then change): for
/// fields checked when the player is done with them.
pub fn enter_at(host: &HtmlElement, selector: &str, value: &str) {
    let input: HtmlInputElement = query(host, selector);
    type_into(&input, value);
    dispatch(&input, "change");
}

/// Picks an option of a `<select>` as a player does (value, then a change event).
pub fn choose(host: &HtmlElement, selector: &str, value: &str) {
    let select: HtmlInputElement = query(host, selector);
    select.set_value(value);
    dispatch(&select, "change");
}

pub fn click(host: &HtmlElement, selector: &str) {
    query::<HtmlElement>(host, selector).click();
}

/// Opens a list row's editor as a player does, by a tap on its one line (`row`
/// selects the row), and waits until the editor is drawn (a `<details>` tells of its
/// opening in a task of its own).
pub async fn open_row(host: &HtmlElement, row: &str) {
    // The one line: a `<details>`'s summary (the Combat tab's rows) or the long
    // lists' button.
    click(host, &format!("{row} > .row-editor > :first-child"));
    let next_task = js_sys::Promise::new(&mut |resolve, _| {
        let _ = web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(next_task).await;
    settle().await;
    assert!(
        exists(
            host,
            &format!(
                "{row} > .row-editor:is([open], :has(> [aria-expanded=true])) > :nth-child(2)"
            )
        ),
        "{row}: its editor opens"
    );
}

/// Lets Leptos run the effects scheduled by the last change.
pub async fn settle() {
    for _ in 0..3 {
        leptos::task::tick().await;
    }
}

/// Mounts a character's tabs (the ruleset's own, as the app does) with `tab` on
/// screen, the roll log and the roll or dice panel under them.
pub fn mount_tab(
    character: sheetwright::ui::Live,
    tab: sheetwright::ui::routing::Tab,
) -> (HtmlElement, Mounted) {
    mount_tabs(character, RwSignal::new(tab))
}

/// As [`mount_tab`], with the tab on screen following `tab` (as the route does).
pub fn mount_tabs(
    character: sheetwright::ui::Live,
    tab: RwSignal<sheetwright::ui::routing::Tab>,
) -> (HtmlElement, Mounted) {
    use sheetwright::ui::heimr::HeimrTabs;
    use sheetwright::ui::SymbaroumTabs;
    let heimr = character.with_untracked(|c| c.ruleset == sheetwright::rules::Ruleset::Heimr);
    mount_in(move || {
        draw_places(heimr);
        let tab = Memo::new(move |_| tab.get());
        if heimr {
            view! { <HeimrTabs character tab/> }.into_any()
        } else {
            view! { <SymbaroumTabs character tab/> }.into_any()
        }
    })
}

/// Draws the places the app fills from chunks of their own (`ui::slots`) directly,
/// as the app's top does from the chunks: the family's tabs, its roll or dice panel,
/// "This turn", Heimr's situational penalties and hide challenge, and the packs' offers
/// and card.
pub fn draw_places(heimr: bool) {
    use sheetwright::ui::{heimr as h, pack_use, roll_panel, Part};
    use sheetwright::ui::{
        CombatTab, DicePanelBody, GearTab, HideChallenge, PackOffers, PacksCard, RollPanelBody,
        SituationalPenalties, ThisTurn,
    };
    if heimr {
        Part::<CombatTab>::provide(h::combat_tab);
        Part::<GearTab>::provide(h::gear_tab);
        Part::<ThisTurn>::provide(h::turn_card);
        Part::<DicePanelBody>::provide(|(c, source)| h::dice_panel(c, source));
        Part::<SituationalPenalties>::provide(h::attribute_penalties);
        Part::<HideChallenge>::provide(h::hiding);
    } else {
        Part::<CombatTab>::provide(sheetwright::ui::combat_tab);
        Part::<GearTab>::provide(sheetwright::ui::gear_tab);
        Part::<ThisTurn>::provide(sheetwright::ui::combat::turn_card::turn_card);
        Part::<RollPanelBody>::provide(|(c, d, rolls, kind)| {
            roll_panel::roll_dialog(c, d, rolls, kind)
        });
    }
    Part::<PackOffers>::provide(|(c, list, query, pick)| {
        pack_use::pack_offers(c, list, query, pick)
    });
    Part::<PacksCard>::provide(pack_use::packs_card);
}
