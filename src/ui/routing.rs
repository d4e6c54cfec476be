//! Hash routing: `#/` is the character list, `#/c/<id>` a character's sheet. Hash
//! routes need no server support, so deep links reload anywhere, GitHub Pages included.

use leptos::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Library,
    Sheet(String),
}

impl Route {
    pub fn parse(hash: &str) -> Route {
        let h = hash.trim_start_matches('#').trim_start_matches('/');
        match h.strip_prefix("c/") {
            Some(id) if !id.is_empty() => Route::Sheet(id.to_string()),
            _ => Route::Library,
        }
    }

    pub fn href(&self) -> String {
        match self {
            Route::Library => "#/".into(),
            Route::Sheet(id) => format!("#/c/{id}"),
        }
    }
}

fn current_hash() -> String {
    window().location().hash().unwrap_or_default()
}

/// The current route, following `hashchange`.
pub fn use_route() -> Memo<Route> {
    let hash = RwSignal::new(current_hash());
    let handle = window_event_listener(leptos::ev::hashchange, move |_| hash.set(current_hash()));
    on_cleanup(move || handle.remove());
    Memo::new(move |_| Route::parse(&hash.get()))
}
