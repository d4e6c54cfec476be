//! Seating a player: the question for a character a share link brought ("Add to a
//! table…" on the link's question), answered with the table to seat them at; and, on a
//! table, a box to paste a share link into. Nothing becomes a member without the game
//! master's say-so, and the player's own character is never touched.

use super::desk::Desk;
use super::refresh::{Asked, RefreshQuestion};
use crate::model::share::read_shared;
use crate::model::table::Family;
use crate::model::Character;
use crate::storage::listing::numbers_line;
use crate::ui::clock::now;
use crate::ui::routing::{go, Route, TableAt};
use crate::ui::share::open_link;
use leptos::prelude::*;

/// Seats `c` at table `id`, going there; refused in words.
fn seat(desk: Desk, id: &str, c: Character) -> Result<(), String> {
    let name = c.display_name().to_string();
    desk.edit(id, move |t, now| t.add_member(c, now).map(|_| ()))?;
    desk.note
        .set(Some((true, format!("{name} is seated at the table."))));
    Ok(())
}

/// A pasted link's character at table `id`: seated when new there; when already a
/// member, what the link changes of the table's copy is asked about (`asked`); a link
/// that changes nothing is refused in words.
fn seat_or_refresh(
    desk: Desk,
    id: &str,
    c: Character,
    asked: RwSignal<Asked>,
) -> Result<(), String> {
    let offer = desk.read(id, |t| {
        t.members
            .iter()
            .any(|m| m.character.id == c.id)
            .then(|| t.refresh_offer(&c, now().round()))
    });
    match offer {
        Some(Some((member, update))) => {
            asked.set(Some((member, update, c)));
            Ok(())
        }
        // Already here, as this link has them: refused as a second seat is.
        Some(None) | None => seat(desk, id, c),
    }
}

/// The question for a character a share link brought.
#[component]
pub fn SeatQuestion() -> impl IntoView {
    let desk = expect_context::<Desk>();
    move || {
        let c = desk.arriving.get()?;
        let family = Family::of(c.ruleset);
        let text = format!(
            "Seat “{}” ({}: {}) at one of your tables? The table keeps its own copy.",
            c.display_name(),
            c.ruleset.name(),
            numbers_line(&c)
        );
        let tables: Vec<(String, String)> = desk.tables.with(|ts| {
            ts.iter()
                .filter(|t| t.family == family)
                .map(|t| (t.id.clone(), t.name.clone()))
                .collect()
        });
        let none = tables.is_empty().then(|| {
            view! { <p class="hint">"You have no table for this game yet: make one below, and this question waits."</p> }
        });
        Some(view! {
            <div class="card conflict" role="alertdialog" aria-labelledby="seat-question" id="seat-arrived">
                <p id="seat-question">{text}</p>
                {none}
                <div class="button-row">
                    {tables.into_iter().map(|(id, name)| {
                        let c = c.clone();
                        view! {
                            <button type="button" class="primary" on:click=move |_| {
                                desk.arriving.set(None);
                                match seat(desk, &id, c.clone()) {
                                    Ok(()) => go(&Route::Table(TableAt::Open(id.clone())).href()),
                                    Err(e) => desk.note.set(Some((false, e))),
                                }
                            }>{format!("Seat at “{name}”")}</button>
                        }
                    }).collect_view()}
                    <button type="button" on:click=move |_| {
                        desk.arriving.set(None);
                        desk.note.set(Some((true, "Not seated. Nothing was changed.".into())));
                    }>"Not now"</button>
                </div>
            </div>
        })
    }
}

/// A box on a table for a player's share link.
#[component]
pub fn SeatFromLink(id: String) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    let asked = RwSignal::new(None);
    let table = id.clone();
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let link = text.get_untracked();
        let Some(data) = link
            .trim()
            .split_once("#/share/")
            .map(|(_, d)| d.to_string())
        else {
            return error.set(Some(
                "Paste a player's share link: it has “#/share/” in it.".into(),
            ));
        };
        let id = id.clone();
        busy.set(true);
        leptos::task::spawn_local(async move {
            let read = open_link(&data).await.and_then(|b| read_shared(&b));
            let seated = read.and_then(|c| seat_or_refresh(desk, &id, c, asked));
            busy.set(false);
            match seated {
                Ok(()) => {
                    text.set(String::new());
                    error.set(None);
                }
                Err(e) => error.set(Some(e)),
            }
        });
    };
    view! {
        <form class="seat-link" on:submit=submit>
            <div class="field">
                <label for="seat-link">"A player's share link"</label>
                <input id="seat-link" type="text" inputmode="url" autocomplete="off" aria-describedby="seat-link-error"
                    prop:value=text on:input=move |ev| text.set(event_target_value(&ev))/>
            </div>
            <button type="submit" aria-busy=move || busy.get().to_string()>"Seat the player"</button>
            <p class="field-error" id="seat-link-error" aria-live="polite">{move || error.get()}</p>
        </form>
        <RefreshQuestion table asked/>
    }
}
