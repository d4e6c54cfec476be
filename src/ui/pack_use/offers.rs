//! Under an add form's name box, the entries of the character's packs whose names hold
//! what is typed (search as you type); a tap on one fills the form with it, and the
//! row it adds is a copy that remembers the entry.

use super::sheet_packs::sheet_packs;
use crate::model::pack::take::{entries_for, offers, List, Pick};
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::labels;
use crate::ui::routing::{PacksAt, Route};
use crate::ui::Live;
use leptos::prelude::*;

/// The most entries offered at once.
const OFFERED: usize = 8;

/// The offers for `list`, as `query` (the name box) changes; `pick` fills the form.
pub fn pack_offers(
    character: Live,
    list: List,
    query: Signal<String>,
    pick: Callback<Pick>,
) -> AnyView {
    let packs = sheet_packs(character);
    let found = Memo::new(move |_| {
        let l = labels(character.ruleset().get());
        packs.with(|p| query.with(|q| offers(p, list, q, l, OFFERED)))
    });
    let count = Memo::new(move |_| packs.with(|p| entries_for(p, list)));
    let (one, what) = match list {
        List::Abilities => ("ability", "abilities"),
        List::Items => ("item", "items"),
        List::Weapons => ("weapon", "weapons"),
        List::Armor => ("suit of armor", "suits of armor"),
        List::HeimrAbilities => ("ability", "abilities"),
    };
    let hint = move || {
        let typed = query.with(|q| q.trim().to_string());
        match count.get() {
            0 => format!("No campaign pack of yours lists {what} yet."),
            1 if typed.is_empty() => {
                format!("Type a name to search the one {one} of your campaign packs.")
            }
            n if typed.is_empty() => {
                format!("Type a name to search the {n} {what} of your campaign packs.")
            }
            _ => format!("No {what} of your campaign packs holds “{typed}”."),
        }
    };
    let packs_href = Route::Packs(PacksAt::List(None)).href();
    view! {
        <div class="pack-offers">
            <Show
                when=move || !found.with(Vec::is_empty)
                fallback=move || view! {
                    <p class="hint">{hint} " " <a href=packs_href.clone()>"Campaign packs"</a></p>
                }
            >
                <ul class="pack-offer-list" aria-label="From your campaign packs">
                    <For each=move || found.get() key=|o| (o.pack.clone(), o.name.clone()) let:o>
                        <li>
                            <button type="button" class="pack-offer" on:click={
                                let p = o.pick.clone();
                                move |_| pick.run(p.clone())
                            }>
                                <span class="offer-name">{o.name.clone()}</span>
                                <span class="offer-from">{format!("{} · {}", o.what, o.pack)}</span>
                            </button>
                        </li>
                    </For>
                </ul>
            </Show>
        </div>
    }
    .into_any()
}
