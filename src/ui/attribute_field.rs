//! One attribute score: type a number, see it checked at the field.

use super::random::now;
use crate::model::Character;
use crate::rules::symbaroum::{labels, parse_score, Attr};
use leptos::prelude::*;

#[component]
pub fn AttributeField(character: RwSignal<Character>, attr: Attr) -> impl IntoView {
    // What the player typed while it is not a valid score; `None` while the field
    // shows the stored score. The stored score is only ever replaced by a valid one.
    let bad_text = RwSignal::new(None::<String>);
    let error = RwSignal::new(None::<String>);
    let score = move || character.with(|c| c.attributes.get(attr));
    let label = move || character.with(|c| labels(c.ruleset).attr(attr));
    let id = format!("attr-{}", attr.key());
    let error_id = format!("attr-{}-error", attr.key());

    let on_input = move |ev| {
        let text = event_target_value(&ev);
        match parse_score(&text) {
            Ok(n) => {
                bad_text.set(None);
                error.set(None);
                if n != score() {
                    character.update(|c| {
                        c.attributes.set(attr, n);
                        c.updated = now();
                    });
                }
            }
            Err(msg) => {
                error.set(Some(format!("{msg} Keeping {}.", score())));
                bad_text.set(Some(text));
            }
        }
    };

    view! {
        <div class="field attr-field" class:invalid=move || error.with(Option::is_some)>
            <label for=id.clone()>{label}</label>
            <input
                id=id
                class="score"
                type="text"
                inputmode="numeric"
                autocomplete="off"
                data-attr=attr.key()
                prop:value=move || bad_text.get().unwrap_or_else(|| score().to_string())
                aria-invalid=move || error.with(|e| e.is_some().to_string())
                aria-describedby=error_id.clone()
                on:input=on_input
            />
            <p class="field-error" id=error_id aria-live="polite">
                {move || error.get()}
            </p>
        </div>
    }
}
