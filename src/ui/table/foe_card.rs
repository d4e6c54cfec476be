//! A foe's stat line on the table.

use super::desk::Desk;
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
    let rows = g
        .numbers
        .into_iter()
        .map(|n| view! { <div class="glance-number" class:warn=n.warn><dt>{n.label}</dt><dd>{n.value}</dd></div> })
        .collect_view();
    let gear = (!g.gear.is_empty())
        .then(|| view! { <p class="member-gear hint">{g.gear.join(" · ")}</p> });
    view! {
        <li class="card foe-card" aria-labelledby=labelled>
            <h3 id=heading>{foe.name.clone()}</h3>
            <dl class="glance-numbers">{rows}</dl>
            {gear}
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
