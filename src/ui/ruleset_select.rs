//! The ruleset switch at the top of the sheet: homebrew, homebrew-draft or symbaroum.
//! The numbers stay; the names change everywhere.

use super::clock::now;
use crate::model::CharacterStoreFields;
use crate::rules::Ruleset;
use crate::ui::Live;
use leptos::prelude::*;

/// The rulesets that share this sheet (Heimr has its own).
const CHOICES: [Ruleset; 3] = [
    Ruleset::Homebrew,
    Ruleset::HomebrewDraft,
    Ruleset::Symbaroum,
];

#[component]
pub fn RulesetSelect(character: Live) -> impl IntoView {
    let ruleset = Memo::new(move |_| character.ruleset().get());
    let on_change = move |ev| {
        if let Some(r) = Ruleset::from_id(&event_target_value(&ev)).filter(|r| CHOICES.contains(r))
        {
            if r != ruleset.get_untracked() {
                character.update(|c| {
                    c.ruleset = r;
                    c.updated = now();
                });
            }
        }
    };
    view! {
        <div class="field ruleset-field">
            <label for="ruleset">"Ruleset"</label>
            <select
                id="ruleset"
                aria-describedby="ruleset-hint"
                prop:value=move || ruleset.get().id()
                on:change=on_change
            >
                {CHOICES
                    .into_iter()
                    .map(|r| view! { <option value=r.id() selected=move || ruleset.get() == r>{r.name()}</option> })
                    .collect_view()}
            </select>
            <p class="field-hint" id="ruleset-hint">"Names change; numbers stay."</p>
        </div>
    }
}
