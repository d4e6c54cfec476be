//! A Symbaroum-family pack's items: the add form, then each item folded to its name
//! until opened, with how it counts toward encumbrance, Massive, its price and what
//! it says.

use super::editing::Editing;
use super::entry_list::{EntryList, Shown};
use super::fields::{AddForm, CommitField, RemoveEntry};
use crate::model::pack::edit::{add_item, check_says, item, parse_price};
use crate::model::pack::ItemClass;
use leptos::prelude::*;

const CLASSES: [(ItemClass, &str); 5] = [
    (ItemClass::Other, "other"),
    (ItemClass::Clothing, "clothing"),
    (ItemClass::LightContainer, "light_container"),
    (ItemClass::BulkyContainer, "bulky_container"),
    (ItemClass::SmallObjects, "small_objects"),
];

/// The class's value in the picker.
fn class_key(c: ItemClass) -> &'static str {
    CLASSES
        .iter()
        .find(|(x, _)| *x == c)
        .map_or("other", |(_, k)| k)
}

#[component]
pub fn ItemsSection() -> impl IntoView {
    let editing = expect_context::<Editing>();
    let shown = Shown::new(editing.pack, |p| &p.items);
    let add = shown.adding(move |name| editing.edit(|p| add_item(p, &name).map(|(p, _)| p)));
    view! {
        <section class="card" aria-labelledby="pack-items-heading">
            <h2 id="pack-items-heading">"Items"</h2>
            <AddForm id="new-item-name" label="New item's name" button="Add item" add/>
            <EntryList shown what="items" id="find-items" summary fields=|id| view! { <ItemEditor id/> }.into_any()/>
        </section>
    }
}

/// An item folded: its name and how it counts.
fn summary(id: u32) -> AnyView {
    let entry = expect_context::<Editing>().entry(|p| &p.items, id);
    let name = move || entry.with(|e| e.as_ref().map(|e| e.name.clone()).unwrap_or_default());
    let class = move || entry.with(|e| e.as_ref().map_or(ItemClass::Other, |e| e.class));
    view! {
        <strong>{name}</strong>
        <span class="pack-facts">{move || format!(" · {}", class().label())}</span>
    }
    .into_any()
}

#[component]
fn ItemEditor(id: u32) -> impl IntoView {
    let editing = expect_context::<Editing>();
    let entry = editing.entry(|p| &p.items, id);
    let field = move |f: fn(&crate::model::pack::ItemEntry) -> String| {
        move || entry.with(|e| e.as_ref().map(f).unwrap_or_default())
    };
    let name = field(|e| e.name.clone());
    let price = field(|e| e.value.map(|v| v.to_string()).unwrap_or_default());
    let says = field(|e| e.says.clone());
    let class = move || entry.with(|e| e.as_ref().map_or(ItemClass::Other, |e| e.class));
    let massive = move || entry.with(|e| e.as_ref().is_some_and(|e| e.massive));
    let rename = Callback::new(move |v: String| {
        editing.edit(|p| item(p, id, |e| e.name = v.trim().to_string()))
    });
    let reprice = Callback::new(move |v: String| {
        let value = parse_price(&v)?;
        editing.edit(|p| item(p, id, |e| e.value = value))
    });
    let describe = Callback::new(move |v: String| {
        check_says(&v)?;
        editing.edit(|p| item(p, id, |e| e.says = v.trim().to_string()))
    });
    let stem = format!("item-{id}");
    let class_id = format!("{stem}-class");
    let massive_id = format!("{stem}-massive");
    view! {
        <CommitField id=format!("{stem}-name") label="Name" value=name commit=rename/>
        <div class="field">
            <label for=class_id.clone()>"Counts as"</label>
            <select id=class_id prop:value=move || class_key(class()) on:change=move |ev| {
                let v = event_target_value(&ev);
                if let Some((c, _)) = CLASSES.iter().find(|(_, k)| *k == v) {
                    let _ = editing.edit(|p| item(p, id, |e| e.class = *c));
                }
            }>
                {CLASSES.iter().map(|(c, k)| {
                    view! { <option value=*k>{c.label()}</option> }
                }).collect_view()}
            </select>
        </div>
        <div class="field checkbox">
            <input id=massive_id.clone() type="checkbox" prop:checked=massive on:change=move |ev| {
                let on = event_target_checked(&ev);
                let _ = editing.edit(|p| item(p, id, |e| e.massive = on));
            }/>
            <label for=massive_id>"Massive (counts as two)"</label>
        </div>
        <CommitField id=format!("{stem}-price") label="Price of one (ortegs)" value=price commit=reprice/>
        <CommitField id=format!("{stem}-says") label="What it says" value=says commit=describe multiline=true/>
        <RemoveEntry name id remove=|p, id| p.items.retain(|e| e.id != id)/>
    }
}
