//! The words a pack is shown in.

use crate::model::pack::Family;
use crate::rules::Ruleset;
use crate::storage::local::LocalBackend;
use crate::storage::prefs::last_ruleset;

/// The ruleset whose words show a pack of `family`: for the Symbaroum family, the one
/// last chosen for a new character (a Symbaroum player reads Accurate, not Exactitude).
pub fn words(family: Family) -> Ruleset {
    let chosen = last_ruleset(&LocalBackend);
    match family {
        Family::Heimr => Ruleset::Heimr,
        Family::Symbaroum if chosen.is_symbaroum_family() => chosen,
        Family::Symbaroum => Ruleset::default(),
    }
}
