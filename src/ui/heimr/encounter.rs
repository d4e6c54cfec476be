//! The encounter: everyone in the fight in initiative order (ties to the higher
//! willpower), whose turn it is, "Next turn" (your own turn resets your defences),
//! delaying and readied actions.

use super::state::{edit, read};
use crate::model::heimr::HeimrSheet;
use crate::model::CharacterStoreFields;
use crate::rules::heimr::encounter::{parse_combatant, Combatant, Encounter, TEXT_MAX};
use crate::rules::heimr::num;
use crate::ui::Live;
use leptos::prelude::*;

/// One change to the sheet from this card, with what to say.
type Change = Box<dyn FnOnce(&mut HeimrSheet) -> Result<String, String>>;

/// Runs a change and says how it went.
fn run(character: Live, said: RwSignal<Option<String>>, f: Change) {
    let r = edit(character, f);
    said.set(Some(r.unwrap_or_else(|e| e)));
}

#[component]
fn CombatantRow(character: Live, c: Combatant, said: RwSignal<Option<String>>) -> impl IntoView {
    let id = c.id;
    let (label, you) = (c.name.clone(), c.you);
    let name = move || {
        if you {
            format!("{} (you)", character.name().get())
        } else {
            label.clone()
        }
    };
    let current = move || {
        read(character, |h| {
            h.encounter.current().map(|c| c.id) == Some(id)
        })
    };
    let act = move |f: fn(&mut Encounter, usize) -> Result<(), String>, done: &'static str| {
        run(
            character,
            said,
            Box::new(move |h| {
                let i = h.encounter.index(id).ok_or("No longer in the encounter.")?;
                f(&mut h.encounter, i).map(|_| done.to_string())
            }),
        )
    };
    let readied = c.readied.clone();
    let who = if you {
        "you".to_string()
    } else {
        c.name.clone()
    };
    view! {
        <li class="gear combatant" class:current=current aria-current=move || current().then_some("true")>
            <div class="gear-head">
                <strong>{name}</strong>
                <span>{format!("Initiative {}, WP {}", num(c.initiative), c.willpower)}</span>
                <button type="button" class="danger" aria-label=format!("Remove {who}")
                    on:click=move |_| act(|e, i| { e.remove(i); Ok(()) }, "Removed.")>"×"</button>
            </div>
            <div class="gear-head">
                <span>{(!readied.is_empty()).then(|| format!("Readied: {readied}"))}</span>
                <button type="button" hidden=readied.is_empty()
                    on:click=move |_| act(|e, i| e.trigger(i), "The readied action happens now.")>"Triggered now"</button>
                <button type="button" hidden=current aria-label=format!("Delay the turn until after {who}")
                    on:click=move |_| act(|e, i| e.delay(e.turn, i, true), "Delayed.")>"Delay after"</button>
            </div>
        </li>
    }
}

#[component]
pub fn EncounterCard(character: Live) -> impl IntoView {
    let rows = move || read(character, |h| h.encounter.order.clone());
    let text = RwSignal::new(String::new());
    let trigger = RwSignal::new(String::new());
    let said = RwSignal::new(None::<String>);
    let whose = Memo::new(move |_| {
        read(character, |h| {
            h.encounter.current().map(|c| {
                let who = if c.you {
                    "your".to_string()
                } else {
                    format!("{}'s", c.name)
                };
                format!("Round {}: {who} turn.", h.encounter.round + 1)
            })
        })
    });
    view! {
        <section class="card heimr-encounter" aria-labelledby="heimr-encounter-heading">
            <h2 id="heimr-encounter-heading">"Encounter order"</h2>
            <p class="hint">
                {move || whose.get().unwrap_or_else(|| "Roll initiative to join; add the others below.".into())}
            </p>
            <ol class="gear-list" id="heimr-encounter-order">
                <For each=rows key=|c| (c.id, c.readied.clone()) let:c>
                    <CombatantRow character c said/>
                </For>
            </ol>
            <div class="button-row" hidden=move || whose.with(Option::is_none)>
                <button type="button" class="primary" on:click=move |_| run(character, said, Box::new(|h| {
                    let t = h.encounter.next_turn().ok_or("No one in the encounter.")?;
                    let mut text = if t.yours {
                        h.new_turn();
                        "Your turn: defences reset; effects count down.".to_string()
                    } else {
                        format!("{}'s turn.", h.encounter.current().map_or("", |c| c.name.as_str()))
                    };
                    if let Some(l) = t.lost_readied {
                        text.push_str(&format!(" The readied action ({l}) is lost."));
                    }
                    Ok(text)
                }))>"Next turn"</button>
            </div>
            // A readied action needs a turn in the encounter; each form is its box and
            // its button on one line.
            <div class="encounter-form ready-form">
                <div class="field">
                    <label for="heimr-ready-trigger">"Ready an action: the trigger"</label>
                    <input id="heimr-ready-trigger" type="text" maxlength=TEXT_MAX
                        prop:value=move || trigger.get() on:input=move |ev| trigger.set(event_target_value(&ev))/>
                </div>
                <button type="button" on:click=move |_| run(character, said, Box::new(move |h| {
                    let e = &mut h.encounter;
                    e.ready(e.turn, &trigger.get_untracked())?;
                    trigger.set(String::new());
                    Ok("Readied: when it happens, press \u{201c}Triggered now\u{201d} in the turn of the one who triggers it.".into())
                }))>"Ready"</button>
            </div>
            <div class="encounter-form">
                <div class="field">
                    <label for="heimr-combatant">"Name, initiative, willpower"</label>
                    <input id="heimr-combatant" type="text" maxlength=TEXT_MAX placeholder="Asa 12 3" aria-describedby="heimr-encounter-said"
                        prop:value=move || text.get() on:input=move |ev| text.set(event_target_value(&ev))/>
                </div>
                <button type="button" on:click=move |_| run(character, said, Box::new(move |h| {
                    h.encounter.add(parse_combatant(&text.get_untracked())?)?;
                    text.set(String::new());
                    Ok("Added in initiative order.".into())
                }))>"Add"</button>
            </div>
            <p class="hint" role="status" id="heimr-encounter-said">{move || said.get()}</p>
            <div class="button-row end-encounter">
                <button type="button" class="danger" on:click=move |_| run(character, said, Box::new(|h| {
                    h.encounter = Default::default();
                    Ok("The encounter is over.".into())
                }))>"End the encounter"</button>
            </div>
        </section>
    }
}
