//! A party member at a glance: their numbers by the same rules as their sheet, what
//! ails them and what they carry into a fight.

use super::desk::Desk;
use super::glance_numbers::glance_numbers;
use super::send_back::SendBack;
use crate::model::table::glance::glance;
use crate::model::table::Member;
use crate::ui::routing::{Route, Tab, TableAt};
use leptos::prelude::*;

#[component]
pub fn MemberCard(member: Member, table: String) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let c = &member.character;
    let g = glance(c);
    let name = c.display_name().to_string();
    let heading = format!("member-{}", member.id);
    let labelled = heading.clone();
    let numbers = glance_numbers(g.numbers);
    let states = (!g.states.is_empty()).then(|| {
        view! { <p class="member-states"><span class="sr-only">"Now: "</span>{g.states.join(" · ")}</p> }
    });
    let gear = (!g.gear.is_empty())
        .then(|| view! { <p class="member-gear hint">{g.gear.join(" · ")}</p> });
    let id = member.id;
    // What the table changed since the player's link, to send back.
    let changed = desk
        .read(&table, |t| Some(t.has_update_for(id)))
        .unwrap_or(false);
    let send = (table.clone(), name.clone());
    // Their sheet, read only.
    let sheet = Route::Table(TableAt::Member(table.clone(), id, Tab::Sheet)).href();
    let remove_label = format!("Remove {name} from the table");
    view! {
        <li class="card member-card" aria-labelledby=labelled>
            <h3 id=heading><a href=sheet>{name}</a><span class="hint">{format!(" · {}", c.ruleset.name())}</span></h3>
            {numbers}
            {states}
            {gear}
            <div class="button-row">
                <SendBack table=send.0 member=id name=send.1 changed/>
                <button type="button" class="quiet" aria-label=remove_label on:click=move |_| {
                    if let Err(e) = desk.edit(&table, |t, now| {
                        t.remove_member(id, now);
                        Ok(())
                    }) {
                        desk.note.set(Some((false, e)));
                    }
                }>"Remove"</button>
            </div>
        </li>
    }
}
