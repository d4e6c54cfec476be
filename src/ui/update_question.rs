//! The question a game master's update asks the player: each change the table made,
//! what their character has now and what the table sends, ticked unless it clashes
//! with their own change or is so already; nothing changes before "Accept".

use super::clock::now;
use super::library_state::Library;
use super::offered_rows::offered_rows;
use super::routing::{go, library_href};
use super::update_page::{Step, GONE};
use crate::model::table::update::Update as TableUpdate;
use crate::model::Character;
use crate::storage::local::LocalBackend;
use crate::storage::prefs::{accepted, set_accepted};
use leptos::prelude::*;

#[component]
pub fn UpdateQuestion(
    update: TableUpdate,
    character: Character,
    step: RwSignal<Step>,
) -> impl IntoView {
    let lib = expect_context::<Library>();
    let (rows, ticked) = offered_rows(
        update.offered(&character),
        "the table’s",
        "You changed this since the game master took their copy: tick it to take theirs instead.",
    );
    let problem = RwSignal::new(None::<String>);
    let name = character.display_name().to_string();
    let heading = format!("“{}” sends changes to {name}", update.table_name);
    let accept = move |_| {
        let chosen = ticked.get_untracked();
        if chosen.is_empty() {
            problem.set(Some("Tick the changes to take, or choose Not now.".into()));
            return;
        }
        // The character as it is now (another tab may have changed it meanwhile).
        let Some(before) = lib.get(&update.character) else {
            problem.set(Some(GONE.into()));
            return;
        };
        match update.apply(&before, &chosen, now().round()) {
            Ok(after) => {
                let stamp = accepted(&LocalBackend, &update.character, &update.table);
                lib.upsert(after.clone());
                let after = Box::new(after);
                let _ = set_accepted(
                    &mut LocalBackend,
                    &update.character,
                    &update.table,
                    Some(update.sent),
                );
                step.set(Step::Taken {
                    before,
                    after,
                    stamp,
                    update: update.clone(),
                    count: chosen.len(),
                });
            }
            Err(e) => problem.set(Some(e)),
        }
    };
    view! {
        <section class="card update-question" aria-labelledby="update-heading">
            <h2 id="update-heading">{heading}</h2>
            <p>"Tick the changes to take. Nothing changes until you accept."</p>
            {rows}
            <p class="field-error" role="alert">{move || problem.get()}</p>
            <div class="button-row">
                <button type="button" class="primary" on:click=accept>"Accept the ticked changes"</button>
                <button type="button" on:click=|_| go(&library_href())>"Not now"</button>
            </div>
        </section>
    }
}
