//! Travel, day by day (optional): the march chosen, what it counts as with the load,
//! and "Travel a day", which applies the day's damage and Might test, or the day's
//! natural healing, to Toughness and logs it.

use crate::model::play::travel::travel_a_day;
use crate::model::CharacterStoreFields;
use crate::rules::dice::CryptoRng;
use crate::rules::symbaroum::travel::March;
use crate::rules::symbaroum::{labels, Attr};
use crate::ui::clock::now;
use crate::ui::parts::{check, edit, encumbrance_memo};
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn TravelCard(character: Live) -> impl IntoView {
    let ruleset = Memo::new(move |_| character.ruleset().get());
    let on = move || character.combat().with(|c| c.travel);
    let march = RwSignal::new(0usize);
    let chosen = move || {
        let m = March::of(ruleset.get());
        m[march.get().min(m.len() - 1)]
    };
    let encumbrance = encumbrance_memo(character);
    let over = move || encumbrance.with(|e| e.load_over());
    let counts = move || {
        let r = ruleset.get();
        match chosen().counts_as(r, over()) {
            Ok(m) if m != chosen() => format!(
                "Counts as a {}: over the {} by {}.",
                m.name(r),
                labels(r).carrying_limit.to_lowercase(),
                over()
            ),
            Ok(m) if m.harms(r) => format!(
                "1 damage a day, and a {} test or 1d6 more; no natural healing.",
                labels(r).attr(Attr::Might)
            ),
            // The seeds give no harm for these marches, and RULES.md natural healing
            // of 1 a day: the app's choice to count a safe day's travel as one.
            Ok(_) => "No harm: a day's natural healing (+1; the app's choice: the seeds give this march no harm).".into(),
            Err(e) => e,
        }
    };
    let days = RwSignal::new(0u32);
    let said = RwSignal::new(None::<String>);
    let go = move || {
        let m = chosen();
        character.update(|c| match travel_a_day(c, m, &mut CryptoRng, now()) {
            Ok(day) => {
                days.update(|n| *n += 1);
                said.set(Some(format!("Day {}: {}", days.get_untracked(), day.text)));
            }
            Err(e) => said.set(Some(e)),
        });
    };
    view! {
        <section class="card combat-list travel-card" aria-labelledby="travel-heading">
            <h2 id="travel-heading">"Travel"</h2>
            {check("travel-on", "Use the day-by-day Travel tracker", on, move |v| edit(character, |c| c.travel = v))}
            <Show when=on>
                <div class="field">
                    <label for="travel-march">"March"</label>
                    <select id="travel-march" on:change=move |ev| march.set(event_target_value(&ev).parse().unwrap_or(0))>
                        {move || March::of(ruleset.get()).iter().enumerate().map(|(i, m)| view! {
                            <option value=i.to_string() selected=move || march.get() == i>{m.name(ruleset.get())}</option>
                        }).collect_view()}
                    </select>
                </div>
                <p class="hint">{counts}</p>
                <button type="button" on:click=move |_| go()>"Travel a day"</button>
                <p class="result" role="status">{move || said.get()}</p>
            </Show>
        </section>
    }
}
