//! "Print character": whether every tab and row is drawn for printing.

use leptos::prelude::*;

/// Set by "Print character" or the browser's Print: every tab is drawn (and printed).
#[derive(Clone, Copy, Default)]
pub struct PrintAll(RwSignal<bool>);

impl PrintAll {
    /// Draws every tab and row, for printing.
    pub fn set(&self) {
        self.0.set(true);
    }

    /// Whether every tab and row is drawn for printing (tracked).
    pub fn on(&self) -> bool {
        self.0.get()
    }
}
