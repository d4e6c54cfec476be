//! A foe's stat line on the table.

use super::desk::Desk;
use super::foe_odds::FoeOdds;
use super::glance_numbers::glance_numbers;
use crate::model::table::glance::foe_glance;
use crate::model::table::Foe;
use leptos::prelude::*;

#[component]
pub fn FoeCard(foe: Foe, table: String) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let heading = format!("foe-{}", foe.id);
    let labelled = heading.clone();
    let id = foe.id;
    let g = foe_glance(&foe);
    let rows = glance_numbers(g.numbers);
    let gear = (!g.gear.is_empty())
        .then(|| view! { <p class="member-gear hint">{g.gear.join(" · ")}</p> });
    let odds = foe
        .symbaroum
        .is_some()
        .then(|| view! { <FoeOdds foe=id table=table.clone() name=foe.name.clone()/> });
    view! {
        <li class="card foe-card" aria-labelledby=labelled>
            <h3 id=heading>{foe.name.clone()}</h3>
            {rows}
            {gear}
            {odds}
            <div class="button-row">
                <button type="button" class="quiet" aria-label=format!("Remove {}", foe.name) on:click=move |_| {
                    if let Err(e) = desk.edit(&table, |t, now| {
                        t.remove_foe(id, now);
                        Ok(())
                    }) {
                        desk.note.set(Some((false, e)));
                    }
                }>"Remove"</button>
            </div>
        </li>
    }
}
