//! The Symbaroum family's combat tab: Attack (with a weapon's damage on a hit) and
//! Defense; Toughness with hits, healing and dying; weapons and armor; corruption; the
//! encounter's initiative list.

mod armor;
mod buildings;
mod conditions;
mod corruption;
mod dice_input;
mod dying_panel;
mod heal_box;
mod initiative;
mod maneuvers;
pub(crate) mod toughness;
mod traps;
pub mod turn_card;
mod weapons;

use super::combat_rolls::CombatRolls;
use super::roll_panel::Rolls;
use crate::ui::Live;
use armor::ArmorCard;
use buildings::BuildingsCard;
use conditions::ConditionsCard;
use corruption::CorruptionCard;
use dying_panel::DyingPanel;
use initiative::InitiativeCard;
use leptos::prelude::*;
use maneuvers::ManeuversCard;
use toughness::ToughnessCard;
use traps::TrapsCard;
use weapons::WeaponsCard;

#[component]
pub fn CombatSheet(character: Live, rolls: Rolls) -> impl IntoView {
    view! {
        <div class="sheet combat-sheet">
            <div class="sheet-col sheet-col-main">
                <DyingPanel character/>
                <CombatRolls character rolls/>
                <ToughnessCard character/>
                <ConditionsCard character rolls/>
                <ManeuversCard character rolls/>
                <WeaponsCard character/>
                <ArmorCard character/>
            </div>
            <div class="sheet-col sheet-col-side">
                <CorruptionCard character/>
                <InitiativeCard character/>
                <TrapsCard character rolls/>
                <BuildingsCard character rolls/>
            </div>
        </div>
    }
}
