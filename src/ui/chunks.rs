//! Where the wasm is split. The start path (the list from the characters' heads,
//! create, import, the share question) is the first file a visit fetches; every whole
//! character (saving, the crash-safe copy, other tabs) is the documents' chunk, fetched
//! in idle time once the list is drawn; a character's sheet lives in a chunk per
//! ruleset family, loaded when a sheet opens
//! (and preloaded by `index.html` for a deep link, precached by the service worker for
//! offline). A feature added later goes into a chunk, never into the start path.
//!
//! Each function marked `wasm_split(<chunk>, …)` is moved with everything only it
//! reaches into the file `split_<chunk>`; code two chunks share goes into a shared
//! chunk file both load; `scripts/split.mjs` does the splitting after `trunk build`.
//! Natively and in the component tests (which mount the sheets' components directly)
//! these are plain calls.
//!
//! A chunk that cannot be fetched (offline before the service worker has the build)
//! is a message and a "Try again" button, never a panic: the player's characters stay
//! in memory and in the store.

use super::heimr::{HeimrTabs, HeimrTopStats, RollSource};
use super::later_parts::{
    preload, Later, LaterParts, HEIMR_DICE, HEIMR_TABS, ROLL_DIALOG, SYMBAROUM_TABS,
};
use super::library_state::Library;
use super::roll_panel::{roll_dialog, RollKind, Rolls};
use super::roster::{Docs, Roster};
use super::routing::{library_href, PacksAt, Tab};
use super::sheet::SymbaroumTabs;
use super::sheet_page::{Family, SheetPage, SymbaroumTopStats};
use super::Live;
use crate::model::pack::take::{List, Pick};
use crate::rules::symbaroum::derived::Derived;
use crate::rules::Ruleset;
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};
use wasm_bindgen::{closure::Closure, JsCast};

/// A chunk could not be fetched (the loader has logged why to the console).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChunkFailed;

impl From<SplitLoaderError> for ChunkFailed {
    fn from(_: SplitLoaderError) -> Self {
        ChunkFailed
    }
}

/// The characters' documents: every stored character read in full, and all that
/// reads or writes one (saving, the crash-safe copy, another tab's edits, import,
/// export, share). Fetched in idle time once the list is drawn, or by the first
/// action or sheet that needs it; the sheets' chunks build on it.
#[wasm_split(documents, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn documents(roster: Roster) -> Result<&'static dyn Docs, ChunkFailed> {
    Ok(Library::start(roster))
}

/// The Symbaroum family's sheet (homebrew, homebrew-draft, symbaroum).
#[wasm_split(
    symbaroum,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_symbaroum)
)]
fn symbaroum_sheet(id: String, tab: Memo<Tab>) -> Result<AnyView, ChunkFailed> {
    let Some(current) = expect_context::<Library>().slot(&id) else {
        return Ok(missing());
    };
    let family = Family {
        heimr: false,
        top: |character| view! { <SymbaroumTopStats character/> }.into_any(),
        tabs: |character, tab| {
            view! { <SymbaroumTabs character tab other=SYMBAROUM_TABS dialog=ROLL_DIALOG/> }
                .into_any()
        },
    };
    let later = expect_context::<LaterParts>();
    // The roll panel and the tabs not on screen, ready before the player opens them.
    preload(&[
        later.symbaroum_rolls.load,
        later.symbaroum_combat.load,
        later.symbaroum_gear.load,
    ]);
    Ok(view! { <SheetPage id current tab family/> }.into_any())
}

/// Heimr's sheet.
#[wasm_split(
    heimr,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_heimr)
)]
fn heimr_sheet(id: String, tab: Memo<Tab>) -> Result<AnyView, ChunkFailed> {
    let Some(current) = expect_context::<Library>().slot(&id) else {
        return Ok(missing());
    };
    let family = Family {
        heimr: true,
        top: |character| view! { <HeimrTopStats character/> }.into_any(),
        tabs: |character, tab| {
            view! { <HeimrTabs character tab other=HEIMR_TABS dice=HEIMR_DICE/> }.into_any()
        },
    };
    let later = expect_context::<LaterParts>();
    // The dice panel and the tabs not on screen, ready before the player opens them.
    preload(&[
        later.heimr_rolls.load,
        later.heimr_combat.load,
        later.heimr_gear.load,
    ]);
    Ok(view! { <SheetPage id current tab family/> }.into_any())
}

/// The parts of a sheet in chunks of their own. Their split points are called from
/// here, the start path, and handed to the families' chunks as plain function
/// pointers (`LaterParts`, in context): a call from inside a chunk to another split
/// point would be linked into every build of the sheets' code, and an unsplit build
/// (the component tests') cannot start with a split point in it.
const LATER: LaterParts = LaterParts {
    symbaroum_combat: Later {
        load: || Box::pin(async { Ok(load_symbaroum_combat().await?) }),
        draw: |character| ready_now(symbaroum_combat(character)),
    },
    symbaroum_gear: Later {
        load: || Box::pin(async { Ok(load_symbaroum_gear().await?) }),
        draw: |character| ready_now(symbaroum_gear(character)),
    },
    symbaroum_turn: Later {
        load: || Box::pin(async { Ok(load_symbaroum_turn().await?) }),
        draw: |character| ready_now(symbaroum_turn(character)),
    },
    symbaroum_rolls: Later {
        load: || Box::pin(async { Ok(load_symbaroum_rolls().await?) }),
        draw: |(character, derived, rolls, kind)| {
            ready_now(symbaroum_rolls(character, derived, rolls, kind))
        },
    },
    heimr_combat: Later {
        load: || Box::pin(async { Ok(load_heimr_combat().await?) }),
        draw: |character| ready_now(heimr_combat(character)),
    },
    heimr_gear: Later {
        load: || Box::pin(async { Ok(load_heimr_gear().await?) }),
        draw: |character| ready_now(heimr_gear(character)),
    },
    heimr_turn: Later {
        load: || Box::pin(async { Ok(load_heimr_turn().await?) }),
        draw: |character| ready_now(heimr_turn(character)),
    },
    heimr_rolls: Later {
        load: || Box::pin(async { Ok(load_heimr_rolls().await?) }),
        draw: |(character, source)| ready_now(heimr_rolls(character, source)),
    },
    heimr_penalties: Later {
        load: || Box::pin(async { Ok(load_heimr_penalties().await?) }),
        draw: |character| ready_now(heimr_penalties(character)),
    },
    heimr_hiding: Later {
        load: || Box::pin(async { Ok(load_heimr_hiding().await?) }),
        draw: |character| ready_now(heimr_hiding(character)),
    },
    pack_offers: Later {
        load: || Box::pin(async { Ok(load_pack_use(load_pack_offers()).await?) }),
        draw: |(character, list, query, pick)| ready_now(pack_offers(character, list, query, pick)),
    },
    packs_card: Later {
        load: || Box::pin(async { Ok(load_pack_use(load_packs_card()).await?) }),
        draw: |character| ready_now(packs_card(character)),
    },
};

/// The packs' use on a sheet, with the chunks it is loaded within (the Symbaroum
/// family's sheet and Gear & XP tab). A Heimr sheet fetches those too, the first time
/// its add form is opened or it lists its packs: that keeps the packs' reading out of
/// every sheet's deep link (one split point for both families, within neither, put
/// 21 KB into each).
async fn load_pack_use(
    part: impl Future<Output = Result<(), SplitLoaderError>>,
) -> Result<(), SplitLoaderError> {
    load_symbaroum().await?;
    load_symbaroum_gear().await?;
    part.await
}

/// The entries a character's campaign packs offer under an add form's name box
/// (issue #32). Loaded within the Symbaroum family's Gear & XP tab (`scripts/split.mjs`),
/// whose add forms and "Campaign packs" card use it; the packs page is loaded within
/// this, so reading packs is in one file, fetched by neither a sheet's deep link nor
/// the start path.
#[wasm_split(pack_use, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_pack_offers))]
fn pack_offers(
    character: Live,
    list: List,
    query: Signal<String>,
    pick: Callback<Pick>,
) -> Result<AnyView, ChunkFailed> {
    Ok(super::pack_use::pack_offers(character, list, query, pick))
}

/// The Gear & XP tab's "Campaign packs" card, in the same chunk as the offers.
#[wasm_split(pack_use, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_packs_card))]
fn packs_card(character: Live) -> Result<AnyView, ChunkFailed> {
    Ok(super::pack_use::packs_card(character))
}

/// The Symbaroum family's roll panel (a test of any attribute, an attack, a defense).
#[wasm_split(
    symbaroum_rolls,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_symbaroum_rolls)
)]
fn symbaroum_rolls(
    character: Live,
    derived: Memo<Derived>,
    rolls: Rolls,
    kind: RollKind,
) -> Result<AnyView, ChunkFailed> {
    Ok(roll_dialog(character, derived, rolls, kind))
}

/// Heimr's dice panel (a challenge, an attack, a defence).
#[wasm_split(
    heimr_rolls,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_heimr_rolls)
)]
fn heimr_rolls(character: Live, source: RollSource) -> Result<AnyView, ChunkFailed> {
    Ok(super::heimr::dice_panel(character, source))
}

/// The Symbaroum family's Combat tab, with "This turn" from the roll panel's chunk.
#[wasm_split(
    symbaroum_combat,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_symbaroum_combat)
)]
fn symbaroum_combat(character: Live) -> Result<AnyView, ChunkFailed> {
    Ok(super::sheet::combat_sheet(
        character,
        Some(super::later_parts::turn_card),
    ))
}

/// The Combat tab's "This turn" (the action economy), in the roll panel's chunk: a
/// chunk of its own cost more in files shared with the Combat tab than its code.
#[wasm_split(
    symbaroum_rolls,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_symbaroum_turn)
)]
fn symbaroum_turn(character: Live) -> Result<AnyView, ChunkFailed> {
    Ok(super::combat::turn_card::turn_card(character))
}

/// The Symbaroum family's Gear & XP tab.
#[wasm_split(
    symbaroum_gear,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_symbaroum_gear)
)]
fn symbaroum_gear(character: Live) -> Result<AnyView, ChunkFailed> {
    Ok(super::sheet::gear_tab(character))
}

/// Heimr's Combat tab, with "This turn" from the dice panel's chunk.
#[wasm_split(
    heimr_combat,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_heimr_combat)
)]
fn heimr_combat(character: Live) -> Result<AnyView, ChunkFailed> {
    Ok(super::heimr::combat_sheet(
        character,
        Some(super::later_parts::heimr_turn_card),
    ))
}

/// Heimr's "This turn" (the seed's combat actions), the chase and forced movement, in
/// the dice panel's chunk, as the Symbaroum family's "This turn" is in its roll
/// panel's.
#[wasm_split(
    heimr_rolls,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_heimr_turn)
)]
fn heimr_turn(character: Live) -> Result<AnyView, ChunkFailed> {
    Ok(super::heimr::turn_card(character))
}

/// Heimr's situational penalties on attributes (the Sheet tab's Attributes card), in
/// the dice panel's chunk with the rolls they lower.
#[wasm_split(
    heimr_rolls,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_heimr_penalties)
)]
fn heimr_penalties(character: Live) -> Result<AnyView, ChunkFailed> {
    Ok(super::heimr::attribute_penalties(character))
}

/// Heimr's hide challenge (the Combat tab's Positions card), in the dice panel's chunk.
#[wasm_split(
    heimr_rolls,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_heimr_hiding)
)]
fn heimr_hiding(character: Live) -> Result<AnyView, ChunkFailed> {
    Ok(super::heimr::hiding(character))
}

/// Heimr's Gear & XP tab.
#[wasm_split(
    heimr_gear,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_heimr_gear)
)]
fn heimr_gear(character: Live) -> Result<AnyView, ChunkFailed> {
    Ok(super::heimr::gear_tab(character))
}

/// The campaign packs page (issue #32). Loaded within the packs' use on a sheet
/// (`pack_offers`, `scripts/split.mjs`): the code both need (reading and storing
/// packs) goes into that chunk's file, and a pack's page adds no file to any sheet's
/// deep link.
#[wasm_split(packs, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_packs))]
fn packs_page(at: Memo<Option<PacksAt>>) -> Result<AnyView, ChunkFailed> {
    Ok(super::packs::packs_page(at))
}

/// What a [`PageLoader`] draws: a character's sheet (its id and tab), or the packs
/// page (with the data of the pack's link it was opened with).
#[derive(Clone)]
pub enum Page {
    Sheet(String, Memo<Tab>),
    Packs(Memo<Option<PacksAt>>),
}

/// A character's sheet from its family's chunk, or the packs page from its own:
/// "Opening …" while the chunks (and the sheet's stylesheet) arrive, a message with
/// "Try again" if they cannot.
///
/// The chunks are loaded first and the page then built synchronously in this
/// component's own reactive scope (as if it were in the start path), not inside an
/// async `Suspend`: views built in a future outlive their owner's disposal by one
/// update, and a route change would then run the old sheet's effects on disposed
/// signals.
#[component]
pub fn PageLoader(page: Page) -> impl IntoView {
    let roster = expect_context::<Roster>();
    provide_context(LATER);
    // The family from the list's entry (the documents may not be here yet); it never
    // changes while the sheet is open (the ruleset switch stays within the Symbaroum
    // family).
    let heimr = matches!(&page, Page::Sheet(id, _)
        if roster.entry(id).is_some_and(|e| e.ruleset == Ruleset::Heimr));
    let packs = matches!(page, Page::Packs(_));
    // None while loading; then whether the chunks arrived.
    let loaded = RwSignal::new(None::<Result<(), ChunkFailed>>);
    let load = move || {
        loaded.set(None);
        leptos::task::spawn_local(async move {
            // The documents, the page's chunks and the stylesheet, all at once. The
            // packs page is loaded within the Symbaroum family's Gear & XP tab.
            let chunks = async move {
                if heimr {
                    load_heimr().await
                } else if packs {
                    let (sheet, (tab, (used, page))) = both(
                        load_symbaroum(),
                        both(
                            load_symbaroum_gear(),
                            both(load_pack_offers(), load_packs()),
                        ),
                    )
                    .await;
                    sheet.and(tab).and(used).and(page)
                } else {
                    load_symbaroum().await
                }
            };
            let (docs, (done, ())) = both(roster.load(), both(chunks, sheet_styles())).await;
            // The player may have left the page meanwhile.
            let _ = loaded.try_set(Some(docs.map(|_| ()).and(done.map_err(ChunkFailed::from))));
        });
    };
    load();
    (move || match loaded.get() {
        None => view! {
            <main class="sheet-loading" aria-busy="true">
                <p class="frame-note">{if packs { "Opening the packs…" } else { "Opening the sheet…" }}</p>
            </main>
        }
        .into_any(),
        Some(Ok(())) => {
            // Loaded: the split function's future is ready at its first poll.
            let drawn = untrack(|| match page.clone() {
                Page::Sheet(id, tab) if heimr => ready_now(heimr_sheet(id, tab)),
                Page::Sheet(id, tab) => ready_now(symbaroum_sheet(id, tab)),
                Page::Packs(at) => ready_now(packs_page(at)),
            });
            match drawn {
                Some(Ok(view)) => view,
                _ => failed(roster, load),
            }
        }
        Some(Err(ChunkFailed)) => failed(roster, load),
    })
    .into_any()
}

/// In idle time, on a visit the service worker serves (so nothing is fetched twice):
/// the sheet chunk of the character edited last, so that opening it from the list
/// does not wait for the chunk to be compiled. A chunk that cannot be had is left for
/// the sheet to report.
pub async fn warm_sheet(roster: Roster) {
    let navigator: wasm_bindgen::JsValue = window().navigator().into();
    let served = js_sys::Reflect::get(&navigator, &"serviceWorker".into())
        .and_then(|sw| js_sys::Reflect::get(&sw, &"controller".into()))
        .is_ok_and(|c| c.is_object());
    let last = roster.entries.with_untracked(|es| {
        es.iter()
            .max_by(|a, b| a.updated.total_cmp(&b.updated))
            .map(|e| e.ruleset)
    });
    match (served, last) {
        (true, Some(Ruleset::Heimr)) => _ = load_heimr().await,
        (true, Some(_)) => _ = load_symbaroum().await,
        _ => {}
    }
}

/// What shows for an id the store does not have.
fn missing() -> AnyView {
    view! {
        <main class="sheet-missing">
            <p>"That character is not in this browser. It may have been deleted, or saved in another browser."</p>
            <a href=library_href() class="button">"Back to the characters"</a>
        </main>
    }
    .into_any()
}

/// The message when a chunk could not be fetched, with "Try again": online, that
/// reloads the page (everything typed is saved first), which also mends the case of a
/// page left open while another tab updated the app (this page's chunks then no longer
/// exist); offline, it tries the chunk again.
fn failed(roster: Roster, retry: impl Fn() + Copy + Send + Sync + 'static) -> AnyView {
    let again = move |_| try_again(roster, retry);
    view! {
        <main class="sheet-missing" role="alert">
            <p>"This page could not be loaded: the connection seems to be down and this browser has not saved the app for offline use yet, or Sheetwright was updated in another tab. Your characters are safe."</p>
            <button type="button" class="button" on:click=again>"Try again"</button>
            " "
            <a href=library_href() class="button">"Back to the characters"</a>
        </main>
    }
    .into_any()
}

/// "Try again": online, a reload (everything typed is saved first), which also mends
/// a page left open while another tab updated the app; offline, the chunk again.
pub(super) fn try_again(roster: Roster, retry: impl Fn()) {
    if window().navigator().on_line() {
        if let Some(d) = roster.docs() {
            d.flush();
        }
        let _ = window().location().reload();
    } else {
        retry();
    }
}

/// Runs `a` and `b` at once; both outputs, once both are done.
async fn both<A, B>(a: impl Future<Output = A>, b: impl Future<Output = B>) -> (A, B) {
    let (mut a, mut b) = (pin!(a), pin!(b));
    let (mut out_a, mut out_b) = (None, None);
    std::future::poll_fn(move |cx| {
        if out_a.is_none() {
            if let Poll::Ready(v) = a.as_mut().poll(cx) {
                out_a = Some(v);
            }
        }
        if out_b.is_none() {
            if let Poll::Ready(v) = b.as_mut().poll(cx) {
                out_b = Some(v);
            }
        }
        match (out_a.take(), out_b.take()) {
            (Some(a), Some(b)) => Poll::Ready((a, b)),
            (a, b) => {
                (out_a, out_b) = (a, b);
                Poll::Pending
            }
        }
    })
    .await
}

/// The output of a future that is ready at its first poll, or None.
fn ready_now<T>(future: impl Future<Output = T>) -> Option<T> {
    let mut future = pin!(future);
    match future
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()))
    {
        Poll::Ready(value) => Some(value),
        Poll::Pending => None,
    }
}

/// The sheet's stylesheet, which the list does not need: named by the build in
/// `<meta name="sheet-css">` (absent in an unsplit build, whose page links every
/// stylesheet). Added once (`index.html` adds it itself for a deep link) and waited
/// for, so a sheet never shows unstyled; a stylesheet that fails to load does not stop
/// the sheet.
async fn sheet_styles() {
    let doc = document();
    let Some(href) = doc
        .query_selector("meta[name=sheet-css]")
        .ok()
        .flatten()
        .and_then(|m| m.get_attribute("content"))
    else {
        return;
    };
    let link = match doc.query_selector("link[data-sheet-css]").ok().flatten() {
        Some(link) => link,
        None => {
            let Ok(link) = doc.create_element("link") else {
                return;
            };
            let _ = link.set_attribute("rel", "stylesheet");
            let _ = link.set_attribute("href", &href);
            let _ = link.set_attribute("data-sheet-css", "");
            if let Some(head) = doc.head() {
                let _ = head.append_child(&link);
            }
            link
        }
    };
    // Loaded (or failed) already: the attribute the page's own script and the
    // handlers below set.
    if link.has_attribute("data-done") {
        return;
    }
    let done = js_sys::Promise::new(&mut |resolve, _| {
        let target = link.clone();
        let on_done = Closure::once_into_js(move || {
            let _ = target.set_attribute("data-done", "");
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        });
        let f: &js_sys::Function = on_done.unchecked_ref();
        let _ = link.add_event_listener_with_callback("load", f);
        let _ = link.add_event_listener_with_callback("error", f);
    });
    // The stylesheet may have finished between the check above and now.
    if !link.has_attribute("data-done") {
        let _ = wasm_bindgen_futures::JsFuture::from(done).await;
    }
}
