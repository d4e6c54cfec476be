//! The character sheet of the Symbaroum family: name and ruleset, attributes with
//! creation guidance and roll buttons, modifiers, derived values, combat tests and the
//! roll log, and the roll panel they open.

use super::attribute_guidance::AttributeGuidance;
use super::combat_rolls::CombatRolls;
use super::modifiers_editor::ModifiersEditor;
use super::roll_log::RollLog;
use super::roll_panel::{RollPanel, Rolls};
use super::ruleset_select::RulesetSelect;
use super::{AttributeField, DerivedValues, NameField};
use crate::model::Character;
use crate::rules::symbaroum::Attr;
use leptos::prelude::*;

#[component]
pub fn CharacterSheet(character: RwSignal<Character>) -> impl IntoView {
    let derived = Memo::new(move |_| character.with(Character::derived));
    let rolls = Rolls::new();
    view! {
        <main class="sheet">
            <header class="sheet-header">
                <NameField character/>
                <RulesetSelect character/>
            </header>
            <div class="sheet-col sheet-col-main">
                <section class="card attributes" aria-labelledby="attributes-heading">
                    <h2 id="attributes-heading">"Attributes"</h2>
                    <div class="attr-grid">
                        {Attr::ALL
                            .into_iter()
                            .map(|attr| view! { <AttributeField character attr derived rolls/> })
                            .collect_view()}
                    </div>
                    <AttributeGuidance character/>
                </section>
                <ModifiersEditor character/>
            </div>
            <div class="sheet-col sheet-col-side">
                <DerivedValues derived/>
                <CombatRolls character rolls/>
                <RollLog character/>
            </div>
            <RollPanel character derived rolls/>
        </main>
    }
}
