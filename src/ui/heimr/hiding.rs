//! While hidden (the Positions card): the hide challenge, the Survival result that
//! perception checks have to overcome, and the sounds that give the hider away.

use super::state::{edit, read};
use crate::rules::heimr::combat::Position;
use crate::rules::heimr::num;
use crate::rules::heimr::situation::HIDE_CHALLENGE_MAX;
use crate::ui::number_field::NumberField;
use crate::ui::Live;
use leptos::prelude::*;

/// The box shows empty for this: not typed yet.
const NOT_TYPED: i64 = i64::MIN;

/// Drawn while the character is hidden.
#[component]
pub(super) fn HidingFields(character: Live) -> impl IntoView {
    let hidden = move || {
        read(character, |h| {
            h.situation.positions.contains(&Position::Hidden)
        })
    };
    let said = RwSignal::new(None::<String>);
    let soft = move |_| {
        // Seed 002: "Every time you make any soft sound while hidden, your hide
        // challenge is reduced by two" (`Situation::soft_sound`).
        let text = match edit(character, |h| h.situation.soft_sound()) {
            Ok(Some(c)) => format!("A soft sound: the hide challenge is now {}.", num(c)),
            Ok(None) => "A soft sound: type the hide challenge to have it lowered.".into(),
            Err(e) => e,
        };
        said.set(Some(text));
    };
    let loud = move |_| {
        edit(character, |h| h.situation.loud_sound());
        said.set(Some("A louder sound gives you away: you are no longer hidden (still concealed: the app's choice).".into()));
    };
    view! {
        <Show when=hidden fallback=move || view! { <p class="hint" role="status">{move || said.get()}</p> }>
            <div class="heimr-hiding">
                <NumberField
                    id="heimr-hide-challenge"
                    label="Hide challenge (your Survival result)"
                    value=Signal::derive(move || read(character, |h| h.situation.hide_challenge.map_or(NOT_TYPED, i64::from)))
                    empty_as=NOT_TYPED
                    min=-(HIDE_CHALLENGE_MAX as i64)
                    max=HIDE_CHALLENGE_MAX as i64
                    on_set=Callback::new(move |n: i64| edit(character, |h| h.situation.hide_challenge = Some(n as i32)))
                />
                <div class="button-row">
                    <button type="button" id="heimr-soft-sound" on:click=soft>"Soft sound (hide challenge −2)"</button>
                    <button type="button" id="heimr-loud-sound" on:click=loud>"Louder sound (gives you away)"</button>
                </div>
                <p class="hint">"Soft: whispering, shooting a bow or blowgun, throwing a weapon. Louder: speaking, shouting, weapons clattering."</p>
                <p class="hint" role="status">{move || said.get()}</p>
            </div>
        </Show>
    }
}
