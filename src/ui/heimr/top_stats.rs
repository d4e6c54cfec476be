//! The Heimr numbers kept in sight in the sheet's sticky top bar: HP, willpower and
//! fatigue, each as current / max (fatigue as current, its base beside it when higher).

use super::state::read;
use crate::rules::heimr::num;
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn HeimrTopStats(character: Live) -> impl IntoView {
    let stats = Memo::new(move |_| {
        read(character, |h| {
            [
                (
                    "HP",
                    "Hit points",
                    format!("{}/{}", num(h.hp.current), h.hp.max),
                ),
                (
                    "WP",
                    "Willpower",
                    format!("{}/{}", num(h.willpower.current), h.willpower.max),
                ),
                ("Fat", "Fatigue", h.fatigue.current.to_string()),
            ]
        })
    });
    let stat = move |i: usize| {
        let (short, long, _) = stats.with_untracked(|s| s[i].clone());
        view! {
            <span class="stat" title=long>
                <span class="stat-label" aria-hidden="true">{short}</span>
                <span class="sr-only">{long}</span>
                " "
                <span id=format!("topbar-{}", short.to_lowercase())>{move || stats.with(|s| s[i].2.clone())}</span>
            </span>
        }
    };
    view! { <span class="topbar-stats" id="topbar-stats">{stat(0)}{stat(1)}{stat(2)}</span> }
}
