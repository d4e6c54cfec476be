//! A player's new share link for a member already at the table: what it changes of the
//! table's copy, field by field, as the player's browser asks about an update the other
//! way. A field the table changed since the player's last link is a clash, shown and
//! never taken unseen. Nothing changes before "Take the ticked changes".

use super::desk::Desk;
use crate::model::table::update::Update as TableUpdate;
use crate::model::Character;
use crate::ui::offered_rows::offered_rows;
use leptos::prelude::*;

/// A new link's offer: the member, the changes, and the character as the link has it.
pub type Asked = Option<(u32, TableUpdate, Character)>;

#[component]
pub fn RefreshQuestion(table: String, asked: RwSignal<Asked>) -> impl IntoView {
    let desk = expect_context::<Desk>();
    move || {
        let (member, update, new) = asked.get()?;
        let have = desk.read(&table, |t| Some(t.member(member)?.character.clone()))?;
        let name = new.display_name().to_string();
        let (rows, ticked) = offered_rows(
            update.offered(&have),
            "their link’s",
            "Changed at the table since their last link: tick it to take theirs instead.",
        );
        let table = table.clone();
        let who = name.clone();
        let take = move |_| {
            let chosen = ticked.get_untracked();
            let (update, new) = (update.clone(), new.clone());
            let n = chosen.len();
            asked.set(None);
            let said = desk.edit(&table, move |t, now| {
                t.refresh(member, &update, &chosen, new, now)
            });
            desk.note.set(Some(match said {
                Ok(()) if n == 0 => (true, format!("{who}’s link seen: nothing taken from it.")),
                Ok(()) => (true, format!("Took {n} of the changes in {who}’s link.")),
                Err(e) => (false, e),
            }));
        };
        Some(view! {
            <div class="card conflict" role="alertdialog" aria-labelledby="refresh-question" id="refresh-asked">
                <p id="refresh-question">{format!("{name}’s new link changes the table’s copy. Tick the changes to take.")}</p>
                {rows}
                <div class="button-row">
                    <button type="button" class="primary" on:click=take>"Take the ticked changes"</button>
                    <button type="button" on:click=move |_| asked.set(None)>"Not now"</button>
                </div>
            </div>
        })
    }
}
