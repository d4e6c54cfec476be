//! A party member's sheet as the table holds it, read only: the same tabs their
//! player sees, every field shown and none editable. The game master acts on members
//! at the table, and sends the changes back from there.

use super::desk::Desk;
use crate::ui::part::Part;
use crate::ui::routing::{Route, Tab, TableAt};
use crate::ui::sheet_page::SheetTabs;
use crate::ui::slots::MemberTabs;
use leptos::prelude::*;
use reactive_stores::Store;

#[component]
pub fn MemberSheet(table: String, member: u32, tab: Memo<Tab>) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let back = Route::Table(TableAt::Open(table.clone())).href();
    let found = desk.read(&table, |t| {
        let m = t.member(member)?;
        Some((t.name.clone(), m.character.clone()))
    });
    let Some((table_name, character)) = found else {
        return view! {
            <main class="library tables">
                <p>"That party member is not at this table. They may have been removed."</p>
                <a href=back class="button">"Back to the table"</a>
            </main>
        }
        .into_any();
    };
    let name = character.display_name().to_string();
    let hrefs = Tab::ALL.map(|t| Route::Table(TableAt::Member(table.clone(), member, t)).href());
    let note = format!("{name} as the table holds them, read only. Act on them at the table; “Send back” there gives their player the changes.");
    let legend = format!("{name}’s sheet, read only");
    view! {
        <div class="sheet-page member-sheet">
            <nav class="topbar" aria-label="Party member">
                <a href=back class="back">
                    <span aria-hidden="true">"←"</span>
                    <span class="back-text">{table_name}</span>
                </a>
                <h1 class="topbar-name">{name}</h1>
            </nav>
            <p class="notice read-only-note">{note}</p>
            <SheetTabs hrefs tab/>
            <fieldset class="sheet-main" disabled>
                <legend class="sr-only">{legend}</legend>
                {Part::<MemberTabs>::view((Store::new(character), tab))}
            </fieldset>
        </div>
    }
    .into_any()
}
