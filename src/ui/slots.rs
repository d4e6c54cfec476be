//! The places in the cards that another chunk fills (see `ui::part`): each a type,
//! with what the card hands over to draw it. `ui::split_points` says which chunk
//! draws each; a component test draws them directly.

use super::part::Slot;
use super::roll_panel::rolls::{RollKind, Rolls};
use super::routing::Tab;
use crate::model::pack::take::{List, Pick};
use crate::model::play::heimr_roll::RollSource;
use crate::rules::symbaroum::derived::Derived;
use crate::ui::Live;
use leptos::prelude::*;

macro_rules! slots {
    ($($(#[$doc:meta])* $name:ident: $args:ty;)*) => {$(
        $(#[$doc])*
        pub enum $name {}
        impl Slot for $name {
            type Args = $args;
        }
    )*};
}

slots! {
    /// The numbers a family keeps in the sheet's sticky bar.
    TopBarNumbers: Live;
    /// Every tab of a family's sheet, with the one on screen.
    FamilyTabs: (Live, Memo<Tab>);
    /// A party member's sheet at a game master's table, read only: their family's
    /// tabs, with the one on screen.
    MemberTabs: (Live, Memo<Tab>);
    /// The Combat tab.
    CombatTab: Live;
    /// The Gear & XP tab.
    GearTab: Live;
    /// "This turn" on the Combat tab (either family).
    ThisTurn: Live;
    /// The Symbaroum family's roll panel, for a roll of a kind.
    RollPanelBody: (Live, Memo<Derived>, Rolls, RollKind);
    /// Heimr's dice panel, for a roll of a source.
    DicePanelBody: (Live, RollSource);
    /// Heimr's situational penalties, on the Attributes card.
    SituationalPenalties: Live;
    /// Heimr's hide challenge, on the Positions card while hidden.
    HideChallenge: Live;
    /// Under an add form's name box: the entries the character's packs offer for a
    /// list as the name is typed, and what picking one does.
    PackOffers: (Live, List, Signal<String>, Callback<Pick>);
    /// The Gear & XP tab's "Campaign packs" card.
    PacksCard: Live;
}
