//! A character's actions in one turn of combat (seed 001, "The Character's Action
//! Economy"; seed 000, "Use/Apply Elixir", "First Aid", "Push Back"): one Combat Action
//! and one Movement Action. The Combat Action can be replaced with an additional
//! Movement Action, never the opposite. Reactions (Defense tests, Free Attacks) and
//! Free Actions are unlimited and not counted. Drawing a weapon is a Movement Action,
//! a Short weapon's a Free Action (`Turn::draw`).

use super::combat::{Weapon, WeaponQuality, WeaponState};

/// What a thing done in a turn costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    Combat,
    Movement,
    /// Both actions, and first in the turn (Push Back).
    Both,
    /// A Free Action: spends nothing (a Short weapon drawn).
    Free,
}

/// Something a character does on their turn, as the seeds name it and price it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Doing {
    pub name: &'static str,
    pub cost: Cost,
}

/// Drawing (a weapon not Short, or out of the pack) or reloading: seed 001, "Perform
/// a Movement Action, such as moving 10 paces, drawing a weapon, reloading a weapon".
pub const DRAW: Doing = Doing {
    name: "Draw or reload a weapon",
    cost: Cost::Movement,
};

/// What the seeds list for a turn, with their cost.
pub const DOINGS: [Doing; 8] = [
    Doing {
        name: "Attack or use an active ability",
        cost: Cost::Combat,
    },
    Doing {
        name: "First aid",
        cost: Cost::Combat,
    },
    Doing {
        name: "An elixir on someone else",
        cost: Cost::Combat,
    },
    Doing {
        name: "Move 10 paces",
        cost: Cost::Movement,
    },
    DRAW,
    Doing {
        name: "An elixir on yourself or your gear",
        cost: Cost::Movement,
    },
    Doing {
        name: "Disengage from melee",
        cost: Cost::Movement,
    },
    Doing {
        name: "Push Back",
        cost: Cost::Both,
    },
];

/// What drawing `w` is: a sheathed Short weapon's a Free Action, any other draw the
/// seeds' "Draw or reload a weapon" (a Movement Action); see [`Turn::draw`].
pub fn draw_doing(w: &Weapon) -> Doing {
    let short = w.qualities.contains(&WeaponQuality::Short);
    if short && w.state == WeaponState::Sheathed {
        Doing {
            name: "Draw a Short weapon",
            cost: Cost::Free,
        }
    } else {
        DRAW
    }
}

impl Doing {
    /// The Free Attack it gives the enemy, where the seeds say so (000, 001:
    /// "Disengaging from a melee combat … The enemy is allowed a Free Attack").
    fn owes(self) -> &'static str {
        if self.name == "Disengage from melee" {
            " Each enemy engaged with you gets a Free Attack."
        } else {
            ""
        }
    }

    /// Its cost in words, for its button.
    pub fn cost_text(self) -> &'static str {
        match self.cost {
            Cost::Combat => "Combat Action",
            Cost::Movement => "Movement Action",
            Cost::Both => "both actions, first",
            Cost::Free => "Free Action",
        }
    }
}

/// "Attack or use an active ability": what an Attack rolled in the roll panel spends.
pub const ATTACK: Doing = DOINGS[0];

/// The two actions of the turn so far: what each went to (saved with the character:
/// `model::combat::Combat::turn`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Turn {
    /// The Combat Action's use (it may have gone to a second movement).
    pub combat: Option<String>,
    pub movement: Option<String>,
}

impl Turn {
    /// The turn after `d`, with what happened in words, or why it cannot be done now.
    pub fn spend(&self, d: Doing) -> Result<(Turn, String), String> {
        self.spend_as(d, d.name)
    }

    /// [`Turn::spend`], said as `what` ("Draw the sword").
    fn spend_as(&self, d: Doing, what: &str) -> Result<(Turn, String), String> {
        let mut t = self.clone();
        let said = match (d.cost, self.combat.as_deref(), self.movement.as_deref()) {
            (Cost::Free, ..) => format!("{what}: a Free Action; nothing spent."),
            (Cost::Both, None, None) => {
                t.combat = Some(d.name.into());
                t.movement = Some(d.name.into());
                format!("{what}: both actions of the turn.")
            }
            (Cost::Both, ..) => {
                return Err(format!(
                    "{} must start the turn and takes both actions.",
                    d.name
                ))
            }
            (Cost::Combat, None, _) => {
                t.combat = Some(d.name.into());
                format!("{what}: the Combat Action.")
            }
            (Cost::Combat, Some(on), _) => {
                let why = "a Movement Action cannot replace it";
                return Err(format!(
                    "The Combat Action is spent this turn ({on}); {why}."
                ));
            }
            (Cost::Movement, _, None) => {
                t.movement = Some(d.name.into());
                format!("{what}: the Movement Action.{}", d.owes())
            }
            (Cost::Movement, None, Some(_)) => {
                t.combat = Some(d.name.into());
                format!(
                    "{what}: the Combat Action, traded for a second movement.{}",
                    d.owes()
                )
            }
            (Cost::Movement, Some(_), Some(_)) => {
                return Err("Both actions are spent this turn.".to_string())
            }
        };
        Ok((t, said))
    }

    /// Draws the weapon `w` (out of its sheath or the pack): the turn after it, with
    /// what happened in words, or why not. Seed 001, "Surprise": "All Short weapons can
    /// be unsheathed as a Free Action, thanks to their small weight and length. To
    /// unsheathe a weapon is otherwise considered a Movement Action." A Short weapon in
    /// the pack is not unsheathed: getting it out costs the Movement Action of any
    /// draw (the app's choice; the seed frees only the unsheathing).
    pub fn draw(&self, w: &Weapon) -> Result<(Turn, String), String> {
        let what = format!("Draw {}", w.name.trim());
        match w.state {
            WeaponState::Held => Err(format!("{} is in hand already.", w.name.trim())),
            _ => self.spend_as(draw_doing(w), &what),
        }
    }

    /// Whether `name` was done this turn.
    pub fn did(&self, name: &str) -> bool {
        self.combat.as_deref() == Some(name) || self.movement.as_deref() == Some(name)
    }

    /// What is left of the turn, in words.
    pub fn left(&self) -> &'static str {
        match (&self.combat, &self.movement) {
            (None, None) => "Both actions left.",
            (None, Some(_)) => "Combat Action left.",
            (Some(_), None) => "Movement Action left.",
            (Some(_), Some(_)) => "Both actions spent.",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doing(name: &str) -> Doing {
        DOINGS.into_iter().find(|d| d.name == name).unwrap()
    }

    #[test]
    fn a_turn_is_one_combat_action_and_one_movement() {
        let t = Turn::default();
        let (t, said) = t.spend(doing("Attack or use an active ability")).unwrap();
        assert_eq!(said, "Attack or use an active ability: the Combat Action.");
        assert_eq!(t.left(), "Movement Action left.");
        assert!(t.did("Attack or use an active ability") && !t.did("First aid"));
        let (t, _) = t.spend(doing("Move 10 paces")).unwrap();
        assert_eq!(t.left(), "Both actions spent.");
        assert_eq!(
            t.spend(doing("Move 10 paces")),
            Err("Both actions are spent this turn.".into())
        );
    }

    #[test]
    fn the_combat_action_may_become_a_second_movement_but_not_the_opposite() {
        let (t, _) = Turn::default().spend(doing("Move 10 paces")).unwrap();
        assert_eq!(t.left(), "Combat Action left.");
        let (t, said) = t.spend(doing("Draw or reload a weapon")).unwrap();
        assert_eq!(
            said,
            "Draw or reload a weapon: the Combat Action, traded for a second movement."
        );
        // Two movements spent: no attack is left.
        assert_eq!(
            t.spend(doing("First aid")),
            Err("The Combat Action is spent this turn (Draw or reload a weapon); a Movement Action cannot replace it.".into())
        );
    }

    #[test]
    fn an_elixir_costs_by_whom_it_is_for_and_first_aid_is_a_combat_action() {
        // Seed 000: on yourself or your equipment a Movement Action, on somebody else a
        // Combat Action; first aid a Combat Action.
        assert_eq!(
            doing("An elixir on yourself or your gear").cost,
            Cost::Movement
        );
        assert_eq!(doing("An elixir on someone else").cost, Cost::Combat);
        assert_eq!(doing("First aid").cost, Cost::Combat);
        assert_eq!(doing("Disengage from melee").cost, Cost::Movement);
        assert_eq!(
            Turn::default().spend(doing("Disengage from melee")).unwrap().1,
            "Disengage from melee: the Movement Action. Each enemy engaged with you gets a Free Attack."
        );
    }

    fn weapon(name: &str, short: bool, state: WeaponState) -> Weapon {
        let mut w = Weapon::new(
            name,
            crate::rules::symbaroum::dice_notation::parse_dice("1d6").unwrap(),
        );
        if short {
            w.qualities.push(WeaponQuality::Short);
        }
        w.state = state;
        w
    }

    #[test]
    fn a_short_weapon_is_drawn_as_a_free_action_any_other_as_a_movement_action() {
        let dagger = weapon("Dagger", true, WeaponState::Sheathed);
        let sword = weapon("Sword", false, WeaponState::Sheathed);
        assert_eq!(draw_doing(&dagger).cost, Cost::Free);
        assert_eq!(draw_doing(&dagger).cost_text(), "Free Action");
        assert_eq!(draw_doing(&sword), doing("Draw or reload a weapon"));
        // The dagger spends nothing: both actions are still there, even after both
        // were spent.
        let (t, said) = Turn::default().draw(&dagger).unwrap();
        assert_eq!(said, "Draw Dagger: a Free Action; nothing spent.");
        assert_eq!(t, Turn::default());
        let (t, said) = t.draw(&sword).unwrap();
        assert_eq!(said, "Draw Sword: the Movement Action.");
        assert!(t.did("Draw or reload a weapon"));
        let (spent, _) = t.spend(doing("Attack or use an active ability")).unwrap();
        assert_eq!(spent.draw(&dagger).unwrap().0, spent);
        assert_eq!(
            spent.draw(&sword),
            Err("Both actions are spent this turn.".into())
        );
        // A Short weapon out of the pack is no unsheathing: a Movement Action.
        let packed = weapon("Knife", true, WeaponState::Packed);
        assert_eq!(draw_doing(&packed).cost, Cost::Movement);
        assert_eq!(
            Turn::default().draw(&weapon("Dagger", true, WeaponState::Held)),
            Err("Dagger is in hand already.".into())
        );
    }

    #[test]
    fn push_back_starts_the_turn_and_takes_both_actions() {
        let (t, said) = Turn::default().spend(doing("Push Back")).unwrap();
        assert_eq!(said, "Push Back: both actions of the turn.");
        assert_eq!(t.left(), "Both actions spent.");
        let (moved, _) = Turn::default().spend(doing("Move 10 paces")).unwrap();
        assert_eq!(
            moved.spend(doing("Push Back")),
            Err("Push Back must start the turn and takes both actions.".into())
        );
    }
}
