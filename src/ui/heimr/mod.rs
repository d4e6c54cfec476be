//! The Heimr sheet, as three tabs of the one page (see `ui::routing`): the Sheet
//! (attributes, abilities, HP and willpower, fatigue, who the character is), Combat
//! (the turn, initiative, defences, positions, injuries, with HP and fatigue in
//! reach) and Gear & XP (experience, training, attribute progress, the medieval
//! armoury, the campaign's own abilities). Under every tab the roll log and notes;
//! over them the dice panel that any tab's roll buttons open.

mod abilities;
mod add_ability;
mod armoury;
mod attack_card;
mod attribute_field;
mod attribute_penalties;
mod attribute_progress;
mod battlefield_tables;
mod defences;
mod dice_attack;
mod dice_faces;
mod dice_form;
mod dice_inputs;
mod dice_panel;
mod dice_result;
mod effects_card;
mod encounter;
mod experience;
mod fatigue;
mod hiding;
mod initiative;
mod injuries;
mod new_turn;
mod pools;
mod positions;
mod roll_button;
pub(crate) mod state;
mod top_stats;
mod training;
mod turn_card;

use super::notes_field::NotesField;
use super::part::Part;
use super::roll_log::RollLog;
use super::routing::Tab;
use super::sheet_page::tab_panel;
use super::slots::{CombatTab, GearTab, PacksCard, SituationalPenalties, ThisTurn};
use super::{AboutCard, NameField};
use crate::rules::heimr::attributes::{Attribute, AttributeGroup};
use crate::ui::Live;
use abilities::AbilitiesCard;
use add_ability::AddAbilityForm;
use armoury::ArmouryCard;
use attack_card::AttackCard;
use attribute_field::HeimrAttributeField;
use attribute_progress::AttributeProgressLine;
use battlefield_tables::BattlefieldTablesCard;
use defences::DefencesCard;
pub use dice_panel::dice_panel;
use dice_panel::DicePanel;
use effects_card::EffectsCard;
use encounter::EncounterCard;
use experience::{ExperienceCard, UnspentBadge};
use fatigue::FatigueCard;
use initiative::InitiativeRoll;
use injuries::InjuriesCard;
use leptos::prelude::*;
use new_turn::NewTurnButton;
use pools::PoolsCard;
use positions::PositionsCard;
use roll_button::RollButton;
pub use state::{Panel, RollSource};
pub use top_stats::HeimrTopStats;
use training::TrainingCard;
pub use turn_card::turn_card;

/// The Attributes card's situational penalties, for the chunk that draws them.
pub fn attribute_penalties(character: Live) -> AnyView {
    view! { <attribute_penalties::AttributePenalties character/> }.into_any()
}

/// The Positions card's hide challenge, for the chunk that draws it.
pub fn hiding(character: Live) -> AnyView {
    view! { <hiding::HidingFields character/> }.into_any()
}

/// The Combat tab, with "This turn" where [`ThisTurn`] is drawn.
pub fn combat_tab(character: Live) -> AnyView {
    view! { <HeimrCombatView character/> }.into_any()
}

/// The Gear & XP tab.
pub fn gear_tab(character: Live) -> AnyView {
    view! { <HeimrAdvanceView character/> }.into_any()
}

/// Every tab of a Heimr character, each drawn on first visit and kept. The Combat
/// and Gear & XP tabs and the dice panel are drawn by whoever draws [`CombatTab`],
/// [`GearTab`] and the panel's body (each from its own chunk, in the app).
#[component]
pub fn HeimrTabs(character: Live, tab: Memo<Tab>) -> impl IntoView {
    let panel = Panel {
        source: RwSignal::new(None),
        cr: RwSignal::new(None),
        opponent: RwSignal::new(None),
    };
    provide_context(panel);
    view! {
        <div class="heimr-tabs">
            {tab_panel(tab, Tab::Sheet, move || view! { <HeimrSheetView character/> }.into_any())}
            {tab_panel(tab, Tab::Combat, move || Part::<CombatTab>::view(character).into_any())}
            {tab_panel(tab, Tab::Gear, move || Part::<GearTab>::view(character).into_any())}
            <div class="sheet-extra">
                <RollLog character hint="Tap ⚄ to roll."/>
                <NotesField character/>
            </div>
        </div>
        <DicePanel character/>
    }
}

fn header(character: Live) -> impl IntoView {
    view! {
        <header class="sheet-header">
            <NameField character/>
            <div class="header-tags">
                <p class="ruleset-tag">"Heimr"</p>
                <UnspentBadge character/>
            </div>
        </header>
    }
}

/// The Sheet tab: attributes and abilities to roll, HP and willpower, fatigue.
#[component]
pub fn HeimrSheetView(character: Live) -> impl IntoView {
    let fields = move |g: AttributeGroup| {
        Attribute::ALL
            .into_iter()
            .filter(move |a| a.group() == g)
            .map(|attr| {
                view! {
                    <div class="heimr-attr" data-attribute=attr.key()>
                        <HeimrAttributeField character attr/>
                        <RollButton source=RollSource::Attribute(attr)/>
                    </div>
                }
            })
            .collect_view()
    };
    view! {
        <div class="sheet heimr-sheet">
            {header(character)}
            <div class="heimr-column">
                <section class="card attributes" aria-labelledby="heimr-attributes-heading">
                    <h2 id="heimr-attributes-heading">"Attributes"</h2>
                    <div class="heimr-groups">
                        <fieldset class="attr-group">
                            <legend>"Physical"</legend>
                            {fields(AttributeGroup::Physical)}
                        </fieldset>
                        <fieldset class="attr-group">
                            <legend>"Mental"</legend>
                            {fields(AttributeGroup::Mental)}
                        </fieldset>
                    </div>
                    {Part::<SituationalPenalties>::view(character)}
                </section>
                <AbilitiesCard character/>
            </div>
            <div class="heimr-column">
                <PoolsCard character/>
                <FatigueCard character/>
                <AboutCard character heimr=true/>
            </div>
        </div>
    }
}

/// The Combat tab: the combat turn, initiative, defences, positions and injuries,
/// with HP, willpower and fatigue in reach (their fields here are named apart from
/// the Sheet tab's).
#[component]
pub fn HeimrCombatView(character: Live) -> impl IntoView {
    view! {
        <div class="sheet heimr-sheet">
            <div class="heimr-column">
                <section class="card heimr-combat" aria-labelledby="heimr-combat-heading">
                    <h2 id="heimr-combat-heading">"Combat turn"</h2>
                    <NewTurnButton character/>
                    {Part::<ThisTurn>::view(character)}
                </section>
                <AttackCard character/>
                <InitiativeRoll character/>
                <EncounterCard character/>
                <DefencesCard character/>
                <PositionsCard character/>
            </div>
            <div class="heimr-column">
                <InjuriesCard character/>
                <EffectsCard character/>
                // The Sheet tab's HP, willpower and fatigue (in the top bar too): one
                // line on a phone until opened, shown at once with room (CSS).
                <section class="card rule-card off heimr-pools-fold" aria-labelledby="heimr-pools-fold-heading">
                    <details>
                        <summary>
                            <h2 id="heimr-pools-fold-heading">"HP, willpower, fatigue"</h2>
                            <span class="rule-state">"Also on Sheet"</span>
                        </summary>
                        <PoolsCard character scope="combat-"/>
                        <FatigueCard character scope="combat-"/>
                    </details>
                </section>
                <BattlefieldTablesCard character/>
            </div>
        </div>
    }
}

/// The Gear & XP tab: experience, training, attribute progress, the medieval
/// armoury and the campaign's own abilities.
#[component]
pub fn HeimrAdvanceView(character: Live) -> impl IntoView {
    // Whether the campaign ability form was opened (its packs' offers then load).
    let adding = RwSignal::new(false);
    let progress = Attribute::ALL
        .into_iter()
        .map(|attr| {
            view! {
                <li class="heimr-attr-progress" data-attribute=attr.key()>
                    <span class="attr-name">{attr.name()}</span>
                    " "
                    <strong>{move || state::read(character, |h| crate::rules::symbaroum::derived::fmt_signed(h.attributes.get(attr)))}</strong>
                    <AttributeProgressLine character attr/>
                </li>
            }
        })
        .collect_view();
    view! {
        <div class="sheet heimr-sheet">
            <div class="heimr-column">
                <ExperienceCard character/>
                <TrainingCard character/>
                <section class="card attributes" aria-labelledby="heimr-progress-heading">
                    <h2 id="heimr-progress-heading">"Attribute progress"</h2>
                    <ul class="heimr-progress-list">{progress}</ul>
                </section>
            </div>
            <div class="heimr-column">
                <ArmouryCard character/>
                <section class="card heimr-abilities heimr-campaign" aria-labelledby="heimr-new-abilities-heading">
                    <h2 id="heimr-new-abilities-heading">"Campaign abilities"</h2>
                    // Folded until wanted, as the other add forms are.
                    // Folded at first: its first toggle opens it.
                    <details class="adder" on:toggle=move |_| adding.set(true)>
                        <summary>"Add the campaign's own ability…"</summary>
                        <AddAbilityForm character adding/>
                    </details>
                </section>
                // The packs the abilities came from, once one was taken from a pack.
                <Show when=move || state::read(character, |h| h.abilities.iter().any(|a| a.from.is_some()))>
                    {Part::<PacksCard>::view(character)}
                </Show>
            </div>
        </div>
    }
}
