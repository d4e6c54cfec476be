//! Acting on many members at once: pick them, pick what happens (damage with each
//! one's armor rolled, healing, Experience or the homebrew's scene award, corruption, a
//! condition), apply it, and
//! take it back for all of them with one Undo.

use super::desk::Desk;
use crate::model::table::act::{Action, TableUndo};
use crate::model::table::Family;
use crate::rules::dice::CryptoRng;
use crate::ui::clock::today;
use leptos::prelude::*;

/// What the form asks for: the action's key, and what its box holds.
fn action(kind: &str, text: &str) -> Result<Action, String> {
    let t = text.trim();
    let whole = |what: &str| crate::rules::input::parse_whole(what, t, 0, 999).map(|n| n as u32);
    Ok(match kind {
        "damage" => Action::Damage {
            expr: t.parse()?,
            no_armor: false,
        },
        "heal" => Action::Heal { expr: t.parse()? },
        "xp" => Action::Experience {
            amount: whole("Experience")?,
            note: String::new(),
        },
        "corruption" => Action::Corruption {
            amount: whole("Corruption")? as i32,
        },
        // The box, if filled, names the scene.
        "scene" | "scene-cool" | "scene-boss" | "scene-both" => Action::SceneAward {
            cool: matches!(kind, "scene-cool" | "scene-both"),
            boss: matches!(kind, "scene-boss" | "scene-both"),
            note: t.to_string(),
        },
        _ => Action::Condition {
            name: t.to_string(),
        },
    })
}

#[component]
pub fn ActionsPanel(id: String, family: Family) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let picked = RwSignal::new(Vec::<u32>::new());
    let kind = RwSignal::new("damage".to_string());
    let text = RwSignal::new(String::new());
    let said = RwSignal::new(Vec::<String>::new());
    let undo = StoredValue::new(None::<TableUndo>);
    let can_undo = RwSignal::new(false);
    let (list_id, apply_id, undo_id) = (id.clone(), id.clone(), id);
    let members = move || {
        desk.tables.with(|ts| {
            ts.iter()
                .find(|t| t.id == list_id)
                .map(|t| {
                    t.members
                        .iter()
                        .map(|m| (m.id, m.character.display_name().to_string()))
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    };
    let apply = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let a = match action(&kind.get_untracked(), &text.get_untracked()) {
            Ok(a) => a,
            Err(e) => return said.set(vec![e]),
        };
        let ids = picked.get_untracked();
        let mut lines = Vec::new();
        let done = desk.edit(&apply_id, |t, at| {
            let acted = t.act(&ids, &a, &today(), &mut CryptoRng, at)?;
            lines = acted.lines;
            undo.set_value(Some(acted.undo));
            Ok(())
        });
        can_undo.set(done.is_ok());
        said.set(done.map(|()| lines).unwrap_or_else(|e| vec![e]));
    };
    let take_back = move |_| {
        let Some(u) = undo.try_update_value(Option::take).flatten() else {
            return;
        };
        let done = desk.edit(&undo_id, |t, at| {
            t.undo(u, at);
            Ok(())
        });
        can_undo.set(false);
        said.set(vec![done
            .map(|()| "Taken back for everyone it touched.".to_string())
            .unwrap_or_else(|e| e)]);
    };
    let symbaroum = family == Family::Symbaroum;
    view! {
        <section class="card actions-panel" aria-labelledby="act-heading">
            <h2 id="act-heading">"Act on the party"</h2>
            <form on:submit=apply>
                <fieldset class="act-members">
                    <legend>"Who"</legend>
                    {move || members().into_iter().map(|(mid, name)| view! {
                        <label class="check">
                            <input type="checkbox" prop:checked=move || picked.with(|p| p.contains(&mid))
                                on:change=move |ev| {
                                    let on = event_target_checked(&ev);
                                    picked.update(|p| {
                                        p.retain(|&x| x != mid);
                                        if on { p.push(mid) }
                                    });
                                }/>
                            {name}
                        </label>
                    }).collect_view()}
                </fieldset>
                <div class="field">
                    <label for="act-kind">"What"</label>
                    <select id="act-kind" on:change=move |ev| kind.set(event_target_value(&ev))>
                        <option value="damage">"Damage (each rolls their armor)"</option>
                        <option value="heal">"Healing"</option>
                        <option value="xp">"Experience"</option>
                        {symbaroum.then(|| view! {
                            <option value="corruption">"Corruption"</option>
                            // The app's choice: the homebrew's scene award (seed 004) is one
                            // game master's practice, so it goes to whoever is picked.
                            <optgroup label="The homebrew's scene award (seed 004)">
                                <option value="scene">"Scene: 1 Experience"</option>
                                <option value="scene-cool">"Scene, something really cool: 1 + 1d4"</option>
                                <option value="scene-boss">"Scene, the big bad boss: 1 + 1d10"</option>
                                <option value="scene-both">"Scene, cool and the boss: 1 + 1d4 + 1d10"</option>
                            </optgroup>
                        })}
                        <option value="condition">{if symbaroum { "Condition" } else { "Effect" }}</option>
                    </select>
                </div>
                <div class="field">
                    <label for="act-text">"Dice, amount or name"</label>
                    <input id="act-text" type="text" autocomplete="off" placeholder="2d6"
                        prop:value=text on:input=move |ev| text.set(event_target_value(&ev))/>
                </div>
                <div class="button-row">
                    <button type="submit" class="primary">"Apply"</button>
                    <button type="button" hidden=move || !can_undo.get() on:click=take_back>"Undo"</button>
                </div>
            </form>
            <ul class="act-said" aria-live="polite">
                {move || said.get().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
            </ul>
        </section>
    }
}
