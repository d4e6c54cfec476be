//! "In creation": while a Symbaroum-family character is being made, a card on the
//! Sheet and Gear & XP tabs says what creation still lacks (no name, attribute points
//! left of 80 or over, scores outside the creation rule) and offers "Finish creation".
//! Guidance, never a lock: the player may finish with something lacking. Finishing is
//! an ordinary edit, so the sheet's Undo (Ctrl+Z) takes it back.

use crate::model::advance::AdvanceStoreFields;
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::creation::lacking;
use crate::rules::symbaroum::labels;
use crate::ui::focus::focus_id;
use crate::ui::parts::edit_advance;
use crate::ui::routing::{go, sheet_href, Tab};
use crate::ui::sheet_page::when_drawn;
use crate::ui::Live;
use leptos::prelude::*;

/// The card; `scope` prefixes its ids, as it is drawn on two tabs at once.
#[component]
pub fn CreationCard(character: Live, scope: &'static str) -> impl IntoView {
    let in_creation = Memo::new(move |_| character.advance().in_creation().get());
    let missing = Memo::new(move |_| {
        let l = labels(character.ruleset().get());
        character
            .name()
            .with(|name| character.attributes().with(|a| lacking(name, a, l)))
    });
    let done = RwSignal::new(false);
    let finish = move |_| {
        edit_advance(character, |a| a.in_creation = false);
        done.set(true);
        // The button goes with the card: focus moves to what replaced it.
        request_animation_frame(move || focus_id(&format!("{scope}creation-done")));
    };
    let heading = format!("{scope}creation-heading");
    view! {
        <Show when=move || in_creation.get()
            fallback=move || done.get().then(|| view! {
                <p class="hint creation-done" id=format!("{scope}creation-done") tabindex="-1" role="status">
                    "Creation finished: everything is now bought with Experience. Undo (Ctrl+Z) takes it back."
                </p>
            })>
            <section class="card creation-card" aria-labelledby=heading.clone()>
                <h2 id=heading.clone()>"In creation"</h2>
                <p class="hint">
                    "Abilities and traits are free until you finish; then traits are fixed and everything costs Experience."
                </p>
                {move || {
                    let m = missing.get();
                    if m.is_empty() {
                        view! { <p class="creation-ready" id=format!("{scope}creation-lacking")>"Nothing lacking: ready to finish."</p> }.into_any()
                    } else {
                        view! {
                            <div id=format!("{scope}creation-lacking")>
                                <p class="creation-lacking-head">"Still lacking:"</p>
                                <ul class="creation-lacking" aria-label="What creation still lacks">
                                    {m.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}
                                </ul>
                            </div>
                        }.into_any()
                    }
                }}
                <div class="button-row">
                    // On the Sheet tab, the way to them: Gear & XP, at its abilities.
                    {(scope == "sheet-").then(|| view! {
                        <button type="button" id="creation-to-abilities" on:click=move |_| {
                            go(&sheet_href(&character.id().get_untracked(), Tab::Gear));
                            show_abilities();
                        }>"Choose abilities"</button>
                    })}
                    <button type="button" class="primary" id=format!("{scope}finish-creation") on:click=finish>
                        "Finish creation"
                    </button>
                </div>
            </section>
        </Show>
    }
}

/// Once the Gear & XP tab is drawn (its part may still be on the way), brings its
/// abilities into view with "Add an ability…" open, ready to type in.
fn show_abilities() {
    fn heading() -> Option<web_sys::Element> {
        document().get_element_by_id("abilities-heading")
    }
    when_drawn(
        || heading().is_some_and(|h| h.client_height() > 0),
        || {
            if let Ok(Some(form)) = document().query_selector(".abilities-card details.adder") {
                let _ = form.set_attribute("open", "");
            }
            if let Some(h) = heading() {
                h.scroll_into_view();
            }
        },
    );
}
