//! The Heimr sheet, as three tabs that are pages of their own (see `ui::pages`), so
//! each first load stays small: the Sheet (attributes, HP and willpower, abilities,
//! fatigue, dice challenges), Combat (the turn, initiative, defences, positions,
//! injuries) and Gear & XP (experience, training, attribute progress, the medieval
//! armoury, the campaign's own abilities).

mod abilities;
mod add_ability;
mod armoury;
mod attribute_field;
mod attribute_progress;
mod defences;
mod dice_faces;
mod dice_panel;
mod experience;
mod fatigue;
mod initiative;
mod injuries;
mod new_turn;
mod pools;
mod positions;
mod roll_button;
mod roll_log;
mod state;
mod training;

use super::NameField;
use crate::model::Character;
use crate::rules::heimr::attributes::{Attribute, AttributeGroup};
use abilities::AbilitiesCard;
use add_ability::AddAbilityForm;
use armoury::ArmouryCard;
use attribute_field::HeimrAttributeField;
use attribute_progress::AttributeProgressLine;
use defences::DefencesCard;
use dice_panel::DicePanel;
use experience::{ExperienceCard, UnspentBadge};
use fatigue::FatigueCard;
use initiative::InitiativeRoll;
use injuries::InjuriesCard;
use leptos::prelude::*;
use new_turn::NewTurnButton;
use pools::PoolsCard;
use positions::PositionsCard;
use roll_button::RollButton;
use roll_log::RollLog;
use state::{Panel, RollSource};
use training::TrainingCard;

/// The dice panel's state for one page (shared with every roll button on it), and
/// the panel itself.
fn with_dice_panel(character: RwSignal<Character>) -> (Panel, impl IntoView) {
    let panel = Panel {
        source: RwSignal::new(None),
    };
    provide_context(panel);
    (panel, view! { <DicePanel character/> })
}

fn header(character: RwSignal<Character>) -> impl IntoView {
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

fn attribute_group(
    character: RwSignal<Character>,
    g: AttributeGroup,
    rolls: bool,
) -> impl IntoView {
    Attribute::ALL
        .into_iter()
        .filter(move |a| a.group() == g)
        .map(|attr| {
            view! {
                <div class="heimr-attr" data-attribute=attr.key()>
                    <HeimrAttributeField character attr/>
                    {rolls.then(|| view! { <RollButton source=RollSource::Attribute(attr)/> })}
                    <AttributeProgressLine character attr/>
                </div>
            }
        })
        .collect_view()
}

fn attributes(character: RwSignal<Character>, rolls: bool) -> impl IntoView {
    view! {
        <section class="card attributes" aria-labelledby="heimr-attributes-heading">
            <h2 id="heimr-attributes-heading">"Attributes"</h2>
            <div class="heimr-groups">
                <fieldset class="attr-group">
                    <legend>"Physical"</legend>
                    {attribute_group(character, AttributeGroup::Physical, rolls)}
                </fieldset>
                <fieldset class="attr-group">
                    <legend>"Mental"</legend>
                    {attribute_group(character, AttributeGroup::Mental, rolls)}
                </fieldset>
            </div>
        </section>
    }
}

/// `heimr.html`: attributes and abilities to roll, HP and willpower, fatigue.
#[component]
pub fn HeimrSheetView(character: RwSignal<Character>) -> impl IntoView {
    let (panel, dice) = with_dice_panel(character);
    view! {
        <main class="sheet heimr-sheet" class:panel-open=move || panel.source.with(Option::is_some)>
            {header(character)}
            <div class="heimr-column">
                {attributes(character, true)}
                <AbilitiesCard character/>
            </div>
            <div class="heimr-column">
                <PoolsCard character/>
                <FatigueCard character/>
                <RollLog character/>
            </div>
            {dice}
        </main>
    }
}

/// `heimr-combat.html`: the combat turn, initiative, defences, positions and
/// injuries, with HP, willpower and fatigue in reach.
#[component]
pub fn HeimrCombatView(character: RwSignal<Character>) -> impl IntoView {
    let (panel, dice) = with_dice_panel(character);
    view! {
        <main class="sheet heimr-sheet" class:panel-open=move || panel.source.with(Option::is_some)>
            <div class="heimr-column">
                <section class="card heimr-combat" aria-labelledby="heimr-combat-heading">
                    <h2 id="heimr-combat-heading">"Combat turn"</h2>
                    <NewTurnButton character/>
                </section>
                <InitiativeRoll character/>
                <DefencesCard character/>
                <PositionsCard character/>
            </div>
            <div class="heimr-column">
                <PoolsCard character/>
                <InjuriesCard character/>
                <FatigueCard character/>
                <RollLog character/>
            </div>
            {dice}
        </main>
    }
}

/// `heimr-advance.html` (Gear & XP): experience, training, attribute progress, the
/// medieval armoury and the campaign's own abilities.
#[component]
pub fn HeimrAdvanceView(character: RwSignal<Character>) -> impl IntoView {
    view! {
        <main class="sheet heimr-sheet">
            {header(character)}
            <div class="heimr-column">
                <ExperienceCard character/>
                <TrainingCard character/>
                {attributes(character, false)}
            </div>
            <div class="heimr-column">
                <ArmouryCard character/>
                <section class="card heimr-abilities" aria-labelledby="heimr-new-abilities-heading">
                    <h2 id="heimr-new-abilities-heading">"Campaign abilities"</h2>
                    <AddAbilityForm character/>
                </section>
            </div>
        </main>
    }
}
