//! The character's roll log, newest first, saved with the character; cleared only
//! after a second, explicit tap.

use super::focus::focus_later;
use crate::model::CharacterStoreFields;
use crate::model::LogEntry;
use crate::rules::symbaroum::derived::fmt_signed;
use crate::ui::parts::stamp;
use crate::ui::Live;
use leptos::prelude::*;
use wasm_bindgen::JsValue;

/// How many entries show before "Show all".
const SHOWN: usize = 20;

/// "21:14" for today, otherwise the date before it; and the machine-readable time.
fn when(ms: f64) -> (String, String) {
    let d = js_sys::Date::new(&JsValue::from_f64(ms));
    let today = js_sys::Date::new_0();
    let clock = format!("{:02}:{:02}", d.get_hours(), d.get_minutes());
    let same_day = d.get_full_year() == today.get_full_year()
        && d.get_month() == today.get_month()
        && d.get_date() == today.get_date();
    let shown = if same_day {
        clock
    } else {
        let day: String = d
            .to_locale_date_string("default", &JsValue::UNDEFINED)
            .into();
        format!("{day} {clock}")
    };
    let iso: String = if ms.is_finite() {
        d.to_iso_string().into()
    } else {
        String::new()
    };
    (shown, iso)
}

#[component]
fn LogRow(entry: LogEntry) -> impl IntoView {
    let (shown, iso) = when(entry.time);
    let state = match entry.passed {
        Some(true) => "pass",
        Some(false) => "fail",
        None => "none",
    };
    view! {
        <li class="log-entry" data-outcome=state>
            <div class="log-head">
                <time class="log-time" datetime=iso>{shown}</time>
                <span class="log-what">{entry.what}</span>
            </div>
            <div class="log-detail">
                <span class="log-dice">{entry.dice}</span>
                {entry.target.map(|t| view! { <span class="log-target">{format!("target {}", fmt_signed(t))}</span> })}
                <strong class=format!("log-outcome {state}")>{entry.outcome}</strong>
            </div>
        </li>
    }
}

/// The log of either family; `hint` says how to roll while there is no roll yet (left
/// out where the sheet is read only).
#[component]
pub fn RollLog(character: Live, hint: &'static str) -> impl IntoView {
    let show_all = RwSignal::new(false);
    let confirming = RwSignal::new(false);
    let total = Memo::new(move |_| character.roll_log().with(|c| c.len()));
    let shown = Memo::new(move |_| {
        let n = if show_all.get() { usize::MAX } else { SHOWN };
        character
            .roll_log()
            .with(|c| c.iter().take(n).cloned().collect::<Vec<_>>())
    });
    let has_log = move || total.get() > 0;
    let more_to_show = move || !show_all.get() && total.get() > SHOWN;
    // Focus moves once the buttons have been swapped in.
    let focus = focus_later;
    let clear = move |_| {
        character.roll_log().update(Vec::clear);
        stamp(character);
        confirming.set(false);
        show_all.set(false);
        focus("roll-log-heading");
    };
    view! {
        <section class="card roll-log" id="roll-log" aria-labelledby="roll-log-heading">
            <div class="roll-log-head">
                <h2 id="roll-log-heading" tabindex="-1">"Roll log"</h2>
                <Show when=has_log>
                    <div class="clear-controls">
                        <Show
                            when=move || confirming.get()
                            fallback=move || view! {
                                <button type="button" id="clear-log" on:click=move |_| {
                                    confirming.set(true);
                                    focus("clear-log-confirm");
                                }>"Clear log"</button>
                            }
                        >
                            <button type="button" class="danger" id="clear-log-confirm" on:click=clear>
                                {move || match total.get() {
                                    1 => "Really clear 1 roll?".to_string(),
                                    n => format!("Really clear {n} rolls?"),
                                }}
                            </button>
                            <button type="button" id="clear-log-cancel" on:click=move |_| {
                                confirming.set(false);
                                focus("clear-log");
                            }>"Keep"</button>
                        </Show>
                    </div>
                </Show>
            </div>
            <Show
                when=has_log
                fallback=move || view! { <p class="log-empty hint">"No rolls yet. "<span class="tap-hint">{hint}</span></p> }
            >
                <ol class="log-entries" id="log-entries" aria-labelledby="roll-log-heading">
                    {move || shown.get().into_iter().map(|entry| view! { <LogRow entry/> }).collect_view()}
                </ol>
                <Show when=more_to_show>
                    <button type="button" id="log-show-all" on:click=move |_| show_all.set(true)>
                        {move || format!("Show all {} rolls", total.get())}
                    </button>
                </Show>
            </Show>
        </section>
    }
}
