//! A character's campaign packs on the Symbaroum family's sheet (issue #32, "use"):
//! the entries its packs offer as an add form's name is typed (`offers`), and the
//! packs its rows were taken from, with a newer version's changes offered row by row
//! (`packs_card`). A chunk of its own (`ui::split_points::pack_offers`), loaded within the
//! Gear & XP tab's when the tab is drawn: reading packs (their serde code) stays out
//! of every sheet's deep link.

mod offers;
mod packs_card;
mod sheet_packs;

pub use offers::pack_offers;
pub use packs_card::packs_card;
