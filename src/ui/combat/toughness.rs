//! Placeholder, being written.

use crate::model::Character;
use leptos::prelude::*;

#[component]
pub fn ToughnessCard(character: RwSignal<Character>) -> impl IntoView {
    let _ = character;
    view! { <section class="card" aria-labelledby="toughness-heading"><h2 id="toughness-heading">"Toughness"</h2></section> }
}
