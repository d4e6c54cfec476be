//! The Symbaroum family's combat tab: Toughness with hits, healing and dying; weapons
//! and armor; corruption; the encounter's initiative list; the roll log.

mod armor;
mod corruption;
mod dying_panel;
mod initiative;
mod toughness;
mod weapons;

use super::roll_log::RollLog;
use crate::model::Character;
use armor::ArmorCard;
use corruption::CorruptionCard;
use dying_panel::DyingPanel;
use initiative::InitiativeCard;
use leptos::prelude::*;
use toughness::ToughnessCard;
use weapons::WeaponsCard;

#[component]
pub fn CombatSheet(character: RwSignal<Character>) -> impl IntoView {
    view! {
        <main class="sheet combat-sheet">
            <div class="sheet-col sheet-col-main">
                <DyingPanel character/>
                <ToughnessCard character/>
                <WeaponsCard character/>
                <ArmorCard character/>
            </div>
            <div class="sheet-col sheet-col-side">
                <CorruptionCard character/>
                <InitiativeCard character/>
                <RollLog character/>
            </div>
        </main>
    }
}
