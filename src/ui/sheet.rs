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
use super::part::Part;
use super::roll_log::RollLog;
use super::roll_panel::{RollPanel, Rolls};
use super::routing::Tab;
use super::ruleset_select::RulesetSelect;
use super::sheet_page::tab_panel;
use super::slots::{CombatTab, GearTab};
use super::{AboutCard, AttributeField, DerivedValues, NameField};
use crate::rules::symbaroum::derived::Derived;
use crate::rules::symbaroum::Attr;
use crate::ui::parts::Derivations;
use crate::ui::Live;
use leptos::prelude::*;

/// The Combat tab (under [`SymbaroumTabs`], which provides the roll panel's state),
/// with "This turn" where [`ThisTurn`](super::slots::ThisTurn) is drawn.
pub fn combat_tab(character: Live) -> AnyView {
    let rolls = expect_context::<Rolls>();
    view! { <CombatSheet character rolls/> }.into_any()
}

/// The Gear & XP tab.
pub fn gear_tab(character: Live) -> AnyView {
    view! { <AdvanceSheet character/> }.into_any()
}

/// Every tab of a Symbaroum-family character, each drawn on first visit and kept.
/// The roll panel's state is in context for the other tabs' code. The Combat and
/// Gear & XP tabs and the roll panel are drawn by whoever draws [`CombatTab`],
/// [`GearTab`] and the panel's body (each from its own chunk, in the app).
#[component]
pub fn SymbaroumTabs(character: Live, tab: Memo<Tab>) -> impl IntoView {
    // The sheet page's (its top bar provides them), or new ones when the tabs are
    // mounted alone.
    let derived = Derivations::get(character).derived;
    let rolls = Rolls::new();
    provide_context(rolls);
    view! {
        {tab_panel(tab, Tab::Sheet, move || view! { <CharacterSheet character derived rolls/> }.into_any())}
        {tab_panel(tab, Tab::Combat, move || Part::<CombatTab>::view(character).into_any())}
        {tab_panel(tab, Tab::Gear, move || Part::<GearTab>::view(character).into_any())}
        <div class="sheet-extra">
            <RollLog character hint="Tap a d20 to make a test."/>
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
