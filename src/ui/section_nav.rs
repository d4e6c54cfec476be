//! Phones: a row of tabs under the sticky bar that jumps to each part of the sheet, so
//! a long sheet is one thumb-tap from any section. Hidden on wide screens, where the
//! sheet is laid out side by side.

use super::pages::Page;
use leptos::prelude::*;

/// (label, id of the section's heading).
const SYMBAROUM: [(&str, &str); 6] = [
    ("Attributes", "attributes-heading"),
    ("Values", "derived-heading"),
    ("Combat", "combat-heading"),
    ("Log", "roll-log-heading"),
    ("Modifiers", "modifiers-heading"),
    ("Notes", "notes-heading"),
];
const COMBAT: [(&str, &str); 6] = [
    ("Toughness", "toughness-heading"),
    ("Weapons", "weapons-heading"),
    ("Armor", "armor-heading"),
    ("Corruption", "corruption-heading"),
    ("Initiative", "initiative-heading"),
    ("Log", "roll-log-heading"),
];
const ADVANCE: [(&str, &str); 5] = [
    ("Experience", "xp-heading"),
    ("Abilities", "abilities-heading"),
    ("Encumbrance", "encumbrance-heading"),
    ("Inventory", "inventory-heading"),
    ("Money", "money-heading"),
];
const HEIMR: [(&str, &str); 6] = [
    ("Attributes", "heimr-attributes-heading"),
    ("Abilities", "heimr-abilities-heading"),
    ("HP", "heimr-pools-heading"),
    ("Fatigue", "heimr-fatigue-heading"),
    ("Log", "heimr-log-heading"),
    ("Notes", "notes-heading"),
];
const HEIMR_COMBAT: [(&str, &str); 7] = [
    ("Turn", "heimr-combat-heading"),
    ("Initiative", "heimr-initiative-heading"),
    ("Defences", "heimr-defences-heading"),
    ("Positions", "heimr-positions-heading"),
    ("HP", "heimr-pools-heading"),
    ("Injuries", "heimr-injuries-heading"),
    ("Log", "heimr-log-heading"),
];
const HEIMR_ADVANCE: [(&str, &str); 5] = [
    ("Experience", "heimr-xp-heading"),
    ("Training", "heimr-training-heading"),
    ("Attributes", "heimr-attributes-heading"),
    ("Armoury", "heimr-armoury-heading"),
    ("Abilities", "heimr-new-abilities-heading"),
];

fn jump(id: &str) {
    if let Some(el) = document().get_element_by_id(id) {
        el.scroll_into_view();
    }
}

#[component]
pub fn SectionNav(page: Page) -> impl IntoView {
    let tabs = match page {
        Page::Heimr => &HEIMR[..],
        Page::HeimrCombat => &HEIMR_COMBAT[..],
        Page::HeimrAdvance => &HEIMR_ADVANCE[..],
        Page::Combat => &COMBAT[..],
        Page::Advance => &ADVANCE[..],
        _ => &SYMBAROUM[..],
    };
    view! {
        <nav class="section-nav" aria-label="Sections">
            {tabs
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
