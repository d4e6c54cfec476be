//! Placeholder, being written.

use crate::model::Character;
use leptos::prelude::*;

#[component]
pub fn InitiativeCard(character: RwSignal<Character>) -> impl IntoView {
    let _ = character;
    view! { <section class="card" aria-labelledby="initiative-heading"><h2 id="initiative-heading">"Initiative"</h2></section> }
}
