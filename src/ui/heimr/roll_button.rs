//! The die button that opens the dice panel for an ability, attribute or defence.

use super::state::{Panel, RollSource};
use leptos::prelude::*;

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
            on:click=move |_| panel.open(source.clone())
        >
            <span aria-hidden="true" class="roll-icon">"⚄"</span>
            <span class="roll-text">{text}</span>
        </button>
    }
}
