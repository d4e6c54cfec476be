//! The Heimr sheet: six attributes in two groups, abilities, dice challenges,
//! experience, fatigue and injuries.

mod attribute_field;

use super::NameField;
use crate::model::Character;
use crate::rules::heimr::attributes::{Attribute, AttributeGroup};
use attribute_field::HeimrAttributeField;
use leptos::prelude::*;

#[component]
pub fn HeimrSheetView(character: RwSignal<Character>) -> impl IntoView {
    let group = move |g: AttributeGroup| {
        Attribute::ALL
            .into_iter()
            .filter(move |a| a.group() == g)
            .map(|attr| view! { <HeimrAttributeField character attr/> })
            .collect_view()
    };
    view! {
        <main class="sheet heimr-sheet">
            <header class="sheet-header">
                <NameField character/>
                <p class="ruleset-tag">"Heimr"</p>
            </header>
            <section class="card attributes" aria-labelledby="heimr-attributes-heading">
                <h2 id="heimr-attributes-heading">"Attributes"</h2>
                <div class="heimr-groups">
                    <fieldset class="attr-group">
                        <legend>"Physical"</legend>
                        {group(AttributeGroup::Physical)}
                    </fieldset>
                    <fieldset class="attr-group">
                        <legend>"Mental"</legend>
                        {group(AttributeGroup::Mental)}
                    </fieldset>
                </div>
            </section>
        </main>
    }
}
