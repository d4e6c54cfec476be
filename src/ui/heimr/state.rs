//! Reading and editing the Heimr part of the character, and the open dice panel.

use crate::model::heimr::HeimrSheet;
use crate::model::log::LogEntry;
use crate::model::CharacterStoreFields;
use crate::ui::parts::{log_entry, stamp};
use crate::ui::Live;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Reads the Heimr sheet (tracked), using a fresh sheet when the document has none.
pub fn read<T>(character: Live, f: impl FnOnce(&HeimrSheet) -> T) -> T {
    character.heimr().with(|h| match h {
        Some(h) => f(h),
        None => f(&HeimrSheet::default()),
    })
}

/// The names of the character's abilities, in sheet order (tracked).
pub fn ability_names(character: Live) -> Vec<String> {
    read(character, |h| {
        h.abilities.iter().map(|a| a.name.clone()).collect()
    })
}

/// As [`read`], untracked (inside event handlers).
pub fn peek<T>(character: Live, f: impl FnOnce(&HeimrSheet) -> T) -> T {
    character.heimr().with_untracked(|h| match h {
        Some(h) => f(h),
        None => f(&HeimrSheet::default()),
    })
}

/// Edits the Heimr sheet and stamps the edit time.
pub fn edit<T>(character: Live, f: impl FnOnce(&mut HeimrSheet) -> T) -> T {
    let out = character
        .heimr()
        .try_update(|h| f(h.get_or_insert_with(HeimrSheet::default)))
        .expect("the character is live");
    stamp(character);
    out
}

/// Edits the sheet and logs a roll in the same change.
pub fn edit_and_log<T>(
    character: Live,
    f: impl FnOnce(&mut HeimrSheet) -> (T, Option<LogEntry>),
) -> T {
    let (value, entry) = edit(character, f);
    if let Some(e) = entry {
        log_entry(character, e);
    }
    value
}

pub use crate::model::play::heimr_roll::RollSource;

thread_local! {
    /// What had focus when the dice panel opened (the die tapped): focus returns there.
    /// One panel is open at a time in the page.
    static OPENER: std::cell::Cell<Option<web_sys::HtmlElement>> = const { std::cell::Cell::new(None) };
}

/// The dice panel: which roll is open (None: closed). Provided by the sheet.
#[derive(Clone, Copy)]
pub struct Panel {
    pub source: RwSignal<Option<RollSource>>,
    /// The CR the panel opens with: none (an empty box) but from a table that sets it.
    pub cr: RwSignal<Option<i64>>,
    /// The opponent's last result typed while this sheet is open (the encounter's),
    /// offered again by the next attack or defence; empty until the player types one.
    pub opponent: RwSignal<Option<i64>>,
}

impl Panel {
    pub fn open(&self, source: RollSource) {
        self.open_with(source, None);
    }

    /// Opens the panel against this CR (e.g. from the seed's tables).
    pub fn open_cr(&self, source: RollSource, cr: i64) {
        self.open_with(source, Some(cr));
    }

    fn open_with(&self, source: RollSource, cr: Option<i64>) {
        let opener = document()
            .active_element()
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        OPENER.set(opener);
        self.cr.set(cr);
        self.source.set(Some(source));
    }

    /// The panel is closed: forget it and put focus back where it was (a phone's
    /// Safari does not focus a tapped button: then on the button tapped).
    pub fn closed(&self) {
        self.source.set(None);
        if let Some(el) = OPENER.take().filter(|e| e.is_connected()) {
            let _ = el.focus();
        }
    }
}

/// A stable, unique-enough id fragment for an ability name.
pub fn slug(name: &str) -> String {
    let mut s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    s.truncate(24);
    let hash = name.bytes().fold(0x811c_9dc5u32, |h, b| {
        (h ^ b as u32).wrapping_mul(0x0100_0193)
    });
    format!("{s}-{:06x}", hash & 0xff_ffff)
}
