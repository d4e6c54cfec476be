//! The character sheet: name, attributes and the values derived from them.

use super::ruleset_select::RulesetSelect;
use super::{AttributeField, DerivedValues, NameField};
use crate::model::Character;
use crate::rules::symbaroum::derived::{derive, Derived, Inputs};
use crate::rules::symbaroum::{labels, Attr};
use leptos::prelude::*;

/// Computes every derived value of a character (one pass, shared by all displays).
pub fn derived_of(c: &Character) -> Derived {
    let inputs = Inputs {
        scores: c.attributes,
        modifiers: &c.modifiers,
        ..Default::default()
    };
    derive(&inputs, labels(c.ruleset))
}

#[component]
pub fn CharacterSheet(character: RwSignal<Character>) -> impl IntoView {
    let derived = Memo::new(move |_| character.with(derived_of));
    view! {
        <main class="sheet">
            <header class="sheet-header">
                <NameField character/>
                <RulesetSelect character/>
            </header>
            <section class="card attributes" aria-labelledby="attributes-heading">
                <h2 id="attributes-heading">"Attributes"</h2>
                <div class="attr-grid">
                    {Attr::ALL
                        .into_iter()
                        .map(|attr| view! { <AttributeField character attr/> })
                        .collect_view()}
                </div>
            </section>
            <DerivedValues derived/>
        </main>
    }
}
