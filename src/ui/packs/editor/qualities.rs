//! A Symbaroum-family pack's weapon qualities: each one's name and what it says (its
//! effects from a file are listed, each with a Remove).

use super::editing::Editing;
use super::entry_list::{EntryList, Shown};
use super::fields::{AddForm, CommitField, RemoveEntry};
use crate::model::pack::edit::{add_quality, change_entry, check_says};
use crate::model::pack::QualityEntry;
use leptos::prelude::*;

#[component]
pub fn QualitiesSection() -> impl IntoView {
    let editing = expect_context::<Editing>();
    let shown = Shown::new(editing.pack, |p| &p.qualities);
    let add = shown.adding(move |name| editing.edit(|p| add_quality(p, &name).map(|(p, _)| p)));
    view! {
        <section class="card" aria-labelledby="pack-qualities-heading">
            <h2 id="pack-qualities-heading">"Weapon qualities"</h2>
            <AddForm id="new-quality-name" label="New quality's name" button="Add quality" add/>
            <EntryList shown what="qualities" id="find-qualities" summary fields=|id| view! { <QualityEditor id/> }.into_any()/>
        </section>
    }
}

/// A quality folded: its name.
fn summary(id: u32) -> AnyView {
    let entry = expect_context::<Editing>().entry(|p| &p.qualities, id);
    view! { <strong>{move || entry.with(|e| e.as_ref().map(|e| e.name.clone()).unwrap_or_default())}</strong> }.into_any()
}

#[component]
fn QualityEditor(id: u32) -> impl IntoView {
    let editing = expect_context::<Editing>();
    let l = expect_context::<super::pack_words::PackWords>().labels();
    let entry = editing.entry(|p| &p.qualities, id);
    let name = move || entry.with(|e| e.as_ref().map(|e| e.name.clone()).unwrap_or_default());
    let says = move || entry.with(|e| e.as_ref().map(|e| e.says.clone()).unwrap_or_default());
    let effects = move || {
        entry.with(|e| {
            e.as_ref()
                .map(|e| {
                    e.effects
                        .iter()
                        .map(|x| {
                            x.effect
                                .as_ref()
                                .map_or("An effect a newer Sheetwright knows".into(), |x| x.says(l))
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    };
    let change = move |f: Box<dyn FnOnce(&mut QualityEntry)>| {
        editing.edit(|p| change_entry(p, |p| &mut p.qualities, id, f))
    };
    let rename =
        Callback::new(move |v: String| change(Box::new(move |e| e.name = v.trim().to_string())));
    let describe = Callback::new(move |v: String| {
        check_says(&v)?;
        change(Box::new(move |e| e.says = v.trim().to_string()))
    });
    let stem = format!("quality-{id}");
    view! {
        <CommitField id=format!("{stem}-name") label="Name" value=name commit=rename/>
        <CommitField id=format!("{stem}-says") label="What it does" value=says commit=describe multiline=true/>
        <ul class="pack-effects">
            {move || effects().into_iter().enumerate().map(|(n, text)| view! {
                <li>
                    <span>{text.clone()}</span>
                    <button type="button" aria-label=format!("Remove “{text}”") on:click=move |_| {
                        let _ = change(Box::new(move |e| {
                            if n < e.effects.len() {
                                e.effects.remove(n);
                            }
                        }));
                    }>"Remove"</button>
                </li>
            }).collect_view()}
        </ul>
        <RemoveEntry name id remove=|p, id| p.qualities.retain(|e| e.id != id)/>
    }
}
