//! "Add a foe": the stat line as the game master types it from the book, read by the
//! model (`typed_foe`), with what is wrong shown at its box; nothing is added until
//! every box reads.

use super::desk::Desk;
use crate::model::table::typed_foe::{foe_fields, typed_foe, FieldProblem};
use crate::model::table::Family;
use leptos::prelude::*;
use std::collections::HashMap;

#[component]
pub fn FoeForm(table: String, family: Family) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let boxes = RwSignal::new(HashMap::<&'static str, String>::new());
    let problem = RwSignal::new(None::<FieldProblem>);
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let read = boxes
            .with_untracked(|b| typed_foe(family, &|key| b.get(key).cloned().unwrap_or_default()));
        let foe = match read {
            Ok(foe) => foe,
            Err(p) => return problem.set(Some(p)),
        };
        let name = foe.name.clone();
        match desk.edit(&table, move |t, now| t.add_foe(foe, now).map(|_| ())) {
            Ok(()) => {
                problem.set(None);
                // The next foe is often another of the same: only the name empties.
                boxes.update(|b| {
                    b.remove("name");
                });
                desk.note
                    .set(Some((true, format!("{name} joins the foes."))));
            }
            Err(why) => problem.set(Some(FieldProblem { key: "name", why })),
        }
    };
    let fields = foe_fields(family)
        .iter()
        .map(|f| {
            let key = f.key;
            let id = format!("foe-{key}");
            let error_id = format!("{id}-error");
            let bad = move || problem.with(|p| p.as_ref().is_some_and(|p| p.key == key));
            view! {
                <div class="field" class:invalid=bad>
                    <label for=id.clone()>{f.label}</label>
                    <input id=id type="text" autocomplete="off" placeholder=f.hint
                        inputmode=if key == "name" || key == "attack" { "text" } else { "numeric" }
                        aria-invalid=move || bad().to_string()
                        aria-describedby=error_id.clone()
                        prop:value=move || boxes.with(|b| b.get(key).cloned().unwrap_or_default())
                        on:input=move |ev| boxes.update(|b| {
                            b.insert(key, event_target_value(&ev));
                        })/>
                    <p class="field-error" id=error_id aria-live="polite">
                        {move || problem.with(|p| p.as_ref().filter(|p| p.key == key).map(|p| p.why.clone()))}
                    </p>
                </div>
            }
        })
        .collect_view();
    view! {
        <details class="adder card" open=true>
            <summary>"Add a foe…"</summary>
            <form class="foe-add" on:submit=add>
                <div class="foe-fields">{fields}</div>
                <button type="submit" class="primary">"Add the foe"</button>
            </form>
        </details>
    }
}
