//! Effects on the character: one of the seed's effects with its number, received
//! (Hit and Drain at once, the rest kept with the turns they last), shown with the
//! seed's text and counted down by "New turn".

use super::state::{edit, read};
use crate::rules::heimr::effects::{receive, Effect, EFFECT_SECONDS_MAX};
use crate::ui::number_field::NumberField;
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn EffectsCard(character: Live) -> impl IntoView {
    let pick = RwSignal::new(Effect::Daze);
    let number = RwSignal::new(None::<i64>);
    let said = RwSignal::new(None::<String>);
    let shown_number = move || number.get().unwrap_or(pick.get().default_number() as i64);
    let on = move || read(character, |h| h.effects.clone());
    let add = move |_| {
        let (e, n) = (
            pick.get_untracked(),
            number
                .get_untracked()
                .unwrap_or(pick.get_untracked().default_number() as i64) as u32,
        );
        let text = edit(character, |h| {
            receive(e, n, &mut h.hp, &mut h.willpower, &mut h.effects)
        });
        said.set(Some(text));
    };
    view! {
        <section class="card heimr-effects" aria-labelledby="heimr-effects-heading">
            <h2 id="heimr-effects-heading">"Effects on you"</h2>
            // Folded until one is received, as the add forms are; what is in force
            // stays in the list under it.
            <details class="adder">
                <summary>"Receive an effect…"</summary>
                <div class="two-fields">
                    <div class="field">
                        <label for="heimr-effect-pick">"Effect"</label>
                        <select
                            id="heimr-effect-pick"
                            on:change=move |ev| {
                                let v = event_target_value(&ev);
                                if let Some(e) = Effect::ALL.into_iter().find(|e| e.name() == v) {
                                    pick.set(e);
                                    number.set(None);
                                }
                            }
                        >
                            {Effect::ALL.into_iter().map(|e| view! {
                                <option value=e.name() selected=e == Effect::Daze>{e.name()}</option>
                            }).collect_view()}
                        </select>
                    </div>
                    // Named for what the effect picked counts: Hit and Drain points,
                    // the others seconds (drawn again when the effect changes).
                    {move || view! {
                        <NumberField
                            id="heimr-effect-number"
                            label=if pick.get().in_points() { "Points" } else { "Seconds" }
                            value=Signal::derive(shown_number)
                            min=0
                            max=EFFECT_SECONDS_MAX as i64
                            on_set=Callback::new(move |n| number.set(Some(n)))
                        />
                    }}
                </div>
                <p class="hint effect-text">{move || pick.get().text()}</p>
                <div class="button-row">
                    <button type="button" id="heimr-receive-effect" on:click=add>
                        {move || format!("Receive {} {}", pick.get().name().to_lowercase(), shown_number())}
                    </button>
                </div>
            </details>
            <p class="hint" aria-live="polite">{move || said.get()}</p>
            <ul class="gear-list" id="heimr-effects">
                <For each=on key=|a| (a.effect, a.turns_left) let:a>
                    <li class="gear" data-effect=a.effect.name()>
                        <div class="gear-head">
                            <strong>{format!("{} {} — {} turn{} left", a.effect.name(), a.seconds, a.turns_left, if a.turns_left == 1 { "" } else { "s" })}</strong>
                            <button
                                type="button"
                                class="danger"
                                aria-label=format!("End {}", a.effect.name().to_lowercase())
                                on:click=move |_| edit(character, |h| h.effects.retain(|x| x.effect != a.effect))
                            >"End"</button>
                        </div>
                        <p class="hint">{a.effect.text()}</p>
                    </li>
                </For>
            </ul>
        </section>
    }
}
