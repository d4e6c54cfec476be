//! A game master's update link (`#/update/<data>`, issue #60): what the table changed
//! of one of this browser's characters, field by field, each ticked but a clash (a
//! field the player changed since the table's copy) and what is so already; "Accept"
//! takes only the ticked ones, and one Undo takes them back. A link for a character
//! not here, one older than an update accepted, or a damaged or changed one is
//! refused in words and changes nothing. A chunk of its own
//! (`ui::split_points::update_page`), loaded within the tables' (so within the Symbaroum
//! family's sheet), which make updates and offer a player's changes with the same code.

use super::clock::now;
use super::library_state::Library;
use super::routing::{library_href, sheet_href, Tab};
use super::share::open_link;
use super::update_question::UpdateQuestion;
use crate::model::table::update::{read_update, take_back, Update};
use crate::model::Character;
use crate::storage::local::LocalBackend;
use crate::storage::prefs::{accepted, set_accepted};
use leptos::prelude::*;

/// What a link that does not unpack says.
const DAMAGED: &str = "This link is damaged or incomplete (perhaps cut off when it was copied or sent). Ask the game master for it again. Nothing was changed.";

/// What Accept and Undo say when the character was deleted meanwhile (in another tab).
pub const GONE: &str = "This character is no longer in this browser. Nothing was changed.";

/// Where the page is.
#[derive(Clone)]
pub enum Step {
    Opening,
    Refused(String),
    /// The update, and the character as it was when the link was read.
    Asking(Update, Character),
    /// Taken: the character as it was before, and the stamp accepted before (for
    /// Undo), with how many changes were taken.
    Taken {
        before: Character,
        /// What Accept wrote.
        after: Box<Character>,
        stamp: Option<f64>,
        update: Update,
        count: usize,
    },
    Undone(Character),
}

/// The page, for the chunk's split point.
pub fn update_page(data: Memo<Option<String>>) -> AnyView {
    let lib = expect_context::<Library>();
    let step = RwSignal::new(Step::Opening);
    Effect::new(move |_| {
        let Some(data) = data.get() else { return };
        step.set(Step::Opening);
        leptos::task::spawn_local(async move {
            let read = match open_link(&data).await {
                Err(_) => Err(DAMAGED.to_string()),
                Ok(bytes) => read_update(&bytes, &|id| lib.get(id), &|c, t| {
                    accepted(&LocalBackend, c, t)
                }),
            };
            step.set(match read {
                Ok((u, c)) => Step::Asking(u, c),
                Err(why) => Step::Refused(why),
            });
        });
    });
    let shown = move || match step.get() {
        Step::Opening => view! { <p role="status">"Reading the link…"</p> }.into_any(),
        Step::Refused(why) => view! { <p class="notice bad" role="alert">{why}</p> }.into_any(),
        Step::Asking(u, c) => view! { <UpdateQuestion update=u character=c step/> }.into_any(),
        Step::Taken {
            before,
            after,
            stamp,
            update,
            count,
        } => {
            let name = before.display_name().to_string();
            let id = before.id.clone();
            let open = format!("Open {name}’s sheet");
            let said = match count {
                1 => format!("Took 1 change from “{}” into {name}.", update.table_name),
                n => format!("Took {n} changes from “{}” into {name}.", update.table_name),
            };
            let undo = move |_| {
                // As it is now: another tab may have changed it since Accept, or deleted
                // it (then nothing is brought back).
                let Some(current) = lib.get(&before.id) else {
                    step.set(Step::Refused(GONE.into()));
                    return;
                };
                lib.upsert(take_back(&before, &after, &current, now().round()));
                let _ = set_accepted(&mut LocalBackend, &update.character, &update.table, stamp);
                step.set(Step::Undone(before.clone()));
            };
            view! {
                <div class="notice" role="status">
                    <span>{said}</span>
                    <button type="button" on:click=undo>"Undo"</button>
                </div>
                <a href=sheet_href(&id, Tab::Sheet) class="button primary">{open}</a>
            }
            .into_any()
        }
        Step::Undone(c) => {
            let said = format!("{} is as before the update.", c.display_name());
            view! { <p class="notice" role="status">{said}</p> }.into_any()
        }
    };
    view! {
        <main class="library update-page" data-screen="update">
            <header class="library-header">
                <h1>"Changes from the game master"</h1>
            </header>
            {shown}
            <p><a href=library_href()>"Back to the characters"</a></p>
        </main>
    }
    .into_any()
}
