//! Hit points and willpower, each as current / max.

use super::state::{edit, read};
use crate::model::heimr::POOL_LIMIT;
use crate::rules::heimr::injuries::{injury_level, start_note, Pool};
use crate::ui::number_field::NumberField;
use crate::ui::Live;
use leptos::prelude::*;

/// The lowest current HP the sheet takes: below −5 the character is dead.
const HP_FLOOR: i64 = -99;

#[derive(Clone, Copy, PartialEq)]
enum Which {
    Hp,
    Willpower,
}

impl Which {
    fn get(self, h: &crate::model::heimr::HeimrSheet) -> Pool {
        match self {
            Which::Hp => h.hp.clone(),
            Which::Willpower => h.willpower.clone(),
        }
    }
    fn get_mut(self, h: &mut crate::model::heimr::HeimrSheet) -> &mut Pool {
        match self {
            Which::Hp => &mut h.hp,
            Which::Willpower => &mut h.willpower,
        }
    }
    fn name(self) -> &'static str {
        match self {
            Which::Hp => "HP",
            Which::Willpower => "Willpower",
        }
    }
    fn key(self) -> &'static str {
        match self {
            Which::Hp => "hp",
            Which::Willpower => "willpower",
        }
    }
}

#[component]
fn PoolFields(character: Live, which: Which, scope: &'static str) -> impl IntoView {
    let current = Signal::derive(move || read(character, |h| which.get(h).current as i64));
    let max = Signal::derive(move || read(character, |h| which.get(h).max as i64));
    let set_current = Callback::new(move |n: i64| {
        edit(character, |h| which.get_mut(h).current = n as i32);
    });
    let set_max = Callback::new(move |n: i64| {
        edit(character, |h| which.get_mut(h).set_max(n as i32));
    });
    let not_above_max = Callback::new(move |n: i64| {
        let m = max.get_untracked();
        if n > m {
            Err(format!("Current {} can't be above max {m}.", which.name()))
        } else {
            Ok(())
        }
    });
    let min_current = if which == Which::Hp { HP_FLOOR } else { 0 };
    let key = which.key();
    view! {
        <fieldset class="pool" data-pool=key>
            <legend>{which.name()}</legend>
            <NumberField
                id=format!("{scope}heimr-{key}-current")
                label=format!("Current {}", which.name())
                value=current
                min=min_current
                max=POOL_LIMIT as i64
                on_set=set_current
                check=not_above_max
            />
            <span class="pool-slash" aria-hidden="true">"/"</span>
            <NumberField
                id=format!("{scope}heimr-{key}-max")
                label=format!("Max {}", which.name())
                value=max
                min=0
                max=POOL_LIMIT as i64
                on_set=set_max
            />
        </fieldset>
    }
}

/// HP and willpower. `scope` prefixes its ids where a second copy is on the page (the
/// Combat tab's), so every id stays unique.
#[component]
pub fn PoolsCard(character: Live, #[prop(optional)] scope: &'static str) -> impl IntoView {
    let level = move || read(character, |h| injury_level(h.hp.current));
    view! {
        <section class="card heimr-pools" aria-labelledby=format!("{scope}heimr-pools-heading")>
            // The app's 10 / 10 is said on the heading's line while both maxima are it.
            <div class="pools-head">
                <h2 id=format!("{scope}heimr-pools-heading")>"HP and willpower"</h2>
                <p class="hint pools-start">{move || read(character, |h| start_note(&h.hp, &h.willpower))}</p>
            </div>
            <div class="pool-grid">
                <PoolFields character which=Which::Hp scope/>
                <PoolFields character which=Which::Willpower scope/>
            </div>
            <p class="injury-status" id=format!("{scope}heimr-injury-level") data-level=move || level().name()>
                {move || format!("{}: {}", level().name(), level().description())}
            </p>
        </section>
    }
}
