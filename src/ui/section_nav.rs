//! Phones: a row of tabs under the sticky bar that jumps to each part of the sheet, so
//! a long sheet is one thumb-tap from any section. Hidden on wide screens, where the
//! sheet is laid out side by side.

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
const HEIMR: [(&str, &str); 2] = [
    ("Attributes", "heimr-attributes-heading"),
    ("Notes", "notes-heading"),
];

fn jump(id: &str) {
    if let Some(el) = document().get_element_by_id(id) {
        el.scroll_into_view();
    }
}

#[component]
pub fn SectionNav(heimr: bool) -> impl IntoView {
    let tabs = if heimr { &HEIMR[..] } else { &SYMBAROUM[..] };
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
