//! Injuries: the level from HP with its timer in words, the body part an attack's
//! d6 hits and its injury effect, and the short rest.

use super::state::{edit, read};
use crate::model::heimr::INJURY_MINUTES_MAX;
use crate::model::play::heimr as play;
use crate::rules::dice::CryptoRng;
use crate::rules::heimr::injuries::{active_effects, injury_level, timer_text, BodyPart};
use crate::ui::number_field::NumberField;
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn InjuriesCard(character: Live) -> impl IntoView {
    let level = move || read(character, |h| injury_level(h.hp.current));
    let timer = move || {
        read(character, |h| {
            timer_text(injury_level(h.hp.current), h.injury_minutes, h.stabilised)
        })
    };
    let d6 = RwSignal::new(None::<i64>);
    let part = move || d6.get().and_then(|n| BodyPart::from_d6(n as u32));
    let rest_message = RwSignal::new(None::<(bool, String)>);
    let parts = move || read(character, |h| h.injured_parts.clone());

    let rest = move |_| {
        let r = edit(character, play::rest);
        rest_message.set(Some(match r {
            Ok(said) => (false, said),
            Err(e) => (true, e),
        }));
    };
    // Empty (0) until typed, and again once the hit is taken: a second tap never
    // takes the same hit twice.
    let damage = RwSignal::new(0i64);
    let took = RwSignal::new(None::<String>);
    let take = move |_| {
        let (n, p) = (damage.get_untracked() as u32, part());
        if n == 0 {
            took.set(Some("Type the damage first.".into()));
            return;
        }
        took.set(Some(edit(character, |h| play::take_damage(h, n, p))));
        damage.set(0);
        d6.set(None);
    };

    view! {
        <section class="card heimr-injuries" aria-labelledby="heimr-injuries-heading">
            <h2 id="heimr-injuries-heading">"Injuries"</h2>
            <p class="injury-timer" id="heimr-injury-timer" data-level=move || level().name() aria-live="polite">
                {timer}
            </p>
            {move || level().is_injured().then(|| view! {
                <div class="two-fields">
                    <NumberField
                        id="heimr-injury-minutes"
                        label="Minutes since the injury"
                        value=Signal::derive(move || read(character, |h| h.injury_minutes as i64))
                        min=0
                        max=INJURY_MINUTES_MAX as i64
                        on_set=Callback::new(move |n: i64| edit(character, |h| h.injury_minutes = n as u32))
                    />
                    <label class="check" for="heimr-stabilised">
                        <input
                            id="heimr-stabilised"
                            type="checkbox"
                            prop:checked=move || read(character, |h| h.stabilised)
                            on:change=move |ev| {
                                let on = event_target_checked(&ev);
                                edit(character, |h| h.stabilised = on);
                            }
                        />
                        "Stabilised"
                    </label>
                </div>
            })}
            // Folded until a hit is taken, as the add forms are: the injuries and the
            // rest come first.
            <details class="adder hit-location">
                <summary>"Take a hit…"</summary>
                <div class="two-fields">
                    <NumberField
                        id="heimr-hit-d6"
                        label="The attack's d6"
                        value=Signal::derive(move || d6.get().unwrap_or(0))
                        min=1
                        max=6
                        on_set=Callback::new(move |n| d6.set(Some(n)))
                        empty_as=0
                    />
                    <div class="button-row align-end">
                        <button type="button" id="heimr-roll-hit" on:click=move |_| d6.set(Some(play::roll_hit_d6(&mut CryptoRng) as i64))>
                            "Roll the d6"
                        </button>
                    </div>
                </div>
                <p class="hit-part" id="heimr-hit-part" aria-live="polite">
                    {move || match part() {
                        Some(p) => {
                            let e = p.injury_effect();
                            format!("{}: {} — {}", p.name(), e.name(), e.description())
                        }
                        None => "Enter or roll the attack's d6: 5–6 torso, 4 sword arm, 3 other arm, 2 right leg, 1 left leg.".to_string()
                    }}
                </p>
                <div class="two-fields">
                    <NumberField
                        id="heimr-damage"
                        label="Damage (HP)"
                        value=Signal::derive(move || damage.get())
                        min=0
                        max=99
                        on_set=Callback::new(move |n| damage.set(n))
                        empty_as=0
                    />
                    <div class="button-row align-end">
                        <button type="button" class="primary" id="heimr-take-damage" on:click=take>
                            {move || match (damage.get(), part()) {
                                (0, _) => "Take the damage".to_string(),
                                (n, Some(p)) => format!("Take {n} damage on the {}", p.name().to_lowercase()),
                                (n, None) => format!("Take {n} damage"),
                            }}
                        </button>
                    </div>
                </div>
                <p class="hint" aria-live="polite">{move || took.get()}</p>
            </details>
            <ul class="injured-parts" id="heimr-injured-parts">
                {move || {
                    let names: Vec<&str> = active_effects(&parts()).iter().map(|e| e.name()).collect();
                    (!names.is_empty()).then(|| view! {
                        <li class="effects">{format!("Effects while injured: {}", names.join(", "))}</li>
                    })
                }}
                {move || parts().into_iter().map(|p| view! {
                    <li>{format!("{} → {}", p.name(), p.injury_effect().name())}</li>
                }).collect_view()}
            </ul>
            <div class="button-row">
                <button type="button" id="heimr-short-rest" aria-describedby="heimr-short-rest-message" on:click=rest>
                    "Short rest (5 uninterrupted minutes)"
                </button>
                {move || (!parts().is_empty()).then(|| view! {
                    <button type="button" id="heimr-clear-injuries" on:click=move |_| edit(character, |h| h.injured_parts.clear())>
                        "Clear recorded injuries"
                    </button>
                })}
                {move || level().is_injured().then(|| view! {
                    <button type="button" id="heimr-treated" on:click=move |_| edit(character, |h| h.treat())>
                        "Treated (back to 1 HP)"
                    </button>
                })}
            </div>
            <p
                id="heimr-short-rest-message"
                class="rest-message"
                class:field-error=move || rest_message.with(|m| m.as_ref().is_some_and(|m| m.0))
                aria-live="polite"
            >
                {move || rest_message.get().map(|m| m.1)}
            </p>
        </section>
    }
}
