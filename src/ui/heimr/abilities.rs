//! The abilities: consistency and potential with how they are reached, a roll
//! button each, and removing the campaign's own.

use super::roll_button::RollButton;
use super::state::{ability_names, edit, read, slug, RollSource};
use crate::rules::heimr::abilities::{
    standard_abilities, MAX_BASE_CONSISTENCY, MIN_BASE_CONSISTENCY,
};
use crate::rules::heimr::num;
use crate::ui::number_field::NumberField;
use crate::ui::Live;
use leptos::prelude::*;

fn is_standard(name: &str) -> bool {
    standard_abilities().iter().any(|a| a.name == name)
}

/// One value (C or P) that shows its breakdown when tapped or focused, with
/// anything `children` adds (the GM's base consistency) under it.
#[component]
fn ValueWithHow(
    #[prop(into)] id: String,
    #[prop(into)] short: String,
    #[prop(into)] long: String,
    value: Signal<i32>,
    how: Signal<String>,
    #[prop(optional)] children: Option<ChildrenFn>,
) -> impl IntoView {
    let shown = RwSignal::new(false);
    // A tap focuses the button before its click: the focus must not open what the
    // click then closes, so focus that follows a pointer press is left to the click.
    let pressed = StoredValue::new(false);
    let how_id = format!("{id}-how");
    let long2 = long.clone();
    view! {
        <div class="cp">
            <button
                type="button"
                id=id
                class="cp-value"
                aria-expanded=move || shown.get().to_string()
                aria-controls=how_id.clone()
                on:pointerdown=move |_| pressed.set_value(true)
                on:click=move |_| {
                    pressed.set_value(false);
                    shown.update(|s| *s = !*s);
                }
                on:focus=move |_| {
                    if !pressed.get_value() {
                        shown.set(true);
                    }
                }
                on:blur=move |_| { pressed.try_set_value(false); }
            >
                // The name read aloud starts with what is shown ("C 2"), then says what it is.
                <span class="cp-short">{short}</span>
                " "
                <span class="cp-number">{move || num(value.get())}</span>
                <span class="sr-only">{format!(", {long2}: show how")}</span>
            </button>
            <div class="breakdown" id=how_id hidden=move || !shown.get()>
                <p>{move || how.get()}</p>
                {children.map(|c| c())}
            </div>
        </div>
    }
}

#[component]
fn AbilityRow(character: Live, name: String) -> impl IntoView {
    let id = format!("heimr-ab-{}", slug(&name));
    let n1 = name.clone();
    let n2 = name.clone();
    let n3 = name.clone();
    let n4 = name.clone();
    let consistency = Signal::derive(move || {
        read(character, |h| {
            h.ability(&n1).map(|a| a.consistency()).unwrap_or(0)
        })
    });
    let c_how = Signal::derive(move || {
        read(character, |h| {
            h.ability(&n2)
                .map(|a| a.consistency_breakdown())
                .unwrap_or_default()
        })
    });
    let potential = Signal::derive(move || {
        read(character, |h| {
            h.ability(&n3)
                .map(|a| a.potential(&h.effective_attributes()))
                .unwrap_or(0)
        })
    });
    let p_how = Signal::derive(move || {
        read(character, |h| {
            h.ability(&n4)
                .map(|a| a.potential_breakdown(&h.effective_attributes()))
                .unwrap_or_default()
        })
    });
    let n5 = name.clone();
    let attrs = move || {
        read(character, |h| {
            h.ability(&n5)
                .map(|a| {
                    a.attributes
                        .iter()
                        .map(|x| x.short())
                        .collect::<Vec<_>>()
                        .join(" + ")
                })
                .unwrap_or_default()
        })
    };
    let error = RwSignal::new(None::<String>);
    let standard = is_standard(&name);
    let n6 = name.clone();
    let remove = move |_| {
        let target = n6.clone();
        error.set(edit(character, |h| h.remove_ability(&target)).err());
    };
    let error_id = format!("{id}-error");
    let n7 = name.clone();
    let n8 = name.clone();
    let base = Signal::derive(move || {
        read(character, |h| {
            h.ability(&n7).map(|a| a.base_consistency).unwrap_or(0) as i64
        })
    });
    let set_base = Callback::new(move |n: i64| {
        edit(character, |h| {
            if let Some(a) = h.abilities.iter_mut().find(|a| a.name == n8) {
                a.base_consistency = n as i32;
            }
        });
    });
    let base_id = format!("{id}-base");
    view! {
        <li class="ability-row" data-ability=name.clone()>
            <div class="ability-head">
                <span class="ability-name">{name.clone()}</span>
                <span class="ability-attrs">{attrs}</span>
            </div>
            <ValueWithHow id=format!("{id}-c") short="C" long=format!("{name} consistency") value=consistency how=c_how>
                // The seed: "The base consistency will be provided by the GM."
                <NumberField
                    id=base_id.clone()
                    label="Base consistency (the GM sets it)"
                    value=base
                    min=MIN_BASE_CONSISTENCY as i64
                    max=MAX_BASE_CONSISTENCY as i64
                    on_set=set_base
                />
            </ValueWithHow>
            <ValueWithHow id=format!("{id}-p") short="P" long=format!("{name} potential") value=potential how=p_how/>
            <div class="ability-actions">
                <RollButton source=RollSource::Ability(name.clone())/>
                {(!standard).then(|| view! {
                    <button
                        type="button"
                        class="danger remove-ability"
                        aria-label=format!("Remove {name}")
                        aria-describedby=error_id.clone()
                        on:click=remove
                    >"Remove"</button>
                })}
            </div>
            <p class="field-error ability-error" id=error_id.clone() aria-live="polite">{move || error.get()}</p>
        </li>
    }
}

#[component]
pub fn AbilitiesCard(character: Live) -> impl IntoView {
    let names = move || ability_names(character);
    view! {
        <section class="card heimr-abilities" aria-labelledby="heimr-abilities-heading">
            <h2 id="heimr-abilities-heading">"Abilities"</h2>
            <p class="hint tap-hint">"Tap C or P to see how it is reached."</p>
            <ul class="ability-list">
                <For each=names key=|n| n.clone() let:name>
                    <AbilityRow character name/>
                </For>
            </ul>
            <p class="hint">"The campaign's own abilities are added on Gear & XP."</p>
        </section>
    }
}
