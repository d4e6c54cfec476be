//! A Symbaroum-family pack's weapons (damage, qualities, ranged, the attribute they
//! attack with, price) and armor (protection, Impeding, qualities, price), each folded
//! to its name until opened.

use super::editing::Editing;
use super::entry_list::{EntryList, Shown};
use super::fields::{AddForm, CommitField, RemoveEntry};
use crate::model::pack::edit::{
    add_armor, add_weapon, change_entry, check_says, parse_names, parse_price,
};
use crate::model::pack::{ArmorEntry, WeaponEntry};
use crate::rules::input::parse_whole;
use crate::rules::symbaroum::combat::WeaponQuality;
use crate::rules::symbaroum::dice_notation::parse_dice;
use crate::rules::symbaroum::Attr;
use leptos::prelude::*;

#[component]
pub fn WeaponsSection() -> impl IntoView {
    let editing = expect_context::<Editing>();
    let damage = RwSignal::new(String::new());
    let shown = Shown::new(editing.pack, |p| &p.weapons);
    let add = shown.adding(move |name| {
        editing.edit(|p| add_weapon(p, &name, &damage.get_untracked()).map(|(p, _)| p))
    });
    view! {
        <section class="card" aria-labelledby="pack-weapons-heading">
            <h2 id="pack-weapons-heading">"Weapons"</h2>
            <AddForm id="new-weapon-name" label="New weapon's name" button="Add weapon" add>
                <div class="field">
                    <label for="new-weapon-damage">"Damage"</label>
                    <input id="new-weapon-damage" type="text" placeholder="1d8"
                        prop:value=damage on:input=move |ev| damage.set(event_target_value(&ev))/>
                </div>
            </AddForm>
            <EntryList shown what="weapons" id="find-weapons" summary=weapon_summary fields=|id| view! { <WeaponEditor id/> }.into_any()/>
        </section>
    }
}

/// A weapon folded: its name and damage.
fn weapon_summary(id: u32) -> AnyView {
    let entry = expect_context::<Editing>().entry(|p| &p.weapons, id);
    let read = move |f: fn(&WeaponEntry) -> String| {
        move || entry.with(|e| e.as_ref().map(f).unwrap_or_default())
    };
    view! {
        <strong>{read(|e| e.name.clone())}</strong>
        <span class="pack-facts">{read(|e| format!(" · {}", e.damage))}</span>
    }
    .into_any()
}

#[component]
fn WeaponEditor(id: u32) -> impl IntoView {
    let editing = expect_context::<Editing>();
    let l = expect_context::<super::pack_words::PackWords>().labels();
    let entry = editing.entry(|p| &p.weapons, id);
    let read = move |f: fn(&WeaponEntry) -> String| {
        move || entry.with(|e| e.as_ref().map(f).unwrap_or_default())
    };
    let name = read(|e| e.name.clone());
    let damage = read(|e| e.damage.to_string());
    let others = read(|e| {
        let o: Vec<&str> = e
            .qualities
            .iter()
            .filter(|q| matches!(q, WeaponQuality::Other(_)))
            .map(WeaponQuality::name)
            .collect();
        o.join(", ")
    });
    let price = read(|e| e.value.map(|v| v.to_string()).unwrap_or_default());
    let says = read(|e| e.says.clone());
    let change = move |f: Box<dyn FnOnce(&mut WeaponEntry)>| {
        editing.edit(|p| change_entry(p, |p| &mut p.weapons, id, f))
    };
    let rename =
        Callback::new(move |v: String| change(Box::new(move |e| e.name = v.trim().to_string())));
    let redamage = Callback::new(move |v: String| {
        let d = parse_dice(&v)?;
        change(Box::new(move |e| e.damage = d))
    });
    let reother = Callback::new(move |v: String| {
        change(Box::new(move |e| {
            e.qualities
                .retain(|q| !matches!(q, WeaponQuality::Other(_)));
            e.qualities
                .extend(parse_names(&v).into_iter().map(WeaponQuality::Other));
        }))
    });
    let reprice = Callback::new(move |v: String| {
        let value = parse_price(&v)?;
        change(Box::new(move |e| e.value = value))
    });
    let describe = Callback::new(move |v: String| {
        check_says(&v)?;
        change(Box::new(move |e| e.says = v.trim().to_string()))
    });
    let stem = format!("weapon-{id}");
    let attack_id = format!("{stem}-attack");
    let ranged_id = format!("{stem}-ranged");
    let attack =
        move || entry.with(|e| e.as_ref().and_then(|e| e.attack_with).map_or("", Attr::key));
    view! {
        <CommitField id=format!("{stem}-name") label="Name" value=name commit=rename/>
        <CommitField id=format!("{stem}-damage") label="Damage" value=damage commit=redamage/>
        <fieldset class="pack-level">
            <legend>"Qualities"</legend>
            {WeaponQuality::known().map(|q| {
                let box_id = format!("{stem}-{}", String::from(q.clone()));
                let has = q.clone();
                let on = move || entry.with(|e| e.as_ref().is_some_and(|e| e.qualities.contains(&has)));
                let label = q.name().to_string();
                view! {
                    <div class="field checkbox">
                        <input id=box_id.clone() type="checkbox" prop:checked=on on:change=move |ev| {
                            let checked = event_target_checked(&ev);
                            let q = q.clone();
                            let _ = change(Box::new(move |e| {
                                e.qualities.retain(|x| *x != q);
                                if checked {
                                    e.qualities.push(q);
                                }
                            }));
                        }/>
                        <label for=box_id>{label}</label>
                    </div>
                }
            }).collect_view()}
            <CommitField id=format!("{stem}-others") label="Other qualities, comma-separated" value=others commit=reother/>
        </fieldset>
        <div class="field checkbox">
            <input id=ranged_id.clone() type="checkbox"
                prop:checked=move || entry.with(|e| e.as_ref().is_some_and(|e| e.ranged))
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    let _ = change(Box::new(move |e| e.ranged = on));
                }/>
            <label for=ranged_id>"Ranged"</label>
        </div>
        <div class="field">
            <label for=attack_id.clone()>"Attacks with"</label>
            <select id=attack_id prop:value=attack on:change=move |ev| {
                let a = Attr::from_key(&event_target_value(&ev));
                let _ = change(Box::new(move |e| e.attack_with = a.filter(|a| *a != Attr::Exactitude)));
            }>
                <option value="">{l.attr(Attr::Exactitude)}</option>
                {Attr::ALL.into_iter().filter(|a| *a != Attr::Exactitude).map(|a| view! { <option value=a.key()>{l.attr(a)}</option> }).collect_view()}
            </select>
        </div>
        <CommitField id=format!("{stem}-price") label="Price (ortegs)" value=price commit=reprice/>
        <CommitField id=format!("{stem}-says") label="What it says" value=says commit=describe multiline=true/>
        <RemoveEntry name id remove=|p, id| p.weapons.retain(|e| e.id != id)/>
    }
}

#[component]
pub fn ArmorSection() -> impl IntoView {
    let editing = expect_context::<Editing>();
    let protection = RwSignal::new(String::new());
    let impeding = RwSignal::new(String::new());
    let shown = Shown::new(editing.pack, |p| &p.armor);
    let add = shown.adding(move |name| {
        editing.edit(|p| {
            add_armor(
                p,
                &name,
                &protection.get_untracked(),
                &impeding.get_untracked(),
            )
            .map(|(p, _)| p)
        })
    });
    view! {
        <section class="card" aria-labelledby="pack-armor-heading">
            <h2 id="pack-armor-heading">"Armor"</h2>
            <AddForm id="new-armor-name" label="New armor's name" button="Add armor" add>
                <div class="field">
                    <label for="new-armor-protection">"Protection"</label>
                    <input id="new-armor-protection" type="text" placeholder="1d4"
                        prop:value=protection on:input=move |ev| protection.set(event_target_value(&ev))/>
                </div>
                <div class="field">
                    <label for="new-armor-impeding">"Impeding"</label>
                    <input id="new-armor-impeding" type="text" inputmode="numeric" placeholder="2"
                        prop:value=impeding on:input=move |ev| impeding.set(event_target_value(&ev))/>
                </div>
            </AddForm>
            <EntryList shown what="armor" id="find-armor" summary=armor_summary fields=|id| view! { <ArmorEditor id/> }.into_any()/>
        </section>
    }
}

/// Armor folded: its name, protection and Impeding.
fn armor_summary(id: u32) -> AnyView {
    let entry = expect_context::<Editing>().entry(|p| &p.armor, id);
    let read = move |f: fn(&ArmorEntry) -> String| {
        move || entry.with(|e| e.as_ref().map(f).unwrap_or_default())
    };
    view! {
        <strong>{read(|e| e.name.clone())}</strong>
        <span class="pack-facts">{read(|e| format!(" · {}, Impeding {}", e.protection, e.impeding))}</span>
    }
    .into_any()
}

#[component]
fn ArmorEditor(id: u32) -> impl IntoView {
    let editing = expect_context::<Editing>();
    let entry = editing.entry(|p| &p.armor, id);
    let read = move |f: fn(&ArmorEntry) -> String| {
        move || entry.with(|e| e.as_ref().map(f).unwrap_or_default())
    };
    let name = read(|e| e.name.clone());
    let protection = read(|e| e.protection.to_string());
    let impeding = read(|e| e.impeding.to_string());
    let qualities = read(|e| e.qualities.join(", "));
    let price = read(|e| e.value.map(|v| v.to_string()).unwrap_or_default());
    let says = read(|e| e.says.clone());
    let change = move |f: Box<dyn FnOnce(&mut ArmorEntry)>| {
        editing.edit(|p| change_entry(p, |p| &mut p.armor, id, f))
    };
    let rename =
        Callback::new(move |v: String| change(Box::new(move |e| e.name = v.trim().to_string())));
    let reprotect = Callback::new(move |v: String| {
        let d = parse_dice(&v)?;
        change(Box::new(move |e| e.protection = d))
    });
    let reimpede = Callback::new(move |v: String| {
        let n = parse_whole("Impeding", &v, 0, 20)? as i32;
        change(Box::new(move |e| e.impeding = n))
    });
    let requalify =
        Callback::new(move |v: String| change(Box::new(move |e| e.qualities = parse_names(&v))));
    let reprice = Callback::new(move |v: String| {
        let value = parse_price(&v)?;
        change(Box::new(move |e| e.value = value))
    });
    let describe = Callback::new(move |v: String| {
        check_says(&v)?;
        change(Box::new(move |e| e.says = v.trim().to_string()))
    });
    let stem = format!("armor-{id}");
    view! {
        <CommitField id=format!("{stem}-name") label="Name" value=name commit=rename/>
        <CommitField id=format!("{stem}-protection") label="Protection" value=protection commit=reprotect/>
        <CommitField id=format!("{stem}-impeding") label="Impeding" value=impeding commit=reimpede/>
        <CommitField id=format!("{stem}-qualities") label="Qualities, comma-separated" value=qualities commit=requalify/>
        <CommitField id=format!("{stem}-price") label="Price (ortegs)" value=price commit=reprice/>
        <CommitField id=format!("{stem}-says") label="What it says" value=says commit=describe multiline=true/>
        <RemoveEntry name id remove=|p, id| p.armor.retain(|e| e.id != id)/>
    }
}
