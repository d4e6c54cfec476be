//! A character's sheet as a page: a bar back to the list, the sheet, and notes. The
//! sheet edits its own signal; changes flow into the library (and so to the store),
//! and changes from another tab flow back.

use super::banners::QuarantineNotice;
use super::library_state::Library;
use super::notes_field::NotesField;
use super::pages::{library_href, Page};
use super::random::now;
use super::routing::Route;
use super::section_nav::SectionNav;
use crate::model::history::History;
use crate::model::Character;
use crate::rules::symbaroum::derived::fmt_signed;
use leptos::prelude::*;

#[component]
pub fn SheetPage(
    id: String,
    /// The page this sheet is on (its tabs and section list follow).
    page: Page,
    /// The sheet itself: Symbaroum family or Heimr, whichever this page holds.
    sheet: fn(RwSignal<Character>) -> AnyView,
    /// What the sticky bar shows besides the name, if anything: passed by the pages
    /// that need it, so the others do not ship the code that works it out.
    stats: Option<fn(&Character) -> TopStats>,
) -> impl IntoView {
    let lib = expect_context::<Library>();
    let Some(start) = lib.get(&id) else {
        return view! {
            <main class="sheet-missing">
                <p>"That character is not in this browser. It may have been deleted, or saved in another browser."</p>
                <a href=library_href() class="button">"Back to the characters"</a>
            </main>
        }
        .into_any();
    };
    lib.open_id.set(Some(id.clone()));
    let current = RwSignal::new(start);
    let history = StoredValue::new(History::default());
    // (can undo, can redo), for the buttons.
    let can = RwSignal::new((false, false));
    let replaying = StoredValue::new(false);
    // Sheet → library: every edit goes to memory and is scheduled for saving, and
    // becomes an undo step (unless it is an undo or redo being shown).
    Effect::new(move |prev: Option<Character>| {
        let c = current.get();
        if let Some(before) = prev {
            if replaying.get_value() {
                replaying.set_value(false);
            } else {
                history.update_value(|h| h.record(&before, &c, now()));
            }
            can.set(history.with_value(|h| (h.can_undo(), h.can_redo())));
        }
        lib.upsert(c.clone());
        c
    });
    let step = move |back: bool| {
        let cur = current.get_untracked();
        let next = history
            .try_update_value(|h| if back { h.undo(&cur) } else { h.redo(&cur) })
            .flatten();
        if let Some(mut next) = next {
            next.updated = now();
            replaying.set_value(true);
            current.set(next);
        }
    };
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        let key = ev.key();
        let (z, y) = (key.eq_ignore_ascii_case("z"), key.eq_ignore_ascii_case("y"));
        if !(ev.ctrl_key() || ev.meta_key()) || !(z || y) {
            return;
        }
        ev.prevent_default();
        step(z && !ev.shift_key());
    });
    // Library → sheet: a change from another tab replaces what is shown.
    let id_watch = id.clone();
    Effect::new(move |_| {
        let latest = lib
            .characters
            .with(|cs| cs.iter().find(|c| c.id == id_watch).cloned());
        match latest {
            Some(c) => {
                if current.with_untracked(|cur| *cur != c) {
                    current.set(c);
                }
            }
            None => {
                let _ = window().location().replace(&library_href());
            }
        }
    });
    // The numbers the page keeps in sight in the sticky bar (Symbaroum family).
    let stats = Memo::new(move |_| current.with(|c| stats.map(|f| f(c))));
    on_cleanup(move || {
        keys.remove();
        lib.flush();
        lib.open_id.set(None);
    });
    view! {
        <div class="sheet-page">
            <nav class="topbar" aria-label="Character">
                <a href=library_href() class="back" id="back-to-list">
                    <span aria-hidden="true">"←"</span>
                    <span class="back-text">"Characters"</span>
                </a>
                <span class="topbar-name">{move || current.with(|c| c.display_name().to_string())}</span>
                {move || stats.get().map(|TopStats { toughness, shown: t, defense: def, xp }| view! {
                    <span class="topbar-stats" id="topbar-stats">
                        <span class="stat" title=toughness.clone()>
                            <span class="stat-label" aria-hidden="true">{toughness.chars().next().unwrap_or('T').to_string()}</span>
                            <span class="sr-only">{toughness.clone()}</span>
                            " " {t}
                        </span>
                        <span class="stat" title="Defense">
                            <span class="stat-label" aria-hidden="true">"Def"</span>
                            <span class="sr-only">"Defense"</span>
                            " " {fmt_signed(def)}
                        </span>
                        <span class="stat" title="Unspent Experience">
                            <span class="stat-label" aria-hidden="true">"XP"</span>
                            <span class="sr-only">"Unspent Experience"</span>
                            " " <span id="topbar-xp">{fmt_signed(xp)}</span>
                        </span>
                    </span>
                })}
                <span class="topbar-actions">
                    <button type="button" id="undo" aria-label="Undo" title="Undo (Ctrl+Z)" disabled=move || !can.get().0 on:click=move |_| step(true)>"↶"</button>
                    <button type="button" id="redo" aria-label="Redo" title="Redo (Shift+Ctrl+Z)" disabled=move || !can.get().1 on:click=move |_| step(false)>"↷"</button>
                </span>
            </nav>
            <QuarantineNotice/>
            <SheetTabs id=id.clone() page/>
            <SectionNav page/>
            {sheet(current)}
            <div class="sheet-extra">
                <NotesField character=current/>
            </div>
        </div>
    }
    .into_any()
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

/// Toughness (current/max once hurt), Defense and unspent Experience.
pub fn symbaroum_stats(c: &Character) -> TopStats {
    let d = c.derived();
    let max = d.toughness.value;
    let now = c.combat.current_toughness(max);
    TopStats {
        toughness: d.toughness.name,
        shown: if now < max {
            format!("{now}/{max}")
        } else {
            max.to_string()
        },
        defense: d.defense.value,
        xp: c.advance().totals().unspent,
    }
}

/// The sheet's tabs that are pages of their own (Sheet, Combat), as links.
#[component]
fn SheetTabs(id: String, page: Page) -> impl IntoView {
    let tabs = page.tabs();
    (!tabs.is_empty()).then(|| {
        let links = tabs
            .iter()
            .map(|&(label, to)| {
                let href = format!("{}{}", to.file(), Route::Sheet(id.clone()).href());
                let current = (to == page).then_some("page");
                view! { <a class="sheet-tab" href=href aria-current=current>{label}</a> }
            })
            .collect_view();
        view! { <nav class="sheet-tabs" aria-label="Sheet tabs">{links}</nav> }
    })
}
