//! An add form's entry picked from a campaign pack (issue #32): the copy the pack's
//! offer gave, kept while the form's name box still holds its name. Typing another
//! name makes the row the player's own again.

use crate::model::pack::take::TakenRow;
use crate::model::pack::take::{List, Pick};
use crate::ui::part::Part;
use crate::ui::parts::adder_toggle;
use crate::ui::slots::PackOffers;
use crate::ui::Live;
use leptos::prelude::*;

/// The picked copy, beside the form's name box.
pub(crate) struct PackPick<T: Send + Sync + 'static> {
    taken: RwSignal<Option<T>>,
    name: RwSignal<String>,
    /// Whether the form was opened: its offers are fetched from then on, so a sheet
    /// whose player never adds anything never fetches the packs' chunk.
    opened: RwSignal<bool>,
}

impl<T: Send + Sync + 'static> Clone for PackPick<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Send + Sync + 'static> Copy for PackPick<T> {}

impl<T: TakenRow + Send + Sync + 'static> PackPick<T> {
    pub fn new(name: RwSignal<String>) -> Self {
        PackPick {
            taken: RwSignal::new(None),
            name,
            opened: RwSignal::new(false),
        }
    }

    /// Picks `copy`: its name goes into the name box.
    pub fn set(&self, copy: T) {
        self.name.set(copy.name().to_string());
        self.taken.set(Some(copy));
    }

    /// The picked copy, while the name box holds its name.
    pub fn get(&self) -> Option<T> {
        self.taken.with(|t| {
            t.as_ref()
                .filter(|c| self.name.with(|n| n.trim() == c.name()))
                .cloned()
        })
    }

    /// After the row is added.
    pub fn clear(&self) {
        self.taken.set(None);
    }
}

impl<T: TakenRow + Send + Sync + 'static> PackPick<T> {
    /// [`PackPick::get`], untracked (when the row is added).
    pub fn get_untracked(&self) -> Option<T> {
        untrack(|| self.get())
    }
}

impl<T: Send + Sync + 'static> PackPick<T> {
    /// The form's fold was opened or closed (`parts::adder_toggle` besides): folded
    /// at first, its first toggle opens it.
    pub fn toggled(&self, ev: leptos::ev::Event) {
        adder_toggle(ev);
        self.opened.set(true);
    }

    /// The entries the character's packs offer `list` as the name is typed, once the
    /// form was opened.
    pub fn offers(&self, character: Live, list: List, pick: Callback<Pick>) -> impl IntoView {
        let (opened, name) = (self.opened, self.name);
        move || {
            opened
                .get()
                .then(|| Part::<PackOffers>::view((character, list, name.into(), pick)))
                .flatten()
        }
    }
}
