//! The Gear & XP tab's "Campaign packs" card: the packs the character's rows were
//! taken from, and when this browser has another version of one, what it would
//! change, row by row and field by field, each row ticked or not by the player before
//! anything changes. A row whose entry left the pack is said, and kept.

use super::sheet_packs::sheet_packs;
use crate::model::pack::update::{self, Row, Source};
use crate::model::pack::Pack;
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::{labels, Labels};
use crate::rules::Ruleset;
use crate::ui::heimr::state::{edit as heimr_edit, read as heimr_read};
use crate::ui::parts::{check, edit, edit_advance};
use crate::ui::routing::{PacksAt, Route};
use crate::ui::Live;
use leptos::prelude::*;

/// What the card reads and changes of a family's character: the Symbaroum family's
/// abilities, items, weapons and armor, or Heimr's abilities.
#[derive(Clone, Copy)]
struct Rows {
    /// The packs the rows came from (tracked).
    sources: fn(Live) -> Vec<Source>,
    /// What `p` would change of them (tracked).
    updates: fn(Live, &Pack, &Labels) -> Vec<update::Update>,
    /// Brings the ticked rows up to `p`; how many were.
    update: fn(Live, &Pack, &Labels, &[Row]) -> usize,
}

const SYMBAROUM: Rows = Rows {
    sources: |character| {
        character
            .advance()
            .with(|a| character.combat().with(|c| update::sources(a, c)))
    },
    updates: |character, p, l| {
        character
            .advance()
            .with(|a| character.combat().with(|c| update::updates(a, c, p, l)))
    },
    update: |character, p, l, ticked| {
        // Weapons and armor are the fight's, abilities and items the gear's.
        let mut combat = character.combat().get_untracked();
        let n = edit_advance(character, |a| update::update(a, &mut combat, p, l, ticked));
        if character.combat().with_untracked(|c| *c != combat) {
            edit(character, |c| *c = combat);
        }
        n
    },
};

const HEIMR: Rows = Rows {
    sources: |character| heimr_read(character, |h| update::heimr_sources(&h.abilities)),
    updates: |character, p, l| heimr_read(character, |h| update::heimr_updates(&h.abilities, p, l)),
    update: |character, p, l, ticked| {
        heimr_edit(character, |h| {
            update::heimr_update(&mut h.abilities, p, l, ticked)
        })
    },
};

/// The card.
pub fn packs_card(character: Live) -> AnyView {
    let rows = if character.ruleset().get_untracked() == Ruleset::Heimr {
        HEIMR
    } else {
        SYMBAROUM
    };
    let packs = sheet_packs(character);
    let sources = Memo::new(move |_| (rows.sources)(character));
    let done = RwSignal::new(None::<String>);
    let packs_href = Route::Packs(PacksAt::List(None)).href();
    // Shown once something was taken from a pack (the add forms offer the packs'
    // entries and link to the packs page before that).
    view! {
        <Show when=move || !sources.with(Vec::is_empty) || done.with(Option::is_some)>
            <section class="card packs-card" aria-labelledby="packs-heading">
                <h2 id="packs-heading">"Campaign packs"</h2>
                <ul class="pack-sources">
                    <For each=move || sources.get() key=|s| (s.pack.clone(), s.version, s.rows.clone()) let:s>
                        <SourceRow character rows source=s packs done/>
                    </For>
                </ul>
                <p class="hint" role="status">{move || done.get()}</p>
                <p><a href=packs_href.clone()>"Manage campaign packs"</a></p>
            </section>
        </Show>
    }
    .into_any()
}

/// One pack the character took from, and the newer version's changes if there is one.
#[component]
fn SourceRow(
    character: Live,
    rows: Rows,
    source: Source,
    packs: Memo<Vec<Pack>>,
    done: RwSignal<Option<String>>,
) -> impl IntoView {
    let id = source.pack.clone();
    let here = Memo::new(move |_| packs.with(|ps| ps.iter().find(|p| p.id == id).cloned()));
    let updates = Memo::new(move |_| {
        let l = labels(character.ruleset().get());
        here.with(|p| match p {
            Some(p) => (rows.updates)(character, p, l),
            None => Vec::new(),
        })
    });
    let unticked = RwSignal::new(Vec::<Row>::new());
    let update = move |_| {
        let Some(p) = here.get_untracked() else {
            return;
        };
        let l = labels(character.ruleset().get_untracked());
        let ticked: Vec<Row> = updates.with_untracked(|us| {
            us.iter()
                .map(|u| u.row)
                .filter(|r| !unticked.with_untracked(|x| x.contains(r)))
                .collect()
        });
        let n = (rows.update)(character, &p, l, &ticked);
        done.set(Some(format!(
            "Updated {n} {} to “{}” version {}.",
            if n == 1 { "entry" } else { "entries" },
            p.name,
            p.version
        )));
    };
    let title = format!("{}, version {}", source.name, source.version);
    let rows = source.rows.join(", ");
    view! {
        <li class="pack-source">
            <p><strong>{title}</strong>": "{rows}</p>
            <Show when=move || here.with(Option::is_none)>
                <p class="hint">"This browser does not keep this pack: the entries work as they are."</p>
            </Show>
            <Show when=move || !updates.with(Vec::is_empty)>
                <div class="pack-update">
                    <p>{move || here.with(|p| p.as_ref().map(|p| format!("This browser has version {} of “{}”. Tick what it may change:", p.version, p.name)))}</p>
                    <ul class="pack-update-rows">
                        {move || updates.get().into_iter().map(|u| update_row(u, unticked)).collect_view()}
                    </ul>
                    <button type="button" class="button" on:click=update>
                        {move || here.with(|p| p.as_ref().map(|p| format!("Update to version {}", p.version)))}
                    </button>
                </div>
            </Show>
        </li>
    }
}

/// A row the newer version would change: its name, each change, and its tick (a row
/// with nothing to change, or whose entry is gone, has none).
fn update_row(u: update::Update, unticked: RwSignal<Vec<Row>>) -> impl IntoView {
    let row = u.row;
    let gone = u.changes.iter().any(|c| c.starts_with("no longer in"));
    let changes = if u.changes.is_empty() {
        vec!["nothing changes".to_string()]
    } else {
        u.changes
    };
    let name = u.name.clone();
    view! {
        <li>
            {if gone || changes == ["nothing changes"] {
                view! { <strong>{name}</strong> }.into_any()
            } else {
                check(
                    "pack-update-tick",
                    view! { <strong>{u.name}</strong> },
                    move || !unticked.with(|x| x.contains(&row)),
                    move |on: bool| unticked.update(|x: &mut Vec<Row>| {
                        x.retain(|r| *r != row);
                        if !on {
                            x.push(row);
                        }
                    }),
                )
                .into_any()
            }}
            <ul class="pack-changes">
                {changes.into_iter().map(|c| view! { <li>{c}</li> }).collect_view()}
            </ul>
        </li>
    }
}
