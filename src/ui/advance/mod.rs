//! The Symbaroum family's Gear & XP tab (`#/c/<id>/gear`): the Experience ledger and
//! the optional rules that spend it, abilities (bought, raised and lowered through the
//! ledger, with their modifiers), and the inventory with live encumbrance and money.

mod abilities;
mod ability_row;
mod add_ability;
mod combat_gear_lines;
mod encumbrance;
mod experience;
mod inventory;
mod item_row;
mod travel;

use crate::ui::creation_card::CreationCard;
use crate::ui::later_parts::packs_card;
use crate::ui::Live;
use abilities::AbilitiesCard;
use encumbrance::{EncumbranceCard, MoneyCard};
use experience::ExperienceCard;
use inventory::InventoryCard;
use leptos::prelude::*;
use travel::TravelCard;

#[component]
pub fn AdvanceSheet(character: Live) -> impl IntoView {
    view! {
        <div class="sheet advance-sheet">
            <div class="sheet-col sheet-col-main">
                <CreationCard character scope="gear-"/>
                <ExperienceCard character/>
                <AbilitiesCard character/>
                {packs_card(character)}
            </div>
            <div class="sheet-col sheet-col-side">
                <EncumbranceCard character/>
                <TravelCard character/>
                <InventoryCard character/>
                <MoneyCard character/>
            </div>
        </div>
    }
}
