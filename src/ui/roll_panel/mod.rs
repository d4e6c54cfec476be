//! The roll panel: a dialog (a sheet at the bottom on phones) to make a success test.
//! It shows the target and the exact chance before the roll, rolls the d20(s), shows
//! every die and the kept one, and writes the roll into the character's log.
//!
//! The rules come from `rules::symbaroum::success` and the roll from
//! `model::play::test_roll`; these files only gather the inputs and show the outcome:
//! `form.rs` what the open panel holds (in context for its parts), `dialog.rs` the
//! dialog and the roll, and one file for each part of it.

mod aim;
mod circumstances;
mod defense_hit;
mod dialog;
mod form;
mod group_sneak;
mod keep_hold;
mod modifier;
mod outcome;
mod own_modifiers;
mod target_armor;
mod target_robust;
mod weapons_ready;

pub(crate) mod rolls;

use super::part::Part;
use super::slots::RollPanelBody;
use crate::rules::symbaroum::derived::Derived;
use crate::ui::Live;
use dialog::RollDialog;
use leptos::prelude::*;
pub use rolls::{RollKind, Rolls, WeaponChoice};

/// A d20 drawn as lines, for the roll buttons.
#[component]
pub fn D20Icon() -> impl IntoView {
    view! {
        <svg class="d20" viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
            <path
                d="M12 2 21 7v10l-9 5-9-5V7zM12 7l5.5 8.5h-11zM12 2v5M3 7l9 0M21 7h-9M3 7l3.5 8.5M21 7l-3.5 8.5M3 17l3.5-1.5M21 17l-3.5-1.5M12 22l-5.5-6.5M12 22l5.5-6.5"
                fill="none"
                stroke="currentColor"
                stroke-width="1.5"
                stroke-linejoin="round"
                stroke-linecap="round"
            />
        </svg>
    }
}

/// The panel for a test of `kind`.
pub fn roll_dialog(
    character: Live,
    derived: Memo<Derived>,
    rolls: Rolls,
    kind: RollKind,
) -> AnyView {
    view! { <RollDialog character derived rolls kind/> }.into_any()
}

/// The panel, while open: drawn by whoever draws [`RollPanelBody`] (its own chunk, in
/// the app).
#[component]
pub fn RollPanel(character: Live, derived: Memo<Derived>, rolls: Rolls) -> impl IntoView {
    move || {
        rolls
            .open
            .get()
            .and_then(|kind| Part::<RollPanelBody>::view((character, derived, rolls, kind)))
    }
}
