//! The dice panel: consistency and potential with how they are reached, a
//! situational penalty, a CR or an opponent's result, the exact chance before
//! rolling, then every die, the result, pass or fail, and a re-roll for willpower.
//!
//! The roll comes from `model::play::heimr_roll`; these files only gather the inputs
//! and show the outcome: `dice_form.rs` what the open panel holds (in context for
//! its parts), `dice_inputs.rs` what it asks, `dice_result.rs` the result.

use super::dice_form::DiceForm;
use super::dice_inputs::DiceInputs;
use super::dice_result::DiceResult;
use super::state::{edit_and_log, peek, Panel, RollSource};
use crate::model::play::heimr_roll::{self as play, Rolled};
use crate::rules::dice::CryptoRng;
use crate::rules::heimr::num;
use crate::ui::clock::now;
use crate::ui::focus::{call_on, reveal};
use crate::ui::part::Part;
use crate::ui::slots::DicePanelBody;
use crate::ui::Live;
use leptos::prelude::*;

const PANEL_ID: &str = "heimr-dice-panel";

#[component]
fn PanelBody(character: Live, source: RollSource) -> impl IntoView {
    let panel = expect_context::<Panel>();
    let title = source.label();
    let form = DiceForm::new(character, source);
    provide_context(form);
    let (outcome, message, current) = (form.outcome, form.message, form.current);

    // (re-roll for willpower, pre-roll a defence)
    let do_roll = Callback::new(move |(reroll, pre): (bool, bool)| {
        // "Roll again" after a result is a new shot: a combat cluster's count of
        // dodges starts again (the re-roll at the next in it is its own button).
        if !reroll && !pre && outcome.with_untracked(Option::is_some) {
            form.set_up.cluster_dodged.set(0);
        }
        // What cannot be rolled is said first; then a roll against an opponent waits
        // for their result (a pre-rolled defence is rolled before the attack is known).
        let i = untrack(|| form.inputs()).unwrap_or_else(|| play::Inputs {
            intercepting: form.intercepting.get_untracked(),
            ..untrack(|| form.set_up.inputs())
        });
        if let Some(why) = peek(character, |h| play::refused(h, &i, reroll, pre)) {
            message.set(Some(why));
            return;
        }
        if !pre && untrack(|| form.against()).is_none() {
            let what = untrack(|| form.waiting_for());
            message.set(Some(format!("Type {what} first.")));
            return;
        }
        let rolled = edit_and_log(character, |h| {
            match play::roll(h, &i, reroll, pre, &mut CryptoRng, now()) {
                Rolled::Done(o, entry) => (Ok(o), Some(entry)),
                Rolled::NotRolled { text, entry } => (Err(text), Some(entry)),
                Rolled::Refused(why) => (Err(why), None),
            }
        });
        let o = match rolled {
            Ok(o) => o,
            Err(text) => {
                outcome.set(None);
                message.set(Some(text));
                return;
            }
        };
        message.set(None);
        outcome.set(Some(o));
        // On a phone the panel scrolls: the result, drawn above the Roll bar, is
        // brought into view there, as in the Symbaroum family's panel.
        reveal("heimr-roll-result");
    });

    // Open as a modal dialog once it is in the page, as the Symbaroum family's roll
    // panel: the rest of the sheet is inert, Escape closes it, and focus starts on
    // its title (then returns to the die that opened it).
    let heading = NodeRef::<leptos::html::H2>::new();
    Effect::new(move |_| {
        if let Some(el) = heading.get() {
            call_on(PANEL_ID, "showModal", None);
            let _ = el.focus();
        }
    });
    let close = move || call_on(PANEL_ID, "close", None);
    let is_defence = form.is_defence;

    view! {
        <dialog
            class="dice-panel card"
            id=PANEL_ID
            aria-labelledby="heimr-dice-panel-title"
            on:close=move |_| panel.closed()
            on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                if ev.key() == "Escape" {
                    ev.prevent_default();
                    close();
                }
            }
        >
            <div class="panel-head">
                <h2 id="heimr-dice-panel-title" tabindex="-1" node_ref=heading>{format!("Roll {title}")}</h2>
                <button type="button" class="close" id="heimr-dice-panel-close" aria-label="Close the dice panel" on:click=move |_| close()>"×"</button>
            </div>
            <div class="panel-values">
                <p class="panel-cp">
                    <span class="panel-c" id="heimr-panel-c">{move || format!("C {}", num(current.get().c))}</span>
                    <span class="panel-p" id="heimr-panel-p">{move || format!("P {}", num(current.get().p))}</span>
                    {move || current.get().physical.then(|| view! {
                        <span class="panel-physical">{format!("Physical: fatigue {}", current.get().fatigue)}</span>
                    })}
                </p>
                <p class="breakdown" id="heimr-panel-c-how">{move || current.get().c_text}</p>
                <p class="breakdown" id="heimr-panel-p-how">{move || current.get().p_text}</p>
            </div>
            <DiceInputs/>
            {is_defence.then(|| view! {
                <div class="button-row">
                    <button type="button" id="heimr-pre-roll" on:click=move |_| do_roll.run((false, true))>
                        "Pre-roll for the next attack"
                    </button>
                </div>
            })}
            <DiceResult do_roll/>
            <p class="field-error panel-message" id="heimr-panel-message" role="alert">{move || message.get()}</p>
            // As in the Symbaroum family's panel: the chance stays beside Roll while
            // the panel scrolls, and the result is drawn above them.
            <div class="roll-actions">
                <p class="chance" id="heimr-panel-chance">
                    {move || match form.chance() {
                        Some((percent, exact)) => view! {
                            "Chance of success: "
                            <strong class="chance-percent">{percent}</strong>
                            " "
                            <span class="chance-exact">{format!("(exactly {exact})")}</span>
                        }.into_any(),
                        None => view! { <span class="hint">{format!("Type {} to see the chance.", form.waiting_for())}</span> }.into_any(),
                    }}
                </p>
                // As the Symbaroum panel: once rolled, the button says it rolls again.
                <button type="button" class="primary roll-now" id="heimr-roll-now" on:click=move |_| do_roll.run((false, false))>
                    {format!("Roll {title}")}
                    {move || outcome.with(Option::is_some).then_some(" again")}
                </button>
                <button type="button" id="heimr-panel-done" on:click=move |_| close()>"Close"</button>
            </div>
        </dialog>
    }
}

/// The panel for a roll of `source`.
pub fn dice_panel(character: Live, source: RollSource) -> AnyView {
    view! { <PanelBody character source/> }.into_any()
}

/// The panel, while open: drawn by whoever draws [`DicePanelBody`] (its own chunk, in
/// the app).
#[component]
pub fn DicePanel(character: Live) -> impl IntoView {
    let panel = expect_context::<Panel>();
    move || {
        panel
            .source
            .get()
            .and_then(|source| Part::<DicePanelBody>::view((character, source)))
    }
}
