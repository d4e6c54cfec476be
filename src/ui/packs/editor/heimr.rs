//! A Heimr pack's entries: the campaign's HP and willpower maxima, its abilities
//! (attributes, base consistency, what each is) and its conditions.

use super::editing::Editing;
use super::entry_list::{EntryList, Shown};
use super::fields::{AddForm, CommitField, RemoveEntry};
use crate::model::heimr::POOL_LIMIT;
use crate::model::pack::edit::{
    add_condition, add_heimr_ability, change_entry, check_says, edited, parse_optional,
};
use crate::model::pack::Pack;
use crate::rules::heimr::abilities::{MAX_BASE_CONSISTENCY, MIN_BASE_CONSISTENCY};
use crate::rules::heimr::attributes::Attribute;
use leptos::prelude::*;

/// One of `model::pack::edit`'s adders: the pack with a new entry named so, and its id.
type AddEntry = fn(&Pack, &str) -> Result<(Pack, u32), String>;

fn text(n: Option<i32>) -> String {
    n.map(|n| n.to_string()).unwrap_or_default()
}

#[component]
pub fn HeimrSection() -> impl IntoView {
    let editing = expect_context::<Editing>();
    let p = editing.pack;
    let hp = move || p.with(|p| text(p.hp_max));
    let wp = move || p.with(|p| text(p.willpower_max));
    let set_hp = Callback::new(move |v: String| {
        let n = parse_optional("The HP maximum", &v, 1, POOL_LIMIT)?;
        editing.edit(|p| edited(p, |p| p.hp_max = n))
    });
    let set_wp = Callback::new(move |v: String| {
        let n = parse_optional("The willpower maximum", &v, 1, POOL_LIMIT)?;
        editing.edit(|p| edited(p, |p| p.willpower_max = n))
    });
    let add = |shown: Shown, f: AddEntry| {
        shown.adding(move |name| editing.edit(|p| f(p, &name).map(|(p, _)| p)))
    };
    let abilities = Shown::new(p, |p| &p.heimr_abilities);
    let conditions = Shown::new(p, |p| &p.conditions);
    view! {
        <section class="card" aria-labelledby="pack-pools-heading">
            <h2 id="pack-pools-heading">"A new character's maxima"</h2>
            <CommitField id="pack-hp-max".into() label="HP maximum (empty: the app's 10)" value=hp commit=set_hp/>
            <CommitField id="pack-wp-max".into() label="Willpower maximum (empty: the app's 10)" value=wp commit=set_wp/>
        </section>
        <section class="card" aria-labelledby="pack-heimr-abilities-heading">
            <h2 id="pack-heimr-abilities-heading">"Abilities"</h2>
            <AddForm id="new-heimr-ability" label="New ability's name" button="Add ability" add=add(abilities, add_heimr_ability)/>
            <EntryList shown=abilities what="abilities" id="find-heimr-abilities" summary=ability_summary fields=|id| view! { <HeimrAbilityEditor id/> }.into_any()/>
        </section>
        <section class="card" aria-labelledby="pack-conditions-heading">
            <h2 id="pack-conditions-heading">"Conditions"</h2>
            <AddForm id="new-condition" label="New condition's name" button="Add condition" add=add(conditions, add_condition)/>
            <EntryList shown=conditions what="conditions" id="find-conditions" summary=condition_summary fields=|id| view! { <ConditionEditor id/> }.into_any()/>
        </section>
    }
}

/// An ability folded: its name.
fn ability_summary(id: u32) -> AnyView {
    let entry = expect_context::<Editing>().entry(|p| &p.heimr_abilities, id);
    view! { <strong>{move || entry.with(|e| e.as_ref().map(|e| e.name.clone()).unwrap_or_default())}</strong> }.into_any()
}

/// A condition folded: its name.
fn condition_summary(id: u32) -> AnyView {
    let entry = expect_context::<Editing>().entry(|p| &p.conditions, id);
    view! { <strong>{move || entry.with(|e| e.as_ref().map(|e| e.name.clone()).unwrap_or_default())}</strong> }.into_any()
}

#[component]
fn HeimrAbilityEditor(id: u32) -> impl IntoView {
    let editing = expect_context::<Editing>();
    let entry = editing.entry(|p| &p.heimr_abilities, id);
    let change = move |f: Box<dyn FnOnce(&mut crate::model::pack::HeimrAbilityEntry)>| {
        editing.edit(|p| change_entry(p, |p| &mut p.heimr_abilities, id, f))
    };
    let name = move || entry.with(|e| e.as_ref().map(|e| e.name.clone()).unwrap_or_default());
    let base = move || entry.with(|e| text(e.as_ref().and_then(|e| e.base_consistency)));
    let says = move || entry.with(|e| e.as_ref().map(|e| e.says.clone()).unwrap_or_default());
    let rename =
        Callback::new(move |v: String| change(Box::new(move |e| e.name = v.trim().to_string())));
    let rebase = Callback::new(move |v: String| {
        let n = parse_optional(
            "Base consistency",
            &v,
            MIN_BASE_CONSISTENCY,
            MAX_BASE_CONSISTENCY,
        )?;
        change(Box::new(move |e| e.base_consistency = n))
    });
    let describe = Callback::new(move |v: String| {
        check_says(&v)?;
        change(Box::new(move |e| e.says = v.trim().to_string()))
    });
    let stem = format!("heimr-ability-{id}");
    view! {
        <CommitField id=format!("{stem}-name") label="Name" value=name commit=rename/>
        <fieldset class="pack-level">
            <legend>"Based on (none: the player picks)"</legend>
            {Attribute::ALL.into_iter().map(|a| {
                let box_id = format!("{stem}-{}", a.short());
                let on = move || entry.with(|e| e.as_ref().is_some_and(|e| e.attributes.contains(&a)));
                view! {
                    <div class="field checkbox">
                        <input id=box_id.clone() type="checkbox" prop:checked=on on:change=move |ev| {
                            let checked = event_target_checked(&ev);
                            let _ = change(Box::new(move |e| {
                                e.attributes.retain(|x| *x != a);
                                if checked {
                                    e.attributes.push(a);
                                }
                            }));
                        }/>
                        <label for=box_id>{a.name()}</label>
                    </div>
                }
            }).collect_view()}
        </fieldset>
        <CommitField id=format!("{stem}-base") label="Base consistency (−2 to +3; empty: the table's)" value=base commit=rebase/>
        <CommitField id=format!("{stem}-says") label="What it is" value=says commit=describe multiline=true/>
        <RemoveEntry name id remove=|p, id| p.heimr_abilities.retain(|e| e.id != id)/>
    }
}

#[component]
fn ConditionEditor(id: u32) -> impl IntoView {
    let editing = expect_context::<Editing>();
    let entry = editing.entry(|p| &p.conditions, id);
    let name = move || entry.with(|e| e.as_ref().map(|e| e.name.clone()).unwrap_or_default());
    let says = move || entry.with(|e| e.as_ref().map(|e| e.says.clone()).unwrap_or_default());
    let set = move |v: String, f: fn(&mut crate::model::pack::ConditionEntry, String)| {
        editing.edit(|p| change_entry(p, |p| &mut p.conditions, id, |e| f(e, v.trim().to_string())))
    };
    let rename = Callback::new(move |v: String| set(v, |e, v| e.name = v));
    let describe = Callback::new(move |v: String| {
        check_says(&v)?;
        set(v, |e, v| e.says = v)
    });
    let stem = format!("condition-{id}");
    view! {
        <CommitField id=format!("{stem}-name") label="Name" value=name commit=rename/>
        <CommitField id=format!("{stem}-says") label="What it does" value=says commit=describe multiline=true/>
        <RemoveEntry name id remove=|p, id| p.conditions.retain(|e| e.id != id)/>
    }
}
