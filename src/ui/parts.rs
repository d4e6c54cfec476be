//! Small pieces the Combat and Gear & XP cards share: a checked text field for "add"
//! forms, a checkbox, a remove button, editing and logging.

use crate::model::advance::Advance;
use crate::model::combat::{Combat, LIST_MAX};
use crate::model::log::{push, LogEntry};
use crate::model::Character;
use crate::model::NAME_MAX;
use crate::rules::symbaroum::dice_notation::parse_dice;
use crate::rules::symbaroum::experience::XpEntry;
use crate::ui::random::now;
use leptos::prelude::*;

/// Changes the character in one step and stamps the edit time; returns what `f`
/// returns.
pub fn change<T>(character: RwSignal<Character>, f: impl FnOnce(&mut Character) -> T) -> T {
    let mut out = None;
    character.update(|c| {
        out = Some(f(c));
        c.updated = now();
    });
    out.expect("update ran")
}

/// Changes the fight state and stamps the character.
pub fn edit(character: RwSignal<Character>, f: impl FnOnce(&mut Combat)) {
    change(character, |c| f(&mut c.combat))
}

/// Changes the advancement and gear, and stamps the character.
pub fn edit_advance<T>(character: RwSignal<Character>, f: impl FnOnce(&mut Advance) -> T) -> T {
    change(character, |c| f(c.advance_mut()))
}

/// Writes a roll without a target (damage, roll-offs) to the log.
pub fn log(c: &mut Character, what: String, dice: String, outcome: String) {
    push(
        &mut c.roll_log,
        LogEntry {
            time: now(),
            what,
            dice,
            target: None,
            passed: None,
            outcome,
        },
    );
    c.updated = now();
}

/// A whole number from `min` to `max`; the error is the message at the field.
pub fn parse_number(text: &str, min: i32, max: i32) -> Result<i32, String> {
    match text.trim().parse::<i64>() {
        Ok(n) if (min as i64..=max as i64).contains(&n) => Ok(n as i32),
        _ => Err(format!("Enter a whole number from {min} to {max}.")),
    }
}

pub fn name_error(t: &str) -> Option<String> {
    let n = t.trim().chars().count();
    if n == 0 {
        Some("Enter a name.".into())
    } else if n > NAME_MAX {
        Some(format!("Names are at most {NAME_MAX} characters."))
    } else {
        None
    }
}

pub fn dice_error(t: &str) -> Option<String> {
    parse_dice(t).err()
}

/// The message when a list is full, if it is.
pub fn full_error(len: usize, what: &str) -> Option<String> {
    (len >= LIST_MAX).then(|| format!("A sheet keeps at most {LIST_MAX} {what}: remove one first."))
}

/// What a player is typing into an "add" form field, and its error.
#[derive(Clone, Copy)]
pub struct Draft {
    pub text: RwSignal<String>,
    pub error: RwSignal<Option<String>>,
    check: fn(&str) -> Option<String>,
}

impl Draft {
    pub fn new(init: &str, check: fn(&str) -> Option<String>) -> Self {
        Draft {
            text: RwSignal::new(init.to_string()),
            error: RwSignal::new(None),
            check,
        }
    }

    /// Checks the text, shows the error at the field; true when it is good.
    pub fn ok(self) -> bool {
        let e = self.text.with_untracked(|t| (self.check)(t));
        let ok = e.is_none();
        self.error.set(e);
        ok
    }

    pub fn get(self) -> String {
        self.text.get_untracked().trim().to_string()
    }
}

/// Checks every draft (showing every error at once); true when all are good.
pub fn all_ok(drafts: &[Draft]) -> bool {
    drafts.iter().filter(|d| !d.ok()).count() == 0
}

/// A labelled text field of an "add" form; errors show at the field as typed.
#[component]
pub fn Field(
    id: &'static str,
    draft: Draft,
    children: Children,
    #[prop(optional)] placeholder: &'static str,
    #[prop(optional)] numeric: bool,
    /// The id of a `<datalist>` of suggestions.
    #[prop(optional)]
    list: &'static str,
) -> impl IntoView {
    let err_id = format!("{id}-error");
    let error = draft.error;
    view! {
        <div class="field" class:invalid=move || error.with(Option::is_some)>
            <label for=id>{children()}</label>
            <input
                id=id
                type="text"
                autocomplete="off"
                placeholder=placeholder
                inputmode=numeric.then_some("numeric")
                list=(!list.is_empty()).then_some(list)
                prop:value=move || draft.text.get()
                aria-invalid=move || error.with(|e| e.is_some().to_string())
                aria-describedby=err_id.clone()
                on:input=move |ev| {
                    let t = event_target_value(&ev);
                    error.set(if t.trim().is_empty() { None } else { (draft.check)(&t) });
                    draft.text.set(t);
                }
            />
            <p class="field-error" id=err_id aria-live="polite">{move || error.get()}</p>
        </div>
    }
}

/// Books a re-roll for Experience of `what` in the ledger and gives the roll log's
/// title for it ("Re-roll for 1 XP: …").
pub fn spend_reroll(c: &mut Character, what: &str) -> String {
    c.advance_mut().xp.push(XpEntry::Reroll {
        note: what.to_string(),
    });
    format!("Re-roll for 1 XP: {what}")
}

/// The Re-roll for Experience button under a roll's result, with why it is refused
/// when it is.
pub fn reroll_row(
    id: &'static str,
    label: impl Into<String>,
    offer: Result<(), String>,
    on: impl Fn() + 'static,
) -> impl IntoView {
    let label = label.into();
    view! {
        <div class="reroll-row">
            <button type="button" id=id disabled=offer.is_err() on:click=move |_| on()>{label}</button>
            <p class="hint" id=format!("{id}-note")>{offer.err()}</p>
        </div>
    }
}

/// A checkbox with its label.
pub fn check(
    class: &'static str,
    label: impl IntoView + 'static,
    checked: impl Fn() -> bool + Send + Sync + 'static,
    on: impl Fn(bool) + 'static,
) -> impl IntoView {
    view! {
        <label class="check">
            <input type="checkbox" class=class prop:checked=checked on:change=move |ev| on(event_target_checked(&ev))/>
            <span>{label}</span>
        </label>
    }
}

/// A "Remove" button for the item `name`.
pub fn remove_button(class: &'static str, name: &str, on: impl Fn() + 'static) -> impl IntoView {
    view! {
        <button type="button" class=format!("remove danger {class}") aria-label=format!("Remove {name}") on:click=move |_| on()>
            "Remove"
        </button>
    }
}
