//! Light, dark, or follow the system: a switch kept per browser.

use crate::storage::local::LocalBackend;
use crate::storage::prefs::{set_theme, theme, Theme};
use leptos::prelude::*;

/// Puts the theme on `<html data-theme=…>`, where the stylesheet reads it.
pub fn apply_theme(t: Theme) {
    if let Some(root) = document().document_element() {
        let _ = root.set_attribute("data-theme", t.id());
    }
}

/// Applies the saved theme; called once at start-up.
pub fn apply_saved_theme() {
    apply_theme(theme(&LocalBackend));
}

#[component]
pub fn ThemeSwitch() -> impl IntoView {
    let current = RwSignal::new(theme(&LocalBackend));
    view! {
        <select
            class="theme-switch"
            aria-label="Colour theme"
            on:change=move |ev| {
                if let Some(t) = Theme::from_id(&event_target_value(&ev)) {
                    current.set(t);
                    apply_theme(t);
                    // Not saved (storage full or disabled): it still applies now.
                    let _ = set_theme(&mut LocalBackend, t);
                }
            }
        >
            {Theme::ALL
                .into_iter()
                .map(|t| view! { <option value=t.id() selected=move || current.get() == t>{t.name()}</option> })
                .collect_view()}
        </select>
    }
}
