//! A Symbaroum-family foe's chances against each member and theirs against it, before
//! the roll, as the roll panel works them out (`Table::odds_against`).

use super::desk::Desk;
use super::glance_numbers::glance_numbers;
use crate::model::table::glance::Number;
use leptos::prelude::*;

#[component]
pub fn FoeOdds(foe: u32, table: String, name: String) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let heading = format!("Chances in melee against {name}");
    let numbers = move || {
        desk.tables.with(|ts| {
            let t = ts.iter().find(|t| t.id == table)?;
            let mut out = Vec::new();
            for m in t.odds_against(foe) {
                for (attack, odds) in m.hit_by {
                    out.push(Number {
                        label: format!("{attack} hits {}", m.name),
                        value: odds.percent,
                        warn: false,
                    });
                }
                out.push(Number {
                    label: format!("{} hits {name}", m.name),
                    value: m.hits.percent,
                    warn: false,
                });
            }
            (!out.is_empty()).then_some(out)
        })
    };
    move || {
        numbers().map(|n| {
            view! {
                <div class="foe-odds" role="group" aria-label=heading.clone()>
                    <p class="odds-heading">{heading.clone()}</p>
                    {glance_numbers(n)}
                </div>
            }
        })
    }
}
