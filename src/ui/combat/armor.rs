//! Placeholder, being written.

use crate::model::Character;
use leptos::prelude::*;

#[component]
pub fn ArmorCard(character: RwSignal<Character>) -> impl IntoView {
    let _ = character;
    view! { <section class="card" aria-labelledby="armor-heading"><h2 id="armor-heading">"Armor"</h2></section> }
}
