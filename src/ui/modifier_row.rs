//! One of the character's modifiers as a row of the Modifiers card: where it comes
//! from, what it changes, by how much, whether it counts; and the pieces the add form
//! shares with it (the amount as text, the target picker's options).

use super::focus::focus_later;
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::modifier_input::{
    parse_modifier_amount, parse_modifier_source, target_from_key, target_key, target_label,
    EDITABLE_TARGETS,
};
use crate::rules::symbaroum::{labels, Attr, Modifier, Target};
use crate::rules::Ruleset;
use crate::ui::long_list::{Keyed, RowKey};
use crate::ui::parts::stamp;
use crate::ui::Live;
use leptos::prelude::*;

/// "+2", "-1", "0": what an amount field shows (and reads back).
pub(super) fn amount_text(n: i32) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// The options of a target picker: every editable target, plus `current` when an
/// imported modifier names one that is not offered.
pub(super) fn target_options(
    current: Target,
    ruleset: Memo<Ruleset>,
    selected: impl Fn() -> Target + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let mut targets = EDITABLE_TARGETS.to_vec();
    if !targets.contains(&current) {
        targets.push(current);
    }
    targets
        .into_iter()
        .map(|t| {
            view! {
                <option value=target_key(t) selected=move || selected() == t>
                    {move || target_label(t, labels(ruleset.get()))}
                </option>
            }
        })
        .collect_view()
}

#[component]
pub(super) fn ModifierRow(
    character: Live,
    /// The row's modifier, by id (the row follows it wherever it moves in the list).
    key: RowKey,
    keyed: Keyed,
    ruleset: Memo<Ruleset>,
) -> impl IntoView {
    let m = Memo::new(move |_| {
        let at = keyed.at.with(|ix| ix.get(&key).copied())?;
        character.modifiers().with(|c| c.get(at).cloned())
    });
    let source = move || m.with(|m| m.as_ref().map(|m| m.source.clone()).unwrap_or_default());
    let amount = move || m.with(|m| m.as_ref().map(|m| m.amount).unwrap_or_default());
    let target = move || {
        m.with(|m| {
            m.as_ref()
                .map(|m| m.target)
                .unwrap_or(Target::Attr(Attr::Might))
        })
    };
    let active = move || m.with(|m| m.as_ref().is_some_and(|m| m.active));
    let source_bad = RwSignal::new(None::<String>);
    let source_error = RwSignal::new(None::<String>);
    let amount_bad = RwSignal::new(None::<String>);
    let amount_error = RwSignal::new(None::<String>);
    // The row's place is found before the edit (never inside it: the index is a memo
    // over the list the edit holds).
    let edit = move |f: &dyn Fn(&mut Modifier)| {
        let at = keyed.index(key);
        let found = character
            .modifiers()
            .try_update(|list| at.and_then(|i| list.get_mut(i)).map(f));
        if found.flatten().is_some() {
            stamp(character);
        }
    };
    // Element ids follow the modifier, not its place in the list.
    let ids = move |part: &str| match key {
        (id, 0) => format!("mod-{id}-{part}"),
        (id, n) => format!("mod-{id}-{n}-{part}"),
    };
    let name_for_remove = move || {
        let s = source();
        if s.trim().is_empty() {
            let place = keyed.at.with(|ix| ix.get(&key).copied()).unwrap_or(0);
            format!("Remove modifier {}", place + 1)
        } else {
            format!("Remove modifier {}", s.trim())
        }
    };
    let initial_target = m.with_untracked(|m| {
        m.as_ref()
            .map(|m| m.target)
            .unwrap_or(Target::Attr(Attr::Might))
    });

    view! {
        <li class="modifier-row" class:inactive=move || !active()>
            <div class="field mod-source" class:invalid=move || source_error.with(Option::is_some)>
                <label for=ids("source")>"Source"</label>
                <input
                    id=ids("source")
                    type="text"
                    autocomplete="off"
                    prop:value=move || source_bad.get().unwrap_or_else(source)
                    aria-invalid=move || source_error.with(|e| e.is_some().to_string())
                    aria-describedby=ids("source-error")
                    on:input=move |ev| {
                        let text = event_target_value(&ev);
                        match parse_modifier_source(&text) {
                            Ok(s) => {
                                source_bad.set(None);
                                source_error.set(None);
                                edit(&|m| m.source = s.clone());
                            }
                            Err(msg) => {
                                source_error.set(Some(format!("{msg} Keeping “{}”.", source())));
                                source_bad.set(Some(text));
                            }
                        }
                    }
                />
                <p class="field-error" id=ids("source-error") aria-live="polite">{move || source_error.get()}</p>
            </div>
            <div class="field mod-target">
                <label for=ids("target")>"Changes"</label>
                <select
                    id=ids("target")
                    prop:value=move || target_key(target())
                    on:change=move |ev| {
                        if let Some(t) = target_from_key(&event_target_value(&ev)) {
                            edit(&|m| m.target = t);
                        }
                    }
                >
                    {target_options(initial_target, ruleset, target)}
                </select>
            </div>
            <div class="field mod-amount" class:invalid=move || amount_error.with(Option::is_some)>
                <label for=ids("amount")>"Amount"</label>
                <input
                    id=ids("amount")
                    type="text"
                    autocomplete="off"
                    prop:value=move || amount_bad.get().unwrap_or_else(|| amount_text(amount()))
                    aria-invalid=move || amount_error.with(|e| e.is_some().to_string())
                    aria-describedby=ids("amount-error")
                    on:input=move |ev| {
                        let text = event_target_value(&ev);
                        match parse_modifier_amount(&text) {
                            Ok(n) => {
                                amount_bad.set(None);
                                amount_error.set(None);
                                if n != amount() {
                                    edit(&|m| m.amount = n);
                                }
                            }
                            Err(msg) => {
                                amount_error.set(Some(format!("{msg} Keeping {}.", amount_text(amount()))));
                                amount_bad.set(Some(text));
                            }
                        }
                    }
                />
                <p class="field-error" id=ids("amount-error") aria-live="polite">{move || amount_error.get()}</p>
            </div>
            <div class="mod-actions">
                <label class="check mod-active">
                    <input
                        type="checkbox"
                        id=ids("active")
                        prop:checked=active
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            edit(&|m| m.active = on);
                        }
                    />
                    <span>"Active"</span>
                </label>
                <button
                    type="button"
                    class="mod-remove danger"
                    id=ids("remove")
                    aria-label=name_for_remove
                    on:click=move |_| {
                        let at = keyed.index(key);
                        let removed = character
                            .modifiers()
                            .try_update(|list| at.filter(|i| *i < list.len()).map(|i| list.remove(i)));
                        if removed.flatten().is_some() {
                            stamp(character);
                        }
                        focus_later("modifiers-heading");
                    }
                >
                    "Remove"
                </button>
            </div>
        </li>
    }
}
