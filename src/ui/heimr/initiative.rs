//! Initiative: a dice challenge with C = Dexterity and P = current willpower.

use super::dice_faces::DiceFaces;
use super::state::{edit_and_log, read};
use crate::model::play::heimr as play;
use crate::rules::dice::CryptoRng;
use crate::rules::heimr::attributes::Attribute;
use crate::rules::heimr::dice::ChallengeRoll;
use crate::rules::heimr::num;
use crate::ui::clock::now;
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn InitiativeRoll(character: Live) -> impl IntoView {
    let last = RwSignal::new(None::<ChallengeRoll>);
    let dex = move || read(character, |h| h.attributes.get(Attribute::Dexterity));
    let wp = move || read(character, |h| h.willpower.current);
    let roll = move |_| {
        let r = edit_and_log(character, |h| {
            let (r, entry) = play::initiative(h, &mut CryptoRng, now());
            (r, Some(entry))
        });
        last.set(Some(r));
    };
    view! {
        <section class="card heimr-initiative" aria-labelledby="heimr-initiative-heading">
            <h2 id="heimr-initiative-heading">"Initiative"</h2>
            <p class="hint">
                {move || format!("C {} (Dexterity), P {} (current willpower). Ties: higher willpower first.", num(dex()), num(wp()))}
            </p>
            <div class="button-row">
                <button type="button" class="hroll-button" id="heimr-roll-initiative" on:click=roll>
                    <span aria-hidden="true" class="roll-icon">"⚄"</span>
                    "Roll initiative"
                </button>
            </div>
            <div role="status" aria-live="polite" id="heimr-initiative-result">
                {move || last.get().map(|r| view! {
                    <DiceFaces roll=r.clone()/>
                    <p class="hroll-total">"Initiative " <strong class="result-number">{num(r.result)}</strong></p>
                })}
                {move || (last.with(Option::is_none)).then(|| read(character, |h| h.initiative)).flatten().map(|i| view! {
                    <p class="hint">{format!("Last initiative: {}", num(i))}</p>
                })}
            </div>
        </section>
    }
}
