//! The game master's tables (issue #60, `#/table`): a browser keeps any number of
//! tables, each for one family, holding the party's members (copies of the players'
//! characters from their share links) and foes typed as stat lines. A chunk of its
//! own (`ui::split_points::table_page`), loaded within the Symbaroum family's sheet.

mod actions_panel;
mod desk;
mod desk_note;
mod fight_panel;
mod foe_card;
mod foe_form;
mod foe_odds;
mod glance_numbers;
mod member_card;
mod member_sheet;
mod new_table;
mod refresh;
mod seat;
mod send_back;
mod table_view;
mod tables_list;

use crate::storage::tables::TABLE_PREFIX;
use crate::ui::routing::{Tab, TableAt};
use desk::Desk;
use leptos::prelude::*;
use member_sheet::MemberSheet;
use table_view::TableView;
use tables_list::TablesList;

/// The page, for the chunk's split point: the list (with a share link's data to seat
/// when opened from one) or a table, as the route says.
pub fn table_page(at: Memo<Option<TableAt>>) -> AnyView {
    let desk = Desk::open();
    provide_context(desk);
    // Leaving the page makes a deletion final.
    on_cleanup(move || desk.end_undo());
    // Another tab added, changed or removed a table.
    let on_storage = window_event_listener(leptos::ev::storage, move |ev| {
        if ev.key().is_none_or(|k| k.starts_with(TABLE_PREFIX)) {
            desk.heard(ev.key(), ev.new_value());
        }
    });
    on_cleanup(move || on_storage.remove());
    // What is drawn anew only when it changes: a member's sheet stays while its tabs
    // change, keeping each tab's open panels.
    let open = Memo::new(move |_| match at.get() {
        Some(TableAt::Open(id)) => Some((id, None)),
        Some(TableAt::Member(id, member, _)) => Some((id, Some(member))),
        _ => None,
    });
    let tab = Memo::new(move |_| match at.get() {
        Some(TableAt::Member(.., tab)) => tab,
        _ => Tab::Sheet,
    });
    let link = Memo::new(move |_| match at.get() {
        Some(TableAt::List(data)) => data,
        _ => None,
    });
    (move || match open.get() {
        Some((id, None)) => view! { <TableView id/> }.into_any(),
        Some((table, Some(member))) => view! { <MemberSheet table member tab/> }.into_any(),
        None => view! { <TablesList link/> }.into_any(),
    })
    .into_any()
}
