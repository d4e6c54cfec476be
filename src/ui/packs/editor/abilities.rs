//! A Symbaroum-family pack's abilities (boons, burdens, traits, powers, rituals and
//! bonds too): the add form, then each entry folded to its name until opened, with its
//! kind, action, what it says and does at every level and at each of its levels.

use super::editing::Editing;
use super::entry_list::{EntryList, Shown};
use super::fields::{AddForm, CommitField, RemoveEntry};
use super::level_block::LevelBlock;
use crate::model::pack::edit::{ability, add_ability, set_kind};
use crate::rules::symbaroum::experience::{AbilityKind, ActionType, Level};
use leptos::prelude::*;

#[component]
pub fn AbilitiesSection() -> impl IntoView {
    let editing = expect_context::<Editing>();
    let kind = RwSignal::new(AbilityKind::Ability);
    let shown = Shown::new(editing.pack, |p| &p.abilities);
    let add = shown.adding(move |name| {
        editing.edit(|p| add_ability(p, &name, kind.get_untracked()).map(|(p, _)| p))
    });
    view! {
        <section class="card" aria-labelledby="pack-abilities-heading">
            <h2 id="pack-abilities-heading">"Abilities"</h2>
            <AddForm id="new-ability-name" label="New ability's name" button="Add ability" add>
                <div class="field">
                    <label for="new-ability-kind">"Kind"</label>
                    <select id="new-ability-kind" on:change=move |ev| {
                        if let Some(k) = AbilityKind::from_key(&event_target_value(&ev)) {
                            kind.set(k);
                        }
                    }>
                        {AbilityKind::ALL.into_iter().map(|k| view! { <option value=k.key()>{k.name()}</option> }).collect_view()}
                    </select>
                </div>
            </AddForm>
            <EntryList shown what="abilities" id="find-abilities" summary fields=|id| view! { <AbilityEditor id/> }.into_any()/>
        </section>
    }
}

/// An ability folded: its name and kind.
fn summary(id: u32) -> AnyView {
    let entry = expect_context::<Editing>().entry(|p| &p.abilities, id);
    view! {
        <strong>{move || entry.with(|e| e.as_ref().map(|e| e.name.clone()).unwrap_or_default())}</strong>
        <span class="pack-facts">{move || entry.with(|e| format!(" · {}", e.as_ref().map_or(AbilityKind::Ability, |e| e.kind).name()))}</span>
    }
    .into_any()
}

#[component]
fn AbilityEditor(id: u32) -> impl IntoView {
    let editing = expect_context::<Editing>();
    let entry = editing.entry(|p| &p.abilities, id);
    let name = move || entry.with(|e| e.as_ref().map(|e| e.name.clone()).unwrap_or_default());
    let kind =
        Memo::new(move |_| entry.with(|e| e.as_ref().map_or(AbilityKind::Ability, |e| e.kind)));
    let action = move || {
        entry.with(|e| {
            e.as_ref()
                .and_then(|e| e.action)
                .map(ActionType::key)
                .unwrap_or("")
        })
    };
    let rename = Callback::new(move |v: String| {
        editing.edit(|p| ability(p, id, |e| e.name = v.trim().to_string()))
    });
    let kind_error = RwSignal::new(None::<String>);
    let stem = format!("ability-{id}");
    let kind_id = format!("{stem}-kind");
    let action_id = format!("{stem}-action");
    view! {
        <CommitField id=format!("{stem}-name") label="Name" value=name commit=rename/>
        <div class="field">
            <label for=kind_id.clone()>"Kind"</label>
            <select id=kind_id prop:value=move || kind.get().key() on:change=move |ev| {
                if let Some(k) = AbilityKind::from_key(&event_target_value(&ev)) {
                    kind_error.set(editing.edit(|p| set_kind(p, id, k)).err());
                }
            }>
                {AbilityKind::ALL.into_iter().map(|k| view! {
                    <option value=k.key()>{k.name()}</option>
                }).collect_view()}
            </select>
            <p class="field-error" aria-live="polite">{move || kind_error.get()}</p>
        </div>
        <div class="field">
            <label for=action_id.clone()>"Action"</label>
            <select id=action_id prop:value=action on:change=move |ev| {
                let a = ActionType::from_key(&event_target_value(&ev));
                let _ = editing.edit(|p| ability(p, id, |e| e.action = a));
            }>
                <option value="">"Not said"</option>
                {ActionType::ALL.into_iter().map(|a| view! { <option value=a.key()>{a.key()}</option> }).collect_view()}
            </select>
        </div>
        <LevelBlock entry=id level=None only=!kind.get_untracked().has_levels()/>
        {move || kind.get().has_levels().then(|| Level::ALL.map(|l| view! { <LevelBlock entry=id level=Some(l)/> }).into_iter().collect_view())}
        <RemoveEntry name id remove=|p, id| p.abilities.retain(|e| e.id != id)/>
    }
}
