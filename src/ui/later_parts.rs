//! The parts of a sheet that come from chunks of their own: a family's Combat and
//! Gear & XP tabs and its roll panel. Each is fetched in idle time
//! once the sheet is drawn, or at once when a deep link or a tap opens it first; until
//! then its place says "Opening…", and a part that cannot be had says so there, with
//! "Try again". This code is in the families' chunks; the split points themselves are
//! called from the start path (`ui::chunks::LATER`), which hands them over in context.

use super::chunks::{try_again, ChunkFailed};
use super::heimr::{DrawDice, Panel, RollSource};
use super::roll_panel::{DrawDialog, RollKind, Rolls};
use super::roster::Roster;
use super::sheet_page::OtherTabs;
use super::Live;
use crate::model::pack::take::{List, Pick};
use crate::rules::symbaroum::derived::Derived;
use leptos::prelude::*;
use std::future::Future;
use std::pin::Pin;

/// A chunk on its way.
pub type Loading = Pin<Box<dyn Future<Output = Result<(), ChunkFailed>>>>;

/// One part: how to fetch its chunk, and how to draw it once the chunk is here (None
/// if it is not).
pub struct Later<A> {
    pub load: fn() -> Loading,
    pub draw: fn(A) -> Option<Result<AnyView, ChunkFailed>>,
}

impl<A> Clone for Later<A> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<A> Copy for Later<A> {}

/// Every part of a sheet in a chunk of its own.
#[derive(Clone, Copy)]
pub struct LaterParts {
    pub symbaroum_combat: Later<Live>,
    pub symbaroum_gear: Later<Live>,
    pub symbaroum_turn: Later<Live>,
    pub symbaroum_rolls: Later<(Live, Memo<Derived>, Rolls, RollKind)>,
    pub heimr_combat: Later<Live>,
    pub heimr_gear: Later<Live>,
    pub heimr_turn: Later<Live>,
    pub heimr_rolls: Later<(Live, RollSource)>,
    /// The Attributes card's situational penalties (Heimr), from the dice panel's chunk.
    pub heimr_penalties: Later<Live>,
    /// The Positions card's hide challenge (Heimr), from the dice panel's chunk.
    pub heimr_hiding: Later<Live>,
    /// Under an add form's name box: the entries the character's campaign packs offer.
    pub pack_offers: Later<(Live, List, Signal<String>, Callback<Pick>)>,
    /// The Gear & XP tab's "Campaign packs" card.
    pub packs_card: Later<Live>,
}

/// Fetches these chunks one after the other in idle time, so the parts are ready
/// before the player opens them. A chunk that cannot be had is left for the part to
/// report when opened.
pub fn preload(loads: &[fn() -> Loading]) {
    let loads = loads.to_vec();
    request_idle_callback(move || {
        let loads = loads.clone();
        leptos::task::spawn_local(async move {
            for load in loads {
                let _ = load().await;
            }
        })
    });
}

const OPENING_TAB: &str = "Opening the tab…";

/// The Symbaroum family's Combat and Gear & XP tabs, each from its own chunk.
pub const SYMBAROUM_TABS: OtherTabs = OtherTabs {
    combat: |character| {
        let part = expect_context::<LaterParts>().symbaroum_combat;
        lazy_part(OPENING_TAB, part, character, None)
    },
    gear: |character| {
        let part = expect_context::<LaterParts>().symbaroum_gear;
        lazy_part(OPENING_TAB, part, character, None)
    },
};

/// The Combat tab's "This turn", from its chunk.
pub fn turn_card(character: Live) -> AnyView {
    let part = expect_context::<LaterParts>().symbaroum_turn;
    lazy_part(OPENING_TURN, part, character, None)
}

/// Heimr's "This turn", the chase and forced movement, from their chunk.
pub fn heimr_turn_card(character: Live) -> AnyView {
    let part = expect_context::<LaterParts>().heimr_turn;
    lazy_part(OPENING_TURN, part, character, None)
}

const OPENING_TURN: &str = "Opening this turn…";

/// Heimr's situational penalties on attributes, from the dice panel's chunk (where the
/// rolls they lower are); nothing where the parts are not in context.
pub fn heimr_penalties(character: Live) -> Option<AnyView> {
    let part = use_context::<LaterParts>()?.heimr_penalties;
    Some(lazy_part(
        "Opening the situational penalties…",
        part,
        character,
        None,
    ))
}

/// Heimr's hide challenge while hidden, from the dice panel's chunk; nothing where the
/// parts are not in context.
pub fn heimr_hiding(character: Live) -> Option<AnyView> {
    let part = use_context::<LaterParts>()?.heimr_hiding;
    Some(lazy_part(
        "Opening the hide challenge…",
        part,
        character,
        None,
    ))
}

/// The entries the character's packs offer for `list` as `query` is typed, from their
/// chunk; nothing where the parts are not in context (a component test's tab).
pub fn pack_offers(
    character: Live,
    list: List,
    query: Signal<String>,
    pick: Callback<Pick>,
) -> Option<AnyView> {
    let part = use_context::<LaterParts>()?.pack_offers;
    Some(lazy_part(
        OPENING_PACKS,
        part,
        (character, list, query, pick),
        None,
    ))
}

/// The "Campaign packs" card, from its chunk (nothing where the parts are not in
/// context).
pub fn packs_card(character: Live) -> Option<AnyView> {
    let part = use_context::<LaterParts>()?.packs_card;
    Some(lazy_part(OPENING_PACKS, part, character, None))
}

const OPENING_PACKS: &str = "Opening your campaign packs…";

/// Heimr's Combat and Gear & XP tabs, each from its own chunk.
pub const HEIMR_TABS: OtherTabs = OtherTabs {
    combat: |character| {
        let part = expect_context::<LaterParts>().heimr_combat;
        lazy_part(OPENING_TAB, part, character, None)
    },
    gear: |character| {
        let part = expect_context::<LaterParts>().heimr_gear;
        lazy_part(OPENING_TAB, part, character, None)
    },
};

/// The Symbaroum family's roll panel, from its own chunk; while it comes (or when it
/// cannot be had) a box over the sheet says so, with Close.
pub const ROLL_DIALOG: DrawDialog = |character, derived, rolls, kind| {
    let part = expect_context::<LaterParts>().symbaroum_rolls;
    let close = Callback::new(move |()| rolls.closed());
    lazy_part(
        "Opening the roll panel…",
        part,
        (character, derived, rolls, kind),
        Some(close),
    )
};

/// Heimr's dice panel, from its own chunk, as the Symbaroum family's roll panel.
pub const HEIMR_DICE: DrawDice = |character, source| {
    let part = expect_context::<LaterParts>().heimr_rolls;
    let panel = expect_context::<Panel>();
    let close = Callback::new(move |()| panel.closed());
    lazy_part(
        "Opening the dice panel…",
        part,
        (character, source),
        Some(close),
    )
};

/// A part from a chunk of its own: `opening` (busy, which "Print character" waits
/// for) until the chunk is here, then the part, built in this view's own reactive
/// scope (as `PageLoader` does with a sheet); a message with "Try again" if the
/// chunk cannot be had.
fn lazy_part<A: Clone + Send + Sync + 'static>(
    opening: &'static str,
    part: Later<A>,
    args: A,
    close: Option<Callback<()>>,
) -> AnyView {
    let loaded = RwSignal::new(None::<Result<(), ChunkFailed>>);
    let fetch = move || {
        loaded.set(None);
        leptos::task::spawn_local(async move {
            let done = (part.load)().await;
            let _ = loaded.try_set(Some(done));
        });
    };
    fetch();
    let roster = expect_context::<Roster>();
    // A part that floats over the sheet (the roll panel) waits or fails in a box of
    // its own, with a way to close it.
    let boxed = move |inner: AnyView| {
        match close {
        None => inner,
        Some(close) => view! {
            <div class="lazy-box">
                {inner}
                <button type="button" class="button" on:click=move |_| close.run(())>"Close"</button>
            </div>
        }
        .into_any(),
    }
    };
    (move || match loaded.get() {
        None => boxed(
            view! { <p class="frame-note tab-loading" aria-busy="true">{opening}</p> }.into_any(),
        ),
        Some(Ok(())) => match untrack(|| (part.draw)(args.clone())) {
            Some(Ok(view)) => view,
            _ => boxed(part_failed(roster, fetch)),
        },
        Some(Err(ChunkFailed)) => boxed(part_failed(roster, fetch)),
    })
    .into_any()
}

/// A part's chunk could not be fetched: as a sheet's (`ui::chunks`), in its place.
fn part_failed(roster: Roster, retry: impl Fn() + Copy + Send + Sync + 'static) -> AnyView {
    view! {
        <div class="sheet-missing" role="alert">
            <p>"This part of the sheet could not be loaded: the connection seems to be down and this browser has not saved the app for offline use yet, or Sheetwright was updated in another tab. Your characters are safe."</p>
            <button type="button" class="button" on:click=move |_| try_again(roster, retry)>"Try again"</button>
        </div>
    }
    .into_any()
}
