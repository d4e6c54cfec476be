//! One ability's row: its one line of what matters in play (name, kind, what it does to
//! the numbers) and, once tapped, its editor (level through the ledger, action type,
//! the Exceptional Attribute's attribute, the player's own modifier and description,
//! and what the seeds say a named ability does). A named ability with a test of its
//! own (Confusion) has its roll beside its line, set up in one tap.

use crate::model::advance::{AdvanceStoreFields, TEXT_MAX};
use crate::model::play::abilities::{self as play, used_credit};
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::abilities::{effects, Known};
use crate::rules::symbaroum::derived::fmt_plus;
use crate::rules::symbaroum::experience::{
    worth, Ability, AbilityKind, AbilityModifier, ActionType, Level, TRAITS_AT_CREATION_ONLY,
};
use crate::rules::symbaroum::modifier_input::{
    target_from_key, target_key, target_label, EDITABLE_TARGETS,
};
use crate::rules::symbaroum::{labels, Attr, Labels, Target};
use crate::ui::long_list::{Keyed, RowKey, Window};
use crate::ui::number_field::NumberField;
use crate::ui::parts::{edit_advance, remove_button};
use crate::ui::roll_panel::Rolls;
use crate::ui::row_editor::row_editor;
use crate::ui::row_values::RowValues;
use crate::ui::Live;
use leptos::prelude::*;

pub(super) const LEVELS: [Level; 3] = Level::ALL;
pub(super) const ACTIONS: [(ActionType, &str); 5] = [
    (ActionType::Active, "Active"),
    (ActionType::Free, "Free"),
    (ActionType::Passive, "Passive"),
    (ActionType::Reaction, "Reaction"),
    (ActionType::Special, "Special"),
];

pub(super) fn action_key(a: Option<ActionType>) -> &'static str {
    a.map(ActionType::key).unwrap_or("")
}

/// What an ability does to the numbers, in the ruleset's words: "Defense −3".
fn effect_text(a: &Ability, l: &Labels) -> String {
    let fx = effects(std::slice::from_ref(a));
    let mut parts: Vec<String> = fx
        .modifiers
        .iter()
        .map(|m| format!("{} {}", target_label(m.target, l), fmt_plus(m.amount)))
        .collect();
    if fx.pack_mule {
        parts.push(format!("{} × 1.5, rounded down", l.encumbrance_threshold));
    }
    if Known::of(&a.name) == Some(Known::ExceptionalAttribute) && a.attr.is_none() {
        parts.push("choose the attribute it raises".into());
    }
    parts.join(" · ")
}

/// The attribute picker of Exceptional Attribute.
pub(super) fn attr_select(
    id: String,
    l: impl Fn() -> &'static Labels + Copy + Send + Sync + 'static,
    current: impl Fn() -> Option<Attr> + Copy + Send + Sync + 'static,
    on: impl Fn(Option<Attr>) + 'static,
) -> impl IntoView {
    view! {
        <div class="field">
            <label for=id.clone()>"Raises"</label>
            <select id=id on:change=move |ev| on(Attr::from_key(&event_target_value(&ev)))>
                <option value="" selected=move || current().is_none()>"Choose…"</option>
                {Attr::ALL.into_iter().map(|a| view! {
                    <option value=a.key() selected=move || current() == Some(a)>{move || l().attr(a)}</option>
                }).collect_view()}
            </select>
        </div>
    }
}

/// The picker of what an ability's own modifier changes ("Nothing" for none).
pub(super) fn target_select(
    id: String,
    l: impl Fn() -> &'static Labels + Copy + Send + Sync + 'static,
    current: impl Fn() -> Option<Target> + Copy + Send + Sync + 'static,
    on: impl Fn(Option<Target>) + 'static,
) -> impl IntoView {
    view! {
        <div class="field">
            <label for=id.clone()>"Modifies"</label>
            <select id=id on:change=move |ev| on(target_from_key(&event_target_value(&ev)))>
                <option value="" selected=move || current().is_none()>"Nothing"</option>
                {EDITABLE_TARGETS.into_iter().map(|t| view! {
                    <option value=target_key(t) selected=move || current() == Some(t)>{move || target_label(t, l())}</option>
                }).collect_view()}
            </select>
        </div>
    }
}

#[component]
pub(super) fn AbilityRow(
    character: Live,
    /// The row's ability, by id (the row follows it wherever it moves in the list).
    key: RowKey,
    keyed: Keyed,
    /// Each drawn row's ability.
    abilities: RowValues<Ability>,
    use_credit: RwSignal<bool>,
    /// Which rows of the list are drawn.
    window: Window,
) -> impl IntoView {
    // Woken only when this row's ability changes (`ui::row_values`).
    let a = abilities.row(key);
    let l = move || labels(character.ruleset().get());
    let message = RwSignal::new(None::<String>);
    let Some(start) = a.get_untracked() else {
        return ().into_any();
    };
    let name = start.name.clone();
    let kind = start.kind;
    // Books a level change; a refusal shows at the row and changes nothing.
    let set_level = move |to: Level| {
        let credit = use_credit.get_untracked();
        let Some(i) = keyed.index(key) else { return };
        let r = edit_advance(character, |adv| play::set_level(adv, i, to, credit));
        match r {
            Ok(booked) => {
                if used_credit(&booked) {
                    use_credit.set(false);
                }
                message.set(booked.map(|e| e.text()));
            }
            Err(e) => message.set(Some(e)),
        }
    };
    let remove = move || {
        let Some(i) = keyed.index(key) else { return };
        let r = edit_advance(character, |adv| play::remove(adv, i));
        match r {
            Ok(before) => window.removed(i, before),
            Err(e) => message.set(Some(e)),
        }
    };
    // The row's place is found before the edit: reading the list's index inside the
    // edit could read the character while the edit holds it.
    let upd = move |f: Box<dyn FnOnce(&mut Ability)>| {
        let at = keyed.index(key);
        edit_advance(character, |adv| {
            if let Some(ab) = at.and_then(|i| adv.abilities.get_mut(i)) {
                f(ab)
            }
        });
    };
    let level = move || a.with(|a| a.and_then(|a| a.level));
    // Nothing paid: it came at creation, and raising it during creation is free too.
    let came_free = move || a.with(|a| a.is_some_and(|a| a.paid == 0 && a.credits == 0));
    // In the editor, built when the row is first opened.
    let level_buttons = move || {
        kind.has_levels().then(|| {
        let in_creation = Memo::new(move |_| character.advance().in_creation().get());
        let up = move || level().and_then(|l| LEVELS.into_iter().find(|&n| n > l));
        let down = move || level().and_then(|l| LEVELS.into_iter().rev().find(|&n| n < l));
        let cost = move |to: Level| worth(kind, Some(to)) - worth(kind, level());
        // After creation a trait is not raised: the button makes way for the reason.
        let fixed = move || kind == AbilityKind::Trait && !in_creation.get();
        view! {
            {move || up().filter(|_| !fixed()).map(|to| view! {
                <button type="button" class="ability-raise" on:click=move |_| set_level(to)>
                    {format!("Raise to {}", to.name())}
                    {move || match kind {
                        AbilityKind::Trait => None,
                        _ if in_creation.get() && came_free() => Some(" (free at creation)".to_string()),
                        _ => Some(format!(" ({} XP)", cost(to))),
                    }}
                </button>
            })}
            {move || (up().is_some() && fixed()).then(|| view! {
                <span class="hint trait-fixed">{TRAITS_AT_CREATION_ONLY}</span>
            })}
            {move || down().map(|to| view! {
                <button type="button" class="ability-lower" on:click=move |_| set_level(to)>
                    {format!("Lower to {}", to.name())}
                </button>
            })}
        }
    })
    };
    let known = Known::of(&name);
    let modifier = move || a.with(|a| a.and_then(|a| a.modifier));
    // Element ids follow the ability, not its place in the list.
    let id = move |part: &str| match key {
        (id, 0) => format!("ability-{id}-{part}"),
        (id, n) => format!("ability-{id}-{n}-{part}"),
    };
    view! {
        <li class="item-row ability-row" data-name=start.name>
            // One line of what matters in play; tapping it opens the editor.
            {row_editor(view! {
                <strong class="ability-name">{move || a.with(|a| a.map(Ability::title))}</strong>
                " "<span class="item-dice">{move || kind.name_in(l())}</span>
                " "<span class="ability-effect" aria-live="polite">{move || a.with(|a| a.map(|a| effect_text(a, l())))}</span>
            }, move || view! {
                <div class="item-controls">
                    {level_buttons()}
                    <select class="ability-action" aria-label=format!("Action type of {name}") on:change=move |ev| {
                        let v = ActionType::from_key(&event_target_value(&ev));
                        upd(Box::new(move |a| a.action = v));
                    }>
                        <option value="" selected=move || a.with(|a| a.is_some_and(|a| a.action.is_none()))>"Action type…"</option>
                        {ACTIONS.into_iter().map(|(t, label)| view! {
                            <option value=action_key(Some(t)) selected=move || a.with(|a| a.is_some_and(|a| a.action == Some(t)))>{label}</option>
                        }).collect_view()}
                    </select>
                    {remove_button("ability-remove", &name, remove)}
                </div>
                {(known == Some(Known::ExceptionalAttribute)).then(|| attr_select(
                    id("attr"),
                    l,
                    move || a.with(|a| a.and_then(|a| a.attr)),
                    move |v| upd(Box::new(move |a| a.attr = v)),
                ))}
                // The player's own modifier: changed or dropped here, no need to re-buy.
                <div class="ability-mod">
                    {target_select(id("mod-target"), l, move || modifier().map(|m| m.target), move |t| {
                        upd(Box::new(move |a| {
                            let amount = a.modifier.map_or(1, |m| m.amount);
                            a.modifier = t.map(|target| AbilityModifier { target, amount });
                        }));
            })}
                <Show when=move || modifier().is_some()>
                    <NumberField
                        id=id("mod-amount")
                        label="By"
                        class="ability-mod-amount"
                        value=Signal::derive(move || modifier().map_or(0, |m| m.amount as i64))
                        min=-99
                        max=99
                        on_set=Callback::new(move |n: i64| upd(Box::new(move |a| {
                            if let Some(m) = &mut a.modifier {
                                m.amount = n as i32;
                            }
                        })))
                    />
                </Show>
            </div>
            {known.map(|k| view! { <p class="hint ability-says">{move || k.says(l())}</p> })}
            <textarea
                class="ability-notes"
                rows="2"
                maxlength=TEXT_MAX.to_string()
                aria-label=format!("Description of {name}")
                placeholder="Description"
                prop:value=move || a.with(|a| a.map(|a| a.notes.clone()).unwrap_or_default())
                on:change=move |ev| {
                    let t: String = event_target_value(&ev).chars().take(TEXT_MAX).collect();
                    upd(Box::new(move |a| a.notes = t));
                }
            ></textarea>
            })}
            // A named ability's own test, set up in one tap: "Roll Confusion [Resolute←Resolute]".
            {known.and_then(Known::test).zip(use_context::<Rolls>()).map(|(t, rolls)| view! {
                <button type="button" class="ability-roll" on:click=move |_| rolls.open_set(t)>
                    {move || {
                        let l = l();
                        let against = t.against.map(|a| format!("←{}", l.attr(a))).unwrap_or_default();
                        format!("Roll {} [{}{against}]", t.name, l.attr(t.tested))
                    }}
                </button>
            })}
            <p class="row-message" role="status">{move || message.get()}</p>
        </li>
    }
    .into_any()
}
