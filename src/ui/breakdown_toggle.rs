//! Which breakdown ("how was this reached") is open in a group of values, opened by a
//! tap or by keyboard focus.
//!
//! A tap toggles a breakdown and it stays open. Moving keyboard focus onto a value
//! opens its breakdown for as long as the focus stays there (Enter then toggles it as a
//! tap does). A tap also focuses the button in most browsers, so focus that follows a
//! pointer press is left to the click.

use leptos::prelude::*;

#[derive(Clone, Copy)]
pub struct BreakdownToggle {
    open: RwSignal<Option<&'static str>>,
    /// The open breakdown was opened by a tap (or Enter), not only by focus.
    pinned: RwSignal<bool>,
    pointer_down: RwSignal<bool>,
}

impl Default for BreakdownToggle {
    fn default() -> Self {
        Self::new()
    }
}

impl BreakdownToggle {
    pub fn new() -> Self {
        BreakdownToggle {
            open: RwSignal::new(None),
            pinned: RwSignal::new(false),
            pointer_down: RwSignal::new(false),
        }
    }

    /// Whether `key`'s breakdown is open (tracked).
    pub fn is_open(&self, key: &'static str) -> bool {
        self.open.get() == Some(key)
    }

    pub fn pointer_down(&self) {
        self.pointer_down.set(true);
    }

    pub fn focus(&self, key: &'static str) {
        if self.pointer_down.get_untracked() {
            self.pointer_down.set(false);
            return;
        }
        if self.open.get_untracked() != Some(key) {
            self.open.set(Some(key));
            self.pinned.set(false);
        }
    }

    pub fn blur(&self, key: &'static str) {
        // Chromium blurs a focused button when it is taken out of the page, and by
        // then, when the sheet was left (Back), the toggle's signals are gone:
        // nothing is open any more, so there is nothing to do.
        if self.pointer_down.try_set(false).is_some() {
            return;
        }
        if self.open.try_get_untracked().flatten() == Some(key)
            && self.pinned.try_get_untracked() == Some(false)
        {
            self.open.try_set(None);
        }
    }

    pub fn click(&self, key: &'static str) {
        self.pointer_down.set(false);
        if self.open.get_untracked() == Some(key) {
            self.open.set(None);
        } else {
            self.open.set(Some(key));
            self.pinned.set(true);
        }
    }
}
