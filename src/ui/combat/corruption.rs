//! Corruption: temporary and permanent, the total against the Corruption Threshold and
//! the maximum, with a warning at each; temporary corruption clears in one tap.

use crate::model::combat::POINTS_MAX;
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::corruption::{status_message, Corruption, CorruptionStatus};
use crate::rules::symbaroum::derived::fmt_signed;
use crate::rules::symbaroum::labels;
use crate::ui::parts::{derived_memo, edit, parse_number};
use crate::ui::Live;
use leptos::prelude::*;

/// One stored corruption number: a bad entry shows its message and keeps the last good value.
#[component]
fn PointsField(
    character: Live,
    id: &'static str,
    label: &'static str,
    get: fn(&Corruption) -> i32,
    set: fn(&mut Corruption, i32),
    bad: RwSignal<Option<(String, String)>>,
) -> impl IntoView {
    let value = move || character.combat().with(|c| get(&c.corruption));
    let err_id = format!("{id}-error");
    view! {
        <div class="field" class:invalid=move || bad.with(Option::is_some)>
            <label for=id>{label}</label>
            <input
                id=id
                type="text"
                inputmode="numeric"
                autocomplete="off"
                prop:value=move || bad.get().map(|b| b.0).unwrap_or_else(|| value().to_string())
                aria-invalid=move || bad.with(|b| b.is_some().to_string())
                aria-describedby=err_id.clone()
                on:input=move |ev| {
                    let t = event_target_value(&ev);
                    match parse_number(&t, 0, POINTS_MAX) {
                        Ok(n) => {
                            bad.set(None);
                            if n != value() {
                                edit(character, |c| set(&mut c.corruption, n));
                            }
                        }
                        Err(e) => bad.set(Some((t, format!("{e} Keeping {}.", value())))),
                    }
                }
            />
            <p class="field-error" id=err_id aria-live="polite">{move || bad.get().map(|b| b.1)}</p>
        </div>
    }
}

#[component]
pub fn CorruptionCard(character: Live) -> impl IntoView {
    let derived = derived_memo(character);
    let state = Memo::new(move |_| {
        let (t, m) = derived.with(|d| (d.corruption_threshold.value, d.corruption_max.value));
        let k = character.combat().with(|c| c.corruption.clone());
        let l = labels(character.ruleset().get());
        (k.total(), t, m, k.status(t, m), status_message(&k, t, m, l))
    });
    let l = move || labels(character.ruleset().get());
    let temp_bad = RwSignal::new(None);
    let perm_bad = RwSignal::new(None);
    view! {
        <section class="card corruption-card" aria-labelledby="corruption-heading">
            <h2 id="corruption-heading">"Corruption"</h2>
            <div class="corruption-fields">
                <PointsField character id="corruption-temporary" label="Temporary" get=|k| k.temporary set=|k, n| k.temporary = n bad=temp_bad/>
                <PointsField character id="corruption-permanent" label="Permanent" get=|k| k.permanent set=|k, n| k.permanent = n bad=perm_bad/>
            </div>
            <p class="corruption-total">
                "Total "<strong id="corruption-total">{move || state.with(|s| s.0)}</strong>
                {move || state.with(|s| format!(" · {} {} · {} {}", l().corruption_threshold, fmt_signed(s.1), l().corruption_max, fmt_signed(s.2)))}
            </p>
            {move || {
                let (_, _, _, status, msg) = state.get();
                (status != CorruptionStatus::Fine).then(|| view! {
                    <p id="corruption-warning" class="banner warning" class:lost={status == CorruptionStatus::Abomination} role="status">{msg}</p>
                })
            }}
            // Nothing to clear at 0 (unless a bad entry waits in its box).
            <button type="button" id="clear-temporary"
                hidden=move || character.combat().with(|c| c.corruption.temporary == 0) && temp_bad.with(Option::is_none)
                on:click=move |_| {
                temp_bad.set(None);
                edit(character, |c| c.corruption.clear_temporary());
            }>"Clear temporary corruption"</button>
        </section>
    }
}
