//! The packs a character's sheet offers entries from, read again when they change.

use crate::model::pack::builtin::builtin_text;
use crate::model::pack::read::read_pack;
use crate::model::pack::{Family, Pack};
use crate::model::CharacterStoreFields;
use crate::rules::Ruleset;
use crate::storage::local::LocalBackend;
use crate::storage::packs::{PackStore, PACK_PREFIX};
use crate::ui::Live;
use leptos::prelude::*;

/// The packs a character of `ruleset` uses: its ruleset's built-in pack, then the
/// packs of its family this browser keeps (a pack that does not read is left to the
/// packs page, which sets it aside).
fn packs_for(ruleset: Ruleset) -> Vec<Pack> {
    let family = Family::of(ruleset);
    let stored = PackStore::new(LocalBackend).readable();
    read_pack(builtin_text(ruleset))
        .into_iter()
        .chain(stored.into_iter().filter(|p| p.family == family))
        .collect()
}

/// The character's packs, read again when its ruleset changes or another tab (or
/// the packs page) changes a stored pack.
pub(super) fn sheet_packs(character: Live) -> Memo<Vec<Pack>> {
    let changed = RwSignal::new(0u32);
    let on_storage = window_event_listener(leptos::ev::storage, move |ev| {
        if ev.key().is_none_or(|k| k.starts_with(PACK_PREFIX)) {
            changed.update(|n| *n += 1);
        }
    });
    on_cleanup(move || on_storage.remove());
    Memo::new(move |_| {
        changed.track();
        packs_for(character.ruleset().get())
    })
}
