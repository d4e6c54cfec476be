//! The inventory's lines for the Combat tab's weapons, armor and shields, and the
//! purse's coins: counted here, edited there. Each line is keyed by its own row's id
//! on the Combat tab (and which list it is in), so a removal there leaves the other
//! lines as they are; its count is found by its place in the counted inventory.

use super::item_row::count_view;
use crate::model::advance::{gear_rows, COINS_ROW};
use crate::rules::symbaroum::encumbrance::ItemCounts;
use crate::ui::long_list::{KeyedRows, RowKey};
use crate::ui::parts::gear;
use crate::ui::Live;
use leptos::prelude::*;
use std::sync::Arc;

/// Which list of the Combat tab a line is from (the second half of its key).
const WEAPON: usize = 0;
const ARMOR: usize = 1;
const SHIELD: usize = 2;
const COINS: usize = 3;

#[component]
pub(super) fn CombatGearLines(
    character: Live,
    /// What each row of the counted inventory counts.
    item_counts: Memo<Arc<ItemCounts>>,
    /// The small objects' pool (pieces, how many they count).
    pool: Memo<(u32, i32)>,
) -> impl IntoView {
    // (the line's key, (its row's id in the counted inventory, its name))
    let lines = Memo::new(move |_| {
        gear(character, |g| {
            let f = g.combat;
            let keys = (f.weapons.iter().map(|w| (w.id, WEAPON)))
                .chain(f.armor.iter().map(|a| (a.id, ARMOR)))
                .chain(f.shields.iter().map(|s| (s.id, SHIELD)))
                .chain([(COINS_ROW, COINS)]);
            // gear_rows lists them in the same order, the coins only when there are any.
            keys.zip(gear_rows(g))
                .map(|(key, row)| (key, (row.id, row.name)))
                .collect::<Vec<(RowKey, (u32, String))>>()
        })
    });
    let keys = Signal::derive(move || lines.with(|l| l.iter().map(|(k, _)| *k).collect()));
    let row = Callback::new(move |key: RowKey| {
        let line = Memo::new(move |_| {
            lines.with(|l| l.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone()))
        });
        let name = move || line.with(|l| l.as_ref().map(|(_, n)| n.clone()).unwrap_or_default());
        // These rows come after the items, so they are looked for from the end.
        let count = Memo::new(move |_| {
            let id = line.with(|l| l.as_ref().map(|(id, _)| *id))?;
            item_counts.with(|c| c.rows.iter().rev().find(|r| r.id == id).cloned())
        });
        view! {
            <li class="item-row inventory-row from-combat" data-name=name>
                <p class="item-head"><strong>{name}</strong>" "{move || count_view(count.get(), pool.get())}</p>
                // RULES.md is silent on shields (`model::advance::inventory_rows`).
                {(key.1 == SHIELD).then_some(view! {
                    <p class="hint">"The app's choice: a shield in use is held; one not in use is carried like a sheathed weapon."</p>
                })}
            </li>
        }
        .into_any()
    });
    view! { <KeyedRows keys row/> }
}
