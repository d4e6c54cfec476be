//! The list of the game master's tables: each with its family, party and foes, a new
//! table, the question for a character a share link brought,
//! and the tables set aside because they could not be read.

use super::desk::Desk;
use super::desk_note::DeskNote;
use super::new_table::NewTable;
use super::seat::SeatQuestion;
use crate::model::table::file::{file_name, read_table_file};
use crate::model::table::{Family, Table};
use crate::ui::files::{download, read_file};
use crate::ui::routing::{library_href, replace, Route, TableAt};
use crate::ui::share::open_link;
use leptos::prelude::*;

#[component]
pub fn TablesList(link: Memo<Option<String>>) -> impl IntoView {
    let desk = expect_context::<Desk>();
    // A share link's character, to seat: read and asked about; the address becomes
    // `#/table`, so neither a reload nor Back asks again.
    Effect::new(move |_| {
        let Some(data) = link.get() else { return };
        leptos::task::spawn_local(async move {
            match open_link(&data)
                .await
                .and_then(|bytes| crate::model::share::read_shared(&bytes))
            {
                Ok(c) => desk.arriving.set(Some(c)),
                Err(e) => desk.note.set(Some((false, e))),
            }
            replace(&Route::Table(TableAt::List(None)).href());
        });
    });
    let empty = move || {
        desk.tables.with(Vec::is_empty).then(|| {
            view! { <p class="empty">"No tables yet. Make one, then seat your players from their share links."</p> }
        })
    };
    view! {
        <main class="library tables" data-screen="tables">
            <header class="library-header">
                <div>
                    <h1>"Game master's tables"</h1>
                    <p class="tagline">"The whole party on one screen, with your foes. Kept in this browser only."</p>
                </div>
                <a href=library_href() class="button">"Back to the characters"</a>
            </header>
            <SeatQuestion/>
            <DeskNote/>
            <NewTable/>
            <ImportTable/>
            <section aria-labelledby="your-tables">
                <h2 id="your-tables">"Your tables"</h2>
                {empty}
                <ul class="table-list" aria-labelledby="your-tables">
                    <For each=move || desk.tables.get() key=|t| (t.id.clone(), t.updated.to_bits()) let:table>
                        <TableRow table/>
                    </For>
                </ul>
            </section>
            <SetAside/>
        </main>
    }
}

#[component]
fn TableRow(table: Table) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let href = Route::Table(TableAt::Open(table.id.clone())).href();
    let family = match table.family {
        Family::Symbaroum => "Homebrew, its draft and Symbaroum",
        Family::Heimr => "Heimr",
    };
    let count = |n: usize, one: &str, many: &str| match n {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    };
    let line = format!(
        "{family} · {} · {}",
        count(table.members.len(), "member", "members"),
        count(table.foes.len(), "foe", "foes")
    );
    let id = table.id.clone();
    let name = table.name.clone();
    view! {
        <li class="card table-row">
            <a href=href class="table-name">{name.clone()}</a>
            <span class="hint">{line}</span>
            <div class="button-row">
                <button type="button" aria-label=format!("Export {name}") on:click=move |_| {
                    if let Err(e) = download(&file_name(&table), &table.to_text(), "application/json") {
                        desk.note.set(Some((false, e)));
                    }
                }>"Export"</button>
                <button type="button" class="danger" aria-label=format!("Delete {name}")
                    on:click=move |_| desk.delete(&id)>"Delete"</button>
            </div>
        </li>
    }
}

/// A table from a file (exported here or in another browser), read all or nothing.
#[component]
fn ImportTable() -> impl IntoView {
    let desk = expect_context::<Desk>();
    view! {
        <label class="button file-button">
            "Import a table…"
            <input type="file" accept=".json,application/json" class="sr-only" on:change=move |ev| {
                let el: web_sys::HtmlInputElement = event_target(&ev);
                let Some(file) = el.files().and_then(|f| f.get(0)) else { return };
                el.set_value("");
                leptos::task::spawn_local(async move {
                    let said = match read_file(file).await.and_then(|b| read_table_file(&b)) {
                        Ok(t) => desk.import(t).map(|name| (true, format!("Imported “{name}”."))),
                        Err(e) => Err(e),
                    };
                    desk.note.set(Some(said.unwrap_or_else(|e| (false, e))));
                });
            }/>
        </label>
    }
}

/// Tables that could not be read: kept byte for byte, to download or discard.
#[component]
fn SetAside() -> impl IntoView {
    let desk = expect_context::<Desk>();
    move || {
        let list = desk.set_aside.get();
        (!list.is_empty()).then(|| {
            view! {
                <section class="card set-aside" aria-labelledby="tables-set-aside">
                    <h2 id="tables-set-aside">"Tables that could not be read"</h2>
                    <p>"They are kept exactly as they were stored. Download one to keep it or to ask for help."</p>
                    <ul>
                        {list.into_iter().map(|(key, text, why)| {
                            let file = format!("{}.json", key.trim_start_matches("sheetwright."));
                            view! {
                                <li>
                                    <span>{format!("{file}: {why}")}</span>
                                    <button type="button" on:click=move |_| {
                                        if let Err(e) = download(&file, &text, "application/json") {
                                            desk.note.set(Some((false, e)));
                                        }
                                    }>"Download"</button>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                </section>
            }
        })
    }
}
