//! Initiative and rounds at the table: roll it for everyone, see the order with whose
//! turn it is, and pass the turn on ("Next turn"), which counts the member's
//! conditions down as their own sheet does.

use super::desk::Desk;
use crate::model::table::Seat;
use crate::rules::dice::CryptoRng;
use leptos::prelude::*;

#[component]
pub fn FightPanel(id: String) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let said = RwSignal::new(Vec::<String>::new());
    let (roll_id, next_id, order_id) = (id.clone(), id.clone(), id);
    let roll = move |_| {
        let mut lines = Vec::new();
        let done = desk.edit(&roll_id, |t, at| {
            lines = t.roll_initiative(&mut CryptoRng, at)?;
            Ok(())
        });
        match done {
            Ok(()) => said.set(lines),
            Err(e) => said.set(vec![e]),
        }
    };
    let next = move |_| {
        let mut line = String::new();
        let done = desk.edit(&next_id, |t, at| {
            line = t.next_turn(at)?;
            Ok(())
        });
        said.set(vec![done.map(|()| line).unwrap_or_else(|e| e)]);
    };
    let order = move || {
        desk.tables.with(|ts| {
            let t = ts.iter().find(|t| t.id == order_id)?;
            let current = t.fight.current();
            let rows: Vec<(String, bool, bool)> = t
                .fight
                .order
                .iter()
                .filter_map(|&s| {
                    Some((
                        t.seat_name(s)?.to_string(),
                        Some(s) == current,
                        matches!(s, Seat::Foe(_)),
                    ))
                })
                .collect();
            Some((t.fight.round, rows))
        })
    };
    view! {
        <section class="card fight-panel" aria-labelledby="fight-heading">
            <h2 id="fight-heading">"Initiative"</h2>
            {move || order().filter(|(round, _)| *round > 0).map(|(round, rows)| view! {
                <p class="round">{format!("Round {round}")}</p>
                <ol class="turn-order" aria-label="Turn order">
                    {rows.into_iter().map(|(name, now, foe)| view! {
                        <li class:now=now class:foe=foe aria-current=if now { "true" } else { "false" }>{name}</li>
                    }).collect_view()}
                </ol>
            })}
            <div class="button-row">
                <button type="button" on:click=roll>"Roll initiative"</button>
                <button type="button" class="primary" on:click=next>"Next turn"</button>
            </div>
            <ul class="fight-said" aria-live="polite">
                {move || said.get().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
            </ul>
        </section>
    }
}
