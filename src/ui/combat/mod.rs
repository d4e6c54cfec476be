//! The Symbaroum family's combat tab: Toughness with hits, healing and dying; weapons
//! and armor; corruption; the encounter's initiative list; the roll log.

use super::roll_log::RollLog;
use crate::model::Character;
use leptos::prelude::*;

#[component]
pub fn CombatSheet(character: RwSignal<Character>) -> impl IntoView {
    view! {
        <main class="sheet combat-sheet">
            <div class="sheet-col sheet-col-main"></div>
            <div class="sheet-col sheet-col-side">
                <RollLog character/>
            </div>
        </main>
    }
}
