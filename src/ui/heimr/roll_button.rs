//! The die button that opens the dice panel for an ability, attribute or defence.

use super::state::{Panel, RollSource};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

#[component]
pub fn RollButton(
    source: RollSource,
    #[prop(optional, into)] text: String,
    /// The button's name for a screen reader, beginning with its visible text (e.g.
    /// "Attack with Dagger (2)"); "Roll" and what is rolled when not given.
    #[prop(optional, into)]
    named: String,
) -> impl IntoView {
    let panel = expect_context::<Panel>();
    let label = if named.is_empty() {
        format!("Roll {}", source.label())
    } else {
        named
    };
    let text = if text.is_empty() {
        "Roll".to_string()
    } else {
        text
    };
    view! {
        <button
            type="button"
            class="hroll-button"
            aria-label=label
            aria-haspopup="dialog"
            on:click=move |ev| {
                // Focus returns to this die when the panel closes.
                if let Some(b) = ev.current_target().and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok()) {
                    let _ = b.focus();
                }
                panel.open(source.clone())
            }
        >
            <span aria-hidden="true" class="roll-icon">"⚄"</span>
            <span class="roll-text">{text}</span>
        </button>
    }
}
