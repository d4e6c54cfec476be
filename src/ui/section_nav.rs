//! Phones: a row of tabs under the sticky bar that jumps to each part of the sheet, so
//! a long sheet is one thumb-tap from any section. Hidden on wide screens, where the
//! sheet is laid out side by side.

use super::routing::Tab;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

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
    ("Log", "roll-log-heading"),
    ("Notes", "notes-heading"),
];
const HEIMR_COMBAT: Sections = &[
    ("Turn", "heimr-combat-heading"),
    ("Initiative", "heimr-initiative-heading"),
    ("Defences", "heimr-defences-heading"),
    ("Positions", "heimr-positions-heading"),
    ("Injuries", "heimr-injuries-heading"),
    ("HP", "heimr-pools-fold-heading"),
    ("Log", "roll-log-heading"),
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

/// The section on screen: the last whose heading has reached the bottom of the sticky
/// bars (`below`, in px from the top of the window), else the first; at the page's
/// end, the last (its heading may never reach the bars).
fn on_screen(sections: Sections, below: f64) -> usize {
    let w = window();
    let seen = w.scroll_y().unwrap_or(0.0)
        + w.inner_height()
            .ok()
            .and_then(|h| h.as_f64())
            .unwrap_or(0.0);
    if seen
        >= f64::from(
            document()
                .document_element()
                .map_or(0, |e| e.scroll_height()),
        ) - 2.0
    {
        return sections.len().saturating_sub(1);
    }
    sections
        .iter()
        .rposition(|(_, id)| {
            document()
                .get_element_by_id(id)
                .is_some_and(|h| h.get_bounding_client_rect().top() <= below)
        })
        .unwrap_or(0)
}

/// The sections of the tab on screen; the one in view is marked (and scrolled into
/// the row), so the row says where the player is and what else there is.
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
    let nav = NodeRef::<leptos::html::Nav>::new();
    let current = RwSignal::new(0usize);
    let pending = StoredValue::new(false);
    // Set by a tap on a chip: the scroll it makes keeps that chip marked.
    let jumped = StoredValue::new(false);
    // Worked out once a frame at most, while the page scrolls.
    let follow = move || {
        if pending.get_value() {
            return;
        }
        pending.set_value(true);
        request_animation_frame(move || {
            // The sheet may have been left (Back) before the frame: then its state
            // is gone and there is nothing to mark.
            if pending.try_set_value(false).is_some() {
                return;
            }
            if jumped.get_value() {
                jumped.set_value(false);
                return;
            }
            let Some(nav) = nav.get_untracked() else {
                return;
            };
            // At a desk the row is not shown (the sections sit side by side): its
            // box is empty, and there is nothing to mark.
            let bottom = nav.get_bounding_client_rect().bottom();
            if bottom <= 0.0 {
                return;
            }
            let below = bottom + 8.0;
            let i = on_screen(untrack(sections), below);
            if i != current.get_untracked() {
                current.set(i);
                // The marked chip in the middle of the row, where the row can scroll.
                if let Some(chip) = nav
                    .query_selector(&format!("[data-index='{i}']"))
                    .ok()
                    .flatten()
                    .and_then(|c| c.dyn_into::<web_sys::HtmlElement>().ok())
                {
                    let middle = chip.offset_left() + chip.offset_width() / 2;
                    nav.set_scroll_left(middle - nav.client_width() / 2);
                }
            }
        });
    };
    let handle = window_event_listener(leptos::ev::scroll, move |_| follow());
    on_cleanup(move || handle.remove());
    Effect::new(move |_| {
        tab.track();
        follow();
    });
    view! {
        <nav class="section-nav" aria-label="Sections" node_ref=nav>
            {move || sections()
                .iter()
                .enumerate()
                .map(|(i, &(label, id))| {
                    view! {
                        <button
                            type="button"
                            class="section-tab"
                            data-target=id
                            data-index=i
                            aria-current=move || (current.get() == i).then_some("location")
                            on:click=move |_| {
                                jumped.set_value(true);
                                current.set(i);
                                jump(id);
                            }
                        >
                            {label}
                        </button>
                    }
                })
                .collect_view()}
        </nav>
    }
}
