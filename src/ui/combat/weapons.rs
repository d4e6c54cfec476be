//! Placeholder, being written.

use crate::model::Character;
use leptos::prelude::*;

#[component]
pub fn WeaponsCard(character: RwSignal<Character>) -> impl IntoView {
    let _ = character;
    view! { <section class="card" aria-labelledby="weapons-heading"><h2 id="weapons-heading">"Weapons"</h2></section> }
}
