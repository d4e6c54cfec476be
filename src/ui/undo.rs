//! Undo and redo on an open sheet: this tab's edits as the steps of `model::history`.
//! A step is recorded once its change is on screen (in idle time), not in the change's
//! own frame: copying the character for it took a phone about a millisecond of an
//! edit's frame on a 500-item inventory. It is recorded sooner when something else is
//! about to change the sheet (an undo or redo, another tab's version), so a step holds
//! this tab's edits and nothing else. Edits made before it is recorded join it, as
//! edits closer together than `history::COALESCE_MS` always do.

use super::clock::{now, when_idle};
use super::library_state::Library;
use super::Live;
use crate::model::history::History;
use crate::model::Character;
use leptos::prelude::*;
use std::sync::Arc;

/// The open sheet's undo and redo.
#[derive(Clone, Copy)]
pub struct Undo {
    current: Live,
    /// The steps; the Undo and Redo buttons read whether there are any.
    pub history: RwSignal<History>,
    /// The next change is an undo or redo being shown: no step.
    replaying: StoredValue<bool>,
}

/// The version kept for a step: without its roll log (steps never read it).
fn version(c: &Character) -> Arc<Character> {
    Arc::new(c.without_log())
}

impl Undo {
    /// Watches `current` for this tab's edits; has the library record the waiting step
    /// before another version replaces the character.
    pub fn new(current: Live, lib: Library) -> Undo {
        let undo = Undo {
            current,
            history: RwSignal::new(History::starting_at(current.with_untracked(version))),
            replaying: StoredValue::new(false),
        };
        Effect::new(move |seen: Option<()>| {
            // Not an edit made here: the version the next step starts from.
            let start = current.with(|c| {
                (undo.replaying.get_value() || lib.from_elsewhere(c)).then(|| version(c))
            });
            if seen.is_none() {
                return;
            }
            if let Some(v) = start {
                undo.replaying.set_value(false);
                undo.history.update(|h| h.start_at(v));
            } else if undo.history.try_update(History::edited) == Some(true) {
                when_idle(Box::new(move || undo.record()));
            }
        });
        // Left in place when the sheet closes: it does nothing then (and the next
        // sheet opened puts its own).
        lib.before_replace
            .set_value(Some(Callback::new(move |()| undo.record())));
        undo
    }

    /// Records the edits made here since the last step as one step (none waiting, or
    /// the sheet closed meanwhile: nothing).
    fn record(self) {
        let current = self.current;
        self.history
            .try_update(|h| h.record_to(|| current.with_untracked(version), now()));
    }

    /// Takes back this tab's last step (`back`), or does again the last one taken back.
    pub fn step(self, back: bool) {
        self.record();
        let cur = self.current.get_untracked();
        let next = self
            .history
            .try_update(|h| if back { h.undo(&cur) } else { h.redo(&cur) })
            .flatten();
        if let Some(mut next) = next {
            next.updated = now();
            self.replaying.set_value(true);
            self.current.set(next);
        }
    }
}
