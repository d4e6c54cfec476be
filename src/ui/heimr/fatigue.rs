//! Fatigue: current against base (from Stamina), taking a breather.

use super::state::{edit, read};
use crate::rules::heimr::attributes::Attribute;
use crate::rules::heimr::fatigue::{base_fatigue, MAX_FATIGUE, MIN_FATIGUE};
use crate::ui::number_field::NumberField;
use crate::ui::Live;
use leptos::prelude::*;

/// Fatigue; `scope` prefixes its ids where a second copy is on the page (the Combat
/// tab's).
#[component]
pub fn FatigueCard(character: Live, #[prop(optional)] scope: &'static str) -> impl IntoView {
    let stamina = move || {
        read(character, |h| {
            h.effective_attributes().get(Attribute::Stamina)
        })
    };
    let base = move || base_fatigue(stamina());
    let current = Signal::derive(move || read(character, |h| h.fatigue.current as i64));
    let raised = move || read(character, |h| h.fatigue.raised_this_turn);
    let note = RwSignal::new(None::<String>);
    let breather = move |_| {
        let (before, after) = edit(character, |h| h.take_breather());
        note.set(Some(if before == after {
            format!("Already at base fatigue {after}.")
        } else {
            format!("Fatigue {before} → {after}.")
        }));
    };
    view! {
        <section class="card heimr-fatigue" aria-labelledby=format!("{scope}heimr-fatigue-heading")>
            <h2 id=format!("{scope}heimr-fatigue-heading")>"Fatigue"</h2>
            <div class="fatigue-row">
                <NumberField
                    id=format!("{scope}heimr-fatigue-current")
                    label="Current fatigue (1\u{2060}–\u{2060}20)"
                    value=current
                    min=MIN_FATIGUE as i64
                    max=MAX_FATIGUE as i64
                    on_set=Callback::new(move |n: i64| edit(character, |h| h.fatigue.set(n as u32)))
                />
                <p class="fatigue-base" id=format!("{scope}heimr-fatigue-base")>
                    {move || format!("Base {} (4 − Stamina {}, at least 1)", base(), crate::rules::heimr::num(stamina()))}
                </p>
            </div>
            <p class="hint">
                "A physical roll whose die (before potential) is below fatigue fails outright. "
                {move || if raised() {
                    "Fatigue already rose this turn."
                } else {
                    "Fatigue can still rise once this turn."
                }}
            </p>
            <div class="button-row">
                <button type="button" id=format!("{scope}heimr-breather") on:click=breather>"Take a breather (−2)"</button>
            </div>
            <p class="hint" role="status" id=format!("{scope}heimr-fatigue-note")>{move || note.get()}</p>
        </section>
    }
}
