//! Conditions: the character's list of what holds them for now (prone, blinded, a
//! hurt arm, the player's own), each with its effect on tests. The roll panel applies
//! them to the tests they touch until they are removed here.

use crate::model::combat::NOTE_MAX;
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::conditions::{is_prone, presets, Applies, Condition};
use crate::rules::symbaroum::maneuvers::{Follow, SetTest};
use crate::rules::symbaroum::roll_input::parse_int;
use crate::rules::symbaroum::success::Chance;
use crate::rules::symbaroum::{labels, Attr};
use crate::ui::part::Part;
use crate::ui::parts::{adder_toggle, edit, full_error, name_error, remove_button, Draft, Field};
use crate::ui::roll_panel::Rolls;
use crate::ui::slots::ThisTurn;
use crate::ui::Live;
use leptos::prelude::*;

/// Getting up from lying down: an Agility test, up either way.
const STAND_UP: SetTest = SetTest::new("Stand up", Attr::Agility, None).then(Follow::StandUp);

/// The value of the preset picker for the player's own condition.
const OWN: &str = "own";

const CHANCES: [(Chance, &str, &str); 3] = [
    (Chance::None, "none", "None"),
    (Chance::ToPass, "pass", "Second chance to pass"),
    (Chance::ToFail, "fail", "Second chance to fail"),
];

fn modifier_error(t: &str) -> Option<String> {
    use crate::rules::symbaroum::conditions::CONDITION_MODIFIER_MAX as M;
    match parse_int(t) {
        Some(n) if n.abs() <= M as i64 => None,
        _ => Some(format!(
            "Enter a whole number from −{M} to +{M}, or leave it empty."
        )),
    }
}

#[component]
pub fn ConditionsCard(character: Live, rolls: Rolls) -> impl IntoView {
    let l = move || labels(character.ruleset().get());
    let list = Memo::new(move |_| character.combat().with(|c| c.conditions.clone()));
    let picked = RwSignal::new(String::from("0"));
    let own = move || picked.with(|p| p == OWN);
    let name = Draft::new("", name_error);
    let modifier = Draft::new("", modifier_error);
    let applies = RwSignal::new(Applies::All);
    let chance = RwSignal::new(Chance::None);
    let note = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);

    let add = move || {
        error.set(None);
        let condition = if own() {
            if !name.ok() || !modifier.ok() {
                return;
            }
            let m = parse_int(&modifier.get()).unwrap_or(0) as i32;
            Condition {
                name: name.get(),
                applies: applies.get_untracked(),
                modifier: m,
                chance: chance.get_untracked(),
                note: note.get_untracked().trim().chars().take(NOTE_MAX).collect(),
                this_turn: false,
                melee_only: false,
                saved_turns: None,
            }
        } else {
            let i: usize = picked.get_untracked().parse().unwrap_or(0);
            match presets(l()).into_iter().nth(i) {
                Some(c) => c,
                None => return,
            }
        };
        let (len, already) =
            list.with_untracked(|cs| (cs.len(), cs.iter().any(|c| c.name == condition.name)));
        if already {
            return error.set(Some(format!("{} is already on the list.", condition.name)));
        }
        if let Some(e) = full_error(len, "conditions") {
            return error.set(Some(e));
        }
        edit(character, |c| c.conditions.push(condition));
        if own() {
            name.reset("");
            modifier.reset("");
            note.set(String::new());
        }
    };

    // One row a condition, keyed by its name (unique on the list).
    let row = move |c: Condition| {
        let mut effect = c.effect_text(l());
        if c.this_turn {
            effect.push_str(" (this turn)");
        }
        let n = c.name.clone();
        let remove = move || edit(character, |k| k.conditions.retain(|c| c.name != n));
        view! {
            <li class="condition-row item-row">
                <p class="item-head">
                    <strong>{c.name.clone()}</strong>
                    <span class="condition-effect">{effect}</span>
                </p>
                {(!c.note.is_empty()).then(|| view! { <p class="hint condition-note">{c.note.clone()}</p> })}
                <div class="item-controls">
                    // Getting up: the Agility test decides its cost (`abilities::stand_up`).
                    <button type="button" hidden=!is_prone(&c.name) on:click=move |_| rolls.open_set(STAND_UP)>
                        "Stand up (" {move || l().attr(Attr::Agility)} " test)"
                    </button>
                    {remove_button("condition-remove", &c.name, remove)}
                </div>
            </li>
        }
    };

    view! {
        <section class="card combat-list conditions-card" aria-labelledby="conditions-heading">
            <h2 id="conditions-heading">"Conditions"</h2>
            <Show when=move || list.with(Vec::is_empty)>
                <p class="hint none-in-force">"None in force."</p>
            </Show>
            <ul class="item-list" aria-label="Conditions in force">
                <For each=move || list.get() key=|c| c.name.clone() children=row/>
            </ul>
            <details class="adder" on:toggle=adder_toggle>
                <summary>"Add a condition…"</summary>
                <p class="hint">"A condition applies to the tests it touches, in the roll panel, until you remove it."</p>
                <form class="add-form condition-form" novalidate=true on:submit=move |ev| {
                    ev.prevent_default();
                    add();
                }>
                    <div class="field">
                        <label for="condition-pick">"Condition"</label>
                        <select id="condition-pick" prop:value=move || picked.get() on:change=move |ev| picked.set(event_target_value(&ev))>
                            {move || presets(l()).into_iter().enumerate().map(|(i, c)| {
                                let text = format!("{} ({})", c.name, c.effect_text(l()));
                                view! { <option value=i.to_string()>{text}</option> }
                            }).collect_view()}
                            <option value=OWN>"Your own…"</option>
                        </select>
                    </div>
                    <Show when=own>
                        <Field id="condition-name" draft=name placeholder="e.g. Poisoned">"Name"</Field>
                        <div class="field">
                            <label for="condition-applies">"Applies to"</label>
                            <select id="condition-applies" on:change=move |ev| {
                                if let Some(a) = Applies::from_key(&event_target_value(&ev)) {
                                    applies.set(a);
                                }
                            }>
                                {move || Applies::ALL.into_iter().map(|a| view! {
                                    <option value=a.key() selected=move || applies.get() == a>{a.text(l())}</option>
                                }).collect_view()}
                            </select>
                        </div>
                        <Field id="condition-modifier" draft=modifier placeholder="e.g. −2" numeric=true>"Modifier"</Field>
                        <div class="field">
                            <label for="condition-chance">"Second chance"</label>
                            <select id="condition-chance" on:change=move |ev| {
                                let v = event_target_value(&ev);
                                if let Some(&(c, _, _)) = CHANCES.iter().find(|x| x.1 == v) {
                                    chance.set(c);
                                }
                            }>
                                {CHANCES.into_iter().map(|(c, key, text)| view! {
                                    <option value=key selected=move || chance.get() == c>{text}</option>
                                }).collect_view()}
                            </select>
                        </div>
                        <div class="field">
                            <label for="condition-note">"Note"</label>
                            <input id="condition-note" type="text" autocomplete="off" maxlength="2000"
                                placeholder="What else it means"
                                prop:value=move || note.get()
                                on:input=move |ev| note.set(event_target_value(&ev))/>
                        </div>
                    </Show>
                    <button type="submit" id="add-condition">"Add condition"</button>
                </form>
            </details>
            <p class="field-error" id="condition-error" role="alert">{move || error.get()}</p>
            // What the turn has left, beside what is in force in it (a phone's first
            // screen keeps Attack, Defense, Take hit, Heal and the conditions).
            {Part::<ThisTurn>::view(character)}
        </section>
    }
}
