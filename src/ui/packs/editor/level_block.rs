//! What an ability says and does at one level (or at every level): its text, its
//! effects with a Remove each, and a form adding a modifier (an attribute, Toughness,
//! Defense … by an amount, or Pack-mule's threshold).

use super::editing::Editing;
use super::fields::CommitField;
use crate::model::pack::edit::{ability, add_modifier, check_says, level_mut, remove_effect, tidy};
use crate::rules::symbaroum::experience::Level;
use crate::rules::symbaroum::modifier_input::{target_key, target_label, EDITABLE_TARGETS};
use leptos::prelude::*;

/// "Novice", or "At every level".
fn title(level: Option<Level>) -> &'static str {
    level.map_or("At every level", Level::title)
}

#[component]
pub fn LevelBlock(entry: u32, level: Option<Level>, #[prop(optional)] only: bool) -> impl IntoView {
    let editing = expect_context::<Editing>();
    let l = expect_context::<super::pack_words::PackWords>().labels();
    let stem = format!("ability-{entry}-{}", level.map_or("all", Level::name));
    let heading = if only { "What it does" } else { title(level) };
    let read = move |f: &dyn Fn(&String, &[crate::model::pack::SavedEffect]) -> Vec<String>| {
        editing.pack.with(|p| {
            p.abilities
                .iter()
                .find(|e| e.id == entry)
                .map(|e| {
                    let (says, effects) = match level.and_then(|lv| e.level(lv)) {
                        Some(at) => (&at.says, &at.effects[..]),
                        None if level.is_none() => (&e.says, &e.effects[..]),
                        None => return Vec::new(),
                    };
                    f(says, effects)
                })
                .unwrap_or_default()
        })
    };
    let says = move || read(&|s, _| vec![s.clone()]).pop().unwrap_or_default();
    let effects = Memo::new(move |_| {
        read(&|_, fx| {
            fx.iter()
                .map(|e| match &e.effect {
                    Some(e) => e.says(l),
                    None => "An effect a newer Sheetwright knows".into(),
                })
                .collect()
        })
    });
    let write = Callback::new(move |v: String| {
        check_says(&v)?;
        editing.edit(|p| {
            ability(p, entry, |e| {
                *level_mut(e, level).0 = v.trim().to_string();
                tidy(e);
            })
        })
    });
    let target = RwSignal::new(String::new());
    let amount = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let done = editing.edit(|p| {
            add_modifier(
                p,
                entry,
                level,
                &target.get_untracked(),
                &amount.get_untracked(),
            )
        });
        if done.is_ok() {
            amount.set(String::new());
        }
        error.set(done.err());
    };
    let target_id = format!("{stem}-target");
    let amount_id = format!("{stem}-amount");
    let error_id = format!("{stem}-error");
    let options = EDITABLE_TARGETS
        .iter()
        .map(|t| view! { <option value=target_key(*t)>{target_label(*t, l)}</option> })
        .collect_view();
    view! {
        <fieldset class="pack-level">
            <legend>{heading}</legend>
            <CommitField id=format!("{stem}-says") label="What it says" value=says commit=write multiline=true/>
            <ul class="pack-effects">
                {move || effects.get().into_iter().enumerate().map(|(n, text)| {
                    let gone = text.clone();
                    view! {
                        <li>
                            <span>{text}</span>
                            <button type="button" aria-label=format!("Remove “{gone}”")
                                on:click=move |_| { let _ = editing.edit(|p| remove_effect(p, entry, level, n)); }
                            >"Remove"</button>
                        </li>
                    }
                }).collect_view()}
            </ul>
            <form class="pack-add-effect" on:submit=add>
                <div class="field">
                    <label for=target_id.clone()>"Changes"</label>
                    <select id=target_id on:change=move |ev| target.set(event_target_value(&ev))>
                        <option value="">"Pick…"</option>
                        {options}
                        <option value="encumbrance-threshold">{format!("{} × 1.5 (Pack-mule)", l.encumbrance_threshold)}</option>
                    </select>
                </div>
                <div class="field">
                    <label for=amount_id.clone()>"By"</label>
                    <input id=amount_id type="text" inputmode="numeric" placeholder="+1" aria-describedby=error_id.clone()
                        prop:value=amount on:input=move |ev| amount.set(event_target_value(&ev))/>
                </div>
                <button type="submit">"Add effect"</button>
            </form>
            <p class="field-error" id=error_id aria-live="polite">{move || error.get()}</p>
        </fieldset>
    }
}
