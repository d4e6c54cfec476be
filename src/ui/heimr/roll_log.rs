//! The roll log: the character's latest rolls, newest first.

use crate::model::CharacterStoreFields;
use crate::ui::Live;
use leptos::prelude::*;

/// How many entries the sheet shows (the document keeps more).
const SHOWN: usize = 20;

#[component]
pub fn RollLog(character: Live) -> impl IntoView {
    let entries = move || {
        character
            .roll_log()
            .with(|c| c.iter().take(SHOWN).cloned().collect::<Vec<_>>())
    };
    view! {
        <section class="card heimr-log" aria-labelledby="heimr-log-heading">
            <h2 id="heimr-log-heading">"Roll log"</h2>
            <ol class="hroll-log" id="heimr-roll-log">
                {move || {
                    let es = entries();
                    if es.is_empty() {
                        return view! { <li class="empty">"No rolls yet."</li> }.into_any();
                    }
                    es.into_iter().map(|e| {
                        let verdict = match e.passed {
                            Some(true) => "pass",
                            Some(false) => "fail",
                            None => "none",
                        };
                        view! {
                            <li class="hlog-entry" data-passed=verdict>
                                <span class="hlog-what">{e.what}</span>
                                <span class="hlog-dice">{e.dice}</span>
                                <span class="hlog-outcome">{e.outcome}</span>
                            </li>
                        }
                    }).collect_view().into_any()
                }}
            </ol>
        </section>
    }
}
