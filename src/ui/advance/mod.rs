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

use crate::model::CharacterStoreFields;
use crate::ui::creation_card::CreationCard;
use crate::ui::part::Part;
use crate::ui::slots::PacksCard;
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
                // The packs the rows came from, once one was taken from a pack.
                <Show when=move || took_from_packs(character)>
                    {Part::<PacksCard>::view(character)}
                </Show>
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

/// Whether a row of the character was taken from a campaign pack (tracked).
fn took_from_packs(character: Live) -> bool {
    let taken = |from: &Option<_>| from.is_some();
    character.advance().with(|a| {
        a.abilities.iter().any(|r| taken(&r.from)) || a.items.iter().any(|r| taken(&r.from))
    }) || character.combat().with(|c| {
        c.weapons.iter().any(|r| taken(&r.from)) || c.armor.iter().any(|r| taken(&r.from))
    })
}
