//! A character's sheet: the sticky bar (back to the list, name, key numbers, undo and
//! redo), the tabs, and the ruleset's tabs themselves. It stays mounted while the
//! player moves between the character's tabs, so each tab keeps its scroll position,
//! open panels and half-typed text, and undo/redo spans the tabs. The sheet edits its
//! own signal; changes flow into the library (and so to the store), and changes from
//! another tab flow back.

use super::banners::QuarantineNotice;
use super::library_state::Library;
use super::part::Part;
use super::parts::{gear, Derivations};
use super::print_all::PrintAll;
use super::routing::{go, library_href, sheet_href, Tab};
use super::section_nav::SectionNav;
use super::slots::{FamilyTabs, TopBarNumbers};
use super::undo::Undo;
use super::Live;
use crate::model::advance::Gear;
use crate::model::history::History;
use crate::model::{display_name, CharacterStoreFields};
use crate::rules::symbaroum::derived::{fmt_signed, Derived};
use leptos::prelude::*;

#[component]
pub fn SheetPage(
    id: String,
    /// The character's own store in the library: the one copy, edited in place.
    current: Live,
    /// The tab on screen.
    tab: Memo<Tab>,
    /// A Heimr sheet (its sections differ); what else differs between the families
    /// (the numbers in the top bar, the tabs) is drawn by [`TopBarNumbers`] and
    /// [`FamilyTabs`], provided by the family's chunk.
    heimr: bool,
) -> impl IntoView {
    let lib = expect_context::<Library>();
    lib.open_id.set(Some(id.clone()));
    // The page's bar and toasts know a sheet is open from the body (a `:has()` on
    // the body instead made every row added to a list restyle the page).
    if let Some(b) = document().body() {
        let _ = b.set_attribute("data-sheet", "");
    }
    let id_close = id.clone();
    let undo = Undo::new(current, lib);
    let can = move |f: fn(&History) -> bool| undo.history.with(f);
    let step = move |back: bool| undo.step(back);
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        let key = ev.key();
        let (z, y) = (key.eq_ignore_ascii_case("z"), key.eq_ignore_ascii_case("y"));
        if !(ev.ctrl_key() || ev.meta_key()) || !(z || y) {
            return;
        }
        ev.prevent_default();
        step(z && !ev.shift_key());
    });
    // Deleted (here or in another tab) while open: back to the list.
    let id_watch = id.clone();
    Effect::new(move |_| {
        if lib.tracked_slot(&id_watch).is_none() {
            go(&library_href());
        }
    });
    let scroll = remember_scroll(tab);
    // "Print character": every tab drawn, so the printout is the whole character.
    let print_all = PrintAll::default();
    provide_context(print_all);
    let print = move |_| {
        print_all.set();
        print_when_drawn();
    };
    // The browser's own Print (Ctrl+P, the menu) prints the same: every tab drawn
    // (those whose chunk is here; the sheet fetches them in idle time once drawn).
    let own_print = window_event_listener_untyped("beforeprint", move |_| print_all.set());
    on_cleanup(move || {
        if let Some(b) = document().body() {
            let _ = b.remove_attribute("data-sheet");
        }
        own_print.remove();
        keys.remove();
        scroll.remove();
        lib.flush();
        lib.open_id.set(None);
        lib.closed(&id_close);
    });
    view! {
        <div class="sheet-page">
            <nav class="topbar" aria-label="Character">
                <a href=library_href() class="back" id="back-to-list">
                    <span aria-hidden="true">"←"</span>
                    <span class="back-text">"Characters"</span>
                </a>
                <h1 class="topbar-name">{move || current.name().with(|n| display_name(n).to_string())}</h1>
                {Part::<TopBarNumbers>::view(current)}
                <span class="topbar-actions">
                    <button type="button" id="undo" aria-label="Undo" title="Undo (Ctrl+Z)" disabled=move || !can(History::can_undo) on:click=move |_| step(true)>"↶"</button>
                    <button type="button" id="redo" aria-label="Redo" title="Redo (Shift+Ctrl+Z)" disabled=move || !can(History::can_redo) on:click=move |_| step(false)>"↷"</button>
                </span>
            </nav>
            <QuarantineNotice/>
            <SheetTabs hrefs=Tab::ALL.map(|t| sheet_href(&id, t)) tab/>
            <SectionNav heimr tab/>
            <main class="sheet-main">
                {Part::<FamilyTabs>::view((current, tab))}
            </main>
            <footer class="sheet-footer">
                <button type="button" on:click=print>"Print character"</button>
                <span class="hint">" Every tab, without the forms."</span>
            </footer>
        </div>
    }
}

/// The Symbaroum family's numbers in the sticky bar: Toughness, Defense, unspent
/// Experience.
#[component]
pub fn SymbaroumTopStats(character: Live) -> impl IntoView {
    // The sheet's derived values, provided here, above the tabs, so that the bar and
    // every card share one working-out of them per change.
    let derived = Derivations::provide(character).derived;
    let stats = Memo::new(move |_| derived.with(|d| gear(character, |g| symbaroum_stats(g, d))));
    // Each number its own reader: a change redraws the number, not the bar.
    let toughness = move || stats.with(|s| s.toughness.clone());
    view! {
        <span class="topbar-stats" id="topbar-stats">
            <span class="stat" title=toughness>
                <span class="stat-label" aria-hidden="true">{move || stats.with(|s| s.toughness.chars().next().unwrap_or('T').to_string())}</span>
                <span class="sr-only">{toughness}</span>
                " " {move || stats.with(|s| s.shown.clone())}
            </span>
            <span class="stat" title="Defense">
                <span class="stat-label" aria-hidden="true">"Def"</span>
                <span class="sr-only">"Defense"</span>
                " " {move || fmt_signed(stats.with(|s| s.defense))}
            </span>
            <span class="stat" title="Unspent Experience">
                <span class="stat-label" aria-hidden="true">"XP"</span>
                <span class="sr-only">"Unspent Experience"</span>
                " " <span id="topbar-xp">{move || fmt_signed(stats.with(|s| s.xp))}</span>
            </span>
        </span>
    }
}

/// The Symbaroum family's numbers in the sticky bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopStats {
    /// What the ruleset calls Toughness.
    pub toughness: String,
    /// Current/max once hurt, else the max.
    pub shown: String,
    pub defense: i32,
    /// Unspent Experience.
    pub xp: i32,
}

/// Toughness (current/max once hurt), Defense and unspent Experience, from the
/// character's derived values `d`.
pub fn symbaroum_stats(g: Gear, d: &Derived) -> TopStats {
    let max = d.toughness.value;
    let now = g.combat.current_toughness(max);
    TopStats {
        toughness: d.toughness.name.clone(),
        shown: if now < max {
            format!("{now}/{max}")
        } else {
            max.to_string()
        },
        defense: d.defense.value,
        xp: g.advance.totals().unspent,
    }
}

/// The character's tabs, as links between hash routes (no document load): `hrefs`
/// in the order of [`Tab::ALL`].
#[component]
pub fn SheetTabs(hrefs: [String; 3], tab: Memo<Tab>) -> impl IntoView {
    let links = Tab::ALL
        .into_iter()
        .zip(hrefs)
        .map(|(t, href)| {
            let current = move || (tab.get() == t).then_some("page");
            view! { <a class="sheet-tab" href=href aria-current=current>{t.label()}</a> }
        })
        .collect_view();
    view! { <nav class="sheet-tabs" aria-label="Sheet tabs">{links}</nav> }
}

/// Runs `then` once `ready` says what it waits for is drawn: a tab's chunk may still
/// be on the way (checked every 100 ms); after ten seconds, with what there is.
pub fn when_drawn(ready: fn() -> bool, then: fn()) {
    fn check(ready: fn() -> bool, then: fn(), waited: u32) {
        set_timeout(
            move || {
                if ready() || waited >= 100 {
                    then();
                } else {
                    check(ready, then, waited + 1);
                }
            },
            std::time::Duration::from_millis(100),
        );
    }
    check(ready, then, 0);
}

/// Prints once the tabs not yet opened are drawn (a tab that is loading says so with
/// `aria-busy`).
fn print_when_drawn() {
    when_drawn(
        || {
            document()
                .query_selector(".sheet-main [aria-busy=true]")
                .ok()
                .flatten()
                .is_none()
        },
        || {
            let _ = window().print();
        },
    );
}

/// One tab's content: drawn the first time the tab is opened (or printed), then kept
/// (hidden while another tab is on screen), so its open panels and half-typed text
/// survive a switch.
pub fn tab_panel(
    tab: Memo<Tab>,
    which: Tab,
    content: impl Fn() -> AnyView + Send + Sync + 'static,
) -> impl IntoView {
    let print_all = use_context::<PrintAll>();
    let seen = Memo::new(move |before: Option<&bool>| {
        before == Some(&true) || tab.get() == which || print_all.is_some_and(|p| p.on())
    });
    view! {
        <div class="tab-panel" data-tab=which.label() hidden=move || tab.get() != which>
            {move || seen.get().then(&content)}
        </div>
    }
}

/// Keeps each tab's scroll position: noted as the player scrolls, put back when they
/// return to the tab. Returns the listener, to remove on cleanup.
fn remember_scroll(tab: Memo<Tab>) -> WindowListenerHandle {
    let offsets = StoredValue::new([0.0f64; 3]);
    let shown = StoredValue::new(tab.get_untracked());
    let handle = window_event_listener(leptos::ev::scroll, move |_| {
        let y = window().scroll_y().unwrap_or(0.0);
        offsets.update_value(|o| o[shown.get_value().index()] = y);
    });
    Effect::new(move |_| {
        let t = tab.get();
        if t != shown.get_value() {
            shown.set_value(t);
            let y = offsets.get_value()[t.index()];
            request_animation_frame(move || window().scroll_to_with_x_and_y(0.0, y));
        }
    });
    handle
}
