//! A roll's result in the dice panel: every die, the result, pass or fail, the hit,
//! fatigue, and a re-roll for willpower after a failed CR.

use super::dice_faces::DiceFaces;
use super::dice_form::DiceForm;
use super::state::read;
use crate::rules::heimr::challenge::Against;
use crate::rules::heimr::num;
use leptos::prelude::*;

/// `do_roll` rolls again: (re-roll for willpower, pre-roll a defence).
#[component]
pub(super) fn DiceResult(do_roll: Callback<(bool, bool)>) -> impl IntoView {
    let form = expect_context::<DiceForm>();
    let outcome = form.outcome;
    let willpower = move || read(form.character, |h| h.willpower.current);
    // A shot into a combat cluster that the target dodged: the attack is re-rolled at
    // the next character, and the play layer lowers the cluster's penalty by one for
    // each who dodged (seed 002). Their defence is typed anew.
    let (dodged, opponent, message) = (form.set_up.cluster_dodged, form.opponent, form.message);
    let next_in_cluster = move |_| {
        dodged.update(|d| *d += 1);
        outcome.set(None);
        opponent.set(None);
        message.set(Some(
            "Re-rolled at the next in the cluster, its penalty one lower: type their defence, then roll.".into(),
        ));
    };
    view! {
                    <div class="hroll-result" id="heimr-roll-result" role="status" aria-live="polite">
                        {move || outcome.get().map(|o| {
                            let failed_cr = !o.success && !o.pre && matches!(o.against, Against::Cr(_));
                            view! {
                                <div class="hroll-outcome" data-success=o.success.to_string() data-reroll=o.reroll.to_string()>
                                    {o.reroll.then(|| view! { <p class="hint">"Re-rolled for 1 willpower."</p> })}
                                    <DiceFaces roll=o.roll.clone()/>
                                    <p class="hroll-total">"Result " <strong class="result-number">{num(o.roll.result)}</strong></p>
                                    <p class="verdict" class:verdict-pass=o.success class:verdict-fail=!o.success>
                                        {o.verdict_line()}
                                    </p>
                                    {o.hit.clone().map(|h| view! { <p class="hit-text" id="heimr-hit-text">{h}</p> })}
                                    {o.fatigue_raised_note().map(|n| view! { <p class="fatigue-note">{n}</p> })}
                                    {o.cluster_next.then(|| view! {
                                        <div class="button-row">
                                            <button type="button" id="heimr-cluster-next" on:click=next_in_cluster>
                                                "The target dodged: re-roll at the next in the cluster (C +1)"
                                            </button>
                                        </div>
                                    })}
                                    {failed_cr.then(|| view! {
                                        <div class="button-row">
                                            <button type="button" id="heimr-reroll" on:click=move |_| do_roll.run((true, false))>
                                                {move || format!("Re-roll for 1 willpower (you have {})", willpower())}
                                            </button>
                                        </div>
                                    })}
                                </div>
                            }
                        })}
                    </div>
    }
}
