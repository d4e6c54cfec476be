//! The character's modifiers: where each comes from, what it changes, by how much, and
//! whether it counts right now. They feed the effective attributes and the derived
//! values as they are typed.

use super::focus::focus_later;
use super::modifier_row::{amount_text, target_options, ModifierRow};
use crate::model::ids::next_id;
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::abilities::effects;
use crate::rules::symbaroum::modifier_input::{
    parse_modifier_amount, parse_modifier_source, target_from_key, target_key, target_label,
    LIST_MAX,
};
use crate::rules::symbaroum::{labels, Attr, Modifier, Target};
use crate::rules::Ruleset;
use crate::ui::long_list::{Keyed, KeyedRows};
use crate::ui::parts::{adder_toggle, stamp};
use crate::ui::Live;
use leptos::prelude::*;

#[component]
fn AddModifier(character: Live, ruleset: Memo<Ruleset>) -> impl IntoView {
    let source_text = RwSignal::new(String::new());
    let amount_text_sig = RwSignal::new(String::new());
    let target = RwSignal::new(Target::Attr(Attr::Might));
    let source_error = RwSignal::new(None::<String>);
    let amount_error = RwSignal::new(None::<String>);
    let full_error = RwSignal::new(None::<String>);

    let add = move || {
        let source =
            parse_modifier_source(&source_text.get_untracked()).map(|s| s.trim().to_string());
        let amount = parse_modifier_amount(&amount_text_sig.get_untracked());
        source_error.set(source.as_ref().err().cloned());
        amount_error.set(amount.as_ref().err().cloned());
        let (Ok(source), Ok(amount)) = (source, amount) else {
            focus_later(if source_error.with_untracked(Option::is_some) {
                "add-mod-source"
            } else {
                "add-mod-amount"
            });
            return;
        };
        if character.modifiers().with_untracked(|c| c.len()) >= LIST_MAX {
            full_error.set(Some(format!(
                "A sheet keeps at most {LIST_MAX} modifiers: remove one first."
            )));
            return;
        }
        full_error.set(None);
        let mut m = Modifier::new(source, target.get_untracked(), amount);
        character.modifiers().update(|list| {
            m.id = next_id(list, |m| m.id);
            list.push(m);
        });
        stamp(character);
        source_text.set(String::new());
        amount_text_sig.set(String::new());
        focus_later("add-mod-source");
    };

    view! {
        <details class="adder" on:toggle=adder_toggle>
        <summary>"Add a modifier…"</summary>
        <p class="hint">
            "Abilities, items and conditions that change an attribute or a derived value. Untick “Active” to keep one without counting it."
        </p>
        <form
            class="add-modifier"
            id="add-modifier"
            novalidate=true
            aria-label="Add a modifier"
            on:submit=move |ev| {
                ev.prevent_default();
                add();
            }
        >
            <div class="modifier-row">
                <div class="field mod-source" class:invalid=move || source_error.with(Option::is_some)>
                    <label for="add-mod-source">"Source"</label>
                    <input
                        id="add-mod-source"
                        type="text"
                        autocomplete="off"
                        placeholder="e.g. Robust"
                        prop:value=move || source_text.get()
                        aria-invalid=move || source_error.with(|e| e.is_some().to_string())
                        aria-describedby="add-mod-source-error"
                        on:input=move |ev| {
                            source_text.set(event_target_value(&ev));
                            source_error.set(None);
                        }
                    />
                    <p class="field-error" id="add-mod-source-error" aria-live="polite">{move || source_error.get()}</p>
                </div>
                <div class="field mod-target">
                    <label for="add-mod-target">"Changes"</label>
                    <select
                        id="add-mod-target"
                        prop:value=move || target_key(target.get())
                        on:change=move |ev| {
                            if let Some(t) = target_from_key(&event_target_value(&ev)) {
                                target.set(t);
                            }
                        }
                    >
                        {target_options(Target::Attr(Attr::Might), ruleset, move || target.get())}
                    </select>
                </div>
                <div class="field mod-amount" class:invalid=move || amount_error.with(Option::is_some)>
                    <label for="add-mod-amount">"Amount"</label>
                    <input
                        id="add-mod-amount"
                        type="text"
                        autocomplete="off"
                        placeholder="+2"
                        prop:value=move || amount_text_sig.get()
                        aria-invalid=move || amount_error.with(|e| e.is_some().to_string())
                        aria-describedby="add-mod-amount-error"
                        on:input=move |ev| {
                            let text = event_target_value(&ev);
                            amount_error.set(parse_modifier_amount(&text).err().filter(|_| !text.trim().is_empty()));
                            amount_text_sig.set(text);
                        }
                    />
                    <p class="field-error" id="add-mod-amount-error" aria-live="polite">{move || amount_error.get()}</p>
                </div>
                <div class="mod-actions">
                    <button type="submit" id="add-mod">"Add modifier"</button>
                </div>
            </div>
            <p class="field-error" aria-live="polite">{move || full_error.get()}</p>
        </form>
        </details>
    }
}

/// The modifiers that come with abilities: shown here with the others, changed on
/// the Gear & XP tab (where the abilities are).
#[component]
fn AbilityModifiers(character: Live, ruleset: Memo<Ruleset>) -> impl IntoView {
    let fx = Memo::new(move |_| character.advance().with(|a| effects(&a.abilities)));
    let rows = move || {
        let l = labels(ruleset.get());
        fx.with(|fx| {
            let mut rows: Vec<String> = fx
                .modifiers
                .iter()
                .map(|m| {
                    format!(
                        "{}: {} {}",
                        m.source,
                        target_label(m.target, l),
                        amount_text(m.amount)
                    )
                })
                .collect();
            if fx.pack_mule {
                rows.push(format!(
                    "Pack-mule: {} × 1.5, rounded down",
                    l.encumbrance_threshold
                ));
            }
            rows.into_iter()
                .map(|r| view! { <li>{r}</li> })
                .collect_view()
        })
    };
    let href =
        character.with_untracked(|c| super::routing::sheet_href(&c.id, super::routing::Tab::Gear));
    view! {
        <Show when=move || fx.with(|fx| fx.pack_mule || !fx.modifiers.is_empty())>
            <h3 class="sub-heading">"From abilities"</h3>
            <ul class="ability-modifiers" id="ability-modifiers">{rows}</ul>
            <p class="hint"><a href=href.clone()>"Change them with the abilities on Gear & XP"</a></p>
        </Show>
    }
}

#[component]
pub fn ModifiersEditor(character: Live) -> impl IntoView {
    let ruleset = Memo::new(move |_| character.ruleset().get());
    // Each modifier by id, for the keyed list.
    let keyed = Keyed::new(move || {
        character
            .modifiers()
            .with(|c| c.iter().map(|m| m.id).collect())
    });
    let has_any = move || keyed.keys.with(|k| !k.is_empty());
    view! {
        <section class="card modifiers-editor" id="modifiers" aria-labelledby="modifiers-heading">
            <h2 id="modifiers-heading" tabindex="-1">"Modifiers"</h2>
            <Show
                when=has_any
                fallback=|| view! { <p class="hint" id="modifiers-empty">"No modifiers yet."</p> }
            >
                <ul class="modifier-list" id="modifier-list">
                    <KeyedRows keys=keyed.keys row=Callback::new(move |key| view! { <ModifierRow character key keyed ruleset/> }.into_any())/>
                </ul>
            </Show>
            <AddModifier character ruleset/>
            <AbilityModifiers character ruleset/>
        </section>
    }
}
