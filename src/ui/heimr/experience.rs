//! Experience: earned, spent and unspent XP, adding an award, and sharing an
//! encounter's XP among the characters present (the remainder carries over).

use super::state::{edit, read};
use crate::rules::input::parse_whole;
use crate::ui::number_field::NumberField;
use crate::ui::Live;
use leptos::prelude::*;

/// The biggest single award the sheet takes.
const AWARD_MAX: i64 = 100_000;

/// The unspent XP, for the sheet's header.
#[component]
pub fn UnspentBadge(character: Live) -> impl IntoView {
    view! {
        <p class="xp-badge" id="heimr-unspent-badge">
            "Unspent XP "
            <strong>{move || read(character, |h| h.xp.unspent())}</strong>
        </p>
    }
}

#[component]
pub fn ExperienceCard(character: Live) -> impl IntoView {
    let award_text = RwSignal::new(String::new());
    let award_error = RwSignal::new(None::<String>);
    let award_done = RwSignal::new(None::<String>);
    let encounter = RwSignal::new(0i64);
    let present = RwSignal::new(1i64);
    let party_done = RwSignal::new(None::<String>);

    let add_award = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        award_done.set(None);
        match parse_whole("Award", &award_text.get_untracked(), 1, AWARD_MAX) {
            Ok(n) => {
                award_error.set(None);
                edit(character, |h| h.xp.award(n as u64));
                award_text.set(String::new());
                award_done.set(Some(format!("Added {n} XP.")));
            }
            Err(e) => award_error.set(Some(e)),
        }
    };
    let share = move |_| {
        let award = encounter.get_untracked() as u64;
        let n = present.get_untracked() as u32;
        let split = edit(character, |h| h.share_award(award, n));
        party_done.set(Some(format!(
            "Your share: {} XP. {} XP carried to the next award.",
            split.share, split.remainder
        )));
    };

    view! {
        <section class="card heimr-xp" aria-labelledby="heimr-xp-heading">
            <h2 id="heimr-xp-heading">"Experience"</h2>
            <dl class="xp-totals">
                <div><dt>"Earned"</dt><dd id="heimr-xp-earned">{move || read(character, |h| h.xp.earned)}</dd></div>
                <div><dt>"Spent"</dt><dd id="heimr-xp-spent">{move || read(character, |h| h.xp.spent)}</dd></div>
                <div class="unspent"><dt>"Unspent"</dt><dd id="heimr-xp-unspent">{move || read(character, |h| h.xp.unspent())}</dd></div>
            </dl>
            <form class="inline-form" on:submit=add_award>
                <div class="field" class:invalid=move || award_error.with(Option::is_some)>
                    <label for="heimr-xp-award">"Add XP"</label>
                    <input
                        id="heimr-xp-award"
                        type="text"
                        inputmode="numeric"
                        autocomplete="off"
                        prop:value=move || award_text.get()
                        aria-describedby="heimr-xp-award-error"
                        aria-invalid=move || award_error.with(|e| e.is_some().to_string())
                        on:input=move |ev| award_text.set(event_target_value(&ev))
                    />
                    <p class="field-error" id="heimr-xp-award-error" aria-live="polite">{move || award_error.get()}</p>
                </div>
                <button type="submit" id="heimr-xp-add">"Add award"</button>
            </form>
            <p class="hint" role="status">{move || award_done.get()}</p>
            // Folded until the GM gives one.
            <details class="adder party-award">
                <summary>"Party award: my share…"</summary>
                <div class="two-fields">
                    <NumberField
                        id="heimr-party-xp"
                        label="Encounter XP"
                        value=Signal::derive(move || encounter.get())
                        min=0
                        max=AWARD_MAX
                        on_set=Callback::new(move |n| encounter.set(n))
                    />
                    <NumberField
                        id="heimr-party-present"
                        label="Characters present"
                        value=Signal::derive(move || present.get())
                        min=1
                        max=100
                        on_set=Callback::new(move |n| present.set(n))
                    />
                </div>
                <p class="carried" id="heimr-xp-carried">
                    {move || format!("Carried from earlier awards: {} XP", read(character, |h| h.xp_carried))}
                </p>
                <div class="button-row">
                    <button type="button" id="heimr-party-share" on:click=share>"Add my share"</button>
                </div>
                <p class="hint" role="status" id="heimr-party-result">{move || party_done.get()}</p>
            </details>
        </section>
    }
}
