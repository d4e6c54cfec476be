//! A whole-number box: bad input shows a message at the field and keeps the last
//! good value (which is what is saved).

use crate::rules::input::parse_whole;
use leptos::prelude::*;

#[component]
pub fn NumberField(
    #[prop(into)] id: String,
    #[prop(into)] label: String,
    value: Signal<i64>,
    min: i64,
    max: i64,
    on_set: Callback<i64>,
    /// A further check after the range, e.g. current HP not above max.
    #[prop(optional)]
    check: Option<Callback<i64, Result<(), String>>>,
    #[prop(optional, into)] class: String,
    /// Shows an empty box for this value (e.g. "not entered yet").
    #[prop(optional)]
    empty_as: Option<i64>,
) -> impl IntoView {
    let bad_text = RwSignal::new(None::<String>);
    let error = RwSignal::new(None::<String>);
    let error_id = format!("{id}-error");
    let what = label.clone();
    let on_input = move |ev| {
        let text = event_target_value(&ev);
        let parsed = parse_whole(&what, &text, min, max)
            .and_then(|n| check.map_or(Ok(()), |c| c.run(n)).map(|_| n));
        match parsed {
            Ok(n) => {
                bad_text.set(None);
                error.set(None);
                if n != value.get_untracked() {
                    on_set.run(n);
                }
            }
            Err(msg) => {
                error.set(Some(format!("{msg} Keeping {}.", value.get_untracked())));
                bad_text.set(Some(text));
            }
        }
    };
    view! {
        <div class=format!("field number-field {class}") class:invalid=move || error.with(Option::is_some)>
            <label for=id.clone()>{label}</label>
            <input
                id=id
                type="text"
                inputmode="numeric"
                autocomplete="off"
                prop:value=move || {
                    bad_text.get().unwrap_or_else(|| {
                        let v = value.get();
                        if Some(v) == empty_as { String::new() } else { v.to_string() }
                    })
                }
                aria-invalid=move || error.with(|e| e.is_some().to_string())
                aria-describedby=error_id.clone()
                on:input=on_input
            />
            <p class="field-error" id=error_id aria-live="polite">{move || error.get()}</p>
        </div>
    }
}
