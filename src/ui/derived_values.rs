//! The values derived from the attributes. Tapping one, or moving keyboard focus onto
//! it, shows how it was reached.

use super::breakdown_toggle::BreakdownToggle;
use crate::rules::symbaroum::derived::{fmt_signed, Breakdown, Derived};
use leptos::prelude::*;

#[component]
fn DerivedValue(
    key: &'static str,
    value: Signal<Breakdown>,
    toggle: BreakdownToggle,
) -> impl IntoView {
    let is_open = move || toggle.is_open(key);
    let detail_id = format!("derived-{key}-how");
    view! {
        <div class="derived" data-derived=key>
            <button
                type="button"
                class="derived-button"
                aria-expanded=move || is_open().to_string()
                aria-controls=detail_id.clone()
                on:pointerdown=move |_| toggle.pointer_down()
                on:focus=move |_| toggle.focus(key)
                on:blur=move |_| toggle.blur(key)
                on:click=move |_| toggle.click(key)
            >
                <span class="derived-name">{move || value.with(|b| b.name.clone())}</span>
                <span class="derived-value">{move || value.with(|b| fmt_signed(b.value))}</span>
            </button>
            <p class="breakdown" id=detail_id hidden=move || !is_open()>
                {move || value.with(Breakdown::text)}
            </p>
        </div>
    }
}

#[component]
pub fn DerivedValues(derived: Memo<Derived>) -> impl IntoView {
    let toggle = BreakdownToggle::new();
    let pick =
        move |f: fn(&Derived) -> &Breakdown| Signal::derive(move || derived.with(|d| f(d).clone()));
    view! {
        <section class="card derived-values" aria-labelledby="derived-heading">
            <h2 id="derived-heading">"Derived values"</h2>
            <div class="derived-grid">
                <DerivedValue key="toughness" value=pick(|d| &d.toughness) toggle/>
                <DerivedValue key="pain-threshold" value=pick(|d| &d.pain_threshold) toggle/>
                <DerivedValue key="defense" value=pick(|d| &d.defense) toggle/>
                <DerivedValue key="corruption-threshold" value=pick(|d| &d.corruption_threshold) toggle/>
                <DerivedValue key="corruption-max" value=pick(|d| &d.corruption_max) toggle/>
            </div>
        </section>
    }
}
