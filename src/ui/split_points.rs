//! Where the wasm is split. The start path (the list from the characters' heads,
//! create, import, the share question) is the first file a visit fetches; every whole
//! character (saving, the crash-safe copy, other tabs) is the documents' chunk, fetched
//! in idle time once the list is drawn (import and share are a chunk fetched when
//! first used); a character's sheet lives in a chunk per
//! ruleset family, loaded when a sheet opens
//! (and preloaded by `index.html` for a deep link, precached by the service worker for
//! offline). A feature added later goes into a chunk, never into the start path.
//!
//! Each function marked `wasm_split(<chunk>, …)` is moved with everything only it
//! reaches into the file `split_<chunk>`; code two chunks share goes into a shared
//! chunk file both load; `scripts/split.mjs` does the splitting after `trunk build`.
//! Natively these are plain calls; the component tests never reach them (they draw
//! the places directly).
//!
//! This is the one file that names the chunks: the pages and the parts of a sheet in
//! chunks of their own reach the cards that show them through typed context
//! (`ui::part`, the places listed in `ui::slots`), fetched and drawn by the generic
//! loader (`ui::loader`). Nothing but the app's top imports this file.

use super::chunk_failed::ChunkFailed;
use super::heimr::{HeimrTabs, HeimrTopStats, Panel, RollSource};
use super::imports::{Imports, Transfers, TransfersLoading};
use super::library_state::Library;
use super::loader::{both, lazy, preload, ready_now, Drawn, Later, Loading, PageLoader};
use super::part::Part;
use super::roll_panel::{roll_dialog, RollKind, Rolls};
use super::roster::{Docs, DocsLoading, Roster};
use super::routing::{library_href, PacksAt, Tab, TableAt};
use super::sheet::SymbaroumTabs;
use super::sheet_page::{SheetPage, SymbaroumTopStats};
use super::sheet_styles::sheet_styles;
use super::slots::{
    CombatTab, DicePanelBody, FamilyTabs, GearTab, HideChallenge, MemberTabs, PackOffers,
    PacksCard, RollPanelBody, SituationalPenalties, ThisTurn, TopBarNumbers,
};
use super::Live;
use crate::model::pack::take::{List, Pick};
use crate::rules::symbaroum::derived::Derived;
use crate::rules::Ruleset;
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use std::future::Future;

/// The characters' documents: every stored character read in full, and all that
/// reads or writes one (saving, the crash-safe copy, another tab's edits, export;
/// import and share through [`transfers`], handed in as `transfers`). Fetched in idle
/// time once the list is drawn, or by the first action or sheet that needs it; the
/// sheets' chunks build on it.
#[wasm_split(documents, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn documents(
    roster: Roster,
    transfers: fn() -> TransfersLoading,
) -> Result<&'static dyn Docs, ChunkFailed> {
    Ok(Library::start(roster, transfers))
}

/// Import (a file, a shared link) and share: fetched the first time the player imports
/// or shares, never by a sheet's deep link.
#[wasm_split(transfers, wasm_split_path = ::leptos::wasm_split, fallible)]
fn transfers() -> Result<&'static dyn Transfers, ChunkFailed> {
    Ok(&Imports)
}

/// Import and share, with the Symbaroum family's sheet they are loaded within
/// (`scripts/split.mjs`): the game master's tables and the packs, loaded within that
/// sheet, read links and files with the same code, which is then in the sheet's file.
fn fetch_transfers() -> TransfersLoading {
    Box::pin(async {
        load_symbaroum().await?;
        transfers().await
    })
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
    symbaroum_parts();
    Ok(view! { <SheetPage id current tab heimr=false/> }.into_any())
}

/// What the Symbaroum family's sheet draws from its chunk, and the parts in chunks of
/// their own it fetches.
fn symbaroum_parts() {
    Part::<TopBarNumbers>::provide(|character| view! { <SymbaroumTopStats character/> }.into_any());
    Part::<FamilyTabs>::provide(|(character, tab)| {
        view! { <SymbaroumTabs character tab/> }.into_any()
    });
    Part::<CombatTab>::provide(|c| lazy(OPENING_TAB, later().symbaroum_combat, c, None));
    Part::<GearTab>::provide(|c| lazy(OPENING_TAB, later().symbaroum_gear, c, None));
    Part::<RollPanelBody>::provide(|args| {
        let rolls = args.2;
        let close = Callback::new(move |()| rolls.closed());
        lazy(
            "Opening the roll panel…",
            later().symbaroum_rolls,
            args,
            Some(close),
        )
    });
    pack_parts();
    let later = later();
    // The roll panel and the tabs not on screen, ready before the player opens them.
    preload(&[
        later.symbaroum_rolls.load,
        later.symbaroum_combat.load,
        later.symbaroum_gear.load,
    ]);
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
    heimr_parts();
    Ok(view! { <SheetPage id current tab heimr=true/> }.into_any())
}

/// A party member's Heimr sheet at a game master's table, read only.
#[wasm_split(
    heimr,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_heimr_member)
)]
fn heimr_member(character: Live, tab: Memo<Tab>) -> Result<AnyView, ChunkFailed> {
    heimr_parts();
    Ok(Part::<FamilyTabs>::view((character, tab)).into_any())
}

/// What Heimr's sheet draws from its chunk, and the parts in chunks of their own it
/// fetches.
fn heimr_parts() {
    Part::<TopBarNumbers>::provide(|character| view! { <HeimrTopStats character/> }.into_any());
    Part::<FamilyTabs>::provide(|(character, tab)| view! { <HeimrTabs character tab/> }.into_any());
    Part::<CombatTab>::provide(|c| lazy(OPENING_TAB, later().heimr_combat, c, None));
    Part::<GearTab>::provide(|c| lazy(OPENING_TAB, later().heimr_gear, c, None));
    Part::<DicePanelBody>::provide(|args| {
        let panel = expect_context::<Panel>();
        let close = Callback::new(move |()| panel.closed());
        lazy(
            "Opening the dice panel…",
            later().heimr_rolls,
            args,
            Some(close),
        )
    });
    // On the Sheet tab, from this chunk: a sheet shows one loading state, not one
    // for its attributes' penalties after it.
    Part::<SituationalPenalties>::provide(super::heimr::attribute_penalties);
    pack_parts();
    let later = later();
    // The dice panel and the tabs not on screen, ready before the player opens them.
    preload(&[
        later.heimr_rolls.load,
        later.heimr_combat.load,
        later.heimr_gear.load,
    ]);
}

/// The packs' use on a sheet (either family), from its chunk.
fn pack_parts() {
    Part::<PackOffers>::provide(|args| lazy(OPENING_PACKS, later().pack_offers, args, None));
    Part::<PacksCard>::provide(|c| lazy(OPENING_PACKS, later().packs_card, c, None));
}

const OPENING_TAB: &str = "Opening the tab…";
const OPENING_PACKS: &str = "Opening your campaign packs…";

/// The parts in chunks of their own, as the start path hands them over.
fn later() -> LaterParts {
    expect_context::<LaterParts>()
}

/// Every part of a sheet in a chunk of its own.
#[derive(Clone, Copy)]
struct LaterParts {
    symbaroum_combat: Later<Live>,
    symbaroum_gear: Later<Live>,
    symbaroum_rolls: Later<(Live, Memo<Derived>, Rolls, RollKind)>,
    heimr_combat: Later<Live>,
    heimr_gear: Later<Live>,
    heimr_rolls: Later<(Live, RollSource)>,
    pack_offers: Later<(Live, List, Signal<String>, Callback<Pick>)>,
    packs_card: Later<Live>,
    heimr_member: Later<(Live, Memo<Tab>)>,
}

/// The parts of a sheet in chunks of their own: how to fetch each and draw it. Made
/// here, in the start path, and handed to the families' chunks in context
/// ([`later`]), so the functions that call the split points stay in the start path.
const LATER: LaterParts = LaterParts {
    symbaroum_combat: Later {
        load: || Box::pin(async { Ok(load_symbaroum_combat().await?) }),
        draw: |character| ready_now(symbaroum_combat(character)),
    },
    symbaroum_gear: Later {
        load: || Box::pin(async { Ok(load_symbaroum_gear().await?) }),
        draw: |character| ready_now(symbaroum_gear(character)),
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
    heimr_rolls: Later {
        load: || Box::pin(async { Ok(load_heimr_rolls().await?) }),
        draw: |(character, source)| ready_now(heimr_rolls(character, source)),
    },
    pack_offers: Later {
        load: || Box::pin(async { Ok(load_pack_use(load_pack_offers()).await?) }),
        draw: |(character, list, query, pick)| ready_now(pack_offers(character, list, query, pick)),
    },
    packs_card: Later {
        load: || Box::pin(async { Ok(load_pack_use(load_packs_card()).await?) }),
        draw: |character| ready_now(packs_card(character)),
    },
    heimr_member: Later {
        load: || Box::pin(async { Ok(load_heimr_member().await?) }),
        draw: |(character, tab)| ready_now(heimr_member(character, tab)),
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

/// The Symbaroum family's Combat tab, with its "This turn".
#[wasm_split(
    symbaroum_combat,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_symbaroum_combat)
)]
fn symbaroum_combat(character: Live) -> Result<AnyView, ChunkFailed> {
    Part::<ThisTurn>::provide(super::combat::turn_card::turn_card);
    Ok(super::sheet::combat_tab(character))
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

/// Heimr's Combat tab, with its "This turn" and the Positions card's hide challenge.
#[wasm_split(
    heimr_combat,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_heimr_combat)
)]
fn heimr_combat(character: Live) -> Result<AnyView, ChunkFailed> {
    Part::<ThisTurn>::provide(super::heimr::turn_card);
    Part::<HideChallenge>::provide(super::heimr::hiding);
    Ok(super::heimr::combat_tab(character))
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

/// The game master's tables (issue #60). Loaded within the Symbaroum family's sheet
/// (`scripts/split.mjs`), whose rules a member's numbers are derived by: the table
/// adds no file to any sheet's deep link.
#[wasm_split(table, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_table))]
fn table_page(at: Memo<Option<TableAt>>) -> Result<AnyView, ChunkFailed> {
    // A party member's sheet, from their family's chunk: the Symbaroum family's is
    // here (the table is loaded within it), Heimr's is fetched when first opened.
    Part::<MemberTabs>::provide(|(character, tab)| {
        if character.with_untracked(|c| c.ruleset == Ruleset::Heimr) {
            lazy(
                "Opening the sheet…",
                later().heimr_member,
                (character, tab),
                None,
            )
        } else {
            symbaroum_parts();
            Part::<FamilyTabs>::view((character, tab)).into_any()
        }
    });
    Ok(super::table::table_page(at))
}

/// A game master's update link (issue #60): what the table changed of one of this
/// browser's characters, to accept field by field. Loaded within the tables
/// (`scripts/split.mjs`), which make updates and offer a player's changes with the same
/// code; the documents keep the characters it changes.
#[wasm_split(update, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_update))]
fn update_page(data: Memo<Option<String>>) -> Result<AnyView, ChunkFailed> {
    Ok(super::update_page::update_page(data))
}

/// The documents' chunk, as the list's roster fetches it.
///
/// Import and share's loader is handed in from here, not named in the chunk: a split
/// point's own code that named another's loader would leave that loader's import in
/// every build, the component tests' too, where nothing provides it.
pub fn fetch_documents(roster: Roster) -> DocsLoading {
    Box::pin(documents(roster, fetch_transfers))
}

/// A page in chunks of its own: a character's sheet (its id and tab), the packs
/// page (with the data of the pack's link it was opened with), the game master's
/// tables, or a game master's update link (its data).
#[derive(Clone)]
pub enum Page {
    Sheet(String, Memo<Tab>),
    Packs(Memo<Option<PacksAt>>),
    Table(Memo<Option<TableAt>>),
    Update(Memo<Option<String>>),
}

/// What the loader is handed for a page: the page, and its family's (from the list's
/// entry, as the documents may not be here yet; it never changes while the sheet is
/// open, the ruleset switch staying within the Symbaroum family).
#[derive(Clone)]
struct Loaded {
    page: Page,
    heimr: bool,
}

/// A character's sheet from its family's chunk, or the packs page from its own, with
/// the documents and the sheet's stylesheet, all at once.
pub fn page_view(page: Page) -> impl IntoView {
    let roster = expect_context::<Roster>();
    provide_context(LATER);
    let heimr = matches!(&page, Page::Sheet(id, _)
        if roster.entry(id).is_some_and(|e| e.ruleset == Ruleset::Heimr));
    let opening = match page {
        Page::Sheet(..) => "Opening the sheet…",
        Page::Packs(_) => "Opening the packs…",
        Page::Table(_) => "Opening the tables…",
        Page::Update(_) => "Opening the update…",
    };
    view! { <PageLoader page=Loaded { page, heimr } opening load=load_page draw=draw_page/> }
}

fn load_page(loaded: &Loaded) -> Loading {
    let roster = expect_context::<Roster>();
    let heimr = loaded.heimr;
    // A sheet's tab on screen comes with it: one loading state, not one for the sheet
    // and another for its tab.
    let tab = match &loaded.page {
        Page::Sheet(_, tab) => match (tab.get_untracked(), heimr) {
            (Tab::Sheet, _) => None,
            (Tab::Combat, false) => Some(LATER.symbaroum_combat),
            (Tab::Gear, false) => Some(LATER.symbaroum_gear),
            (Tab::Combat, true) => Some(LATER.heimr_combat),
            (Tab::Gear, true) => Some(LATER.heimr_gear),
        },
        Page::Packs(_) | Page::Table(_) | Page::Update(_) => None,
    };
    let packs = matches!(loaded.page, Page::Packs(_));
    let table = matches!(loaded.page, Page::Table(_));
    let update = matches!(loaded.page, Page::Update(_));
    Box::pin(async move {
        // The packs page is loaded within the Symbaroum family's Gear & XP tab.
        let chunks = async move {
            if heimr {
                load_heimr().await
            } else if update {
                // Within the tables, within the Symbaroum family's sheet
                // (`scripts/split.mjs`); the documents `roster.load()` below fetches.
                load_symbaroum().await?;
                load_table().await?;
                load_update().await
            } else if table {
                // Within the Symbaroum family's sheet (`scripts/split.mjs`).
                load_symbaroum().await?;
                load_table().await
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
        let tab = async move {
            match tab {
                Some(part) => (part.load)().await,
                None => Ok(()),
            }
        };
        let (docs, ((done, tab), ())) =
            both(roster.load(), both(both(chunks, tab), sheet_styles())).await;
        docs.map(|_| ())
            .and(done.map_err(ChunkFailed::from))
            .and(tab)
    })
}

/// Loaded: the split function's future is ready at its first poll.
fn draw_page(loaded: Loaded) -> Drawn {
    match loaded.page {
        Page::Sheet(id, tab) if loaded.heimr => ready_now(heimr_sheet(id, tab)),
        Page::Sheet(id, tab) => ready_now(symbaroum_sheet(id, tab)),
        Page::Packs(at) => ready_now(packs_page(at)),
        Page::Table(at) => ready_now(table_page(at)),
        Page::Update(data) => ready_now(update_page(data)),
    }
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
