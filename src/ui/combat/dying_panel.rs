//! Placeholder, being written.

use crate::model::Character;
use leptos::prelude::*;

#[component]
pub fn DyingPanel(character: RwSignal<Character>) -> impl IntoView {
    let _ = character;
    view! { <span hidden=true></span> }
}
