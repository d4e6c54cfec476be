//! Toughness: current / max, taking a hit (a number or dice, less the worn armor's
//! roll unless the damage ignores armor, with the Pain Threshold flag) and healing
//! (`heal_box.rs`).

use super::dice_input::dice_input;
use super::heal_box::heal_box;
use crate::model::play::toughness::{self as play, HitOn, HitTaken, TakenHit, LOCATIONS};
use crate::model::CharacterStoreFields;
use crate::rules::dice::CryptoRng;
use crate::rules::symbaroum::combat::{Hand, PainEffect};
use crate::rules::symbaroum::dice_notation::parse_dice;
use crate::rules::symbaroum::dying::LifeState;
use crate::rules::symbaroum::experience::{reroll_offer, RollKind as XpRoll};
use crate::rules::symbaroum::{labels, Labels};
use crate::ui::clock::now;
use crate::ui::parts::{derived_memo, edit, gear, reroll_row};
use crate::ui::Live;
use leptos::prelude::*;

/// The "Hit on" choices: not known, a d10 on the Hit Locations table (the foe aimed
/// normally), or one of the parts.
fn hit_on_options() -> impl IntoView {
    view! {
        <option value="">"Not known"</option>
        <option value="roll">"Roll it (1d10)"</option>
        {LOCATIONS.iter().enumerate().map(|(i, p)| view! { <option value=i.to_string()>{p.name()}</option> }).collect_view()}
    }
}

/// The "Hit on" picker's value as the player's answer.
pub(crate) fn parse_hit_on(value: &str) -> HitOn {
    match value {
        "roll" => HitOn::Roll,
        v => v
            .parse()
            .ok()
            .and_then(|i: usize| LOCATIONS.get(i).copied())
            .map_or(HitOn::Unknown, HitOn::Part),
    }
}

/// The "Hit on" picker shown with Hit Locations, for the Toughness card and the
/// Defense test's take-hit.
pub(crate) fn hit_on_field(id: &'static str, choice: RwSignal<String>) -> impl IntoView {
    view! {
        <div class="field hit-on-field">
            <label for=id>"Hit on"</label>
            <select id=id prop:value=move || choice.get() on:change=move |ev| choice.set(event_target_value(&ev))>
                {hit_on_options()}
            </select>
        </div>
    }
}

/// The rules' pain message in the ruleset's words.
fn pain_text(p: PainEffect, l: &Labels) -> String {
    p.message().replace("Pain Threshold", l.pain_threshold)
}

/// The alert under a hit taken: the hit part's effect when known, else the rules'
/// pain message; nothing when the hit did not reach the Pain Threshold.
pub(crate) fn pain_flag(id: &'static str, hit: &HitTaken, l: &Labels) -> Option<impl IntoView> {
    let text = hit
        .effect
        .clone()
        .or_else(|| (hit.pain != PainEffect::None).then(|| pain_text(hit.pain, l)))?;
    Some(view! { <p id=id class="pain-flag" role="alert">{text}</p> })
}

#[component]
pub fn ToughnessCard(character: Live) -> impl IntoView {
    let derived = derived_memo(character);
    let l = move || labels(character.ruleset().get());
    let max = move || derived.with(|d| d.toughness.value);
    let current = move || character.combat().with(|c| c.current_toughness(max()));
    let dead = move || character.combat().with(|c| c.life == LifeState::Dead);
    let stabilised =
        move || character.combat().with(|c| c.life == LifeState::Alive) && current() == 0;

    let incoming = RwSignal::new(String::new());
    // Hit Locations: where the hit landed, if known (only the armor covering it rolls).
    let hit_on_picked = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    // Fire, fumes, poison, bleeding: no armor roll (for this hit only).
    let ignores_armor = RwSignal::new(false);
    let fight_state = move || character.combat().with(|c| (c.life, c.damage));

    // The last hit, for Re-roll for Experience on the armor roll: the fight state
    // before and after it (offered only while nothing else has changed it since) and
    // the incoming damage, which stays what it was.
    let last_hit = RwSignal::new(None::<TakenHit>);
    // Applies the incoming damage; the field is emptied for the next hit.
    let take_hit = move || {
        if dead() {
            return;
        }
        let expr = match parse_dice(&incoming.get_untracked()) {
            Ok(e) => e,
            Err(msg) => return error.set(Some(msg)),
        };
        error.set(None);
        let (no_armor, on) = (
            ignores_armor.get_untracked(),
            parse_hit_on(&hit_on_picked.get_untracked()),
        );
        character.update(|c| {
            let hit = play::take_incoming(c, expr, no_armor, on, &mut CryptoRng, now());
            last_hit.set(Some(hit));
        });
        incoming.set(String::new());
    };
    let reroll_state = move || {
        let h = last_hit.get()?;
        gear(character, |g| {
            let rules = g.advance.reroll;
            let current = (g.combat.life, g.combat.damage) == h.after;
            (rules.enabled && h.taken.armored && current)
                .then(|| reroll_offer(rules, XpRoll::Other, h.rerolled, g.advance.totals().unspent))
        })
    };
    let reroll = move || {
        if let Some(h) = last_hit.get_untracked() {
            // Only a hit that rolled armor offers this re-roll.
            character.update(|c| {
                last_hit.set(Some(play::reroll_armor(c, &h, &mut CryptoRng, now())));
            });
        }
    };
    // The last hit's message while the fight state is still what it left.
    let hit_still_true = move || {
        let now = fight_state();
        last_hit.with(|h| h.as_ref().filter(|h| h.after == now).cloned())
    };

    view! {
        <section class="card toughness-card" aria-labelledby="toughness-heading">
            <h2 id="toughness-heading">{move || l().toughness}</h2>
            <div class="tough-head">
                <p class="tough-big" aria-live="polite">
                    <span id="toughness-current">{current}</span>
                    <span class="tough-sep">" / "</span>
                    <span id="toughness-max">{max}</span>
                </p>
                <p class="hint">
                    {move || format!("{} {}", l().pain_threshold, derived.with(|d| d.pain_threshold.value))}
                    {move || stabilised().then_some(" · Stabilised at 0: heal to bring them back.")}
                </p>
            </div>
            <div class="field hit-field" class:invalid=move || error.with(Option::is_some)>
                <label for="incoming">"Incoming damage"</label>
                <div class="hit-row">
                    {dice_input("incoming", "5 or 1d8+1", "incoming-error incoming-armor", incoming, error, take_hit)}
                    <button type="button" id="take-hit" class="primary" disabled=dead on:click=move |_| take_hit()>
                        "Take hit"
                    </button>
                </div>
                <p class="field-error" id="incoming-error" aria-live="polite">{move || error.get()}</p>
            </div>
            // The hit's result right under the button that took it.
            <p id="hit-result" class="result" aria-live="polite">
                {move || hit_still_true().map(|h| h.taken.text)}
            </p>
            {move || reroll_state().map(|offer| {
                let label = format!("Re-roll the {} roll for 1 XP", l().armor);
                reroll_row("armor-reroll", label, offer, reroll)
            })}
            {move || hit_still_true().and_then(|h| pain_flag("pain-flag", &h.taken, l()))}
            <label class="check">
                <input
                    type="checkbox"
                    id="ignores-armor"
                    prop:checked=move || ignores_armor.get()
                    on:change=move |ev| ignores_armor.set(event_target_checked(&ev))
                />
                {move || format!(" Ignores {} (fire, fumes, poison, bleeding)", l().armor.to_lowercase())}
            </label>
            <p class="hint" id="incoming-armor">
                {move || {
                    // Said only when there is armor to roll: with none, a hit is taken as it is.
                    let a = gear(character, |g| g.worn_protection());
                    (!a.is_empty()).then(|| format!("{} worn: {a}, rolled with each hit.", l().armor))
                }}
            </p>
            <Show when=move || character.combat().with(|c| c.hit_locations)>
                <div class="hit-on-row">
                    {hit_on_field("hit-on", hit_on_picked)}
                    <div class="field hit-on-field">
                        <label for="main-hand">"Main hand"</label>
                        <select
                            id="main-hand"
                            prop:value=move || character.combat().with(|c| c.main_hand.name())
                            on:change=move |ev| {
                                let hand = if event_target_value(&ev) == "Left" { Hand::Left } else { Hand::Right };
                                edit(character, |k| k.main_hand = hand);
                            }
                        >
                            <option value="Right">"Right"</option>
                            <option value="Left">"Left"</option>
                        </select>
                    </div>
                </div>
            </Show>
            {heal_box(character)}
            <label class="check">
                <input
                    type="checkbox"
                    id="hit-locations"
                    prop:checked=move || character.combat().with(|c| c.hit_locations)
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        edit(character, |k| k.hit_locations = on);
                    }
                />
                " Hit Locations rule"
            </label>
        </section>
    }
}
