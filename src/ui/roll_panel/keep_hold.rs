//! After a hit taken on an arm at the Pain Threshold (Hit Locations, Table 9: "Drops
//! item held if failing a Quick test"): that test in one tap, rolled by
//! `model::play::toughness::keep_hold`, saying whether the item is dropped.

use super::form::Form;
use crate::model::play::toughness::keep_hold;
use crate::rules::dice::CryptoRng;
use crate::rules::symbaroum::combat::HitLocation;
use crate::rules::symbaroum::Attr;
use crate::ui::clock::now;
use leptos::prelude::*;

#[component]
pub(super) fn KeepHold(arm: HitLocation) -> impl IntoView {
    let form = expect_context::<Form>();
    let said = RwSignal::new(None::<String>);
    let roll = move |_| {
        let mut text = String::new();
        form.character
            .update(|c| text = keep_hold(c, arm, &mut CryptoRng, now()).1);
        said.set(Some(text));
    };
    view! {
        <div class="keep-hold">
            // One test per hit: rolled, the button is spent.
            <button type="button" id="roll-keep-hold" disabled=move || said.with(Option::is_some) on:click=roll>
                {move || format!("{} test: keep hold of the item", form.l().attr(Attr::Agility))}
            </button>
            <p class="result" id="roll-keep-hold-result" role="status">{move || said.get()}</p>
        </div>
    }
}
