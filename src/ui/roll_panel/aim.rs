//! Under the Hit Locations rule: where an Attack is aimed, and the target's Pain
//! Threshold if known (a hit that reaches it may cripple).

use super::form::{Form, AIMS};
use crate::rules::symbaroum::roll_input::parse_int;
use leptos::prelude::*;

#[component]
pub(super) fn AimFields() -> impl IntoView {
    let form = expect_context::<Form>();
    let (aim, target_pt) = (form.aim, form.target_pt);
    let pt_error = move || {
        target_pt.with(|t| {
            (!t.trim().is_empty() && !parse_int(t).is_some_and(|n| (0..=99).contains(&n)))
                .then_some("A whole number from 0 to 99, or leave it empty.")
        })
    };
    view! {
        <div class="roll-opposition">
            <div class="field">
                <label for="roll-aim">"Aim"</label>
                <select id="roll-aim" on:change=move |ev| {
                    if let Ok(i) = event_target_value(&ev).parse::<usize>() {
                        aim.set(i.min(AIMS.len() - 1));
                    }
                }>
                    {AIMS.iter().enumerate().map(|(i, (name, _))| view! {
                        <option value=i.to_string() selected=move || aim.get() == i>{*name}</option>
                    }).collect_view()}
                </select>
            </div>
            <div class="field" class:invalid=move || pt_error().is_some()>
                <label for="roll-target-pt">{move || format!("Target's {} (if known)", form.l().pain_threshold)}</label>
                <input id="roll-target-pt" type="text" inputmode="numeric" autocomplete="off"
                    prop:value=move || target_pt.get()
                    aria-describedby="roll-target-pt-error"
                    on:input=move |ev| {
                        target_pt.set(event_target_value(&ev));
                        form.remember_target();
                    }/>
                <p class="field-error" id="roll-target-pt-error" aria-live="polite">{pt_error}</p>
            </div>
        </div>
    }
}
