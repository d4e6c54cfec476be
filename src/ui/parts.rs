//! Small pieces the Combat and Gear & XP cards share: a checked text field for "add"
//! forms, a checkbox, a remove button, editing and logging.

use crate::model::advance::{Advance, AdvanceStoreFields, Gear, Sheet};
use crate::model::combat::{Combat, LIST_MAX};
use crate::model::log::{push, LogEntry};
use crate::model::Character;
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::derived::Derived;
use crate::rules::symbaroum::dice_notation::parse_dice;
use crate::rules::symbaroum::encumbrance::{Encumbrance, Item, ItemCounts};
use crate::ui::clock::now;
use crate::ui::long_list::{Keyed, RowKey};
use crate::ui::Live;
use leptos::prelude::*;
use std::sync::Arc;
use wasm_bindgen::JsCast;

/// Stamps the edit time after a change through one of the character's fields. Each
/// edit goes through the field it changes (`character.notes().set(…)`, [`edit`],
/// [`edit_advance`], [`edit_items`], [`log_entry`]), so only the cards reading that
/// field run again;
/// a change to several parts at once updates the whole character.
pub fn stamp(character: Live) {
    character.updated().set(now());
}

/// Changes the fight state and stamps the character.
pub fn edit(character: Live, f: impl FnOnce(&mut Combat)) {
    character.combat().update(f);
    stamp(character);
}

/// The row `key` of one of the fight state's lists as it is now (tracked), for a
/// keyed row: it follows its element wherever the list moves it.
pub fn combat_row<T: Clone + PartialEq + Send + Sync + 'static>(
    character: Live,
    keyed: Keyed,
    key: RowKey,
    list: fn(&Combat) -> &Vec<T>,
) -> Memo<Option<T>> {
    Memo::new(move |_| {
        let at = keyed.at.with(|ix| ix.get(&key).copied())?;
        character.combat().with(|c| list(c).get(at).cloned())
    })
}

/// Changes the row `key` of one of the fight state's lists (its place found before the
/// edit: reading the list's index inside the edit could read the character while the
/// edit holds it; see `Keyed::index`).
pub fn edit_row<T>(
    character: Live,
    keyed: Keyed,
    key: RowKey,
    list: fn(&mut Combat) -> &mut Vec<T>,
    f: Box<dyn FnOnce(&mut T)>,
) {
    let at = keyed.index(key);
    edit(character, |c| {
        if let Some(row) = at.and_then(|i| list(c).get_mut(i)) {
            f(row)
        }
    });
}

/// Removes the row `key` from one of the fight state's lists (its place found before
/// the edit: see `Keyed::index`).
pub fn remove_row<T>(
    character: Live,
    keyed: Keyed,
    key: RowKey,
    list: fn(&mut Combat) -> &mut Vec<T>,
) {
    let at = keyed.index(key);
    edit(character, |c| {
        let rows = list(c);
        if let Some(i) = at.filter(|i| *i < rows.len()) {
            rows.remove(i);
        }
    });
}

/// Changes the advancement and gear, and stamps the character.
pub fn edit_advance<T>(character: Live, f: impl FnOnce(&mut Advance) -> T) -> T {
    let out = character
        .advance()
        .try_update(f)
        .expect("the character is live");
    stamp(character);
    out
}

/// Changes the inventory alone (through `model::advance::inventory`), and stamps the
/// character: what reads the whole gear follows, the cards that read only the
/// abilities, the Experience or the purse are not woken.
pub fn edit_items<T>(character: Live, f: impl FnOnce(&mut Vec<Item>) -> T) -> T {
    let out = character
        .advance()
        .items()
        .try_update(f)
        .expect("the character is live");
    stamp(character);
    out
}

/// Writes one entry to the roll log (the only change) and stamps the character.
pub fn log_entry(character: Live, entry: LogEntry) {
    character.roll_log().update(|log| push(log, entry));
    stamp(character);
}

/// A whole number from `min` to `max`; the error is the message at the field.
pub fn parse_number(text: &str, min: i32, max: i32) -> Result<i32, String> {
    match crate::rules::input::whole(text) {
        Some(n) if (min as i64..=max as i64).contains(&n) => Ok(n as i32),
        _ => Err(format!("Enter a whole number from {min} to {max}.")),
    }
}

/// A row's name as typed: the app's one name check ([`crate::model::name_problem`]).
pub fn name_error(t: &str) -> Option<String> {
    crate::model::name_problem(t, true)
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
        // Not told when it stays without error: the field's marks are not drawn again.
        if !ok || untrack(|| self.error.with(Option::is_some)) {
            self.error.set(e);
        }
        ok
    }

    pub fn get(self) -> String {
        self.text.get_untracked().trim().to_string()
    }

    /// Puts `to` back in the field (after an add), telling the field only when its
    /// text changes.
    pub fn reset(self, to: &str) {
        if self.text.get_untracked() != to {
            self.text.set(to.to_string());
        }
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

/// An add form folded behind one tap (`<details class="adder">` with a summary such as
/// "Add an item…"), so the list above it reads first; folded even while the list is
/// empty, so that a tap on it always opens it. Opened by a tap, its first field takes the focus, so a phone's
/// keyboard comes up.
pub fn adder_toggle(ev: leptos::ev::Event) {
    let Some(d) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return;
    };
    // Only after a tap on its summary (which then has the focus), not on load.
    let tapped = document()
        .active_element()
        .is_some_and(|a| a.parent_element().as_ref() == Some(&d));
    if d.has_attribute("open") && tapped {
        if let Ok(Some(field)) = d.query_selector("input, select") {
            let _ = field.unchecked_into::<web_sys::HtmlElement>().focus();
        }
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

/// A part of the character a play-layer function changes, for [`apply`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Changes {
    RollLog,
    Advance,
    Combat,
}

/// Runs a play-layer function (`model::play`) on the character, then tells only the
/// parts it changed, and whatever reads the whole character (saving, undo): a roll
/// that writes only the log does not make the derived values be worked out again.
/// `changed` must name every part `f` changes.
pub fn apply<T>(character: Live, changed: &[Changes], f: impl FnOnce(&mut Character) -> T) -> T {
    let out = character
        .try_update_untracked(f)
        .expect("the character is live");
    // A write through a part's own field notifies that part, its readers and the
    // whole character's readers, and not the other parts.
    for part in changed {
        match part {
            Changes::RollLog => character.roll_log().update(|_| ()),
            Changes::Advance => character.advance().update(|_| ()),
            Changes::Combat => character.combat().update(|_| ()),
        }
    }
    character.updated().update(|_| ());
    out
}

/// Reads what the derived values are made from (`model::advance::Sheet`: the ruleset,
/// the attributes, the player's modifiers and the gear), tracking exactly those parts
/// by their store fields: a roll logged, the notes or the name do not make the reader
/// run again.
pub fn sheet<T>(character: Live, f: impl FnOnce(Sheet) -> T) -> T {
    // The parts `Character::sheet` is made of, one for each of its fields.
    character.ruleset().track();
    character.attributes().track();
    character.modifiers().track();
    character.combat().track();
    character.advance().track();
    character.with_untracked(|c| f(c.sheet()))
}

/// Reads the character's gear (`model::advance::Gear`: the Combat and Gear & XP tabs'
/// parts), tracking exactly those two parts by their store fields: a roll logged, the
/// notes or an attribute do not make the reader run again.
pub fn gear<T>(character: Live, f: impl FnOnce(Gear) -> T) -> T {
    // The parts `Character::gear` is made of, one for each of its fields.
    character.combat().track();
    character.advance().track();
    character.with_untracked(|c| f(c.gear()))
}

/// The open character's derived values and encumbrance, worked out once per change
/// for every card that shows them (provided by the sheet's tabs).
#[derive(Clone, Copy)]
pub struct Derivations {
    pub derived: Memo<Derived>,
    /// What each inventory row counts: from the gear alone, so typing Might does not
    /// count (and word) every row again.
    pub item_counts: Memo<Arc<ItemCounts>>,
    pub encumbrance: Memo<Encumbrance>,
}

impl Derivations {
    pub fn provide(character: Live) -> Derivations {
        // The rows come from the inventory and the Combat tab's weapons, armor and
        // shields (and the purse, part of the gear).
        let item_counts = Memo::new(move |_| gear(character, |g| Arc::new(g.item_counts())));
        let d = Derivations {
            // The derived values (Toughness, Defense, the attributes with every
            // modifier …), tracking only what they are made from: a roll, the notes
            // or the name do not make them be worked out again.
            derived: Memo::new(move |_| {
                let total = item_counts.with(|c| c.total);
                sheet(character, |s| s.derived_with(total))
            }),
            item_counts,
            encumbrance: Memo::new(move |_| {
                let counts = item_counts.get();
                sheet(character, |s| s.weigh(counts))
            }),
        };
        provide_context(d);
        d
    }

    /// The sheet's, or (a card on its own) new ones.
    pub fn get(character: Live) -> Derivations {
        use_context::<Derivations>().unwrap_or_else(|| Derivations::provide(character))
    }
}

/// The derived values, as a memo shared by the sheet's cards.
pub fn derived_memo(character: Live) -> Memo<Derived> {
    Derivations::get(character).derived
}

/// The inventory's count and what it does, as a memo shared by the sheet's cards.
pub fn encumbrance_memo(character: Live) -> Memo<Encumbrance> {
    Derivations::get(character).encumbrance
}

/// What each inventory row counts, as a memo shared by the sheet's cards.
pub fn item_counts_memo(character: Live) -> Memo<Arc<ItemCounts>> {
    Derivations::get(character).item_counts
}
