//! One table: the party at a glance beside the foes, seating a player from a share
//! link, and the foes' stat lines typed in.

use super::actions_panel::ActionsPanel;
use super::desk::Desk;
use super::desk_note::DeskNote;
use super::fight_panel::FightPanel;
use super::foe_card::FoeCard;
use super::foe_form::FoeForm;
use super::member_card::MemberCard;
use super::seat::SeatFromLink;
use crate::ui::routing::{Route, TableAt};
use leptos::prelude::*;

#[component]
pub fn TableView(id: String) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let table = {
        let id = id.clone();
        Memo::new(move |_| {
            desk.tables
                .with(|ts| ts.iter().find(|t| t.id == id).cloned())
        })
    };
    let back = Route::Table(TableAt::List(None)).href();
    // The table's name and family never change while it is open.
    let Some(opened) = table.get_untracked() else {
        return view! {
            <main class="library tables">
                <p>"That table is not in this browser. It may have been deleted."</p>
                <a href=back class="button">"Back to the tables"</a>
            </main>
        }
        .into_any();
    };
    let family = opened.family;
    let members = move || table.with(|t| t.as_ref().map(|t| t.members.clone()).unwrap_or_default());
    let foes = move || table.with(|t| t.as_ref().map(|t| t.foes.clone()).unwrap_or_default());
    let no_members = move || {
        table.with(|t| t.as_ref().is_some_and(|t| t.members.is_empty())).then(|| {
            view! { <p class="empty">"No one is seated yet. Ask each player for their share link (Share on their character), then paste it here or open it and choose “Add to a table…”."</p> }
        })
    };
    let (members_of, foes_of) = (id.clone(), id.clone());
    view! {
        <main class="library table-page" data-screen="table">
            <header class="library-header">
                <div>
                    <h1>{opened.name}</h1>
                    <p class="tagline">{family.name()}</p>
                </div>
                <div class="button-row">
                    <button type="button" on:click=|_| {
                        if let Some(w) = web_sys::window() {
                            let _ = w.print();
                        }
                    }>"Print"</button>
                    <a href=back class="button">"All tables"</a>
                </div>
            </header>
            <DeskNote/>
            <div class="table-columns">
                <FightPanel id=id.clone()/>
                <ActionsPanel id=id.clone() family/>
                <section aria-labelledby="party-heading" class="party">
                    <h2 id="party-heading">"Party"</h2>
                    {no_members}
                    <ul class="member-list" aria-labelledby="party-heading">
                        <For each=members key=|m| (m.id, m.character.updated.to_bits()) let:member>
                            <MemberCard member table=members_of.clone()/>
                        </For>
                    </ul>
                    <SeatFromLink id=id.clone()/>
                </section>
                <section aria-labelledby="foes-heading" class="foes">
                    <h2 id="foes-heading">"Foes"</h2>
                    <ul class="foe-list" aria-labelledby="foes-heading">
                        <For each=foes key=|f| (f.id, f.name.clone()) let:foe>
                            <FoeCard foe table=foes_of.clone()/>
                        </For>
                    </ul>
                    <FoeForm table=id family/>
                </section>
            </div>
        </main>
    }
    .into_any()
}
