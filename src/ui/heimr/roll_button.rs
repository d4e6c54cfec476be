//! The die button that opens the dice panel for an ability, attribute or defence.

use super::state::{Panel, RollSource};
use leptos::prelude::*;

#[component]
pub fn RollButton(source: RollSource, #[prop(optional, into)] text: String) -> impl IntoView {
    let panel = expect_context::<Panel>();
    let label = format!("Roll {}", source.label());
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
            on:click=move |_| panel.open(source.clone())
        >
            <span aria-hidden="true" class="roll-icon">"⚄"</span>
            {text}
        </button>
    }
}
