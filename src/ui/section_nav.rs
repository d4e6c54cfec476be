//! Phones: a row of tabs under the sticky bar that jumps to each part of the sheet, so
//! a long sheet is one thumb-tap from any section. Hidden on wide screens, where the
//! sheet is laid out side by side.

use super::routing::Tab;
use leptos::prelude::*;

/// (label, id of the section's heading). Labels differ from the tabs' names.
type Sections = &'static [(&'static str, &'static str)];

const SYMBAROUM: Sections = &[
    ("Attributes", "attributes-heading"),
    ("Values", "derived-heading"),
    ("Modifiers", "modifiers-heading"),
    ("About", "about-heading"),
    ("Log", "roll-log-heading"),
    ("Notes", "notes-heading"),
];
const COMBAT: Sections = &[
    ("Attack", "fight-heading"),
    ("Toughness", "toughness-heading"),
    ("Weapons", "weapons-heading"),
    ("Armor", "armor-heading"),
    ("Corruption", "corruption-heading"),
    ("Initiative", "initiative-heading"),
    ("Log", "roll-log-heading"),
];
const ADVANCE: Sections = &[
    ("Experience", "xp-heading"),
    ("Abilities", "abilities-heading"),
    ("Encumbrance", "encumbrance-heading"),
    ("Inventory", "inventory-heading"),
    ("Money", "money-heading"),
];
const HEIMR: Sections = &[
    ("Attributes", "heimr-attributes-heading"),
    ("Abilities", "heimr-abilities-heading"),
    ("HP", "heimr-pools-heading"),
    ("Fatigue", "heimr-fatigue-heading"),
    ("About", "about-heading"),
    ("Log", "heimr-log-heading"),
    ("Notes", "notes-heading"),
];
const HEIMR_COMBAT: Sections = &[
    ("Turn", "heimr-combat-heading"),
    ("Initiative", "heimr-initiative-heading"),
    ("Defences", "heimr-defences-heading"),
    ("Positions", "heimr-positions-heading"),
    ("HP", "combat-heimr-pools-heading"),
    ("Injuries", "heimr-injuries-heading"),
    ("Log", "heimr-log-heading"),
];
const HEIMR_ADVANCE: Sections = &[
    ("Experience", "heimr-xp-heading"),
    ("Training", "heimr-training-heading"),
    ("Progress", "heimr-progress-heading"),
    ("Armoury", "heimr-armoury-heading"),
    ("Abilities", "heimr-new-abilities-heading"),
];

fn jump(id: &str) {
    if let Some(el) = document().get_element_by_id(id) {
        el.scroll_into_view();
    }
}

/// The sections of the tab on screen.
#[component]
pub fn SectionNav(heimr: bool, tab: Memo<Tab>) -> impl IntoView {
    let sections = move || match (heimr, tab.get()) {
        (false, Tab::Sheet) => SYMBAROUM,
        (false, Tab::Combat) => COMBAT,
        (false, Tab::Gear) => ADVANCE,
        (true, Tab::Sheet) => HEIMR,
        (true, Tab::Combat) => HEIMR_COMBAT,
        (true, Tab::Gear) => HEIMR_ADVANCE,
    };
    view! {
        <nav class="section-nav" aria-label="Sections">
            {move || sections()
                .iter()
                .map(|&(label, id)| {
                    view! {
                        <button type="button" class="section-tab" data-target=id on:click=move |_| jump(id)>
                            {label}
                        </button>
                    }
                })
                .collect_view()}
        </nav>
    }
}
