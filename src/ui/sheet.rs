//! The character sheet of the Symbaroum family, as three tabs: the Sheet (name and
//! ruleset, attributes with creation guidance and roll buttons, modifiers, derived
//! values, who the character is), Combat and Gear & XP; under every tab the roll log
//! and notes, and over them the roll panel that any tab's buttons open.

use super::advance::AdvanceSheet;
use super::attribute_guidance::AttributeGuidance;
use super::combat::CombatSheet;
use super::creation_card::CreationCard;
use super::modifiers_editor::ModifiersEditor;
use super::notes_field::NotesField;
use super::roll_log::RollLog;
use super::roll_panel::{RollPanel, Rolls};
use super::routing::Tab;
use super::ruleset_select::RulesetSelect;
use super::sheet_page::tab_panel;
use super::{AboutCard, AttributeField, DerivedValues, NameField};
use crate::rules::symbaroum::derived::Derived;
use crate::rules::symbaroum::Attr;
use crate::ui::parts::Derivations;
use crate::ui::Live;
use leptos::prelude::*;

/// Every tab of a Symbaroum-family character, each drawn on first visit and kept.
#[component]
pub fn SymbaroumTabs(character: Live, tab: Memo<Tab>) -> impl IntoView {
    let derived = Derivations::provide(character).derived;
    let rolls = Rolls::new();
    view! {
        {tab_panel(tab, Tab::Sheet, move || view! { <CharacterSheet character derived rolls/> }.into_any())}
        {tab_panel(tab, Tab::Combat, move || view! { <CombatSheet character rolls/> }.into_any())}
        {tab_panel(tab, Tab::Gear, move || view! { <AdvanceSheet character/> }.into_any())}
        <div class="sheet-extra">
            <RollLog character/>
            <NotesField character/>
        </div>
        <RollPanel character derived rolls/>
    }
}

/// The Sheet tab.
#[component]
pub fn CharacterSheet(character: Live, derived: Memo<Derived>, rolls: Rolls) -> impl IntoView {
    view! {
        <div class="sheet character-sheet">
            <header class="sheet-header">
                <NameField character/>
                <RulesetSelect character/>
            </header>
            <div class="sheet-col sheet-col-main">
                <CreationCard character scope="sheet-"/>
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
                <AboutCard character/>
            </div>
        </div>
    }
}
