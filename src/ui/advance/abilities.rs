//! Abilities, boons, burdens, traits, mystical powers, rituals and principle bonds:
//! bought, raised, lowered and removed through the Experience ledger (refused with
//! what is missing), each with its action type, description and the modifiers it
//! carries (Exceptional Attribute, Robust, Pack-mule, or one the player gives it).

use crate::model::advance::TEXT_MAX;
use crate::model::play::abilities::{self as play, used_credit};
use crate::model::CharacterStoreFields;
use crate::rules::input::parse_whole;
use crate::rules::symbaroum::abilities::{effects, Known};
use crate::rules::symbaroum::derived::fmt_plus;
use crate::rules::symbaroum::experience::{
    ability_warnings, worth, Ability, AbilityKind, AbilityModifier, ActionType, Level, XpEntry,
    BURDEN_CREDIT, TRAITS_AT_CREATION_ONLY,
};
use crate::rules::symbaroum::modifier_input::{
    target_from_key, target_key, target_label, EDITABLE_TARGETS,
};
use crate::rules::symbaroum::{labels, Attr, Labels, Target};
use crate::ui::long_list::{Keyed, KeyedRows, MoreRows, RowKey, Window};
use crate::ui::number_field::NumberField;
use crate::ui::parts::{
    adder_toggle, check, edit_advance, name_error, remove_button, Draft, Field,
};
use crate::ui::row_editor::row_editor;
use crate::ui::row_values::RowValues;
use crate::ui::Live;
use leptos::prelude::*;

const LEVELS: [Level; 3] = Level::ALL;
const ACTIONS: [(ActionType, &str); 5] = [
    (ActionType::Active, "Active"),
    (ActionType::Free, "Free"),
    (ActionType::Passive, "Passive"),
    (ActionType::Reaction, "Reaction"),
    (ActionType::Special, "Special"),
];

fn action_key(a: Option<ActionType>) -> &'static str {
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
fn attr_select(
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
fn target_select(
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
fn AbilityRow(
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
        let in_creation = Memo::new(move |_| character.advance().with(|c| c.in_creation));
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
            <p class="row-message" role="status">{move || message.get()}</p>
        </li>
    }
    .into_any()
}

#[component]
pub fn AbilitiesCard(character: Live) -> impl IntoView {
    // Each ability by id, for the keyed list.
    let keyed = Keyed::new(move || {
        character
            .advance()
            .with(|c| c.abilities.iter().map(|a| a.id).collect())
    });
    let abilities = RowValues::new(move |keys, found| {
        keyed.at.with(|ix| {
            character.advance().with(|c| {
                for (n, k) in keys.iter().enumerate() {
                    found(n, ix.get(k).and_then(|&i| c.abilities.get(i)));
                }
            })
        })
    });
    let len = Memo::new(move |_| keyed.keys.with(Vec::len));
    // A long list is drawn in windows (`ui::long_list`).
    let window = Window::new();
    let drawn = Memo::new(move |_| window.drawn(len.get()));
    let l = move || labels(character.ruleset().get());
    let credits = Memo::new(move |_| character.advance().with(|c| c.totals().credits_left));
    let use_credit = RwSignal::new(false);
    let name = Draft::new("", name_error);
    let kind = RwSignal::new(AbilityKind::Ability);
    let level = RwSignal::new(Level::Novice);
    let action = RwSignal::new(None::<ActionType>);
    let attr = RwSignal::new(None::<Attr>);
    let in_creation = Memo::new(move |_| character.advance().with(|c| c.in_creation));
    // "Gained at creation" is ticked by default while in creation (the player may
    // untick it to spend Experience) and never applies after it.
    let free_choice = RwSignal::new(None::<bool>);
    let free = move || in_creation.get() && free_choice.get().unwrap_or(true);
    let mod_target = RwSignal::new(None::<Target>);
    let mod_amount = Draft::new("", |t| {
        parse_whole("The modifier", t, -99, 99)
            .err()
            .filter(|_| !t.trim().is_empty())
    });
    let error = RwSignal::new(None::<String>);
    let done = RwSignal::new(None::<String>);
    let is_ea = move || {
        name.text
            .with(|t| Known::of(t) == Some(Known::ExceptionalAttribute))
    };

    // What adding costs, shown before the button.
    let cost_text = move || {
        let k = kind.get();
        let cost = worth(k, Some(level.get()));
        let unspent = character.advance().with(|c| c.totals().unspent);
        match k {
            AbilityKind::Trait if in_creation.get() => {
                "Traits come with the race: no Experience.".to_string()
            }
            AbilityKind::Trait => TRAITS_AT_CREATION_ONLY.to_string(),
            AbilityKind::Burden => format!(
                "A burden costs nothing and gives a credit of {BURDEN_CREDIT} on one purchase."
            ),
            _ if free() => "Gained at creation: no Experience booked.".to_string(),
            _ => {
                let with = if use_credit.get() && credits.get() > 0 {
                    format!(" ({} with the burden credit)", XpEntry::charged(cost, 1))
                } else {
                    String::new()
                };
                format!("Costs {cost} Experience{with}; {unspent} unspent.")
            }
        }
    };

    let add = move || {
        done.set(None);
        if !name.ok() || !mod_amount.ok() {
            return;
        }
        let mut ab = Ability::new(
            name.get(),
            kind.get_untracked(),
            Some(level.get_untracked()),
        );
        ab.action = action.get_untracked();
        if is_ea() {
            ab.attr = attr.get_untracked();
        }
        let amount = mod_amount.get();
        if let (Some(target), false) = (mod_target.get_untracked(), amount.is_empty()) {
            if let Ok(n) = parse_whole("The modifier", &amount, -99, 99) {
                ab.modifier = Some(AbilityModifier {
                    target,
                    amount: n as i32,
                });
            }
        }
        let credit = use_credit.get_untracked() && credits.get_untracked() > 0;
        let is_free = untrack(free);
        let r = edit_advance(character, |adv| play::buy(adv, ab, is_free, credit));
        match r {
            Ok(bought) => {
                window.added(bought.at);
                error.set(None);
                if used_credit(&bought.booked) {
                    use_credit.set(false);
                }
                done.set(Some(bought.message));
                name.text.set(String::new());
                mod_amount.text.set(String::new());
                mod_target.set(None);
            }
            Err(e) => error.set(Some(e)),
        }
    };

    let warnings = move || {
        character.advance().with(|a| {
            ability_warnings(&a.abilities)
                .into_iter()
                .map(|w| view! { <li class="equipment-warning ritual-warning" role="status">{w}</li> })
                .collect_view()
        })
    };

    let row = Callback::new(move |key| {
        view! { <AbilityRow character key keyed abilities use_credit window/> }.into_any()
    });
    view! {
        <section class="card combat-list abilities-card" aria-labelledby="abilities-heading">
            <h2 id="abilities-heading">"Abilities"</h2>
            <ul class="warnings" id="ability-warnings">{warnings}</ul>
            <Show when=move || { credits.get() > 0 }>
                {check("use-credit", "Use a burden credit (−5) on the next purchase", move || use_credit.get(), move |on| use_credit.set(on))}
            </Show>
            <ul class="item-list" id="ability-list">
                <KeyedRows keys=Signal::derive(move || keyed.slice(drawn.with(|d| d.head.clone()))) row/>
                <MoreRows window hidden=Signal::derive(move || drawn.with(|d| d.hidden)) what="abilities"/>
                <KeyedRows keys=Signal::derive(move || keyed.slice(drawn.with(|d| d.tail.clone()))) row/>
            </ul>
            <details class="adder" on:toggle=adder_toggle>
                <summary>"Add an ability…"</summary>
                <form class="add-form ability-form" novalidate=true on:submit=move |ev| {
                    ev.prevent_default();
                    add();
                }>
                    <Field id="ability-name" draft=name placeholder="e.g. Recovery" list="known-abilities">"Ability"</Field>
                    <div class="field">
                        <label for="ability-kind">"Kind"</label>
                        <select id="ability-kind" on:change=move |ev| {
                            let v = event_target_value(&ev);
                            if let Some(k) = AbilityKind::from_key(&v) {
                                kind.set(k);
                            }
                        }>
                            {AbilityKind::ALL.into_iter().map(|k| {
                                let closed = move || k == AbilityKind::Trait && !in_creation.get();
                                view! {
                                    <option value=k.key() selected=move || kind.get() == k disabled=closed>
                                        {move || if closed() { format!("{} (creation only)", k.name_in(l())) } else { k.name_in(l()).to_string() }}
                                    </option>
                                }
                            }).collect_view()}
                        </select>
                    </div>
                    <Show when=move || kind.get().has_levels()>
                        <div class="field">
                            <label for="ability-level">"Level"</label>
                            <select id="ability-level" on:change=move |ev| {
                                let v = event_target_value(&ev);
                                if let Some(lv) = LEVELS.into_iter().find(|l| l.name() == v) {
                                    level.set(lv);
                                }
                            }>
                                {LEVELS.into_iter().map(|lv| view! {
                                    <option value=lv.name() selected=move || level.get() == lv>{lv.name()}</option>
                                }).collect_view()}
                            </select>
                        </div>
                    </Show>
                    <div class="field">
                        <label for="ability-action">"Action"</label>
                        <select id="ability-action" on:change=move |ev| action.set(ActionType::from_key(&event_target_value(&ev)))>
                            <option value="">"—"</option>
                            {ACTIONS.into_iter().map(|(t, label)| view! { <option value=action_key(Some(t))>{label}</option> }).collect_view()}
                        </select>
                    </div>
                    <Show when=is_ea>
                        {attr_select("ability-attr".into(), l, move || attr.get(), move |v| attr.set(v))}
                    </Show>
                    {target_select("ability-mod-target".into(), l, move || mod_target.get(), move |t| mod_target.set(t))}
                    <Show when=move || mod_target.get().is_some()>
                        <Field id="ability-mod-amount" draft=mod_amount placeholder="e.g. +1" numeric=true>"By"</Field>
                    </Show>
                    <div class="add-options">
                        <Show when=move || in_creation.get() && !matches!(kind.get(), AbilityKind::Trait | AbilityKind::Burden)>
                            {check("ability-free", "Gained at creation (no Experience)", free, move |on| free_choice.set(Some(on)))}
                        </Show>
                        <p class="hint" id="ability-cost">{cost_text}</p>
                    </div>
                    <button type="submit" id="add-ability">"Add"</button>
                </form>
            </details>
            <p class="field-error" id="ability-error" role="alert">{move || error.get()}</p>
            <p class="hint" role="status" id="ability-done">{move || done.get()}</p>
            <datalist id="known-abilities">
                <option value="Exceptional Attribute"/>
                <option value="Robust"/>
                <option value="Pack-mule"/>
                <option value="Ritualist"/>
            </datalist>
        </section>
    }
}
