//! Hash routing for the one page: `#/` is the character list, `#/c/<id>` a
//! character's sheet, `#/c/<id>/combat` and `#/c/<id>/gear` its other tabs,
//! `#/share/<data>` the list offering a character from a link (`ui::share`),
//! `#/packs` the campaign packs and `#/pack/<data>` the same offering a pack from a
//! link. Hash
//! routes need no server support, so deep links reload anywhere, under a GitHub Pages
//! sub-path too. Moving between routes never loads a document.
//!
//! Links saved from the app's earlier one-page-per-tab build (`combat.html#/c/<id>`
//! and so on) reach the same routes through small redirect pages that
//! `scripts/build.sh` writes beside `index.html`.

use leptos::prelude::*;

/// A character's tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tab {
    Sheet,
    Combat,
    Gear,
}

impl Tab {
    pub const ALL: [Tab; 3] = [Tab::Sheet, Tab::Combat, Tab::Gear];

    /// What the tab is called on screen.
    pub fn label(self) -> &'static str {
        match self {
            Tab::Sheet => "Sheet",
            Tab::Combat => "Combat",
            Tab::Gear => "Gear & XP",
        }
    }

    /// Its part of the route, after `#/c/<id>` (or a party member's).
    fn suffix(self) -> &'static str {
        match self {
            Tab::Sheet => "",
            Tab::Combat => "/combat",
            Tab::Gear => "/gear",
        }
    }

    pub fn index(self) -> usize {
        match self {
            Tab::Sheet => 0,
            Tab::Combat => 1,
            Tab::Gear => 2,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Library,
    Sheet(String, Tab),
    /// The list, reached from an address the app does not have (`404.html` sends it
    /// here with that address).
    Missing(String),
    /// The list, offering to import the character a shared link holds (its data, as
    /// in the link).
    Share(String),
    /// The campaign packs: the list (`#/packs`), offering the pack a link holds when
    /// it is `#/pack/<data>`, or one pack's editor (`#/packs/<id>`).
    Packs(PacksAt),
    /// The game master's tables: the list (`#/table`), offering to seat the character
    /// a share link holds when it is `#/table-add/<data>`, one table (`#/table/<id>`),
    /// or a party member's sheet, read only (`#/table/<id>/member/<member>[/combat|/gear]`).
    Table(TableAt),
    /// A game master's update link for one of this browser's characters (its data,
    /// as in the link): what the table changed, to accept field by field.
    Update(String),
}

/// Where among the game master's tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableAt {
    /// The list, with a share link's data to seat at a table.
    List(Option<String>),
    /// A table.
    Open(String),
    /// A party member's sheet, read only: the table, the member and the tab.
    Member(String, u32, Tab),
}

/// Where on the packs page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PacksAt {
    /// The list, with the data of a pack's link when opened from one.
    List(Option<String>),
    /// A pack's editor.
    Edit(String),
}

impl Route {
    pub fn parse(hash: &str) -> Route {
        // One slash after the `#`: `#//` or `#///packs` is no address of the app's.
        let h = hash.trim_start_matches('#');
        let h = h.strip_prefix('/').unwrap_or(h);
        if let Some(path) = h.strip_prefix("missing") {
            let path = path.trim_start_matches('/');
            let path = js_sys::decode_uri_component(path)
                .map(String::from)
                .unwrap_or_else(|_| path.to_string());
            return Route::Missing(path);
        }
        if let Some(data) = h.strip_prefix("share/") {
            return Route::Share(data.to_string());
        }
        if let Some(data) = h.strip_prefix("pack/").filter(|d| !d.is_empty()) {
            return Route::Packs(PacksAt::List(Some(data.to_string())));
        }
        if h == "packs" {
            return Route::Packs(PacksAt::List(None));
        }
        if let Some(id) = h.strip_prefix("packs/").filter(|d| !d.is_empty()) {
            return Route::Packs(PacksAt::Edit(id.to_string()));
        }
        if let Some(data) = h.strip_prefix("update/").filter(|d| !d.is_empty()) {
            return Route::Update(data.to_string());
        }
        if let Some(data) = h.strip_prefix("table-add/").filter(|d| !d.is_empty()) {
            return Route::Table(TableAt::List(Some(data.to_string())));
        }
        if h == "table" {
            return Route::Table(TableAt::List(None));
        }
        if let Some(rest) = h.strip_prefix("table/").filter(|d| !d.is_empty()) {
            let (id, rest) = rest.split_once('/').unwrap_or((rest, ""));
            // A member's number that is no number: the table.
            let member = rest
                .strip_prefix("member/")
                .map(split_tab)
                .and_then(|(member, tab)| Some((member.parse().ok()?, tab)));
            return Route::Table(match member {
                Some((member, tab)) => TableAt::Member(id.to_string(), member, tab),
                None => TableAt::Open(id.to_string()),
            });
        }
        if h.is_empty() {
            return Route::Library;
        }
        // Any other address inside the page (`#/zzz`, `#/c/`) is one the app does not
        // have: the list with "no such page", as an unknown path gets.
        let missing = || Route::Missing(format!("#/{h}"));
        let Some(rest) = h.strip_prefix("c/") else {
            return missing();
        };
        let (id, tab) = split_tab(rest);
        if id.is_empty() {
            missing()
        } else {
            Route::Sheet(id.to_string(), tab)
        }
    }

    pub fn href(&self) -> String {
        match self {
            Route::Library | Route::Missing(_) => "#/".into(),
            Route::Share(data) => format!("#/share/{data}"),
            Route::Packs(PacksAt::List(None)) => "#/packs".into(),
            Route::Packs(PacksAt::List(Some(data))) => format!("#/pack/{data}"),
            Route::Packs(PacksAt::Edit(id)) => format!("#/packs/{id}"),
            Route::Table(TableAt::List(None)) => "#/table".into(),
            Route::Table(TableAt::List(Some(data))) => format!("#/table-add/{data}"),
            Route::Table(TableAt::Open(id)) => format!("#/table/{id}"),
            Route::Table(TableAt::Member(id, member, tab)) => {
                format!("#/table/{id}/member/{member}{}", tab.suffix())
            }
            Route::Update(data) => format!("#/update/{data}"),
            Route::Sheet(id, tab) => format!("#/c/{id}{}", tab.suffix()),
        }
    }

    /// The character this route shows, if any.
    pub fn character_id(&self) -> Option<&str> {
        match self {
            Route::Library
            | Route::Missing(_)
            | Route::Share(_)
            | Route::Packs(_)
            | Route::Table(_)
            | Route::Update(_) => None,
            Route::Sheet(id, _) => Some(id),
        }
    }
}

/// `<id>[/combat|/gear]` as the id and the tab (the Sheet tab for any other end).
fn split_tab(rest: &str) -> (&str, Tab) {
    match rest.split_once('/') {
        Some((id, "combat")) => (id, Tab::Combat),
        Some((id, "gear")) => (id, Tab::Gear),
        Some((id, _)) => (id, Tab::Sheet),
        None => (rest, Tab::Sheet),
    }
}

/// Where the character list is.
pub fn library_href() -> String {
    Route::Library.href()
}

/// Where a character's tab is.
pub fn sheet_href(id: &str, tab: Tab) -> String {
    Route::Sheet(id.to_string(), tab).href()
}

/// Goes to `href` inside the page (a hash route): no document load.
pub fn go(href: &str) {
    let _ = window().location().set_hash(href.trim_start_matches('#'));
}

/// Goes to `href` inside the page in place of the current address, so Back does not
/// return to it (a shared link, once answered).
pub fn replace(href: &str) {
    let _ = window().location().replace(href);
}

fn current_hash() -> String {
    window().location().hash().unwrap_or_default()
}

/// The character whose sheet is on screen now (None: the list).
pub fn current_page() -> Option<String> {
    Route::parse(&current_hash())
        .character_id()
        .map(str::to_string)
}

/// The current route, following `hashchange`.
pub fn use_route() -> Memo<Route> {
    let hash = RwSignal::new(current_hash());
    let handle = window_event_listener(leptos::ev::hashchange, move |_| hash.set(current_hash()));
    on_cleanup(move || handle.remove());
    Memo::new(move |_| Route::parse(&hash.get()))
}
