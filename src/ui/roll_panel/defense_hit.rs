//! After a failed Defense test: the incoming damage, taken in the same flow (as the
//! Toughness card takes it, through `model::play::toughness`), and an arm hit's Quick
//! test to keep hold of the item (`keep_hold.rs`).

use super::circumstances::Check;
use super::form::Form;
use super::keep_hold::KeepHold;
use super::rolls::RollKind;
use crate::model::play::toughness::take_incoming;
use crate::model::CharacterStoreFields;
use crate::rules::dice::CryptoRng;
use crate::rules::symbaroum::combat::{Hand, HitLocation};
use crate::rules::symbaroum::dice_notation::parse_dice;
use crate::rules::symbaroum::dying::LifeState;
use crate::ui::clock::now;
use crate::ui::combat::toughness::{hit_on_field, pain_flag, parse_hit_on};
use crate::ui::focus::focus_id;
use crate::ui::focus::reveal;
use leptos::prelude::*;

#[component]
pub(super) fn DefenseHit() -> impl IntoView {
    let form = expect_context::<Form>();
    let character = form.character;
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let no_armor = RwSignal::new(false);
    let hit_on = RwSignal::new(String::new());
    let done = form.hit_done;
    let arm = RwSignal::new(None::<HitLocation>);
    let dead = move || character.combat().with(|c| c.life == LifeState::Dead);
    let take = move || {
        if dead() {
            return;
        }
        let expr = match parse_dice(&text.get_untracked()) {
            Ok(e) => e,
            Err(msg) => {
                error.set(Some(msg));
                focus_id("roll-hit-damage");
                return;
            }
        };
        error.set(None);
        let (no_armor, on) = (
            no_armor.get_untracked(),
            parse_hit_on(&hit_on.get_untracked()),
        );
        let mut hit = None;
        character.update(|c| {
            hit = Some(take_incoming(c, expr, no_armor, on, &mut CryptoRng, now()));
        });
        // An arm hit at the Pain Threshold: its Quick test, a tap away.
        arm.set(hit.as_ref().and_then(|h| {
            h.at.filter(|p| p.hand(Hand::Right).is_some() && h.taken.effect.is_some())
        }));
        done.set(hit.map(|h| h.taken));
        text.set(String::new());
        reveal("roll-hit-result");
    };
    let failed = move || {
        form.kind == RollKind::Defense && form.last.with(|o| o.as_ref().is_some_and(|o| !o.passed))
    };
    move || {
        failed().then(|| view! {
            <div class="roll-take-hit">
                <div class="field hit-field" class:invalid=move || error.with(Option::is_some)>
                    <label for="roll-hit-damage">"Incoming damage"</label>
                    <div class="hit-row">
                        <input id="roll-hit-damage" type="text" autocomplete="off" placeholder="5 or 1d8+1"
                            prop:value=move || text.get()
                            aria-invalid=move || error.with(|e| e.is_some().to_string())
                            aria-describedby="roll-hit-error"
                            on:input=move |ev| {
                                let t = event_target_value(&ev);
                                error.set(if t.trim().is_empty() { None } else { parse_dice(&t).err() });
                                text.set(t);
                            }
                            on:keydown=move |ev: web_sys::KeyboardEvent| if ev.key() == "Enter" { ev.prevent_default(); take(); }/>
                        <button type="button" id="roll-take-hit" class="primary" disabled=dead on:click=move |_| take()>"Take hit"</button>
                    </div>
                    <Check id="roll-hit-no-armor" on=no_armor>
                        <span>{move || format!("Ignores {}", form.l().armor.to_lowercase())}</span>
                    </Check>
                    <p class="field-error" id="roll-hit-error" aria-live="polite">{move || error.get()}</p>
                </div>
                <Show when=move || character.combat().with(|c| c.hit_locations)>
                    {hit_on_field("roll-hit-on", hit_on)}
                </Show>
                {move || done.get().map(|hit| view! {
                    <p class="result" id="roll-hit-result" role="status">{hit.text.clone()}</p>
                    {pain_flag("roll-pain-flag", &hit, form.l())}
                    {move || arm.get().map(|arm| view! { <KeepHold arm/> })}
                })}
            </div>
        })
    }
}
