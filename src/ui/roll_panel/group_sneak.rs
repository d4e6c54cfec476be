//! A sneak made by the whole group (seed 001, "Surprise": "If a group tries to surprise
//! another group, instead of individual against individual, use the attackers' lowest
//! Discreet modified by the defenders' highest Vigilant"): ticked, the panel asks for
//! the party's lowest Subtlety (this character's to start with) and names the
//! opponent's field the defenders' highest Vigilance; the roll is
//! `rules::symbaroum::maneuvers::group_surprise`, in the ruleset's words.

use super::circumstances::Check;
use super::form::{Form, ModKind};
use crate::rules::symbaroum::success::Stat;
use crate::rules::symbaroum::Attr;
use leptos::prelude::*;

pub(super) const PARTY_ID: &str = "roll-party-lowest";

#[component]
pub(super) fn GroupSneak() -> impl IntoView {
    let form = expect_context::<Form>();
    let (text, party) = (form.party_text, form.party);
    let touched = RwSignal::new(false);
    let error = move || {
        (touched.get() || form.tried.get())
            .then(|| party.get().err())
            .flatten()
    };
    let words = move || {
        let l = form.l();
        (l.attr(Attr::Subtlety), l.attr(Attr::Vigilance))
    };
    view! {
        <Check id="roll-group-sneak" on=form.group on:change=move |_| {
            // The group's test is opposed by the defenders' Vigilance.
            form.mod_kind.set(ModKind::Opposition);
            form.against.set(Stat::Attr(Attr::Vigilance));
        }>
            <span>
                "The group sneaks "
                <small>{move || {
                    let (s, v) = words();
                    format!("(the party's lowest {s} against the defenders' highest {v})")
                }}</small>
            </span>
        </Check>
        <Show when=move || form.grouped()>
            <div class="field roll-number" class:invalid=move || error().is_some()>
                <label for=PARTY_ID>{move || format!("Party's lowest {}", words().0)}</label>
                <input id=PARTY_ID type="text" inputmode="numeric" autocomplete="off"
                    prop:value=move || text.get()
                    aria-invalid=move || error().is_some().to_string()
                    aria-describedby="roll-party-error"
                    on:input=move |ev| {
                        text.set(event_target_value(&ev));
                        touched.set(true);
                    }/>
                <p class="field-error" id="roll-party-error" aria-live="polite">{error}</p>
            </div>
        </Show>
    }
}
