//! One wasm bundle per page, so that each first load stays small on a phone: the
//! character list (`index.html`), the Symbaroum-family sheet (`symbaroum.html`) with
//! its Combat and Gear & XP tabs (`combat.html`, `advance.html`), and the Heimr sheet (`heimr.html`) with its combat
//! and advancement tabs (`heimr-combat.html`, `heimr-advance.html`). Each binary in `src/bin/` (and `src/main.rs`) hands
//! `start` the one screen function it needs, so the linker leaves the other pages'
//! screens out of its bundle. A route that belongs to another page sends the browser
//! there; hash routes keep every deep link working, under a sub-path too.

use super::library_page::LibraryPage;
use super::library_state::Library;
use super::routing::Route;
use super::sheet_page::{symbaroum_stats, SheetPage, TopStats};
use crate::model::Character;
use crate::rules::Ruleset;
use leptos::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    Library,
    Symbaroum,
    Combat,
    Advance,
    Heimr,
    HeimrCombat,
    HeimrAdvance,
}

impl Page {
    /// The page's file, relative to the app's folder.
    pub fn file(self) -> &'static str {
        match self {
            Page::Library => "./",
            Page::Symbaroum => "symbaroum.html",
            Page::Combat => "combat.html",
            Page::Advance => "advance.html",
            Page::Heimr => "heimr.html",
            Page::HeimrCombat => "heimr-combat.html",
            Page::HeimrAdvance => "heimr-advance.html",
        }
    }

    /// Whether this page shows characters of `ruleset`.
    pub fn shows(self, ruleset: Ruleset) -> bool {
        match self {
            Page::Library => false,
            Page::Symbaroum | Page::Combat | Page::Advance => ruleset.is_symbaroum_family(),
            Page::Heimr | Page::HeimrCombat | Page::HeimrAdvance => ruleset == Ruleset::Heimr,
        }
    }

    /// The tabs of a character's sheet that live on separate pages: (label, page).
    pub fn tabs(self) -> &'static [(&'static str, Page)] {
        match self {
            Page::Symbaroum | Page::Combat | Page::Advance => &[
                ("Sheet", Page::Symbaroum),
                ("Combat", Page::Combat),
                ("Gear & XP", Page::Advance),
            ],
            Page::Heimr | Page::HeimrCombat | Page::HeimrAdvance => &[
                ("Sheet", Page::Heimr),
                ("Combat", Page::HeimrCombat),
                ("Gear & XP", Page::HeimrAdvance),
            ],
            Page::Library => &[],
        }
    }

    pub fn of(ruleset: Ruleset) -> Page {
        match ruleset {
            Ruleset::Heimr => Page::Heimr,
            _ => Page::Symbaroum,
        }
    }
}

/// Where the character list is, from any page.
pub fn library_href() -> String {
    format!("{}{}", Page::Library.file(), Route::Library.href())
}

/// Where a character's sheet is, from any page.
pub fn sheet_href(c: &Character) -> String {
    format!(
        "{}{}",
        Page::of(c.ruleset).file(),
        Route::Sheet(c.id.clone()).href()
    )
}

/// Leaves for another page, without a history entry (`pagehide` saves or hands on
/// every change first).
pub fn redirect(href: &str) -> AnyView {
    let _ = window().location().replace(href);
    ().into_any()
}

/// `index.html`: the character list; a sheet's link goes on to its own page.
pub fn library_screen(route: Route) -> AnyView {
    let lib = expect_context::<Library>();
    match route {
        Route::Library => view! { <LibraryPage/> }.into_any(),
        Route::Sheet(id) => {
            // An unknown id goes to a sheet page, which says it is not here.
            let href = lib.get(&id).map(|c| sheet_href(&c)).unwrap_or_else(|| {
                format!("{}{}", Page::Symbaroum.file(), Route::Sheet(id).href())
            });
            redirect(&href)
        }
    }
}

/// `symbaroum.html`: a homebrew, homebrew-draft or Symbaroum character's sheet.
pub fn symbaroum_screen(route: Route) -> AnyView {
    sheet_screen(
        Page::Symbaroum,
        route,
        |c| view! { <super::CharacterSheet character=c/> }.into_any(),
        Some(symbaroum_stats),
    )
}

/// `combat.html`: a Symbaroum-family character's fight: Toughness, hits, dying,
/// weapons, armor, corruption and initiative.
pub fn combat_screen(route: Route) -> AnyView {
    sheet_screen(
        Page::Combat,
        route,
        |c| view! { <super::combat::CombatSheet character=c/> }.into_any(),
        Some(symbaroum_stats),
    )
}

/// `advance.html`: a Symbaroum-family character's Experience, abilities, inventory,
/// encumbrance and money.
pub fn advance_screen(route: Route) -> AnyView {
    sheet_screen(
        Page::Advance,
        route,
        |c| view! { <super::advance::AdvanceSheet character=c/> }.into_any(),
        Some(symbaroum_stats),
    )
}

/// `heimr.html`: a Heimr character's sheet.
pub fn heimr_screen(route: Route) -> AnyView {
    sheet_screen(
        Page::Heimr,
        route,
        |c| view! { <super::heimr::HeimrSheetView character=c/> }.into_any(),
        None,
    )
}

/// `heimr-combat.html`: a Heimr character's fight.
pub fn heimr_combat_screen(route: Route) -> AnyView {
    sheet_screen(
        Page::HeimrCombat,
        route,
        |c| view! { <super::heimr::HeimrCombatView character=c/> }.into_any(),
        None,
    )
}

/// `heimr-advance.html`: a Heimr character's gear, experience and training.
pub fn heimr_advance_screen(route: Route) -> AnyView {
    sheet_screen(
        Page::HeimrAdvance,
        route,
        |c| view! { <super::heimr::HeimrAdvanceView character=c/> }.into_any(),
        None,
    )
}

fn sheet_screen(
    page: Page,
    route: Route,
    sheet: fn(RwSignal<Character>) -> AnyView,
    stats: Option<fn(&Character) -> TopStats>,
) -> AnyView {
    let lib = expect_context::<Library>();
    match route {
        Route::Library => redirect(&library_href()),
        Route::Sheet(id) => match lib.get(&id) {
            Some(c) if !page.shows(c.ruleset) => redirect(&sheet_href(&c)),
            _ => view! { <SheetPage id page sheet stats/> }.into_any(),
        },
    }
}
