//! The Heimr sheet: six attributes in two groups, HP and willpower, abilities,
//! dice challenges, experience and training, fatigue, injuries, combat and the
//! medieval armoury.

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
mod number_field;
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

#[component]
pub fn HeimrSheetView(character: RwSignal<Character>) -> impl IntoView {
    let panel = Panel {
        source: RwSignal::new(None),
    };
    provide_context(panel);
    let group = move |g: AttributeGroup| {
        Attribute::ALL
            .into_iter()
            .filter(move |a| a.group() == g)
            .map(|attr| {
                view! {
                    <div class="heimr-attr" data-attribute=attr.key()>
                        <HeimrAttributeField character attr/>
                        <RollButton source=RollSource::Attribute(attr)/>
                        <AttributeProgressLine character attr/>
                    </div>
                }
            })
            .collect_view()
    };
    view! {
        <main class="sheet heimr-sheet" class:panel-open=move || panel.source.with(Option::is_some)>
            <header class="sheet-header">
                <NameField character/>
                <div class="header-tags">
                    <p class="ruleset-tag">"Heimr"</p>
                    <UnspentBadge character/>
                </div>
            </header>
            <div class="heimr-column">
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
                <PoolsCard character/>
                <AbilitiesCard character/>
                <ExperienceCard character/>
                <TrainingCard character/>
            </div>
            <div class="heimr-column">
                <section class="card heimr-combat" aria-labelledby="heimr-combat-heading">
                    <h2 id="heimr-combat-heading">"Combat turn"</h2>
                    <NewTurnButton character/>
                </section>
                <InitiativeRoll character/>
                <FatigueCard character/>
                <DefencesCard character/>
                <PositionsCard character/>
                <InjuriesCard character/>
                <ArmouryCard character/>
                <RollLog character/>
            </div>
            <DicePanel character/>
        </main>
    }
}
