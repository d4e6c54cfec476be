//! The changes an update offers, one row each: the field in the player's words, what
//! the character has now and what the other side sends, ticked or not (`ticked`, by
//! place). A clash (changed on both sides since the copy) says so and starts unticked;
//! what is so already cannot be ticked. Shared by the player's question about a game
//! master's update and the game master's about a player's new share link.

use crate::model::table::update::Offered;
use leptos::prelude::*;

/// The rows, and the places to tick at first: all but the clashes and what is so.
pub fn offered_rows(
    offered: Vec<Offered>,
    theirs: &'static str,
    clash: &'static str,
) -> (AnyView, RwSignal<Vec<usize>>) {
    let ticked = RwSignal::new(
        (0..offered.len())
            .filter(|&i| !offered[i].clash && !offered[i].done)
            .collect::<Vec<usize>>(),
    );
    let rows = offered
        .into_iter()
        .enumerate()
        .map(|(i, o)| {
            let toggle = move |ev| {
                let on = event_target_checked(&ev);
                ticked.update(|t| {
                    t.retain(|&j| j != i);
                    if on {
                        t.push(i);
                    }
                });
            };
            let note = if o.clash {
                Some(view! { <p class="update-clash">{clash}</p> }.into_any())
            } else if o.done {
                Some(view! { <p class="hint">"This is so already."</p> }.into_any())
            } else {
                None
            };
            view! {
                <li class="update-row" class:clash=o.clash>
                    <label class="check">
                        <input type="checkbox" prop:checked=move || ticked.with(|t| t.contains(&i)) disabled=o.done on:change=toggle/>
                        <span class="update-field">{o.field}</span>
                    </label>
                    <p class="update-values">{format!("Now: {} · {theirs}: {}", o.now, o.table)}</p>
                    {note}
                </li>
            }
        })
        .collect_view();
    (
        view! { <ul class="update-rows">{rows}</ul> }.into_any(),
        ticked,
    )
}
