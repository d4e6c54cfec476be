//! An Attack's target's Pain Threshold, if known, and under the Hit Locations rule
//! where the Attack is aimed. With Hit Locations a hit that reaches the threshold may
//! cripple; without them, damage past it knocks the target down or gives a Free
//! Attack (`model::play::test_roll`).

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
    let pt_hint = move || {
        if form.hit_locations() {
            "A hit whose damage after armor reaches it has its place's effect."
        } else {
            "Damage after armor past it: the target is knocked down, or you make a Free Attack (your choice)."
        }
    };
    view! {
        <div class="roll-opposition">
            <Show when=move || form.hit_locations()>
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
            </Show>
            <div class="field" class:invalid=move || pt_error().is_some()>
                <label for="roll-target-pt">{move || format!("Target's {} (if known)", form.l().pain_threshold)}</label>
                <input id="roll-target-pt" type="text" inputmode="numeric" autocomplete="off"
                    prop:value=move || target_pt.get()
                    aria-describedby="roll-target-pt-hint roll-target-pt-error"
                    on:input=move |ev| {
                        target_pt.set(event_target_value(&ev));
                        form.remember_target();
                    }/>
                <p class="field-hint" id="roll-target-pt-hint">{pt_hint}</p>
                <p class="field-error" id="roll-target-pt-error" aria-live="polite">{pt_error}</p>
            </div>
        </div>
    }
}
