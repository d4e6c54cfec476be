//! A field for a number or dice, as the Toughness card and its healing ask for them.

use crate::rules::symbaroum::dice_notation::parse_dice;
use leptos::prelude::*;

/// A field for a number or dice ("5", "1d8+1"), checked as typed with the message in
/// `error`; Enter does what the button beside it does.
pub(super) fn dice_input(
    id: &'static str,
    placeholder: &'static str,
    described_by: &'static str,
    text: RwSignal<String>,
    error: RwSignal<Option<String>>,
    on_enter: impl Fn() + 'static,
) -> impl IntoView {
    view! {
        <input
            id=id
            type="text"
            autocomplete="off"
            placeholder=placeholder
            prop:value=move || text.get()
            aria-invalid=move || error.with(|e| e.is_some().to_string())
            aria-describedby=described_by
            on:input=move |ev| {
                let t = event_target_value(&ev);
                error.set(if t.trim().is_empty() { None } else { parse_dice(&t).err() });
                text.set(t);
            }
            on:keydown=move |ev: web_sys::KeyboardEvent| {
                if ev.key() == "Enter" {
                    ev.prevent_default();
                    on_enter();
                }
            }
        />
    }
}
