//! The values derived from the attributes. Tapping one shows how it was reached.

use crate::rules::symbaroum::derived::{fmt_signed, Breakdown, Derived};
use leptos::prelude::*;

#[component]
fn DerivedValue(
    key: &'static str,
    value: Signal<Breakdown>,
    open: RwSignal<Option<&'static str>>,
) -> impl IntoView {
    let is_open = move || open.get() == Some(key);
    let detail_id = format!("derived-{key}-how");
    view! {
        <div class="derived" data-derived=key>
            <button
                class="derived-button"
                aria-expanded=move || is_open().to_string()
                aria-controls=detail_id.clone()
                on:click=move |_| open.update(|o| *o = if *o == Some(key) { None } else { Some(key) })
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
    let open = RwSignal::new(None::<&'static str>);
    let pick =
        move |f: fn(&Derived) -> &Breakdown| Signal::derive(move || derived.with(|d| f(d).clone()));
    view! {
        <section class="card derived-values" aria-labelledby="derived-heading">
            <h2 id="derived-heading">"Derived values"</h2>
            <div class="derived-grid">
                <DerivedValue key="toughness" value=pick(|d| &d.toughness) open/>
                <DerivedValue key="pain-threshold" value=pick(|d| &d.pain_threshold) open/>
                <DerivedValue key="defense" value=pick(|d| &d.defense) open/>
                <DerivedValue key="corruption-threshold" value=pick(|d| &d.corruption_threshold) open/>
                <DerivedValue key="corruption-max" value=pick(|d| &d.corruption_max) open/>
            </div>
        </section>
    }
}
