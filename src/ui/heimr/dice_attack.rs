//! An attack's own choices in the dice panel: where it is aimed, what the armoury
//! warns about, and for a brawl attack the melee weapon attack it offers the
//! opponent first (seed 002) and whether it was dodged.

use super::dice_form::DiceForm;
use super::state::read;
use crate::rules::heimr::attack::{warnings, AttackWith, BrawlOpening};
use crate::rules::heimr::injuries::{BodyPart, AIMED_ATTACK_C_PENALTY};
use leptos::prelude::*;

#[component]
pub(super) fn AttackInputs(with: AttackWith) -> impl IntoView {
    let form = expect_context::<DiceForm>();
    let (character, outcome) = (form.character, form.outcome);
    let (aim, opening) = (form.set_up.aim, form.set_up.brawl_opening);
    let warn = move || read(character, |h| warnings(with, h.picked_shield()));
    let brawl = matches!(with, AttackWith::Brawl(_));
    view! {
        <div class="field">
            <label for="heimr-panel-aim">"Aim at"</label>
            <select
                id="heimr-panel-aim"
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    aim.set(BodyPart::ALL.into_iter().find(|p| p.name() == v));
                    outcome.set(None);
                }
            >
                <option value="" selected=true>"Anywhere (the d6 decides)"</option>
                {BodyPart::ALL.into_iter().map(|p| view! {
                    <option value=p.name()>{format!("{} (C −{AIMED_ATTACK_C_PENALTY})", p.name())}</option>
                }).collect_view()}
            </select>
        </div>
        <ul class="panel-warnings">
            {move || warn().into_iter().map(|w| view! { <li class="warning">{w}</li> }).collect_view()}
        </ul>
        // The seed's offered melee weapon attack, said before the roll, and what came
        // of it: not dodged, the brawl attack fails without a roll.
        {brawl.then(|| view! {
            <p class="hint" id="heimr-panel-note">{move || form.current.get().note}</p>
            <div class="field">
                <label for="heimr-panel-brawl-opening">"Getting close"</label>
                <select
                    id="heimr-panel-brawl-opening"
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        opening.set(BrawlOpening::ALL.into_iter().find(|o| o.text() == v).unwrap_or_default());
                        outcome.set(None);
                    }
                >
                    {BrawlOpening::ALL.into_iter().map(|o| view! {
                        <option value=o.text() selected=move || opening.get() == o>{o.text()}</option>
                    }).collect_view()}
                </select>
            </div>
        })}
    }
}
