//! The player's own modifiers for one test ("Aim −2", the GM's call).

use super::form::{Form, Own};
use crate::model::ids::next_id;
use crate::rules::symbaroum::roll_input::parse_int;
use crate::rules::symbaroum::success::{Chance, Circumstance};
use crate::ui::focus::focus_id;
use leptos::prelude::*;

const OWN_NAME_ID: &str = "roll-own-name";
const OWN_AMOUNT_ID: &str = "roll-own-amount";
/// The most modifiers of their own a player adds to one test.
const OWN_MAX: usize = 12;
/// The largest modifier of their own, either way.
const OWN_AMOUNT_MAX: i64 = 20;

#[component]
pub(super) fn OwnModifiers() -> impl IntoView {
    let own = expect_context::<Form>().own;
    let name = RwSignal::new(String::new());
    let amount = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let add = move || {
        let typed = amount.with_untracked(|t| parse_int(t));
        let Some(n) = typed.filter(|n| n.abs() <= OWN_AMOUNT_MAX) else {
            error.set(Some(format!(
                "Enter the modifier as a whole number from −{OWN_AMOUNT_MAX} to +{OWN_AMOUNT_MAX}, e.g. −2."
            )));
            focus_id(OWN_AMOUNT_ID);
            return;
        };
        if own.with_untracked(Vec::len) >= OWN_MAX {
            error.set(Some(format!("At most {OWN_MAX} modifiers of your own.")));
            return;
        }
        let for_what: String = name.with_untracked(|t| t.trim().chars().take(40).collect());
        let for_what = if for_what.is_empty() {
            "Your modifier".to_string()
        } else {
            for_what
        };
        own.update(|o| {
            let id = next_id(o, |m| m.id);
            o.push(Own {
                id,
                name: for_what,
                amount: n as i32,
            })
        });
        error.set(None);
        name.set(String::new());
        amount.set(String::new());
        focus_id(OWN_NAME_ID);
    };
    let on_enter = move |ev: web_sys::KeyboardEvent| {
        if ev.key() == "Enter" {
            ev.prevent_default();
            add();
        }
    };
    view! {
        <fieldset class="roll-own">
            <legend>"Other modifiers"</legend>
            <ul class="roll-own-list">
                <For each=move || own.get() key=|m| m.clone() let:m>
                    <li>
                        <span>{Circumstance::new(m.name.clone(), m.amount, Chance::None).text()}</span>
                        <button type="button" class="close" aria-label=format!("Remove {}", m.name)
                            on:click=move |_| own.update(|o| o.retain(|x| x.id != m.id))>"×"</button>
                    </li>
                </For>
            </ul>
            <div class="roll-own-add">
                <div class="field">
                    <label for=OWN_NAME_ID>"For"</label>
                    <input id=OWN_NAME_ID type="text" autocomplete="off" maxlength="40"
                        placeholder="e.g. Aim"
                        prop:value=move || name.get()
                        on:input=move |ev| name.set(event_target_value(&ev))
                        on:keydown=on_enter/>
                </div>
                <div class="field" class:invalid=move || error.with(Option::is_some)>
                    <label for=OWN_AMOUNT_ID>"Modifier"</label>
                    <input id=OWN_AMOUNT_ID type="text" inputmode="numeric" autocomplete="off"
                        placeholder="−2"
                        prop:value=move || amount.get()
                        aria-invalid=move || error.with(|e| e.is_some().to_string())
                        aria-describedby="roll-own-error"
                        on:input=move |ev| amount.set(event_target_value(&ev))
                        on:keydown=on_enter/>
                </div>
                <button type="button" id="roll-own-add" on:click=move |_| add()>"Add modifier"</button>
            </div>
            <p class="field-error" id="roll-own-error" aria-live="polite">{move || error.get()}</p>
        </fieldset>
    }
}
