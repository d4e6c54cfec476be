//! "In the words of": the Symbaroum-family ruleset whose labels a pack's editor shows.

use crate::rules::symbaroum::labels::{labels, Labels};
use crate::rules::Ruleset;
use leptos::prelude::*;

/// The ruleset whose words a Symbaroum-family pack's editor uses (Accurate or
/// Exactitude): the one last chosen for a new character, or the one picked here.
#[derive(Clone, Copy)]
pub struct PackWords(RwSignal<Ruleset>);

impl PackWords {
    pub fn new(ruleset: Ruleset) -> Self {
        Self(RwSignal::new(ruleset))
    }

    /// Tracks the choice, for what is drawn in its words.
    pub fn track(self) {
        self.0.track();
    }

    /// The labels the entries are drawn with (they are drawn again when it changes).
    pub fn labels(self) -> &'static Labels {
        labels(self.0.get_untracked())
    }
}

/// "In the words of": which Symbaroum-family ruleset names the attributes and values.
pub fn words_choice(words: PackWords) -> impl IntoView {
    let options = Ruleset::ALL
        .into_iter()
        .filter(|r| r.is_symbaroum_family())
        .map(|r| view! { <option value=r.id() selected=r == words.0.get_untracked()>{r.name()}</option> })
        .collect_view();
    view! {
        <div class="field">
            <label for="pack-words">"In the words of"</label>
            <select id="pack-words" aria-describedby="pack-words-about" on:change=move |ev| {
                if let Some(r) = Ruleset::from_id(&event_target_value(&ev)) {
                    words.0.set(r);
                }
            }>{options}</select>
            <p class="field-hint" id="pack-words-about">"The pack is the same for the three rulesets; only the names it is shown with change."</p>
        </div>
    }
}
