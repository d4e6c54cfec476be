//! Training: buy the next point of consistency or potential for an ability (each its
//! own cost ladder), or refund the last one; each point adds attribute progress.

use super::state::{ability_names, edit, peek, read, slug};
use crate::rules::heimr::attributes::Attribute;
use crate::rules::heimr::experience::{next_point_cost, TrainingTrack};
use crate::ui::Live;
use leptos::prelude::*;

#[component]
fn TrainingRow(character: Live, name: String) -> impl IntoView {
    let id = format!("heimr-train-{}", slug(&name));
    let message = RwSignal::new(None::<(bool, String)>);
    let n0 = name.clone();
    let attrs = peek(character, |h| {
        h.ability(&n0)
            .map(|a| a.attributes.clone())
            .unwrap_or_default()
    });
    let choice = RwSignal::new(attrs.first().copied());
    let several = attrs.len() > 1;

    let name_for_tracks = name.clone();
    let track_controls = move |track: TrainingTrack| {
        let name = name_for_tracks.clone();
        let n1 = name.clone();
        let n2 = name.clone();
        let n3 = name.clone();
        let n4 = name.clone();
        let trained = Signal::derive(move || {
            read(character, |h| {
                h.ability(&n1).map(|a| track.trained(a)).unwrap_or(0)
            })
        });
        let cost = Signal::derive(move || {
            read(character, |h| {
                h.ability(&n2)
                    .map(|a| next_point_cost(a, track))
                    .unwrap_or(0)
            })
        });
        let run = move |buy: bool| {
            let target = n3.clone();
            let pick = if several {
                choice.get_untracked()
            } else {
                None
            };
            let result = edit(character, |h| h.train_point(&target, track, pick, buy));
            message.set(Some(match result {
                Ok(o) => {
                    let (verb, xp) = if buy {
                        ("Bought", "for")
                    } else {
                        ("Refunded", "giving back")
                    };
                    let rise = if o.attribute_changed {
                        if buy {
                            format!(" {} rose!", o.attribute.name())
                        } else {
                            format!(" {} fell back.", o.attribute.name())
                        }
                    } else {
                        String::new()
                    };
                    (
                        false,
                        format!(
                            "{verb} a point of {target} {} {xp} {} XP.{rise}",
                            track.name(),
                            o.xp
                        ),
                    )
                }
                Err(e) => (true, e),
            }));
        };
        let run2 = run.clone();
        // The track's name, and its letter as the Sheet tab writes it (a phone's row).
        let (label, letter) = match track {
            TrainingTrack::Consistency => ("Consistency", "C"),
            TrainingTrack::Potential => ("Potential", "P"),
        };
        let key = track.name();
        view! {
            <div class="track" class:untrained=move || trained.get() == 0 data-track=key>
                <span class="track-name">
                    <span class="track-long">{label}</span>
                    <span class="track-short">{letter}</span>
                    {move || format!(": trained {}", trained.get())}
                </span>
                <div class="button-row">
                    <button
                        type="button"
                        class="train"
                        data-action="train"
                        aria-label=move || format!("+1 for {} XP: train {n4} {key}", cost.get())
                        on:click=move |_| run(true)
                    >
                        {move || format!("+1 for {} XP", cost.get())}
                    </button>
                    <button
                        type="button"
                        class="refund"
                        data-action="refund"
                        aria-label=format!("Refund last: the last point of {} {key}", name.clone())
                        disabled=move || trained.get() == 0
                        on:click=move |_| run2(false)
                    >
                        "Refund last"
                    </button>
                </div>
            </div>
        }
    };

    let picker = several.then(|| {
        let options = attrs
            .iter()
            .map(|a| view! { <option value=a.key()>{a.name()}</option> })
            .collect_view();
        let pid = format!("{id}-attr");
        view! {
            <div class="field">
                <label for=pid.clone()>"Progress goes to"</label>
                <select
                    id=pid
                    on:change=move |ev| choice.set(Attribute::from_key(&event_target_value(&ev)))
                >
                    {options}
                </select>
            </div>
        }
    });
    let name2 = name.clone();
    view! {
        <li class="training-row" data-ability=name id=id>
            <h3 class="training-name">{name2}</h3>
            {picker}
            {track_controls(TrainingTrack::Consistency)}
            {track_controls(TrainingTrack::Potential)}
            <p
                class="training-message"
                class:field-error=move || message.with(|m| m.as_ref().is_some_and(|m| m.0))
                aria-live="polite"
            >
                {move || message.get().map(|m| m.1)}
            </p>
        </li>
    }
}

#[component]
pub fn TrainingCard(character: Live) -> impl IntoView {
    let names = move || ability_names(character);
    view! {
        <section class="card heimr-training" aria-labelledby="heimr-training-heading">
            <h2 id="heimr-training-heading">"Training"</h2>
            <p class="hint">
                // What is left to spend is the Experience card's, just above.
                "Each point adds 1 progress to its attribute."
            </p>
            <ul class="training-list">
                <For each=names key=|n| n.clone() let:name>
                    <TrainingRow character name/>
                </For>
            </ul>
        </section>
    }
}
