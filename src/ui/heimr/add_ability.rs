//! Adding one of the campaign's own abilities: a name, one or more attributes and
//! the base consistency the GM set.

use super::state::{edit, peek, read};
use crate::model::heimr::ABILITIES_MAX;
use crate::model::pack::take::{List, Pick};
use crate::rules::heimr::abilities::{Ability, MAX_BASE_CONSISTENCY, MIN_BASE_CONSISTENCY};
use crate::rules::heimr::armoury::weapon_abilities;
use crate::rules::heimr::attributes::Attribute;
use crate::rules::input::parse_whole;
use crate::ui::pack_pick::PackPick;
use crate::ui::part::Part;
use crate::ui::slots::PackOffers;
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn AddAbilityForm(
    character: Live,
    /// Whether the form was opened: the packs' offers are fetched from then on.
    adding: RwSignal<bool>,
) -> impl IntoView {
    let name = RwSignal::new(String::new());
    let chosen = RwSignal::new(Vec::<Attribute>::new());
    let base = RwSignal::new("0".to_string());
    let name_error = RwSignal::new(None::<String>);
    let attr_error = RwSignal::new(None::<String>);
    let base_error = RwSignal::new(None::<String>);
    let added = RwSignal::new(None::<String>);
    // An ability picked from a campaign pack, while the name is still its name.
    let taken = PackPick::<Ability>::new(name);
    let pick = Callback::new(move |p: Pick| {
        if let Pick::HeimrAbility(a) = p {
            if !a.attributes.is_empty() {
                chosen.set(a.attributes.clone());
            }
            base.set(a.base_consistency.to_string());
            taken.set(a);
        }
    });
    // Worked out once per change, for the offered names and the hint alike.
    let missing = Memo::new(move |_| {
        read(character, |h| {
            weapon_abilities()
                .into_iter()
                .filter(|w| !h.abilities.iter().any(|a| a.name.eq_ignore_ascii_case(w)))
                .collect::<Vec<_>>()
        })
    });
    let missing_weapon_abilities = move || missing.get();

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        added.set(None);
        name_error.set(None);
        attr_error.set(None);
        base_error.set(None);
        let text = name.get_untracked();
        let attrs = chosen.get_untracked();
        let mut ok = true;
        let base_value = match parse_whole(
            "Base consistency",
            &base.get_untracked(),
            MIN_BASE_CONSISTENCY as i64,
            MAX_BASE_CONSISTENCY as i64,
        ) {
            Ok(n) => Some(n as i32),
            Err(e) => {
                base_error.set(Some(e));
                ok = false;
                None
            }
        };
        if attrs.is_empty() {
            attr_error.set(Some("Pick at least one attribute.".into()));
            ok = false;
        }
        let trimmed = text.trim().to_string();
        if let Some(why) = crate::model::name_problem(&trimmed, true) {
            name_error.set(Some(why));
            ok = false;
        } else if peek(character, |h| {
            h.abilities
                .iter()
                .any(|a| a.name.eq_ignore_ascii_case(&trimmed))
        }) {
            name_error.set(Some(format!("{trimmed} is already on the sheet.")));
            ok = false;
        } else if peek(character, |h| h.abilities.len()) >= ABILITIES_MAX {
            name_error.set(Some(format!(
                "A sheet keeps at most {ABILITIES_MAX} abilities."
            )));
            ok = false;
        }
        let (true, Some(b)) = (ok, base_value) else {
            return;
        };
        match Ability::new(&trimmed, &attrs, b) {
            Ok(mut ability) => {
                // A copy of the pack's entry remembers it.
                ability.from = taken.get_untracked().and_then(|t| t.from);
                taken.clear();
                let n = ability.name.clone();
                edit(character, |h| h.abilities.push(ability));
                name.set(String::new());
                chosen.set(Vec::new());
                base.set("0".into());
                added.set(Some(format!("Added {n}.")));
            }
            Err(e) => name_error.set(Some(e)),
        }
    };

    let checkboxes = Attribute::ALL
        .into_iter()
        .map(|a| {
            let id = format!("heimr-new-ability-{}", a.key());
            let for_id = id.clone();
            view! {
                <label class="check" for=for_id>
                    <input
                        id=id
                        type="checkbox"
                        prop:checked=move || chosen.with(|c| c.contains(&a))
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            chosen.update(|c| {
                                c.retain(|x| *x != a);
                                if on {
                                    c.push(a);
                                }
                            });
                        }
                    />
                    {a.name()}
                </label>
            }
        })
        .collect_view();

    view! {
        <form class="add-ability" on:submit=submit aria-labelledby="heimr-add-ability-heading">
            // Names the form; its fold's line says the same on screen.
            <h3 class="sr-only" id="heimr-add-ability-heading">"Add the campaign's own ability"</h3>
            <div class="field" class:invalid=move || name_error.with(Option::is_some)>
                <label for="heimr-new-ability-name">"Ability name"</label>
                <input
                    id="heimr-new-ability-name"
                    type="text"
                    autocomplete="off"
                    list="heimr-weapon-abilities"
                    prop:value=move || name.get()
                    aria-describedby="heimr-new-ability-name-hint heimr-new-ability-name-error"
                    aria-invalid=move || name_error.with(|e| e.is_some().to_string())
                    on:input=move |ev| name.set(event_target_value(&ev))
                />
                // The armoury's weapons are wielded with these: offered as the name
                // is typed, those not yet on the sheet.
                <datalist id="heimr-weapon-abilities">
                    {move || missing_weapon_abilities().into_iter().map(|n| view! { <option value=n/> }).collect_view()}
                </datalist>
                {move || {
                    let missing = missing_weapon_abilities();
                    (!missing.is_empty()).then(|| view! {
                        <p class="field-hint" id="heimr-new-ability-name-hint">
                            {format!("The armoury's weapons are wielded with {}.", missing.join(", "))}
                        </p>
                    })
                }}
                <p class="field-error" id="heimr-new-ability-name-error" aria-live="polite">{move || name_error.get()}</p>
            </div>
            {move || {
                adding
                    .get()
                    .then(|| Part::<PackOffers>::view((character, List::HeimrAbilities, name.into(), pick)))
                    .flatten()
            }}
            <fieldset class="attr-picks" aria-describedby="heimr-new-ability-attrs-error">
                <legend>"Based on"</legend>
                {checkboxes}
                <p class="field-error" id="heimr-new-ability-attrs-error" aria-live="polite">{move || attr_error.get()}</p>
            </fieldset>
            <div class="field" class:invalid=move || base_error.with(Option::is_some)>
                <label for="heimr-new-ability-base">"Base consistency (−2 to +3)"</label>
                <input
                    id="heimr-new-ability-base"
                    type="text"
                    inputmode="numeric"
                    autocomplete="off"
                    prop:value=move || base.get()
                    aria-describedby="heimr-new-ability-base-error"
                    aria-invalid=move || base_error.with(|e| e.is_some().to_string())
                    on:input=move |ev| base.set(event_target_value(&ev))
                />
                <p class="field-error" id="heimr-new-ability-base-error" aria-live="polite">{move || base_error.get()}</p>
            </div>
            <div class="button-row">
                <button type="submit" id="heimr-add-ability">"Add ability"</button>
            </div>
            <p class="hint" role="status">{move || added.get()}</p>
        </form>
    }
}
