//! Placeholder, being written.

use crate::model::Character;
use leptos::prelude::*;

#[component]
pub fn CorruptionCard(character: RwSignal<Character>) -> impl IntoView {
    let _ = character;
    view! { <section class="card" aria-labelledby="corruption-heading"><h2 id="corruption-heading">"Corruption"</h2></section> }
}
