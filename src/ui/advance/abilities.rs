//! The Abilities card: abilities, boons, burdens, traits, mystical powers, rituals and
//! principle bonds, bought through the Experience ledger. Each row is an
//! `ability_row`; the add form is `add_ability`.

use super::ability_row::AbilityRow;
use super::add_ability::add_ability_form;
use crate::model::advance::AdvanceStoreFields;
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::experience::{ability_warnings, totals};
use crate::ui::long_list::{Keyed, KeyedRows, MoreRows, Window};
use crate::ui::parts::check;
use crate::ui::row_values::RowValues;
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn AbilitiesCard(character: Live) -> impl IntoView {
    // Each ability by id, for the keyed list.
    let keyed = Keyed::new(move || {
        character
            .advance()
            .abilities()
            .with(|abs| abs.iter().map(|a| a.id).collect())
    });
    let abilities = RowValues::new(move |keys, found| {
        keyed.at.with(|ix| {
            character.advance().abilities().with(|abs| {
                for (n, k) in keys.iter().enumerate() {
                    found(n, ix.get(k).and_then(|&i| abs.get(i)));
                }
            })
        })
    });
    let len = Memo::new(move |_| keyed.keys.with(Vec::len));
    // A long list is drawn in windows (`ui::long_list`).
    let window = Window::new();
    let drawn = Memo::new(move |_| window.drawn(len.get()));
    let credits = Memo::new(move |_| character.advance().xp().with(|xp| totals(xp).credits_left));
    let use_credit = RwSignal::new(false);
    let warnings = move || {
        character.advance().abilities().with(|abs| {
            ability_warnings(abs)
                .into_iter()
                .map(|w| view! { <li class="equipment-warning ritual-warning" role="status">{w}</li> })
                .collect_view()
        })
    };

    let row = Callback::new(move |key| {
        view! { <AbilityRow character key keyed abilities use_credit window/> }.into_any()
    });
    view! {
        <section class="card combat-list abilities-card" aria-labelledby="abilities-heading">
            <h2 id="abilities-heading">"Abilities"</h2>
            <ul class="warnings" id="ability-warnings">{warnings}</ul>
            <Show when=move || { credits.get() > 0 }>
                {check("use-credit", "Use a burden credit (−5) on the next purchase", move || use_credit.get(), move |on| use_credit.set(on))}
            </Show>
            <ul class="item-list" id="ability-list">
                <KeyedRows keys=Signal::derive(move || keyed.slice(drawn.with(|d| d.head.clone()))) row/>
                <MoreRows window hidden=Signal::derive(move || drawn.with(|d| d.hidden)) what="abilities"/>
                <KeyedRows keys=Signal::derive(move || keyed.slice(drawn.with(|d| d.tail.clone()))) row/>
            </ul>
            {add_ability_form(character, use_credit, credits, window)}
        </section>
    }
}
