//! What a pack holds, list by list, as a player reads it: each entry's name, kind,
//! what it says and what its effects do at each level, in the ruleset's words.

use crate::model::pack::check::list_name;
use crate::model::pack::{known, AbilityEntry, Pack, SavedEffect};
use crate::rules::heimr::armoury::bonus_label;
use crate::rules::symbaroum::derived::fmt_signed;
use crate::rules::symbaroum::experience::Level;
use crate::rules::symbaroum::Labels;
use crate::ui::long_list::{MoreRows, Window};
use leptos::prelude::*;

/// One entry as shown: its name, a line of facts, what it says, and its effects.
struct Shown {
    name: String,
    facts: String,
    says: String,
    effects: Vec<String>,
}

fn said(effects: &[SavedEffect], l: &Labels) -> String {
    let known = known(effects);
    let mut parts: Vec<String> = known.iter().map(|e| e.says(l)).collect();
    let unknown = effects.len() - known.len();
    if unknown > 0 {
        parts.push(format!("{unknown} effect(s) a newer Sheetwright knows"));
    }
    parts.join("; ")
}

fn ability(e: &AbilityEntry, l: &Labels) -> Shown {
    let mut effects = Vec::new();
    if !e.effects.is_empty() {
        effects.push(said(&e.effects, l));
    }
    for level in Level::ALL {
        if let Some(at) = e.level(level) {
            let mut line = format!("{}:", level.title());
            for part in [at.says.clone(), said(&at.effects, l)] {
                if !part.is_empty() {
                    line.push(' ');
                    line.push_str(&part);
                }
            }
            effects.push(line);
        }
    }
    let mut facts = e.kind.name_in(l).to_string();
    if let Some(a) = e.action {
        facts.push_str(&format!(", {}", a.key()));
    }
    Shown {
        name: e.name.clone(),
        facts,
        says: e.says.clone(),
        effects,
    }
}

fn price(v: Option<u32>) -> String {
    v.map(|v| format!(", {v} ortegs")).unwrap_or_default()
}

/// Every list of `p` with its entries.
fn lists(p: &Pack, l: &Labels) -> Vec<(String, Vec<Shown>)> {
    let plain = |name: &str, facts: String, says: &str| Shown {
        name: name.to_string(),
        facts,
        says: says.to_string(),
        effects: Vec::new(),
    };
    let mut out = vec![
        (
            "abilities",
            p.abilities
                .iter()
                .map(|e| ability(e, l))
                .collect::<Vec<_>>(),
        ),
        (
            "qualities",
            p.qualities
                .iter()
                .map(|e| Shown {
                    effects: (!e.effects.is_empty())
                        .then(|| said(&e.effects, l))
                        .into_iter()
                        .collect(),
                    ..plain(&e.name, String::new(), &e.says)
                })
                .collect(),
        ),
        (
            "items",
            p.items
                .iter()
                .map(|e| {
                    plain(
                        &e.name,
                        format!(
                            "{}{}{}",
                            e.class.label(),
                            if e.massive { ", Massive" } else { "" },
                            price(e.value)
                        ),
                        &e.says,
                    )
                })
                .collect(),
        ),
        (
            "weapons",
            p.weapons
                .iter()
                .map(|e| {
                    let q = e.quality_names();
                    let facts = format!(
                        "{}{}{}{}",
                        e.damage,
                        if e.ranged { ", ranged" } else { "" },
                        if q.is_empty() {
                            String::new()
                        } else {
                            format!(", {q}")
                        },
                        price(e.value)
                    );
                    plain(&e.name, facts, &e.says)
                })
                .collect(),
        ),
        (
            "armor",
            p.armor
                .iter()
                .map(|e| {
                    plain(
                        &e.name,
                        format!(
                            "{} {}, {} {}{}",
                            l.armor,
                            e.protection,
                            l.impeding,
                            e.impeding,
                            price(e.value)
                        ),
                        &e.says,
                    )
                })
                .collect(),
        ),
        (
            "heimr_abilities",
            p.heimr_abilities
                .iter()
                .map(|e| {
                    let attrs: Vec<&str> = e.attributes.iter().map(|a| a.name()).collect();
                    let base = e
                        .base_consistency
                        .map(|c| format!(", base consistency {}", fmt_signed(c)))
                        .unwrap_or_default();
                    let attrs = if attrs.is_empty() {
                        "attributes of your choice".to_string()
                    } else {
                        attrs.join(" + ")
                    };
                    plain(&e.name, format!("{attrs}{base}"), &e.says)
                })
                .collect(),
        ),
        (
            "conditions",
            p.conditions
                .iter()
                .map(|e| plain(&e.name, String::new(), &e.says))
                .collect(),
        ),
        (
            "heimr_weapons",
            p.heimr_weapons
                .iter()
                .map(|e| {
                    let range = e
                        .range
                        .map(|r| format!("range {r}"))
                        .unwrap_or_else(|| "melee".into());
                    let facts = format!(
                        "{range}, damage {}, {}, {}; {}",
                        e.damage,
                        bonus_label(e.potential_bonus),
                        e.hands,
                        e.abilities.join(", ")
                    );
                    plain(&e.name, facts, &e.says)
                })
                .collect(),
        ),
        (
            "heimr_shields",
            p.heimr_shields
                .iter()
                .map(|e| {
                    plain(
                        &e.name,
                        format!(
                            "{}, penalty {}, {}; {}",
                            bonus_label(e.potential_bonus),
                            e.penalty,
                            e.hands,
                            e.abilities.join(", ")
                        ),
                        &e.says,
                    )
                })
                .collect(),
        ),
    ];
    out.retain(|(_, rows)| !rows.is_empty());
    let mut named: Vec<(String, Vec<Shown>)> = out
        .into_iter()
        .map(|(k, rows)| (list_name(k), rows))
        .collect();
    let pools: Vec<String> = [("HP", p.hp_max), ("Willpower", p.willpower_max)]
        .into_iter()
        .filter_map(|(n, v)| v.map(|v| format!("{n} {v}")))
        .collect();
    if !pools.is_empty() {
        named.push((
            "Maxima for a new character".into(),
            vec![plain(&pools.join(", "), String::new(), "")],
        ));
    }
    named
}

/// One entry as a list item.
fn entry(s: &Shown) -> impl IntoView {
    view! {
        <li>
            <strong>{s.name.clone()}</strong>
            {(!s.facts.is_empty()).then(|| view! { <span class="pack-facts">{format!(" · {}", s.facts)}</span> })}
            {(!s.says.is_empty()).then(|| view! { <p>{s.says.clone()}</p> })}
            {s.effects.iter().map(|e| view! { <p class="pack-effect">{e.clone()}</p> }).collect_view()}
        </li>
    }
}

/// One list's entries, a long one drawn in windows (`ui::long_list`): a pack of
/// thousands of entries is read as quickly as one of ten.
fn list(name: String, rows: Vec<Shown>) -> impl IntoView {
    let count = rows.len();
    let rows = StoredValue::new(rows);
    let window = Window::new();
    let drawn = Memo::new(move |_| window.drawn(count));
    view! {
        <h3>{format!("{name} ({count})")}</h3>
        <ul class="pack-entry-list">
            {move || {
                let head = drawn.with(|d| d.head.clone());
                rows.with_value(|r| r[head].iter().map(entry).collect_view())
            }}
            <MoreRows window hidden=Signal::derive(move || drawn.with(|d| d.hidden)) what="entries"/>
        </ul>
    }
}

/// The entries of `p`, said in the words of `l`.
#[component]
pub fn EntriesView(pack: Pack, labels: &'static Labels) -> impl IntoView {
    let lists = lists(&pack, labels);
    let empty = lists
        .is_empty()
        .then(|| view! { <p class="empty">"This pack holds no entries yet."</p> });
    view! {
        <div class="pack-entries">
            {empty}
            {lists.into_iter().map(|(name, rows)| list(name, rows)).collect_view()}
        </div>
    }
}
