//! Property test: every character the app can make through its actions loads back.
//! Random sequences of what the Gear & XP and Combat tabs do (awards, buying, raising,
//! lowering and removing abilities, burdens, re-rolls, items in containers, hits and
//! their armor re-rolls, healing, death tests, days of travel, corruption), through the
//! same play-layer functions the tabs call (`model::play`, with seeded dice), each
//! followed by a save and a load: the load never refuses what play produced.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use sheetwright::model::advance::{inventory, COINS_MAX};
use sheetwright::model::play::abilities;
use sheetwright::model::play::dying::{death_test, reroll_death_test};
use sheetwright::model::play::toughness::{heal_entered, reroll_armor, take_incoming, HitOn};
use sheetwright::model::play::travel::travel_a_day;
use sheetwright::model::{load_document, Character};
use sheetwright::rules::dice::SeededRng;
use sheetwright::rules::symbaroum::combat::Weapon;
use sheetwright::rules::symbaroum::conditions::presets;
use sheetwright::rules::symbaroum::dice_notation::parse_dice;
use sheetwright::rules::symbaroum::dying::Healer;
use sheetwright::rules::symbaroum::encumbrance::{Item, ItemKind};
use sheetwright::rules::symbaroum::experience::{Ability, AbilityKind, Level, XpEntry};
use sheetwright::rules::symbaroum::trade::{exchange, Coin, PRICE_MAX};
use sheetwright::rules::symbaroum::travel::March;
use sheetwright::rules::symbaroum::{labels, Attr};
use sheetwright::rules::Ruleset;

#[derive(Clone, Debug)]
enum Action {
    Award(i32),
    Gain(usize, bool, bool),
    Relevel(usize, usize, bool),
    Lose(usize),
    Reroll,
    AddItem(usize, u32, Option<usize>, Option<u32>),
    RemoveItem(usize),
    /// Sell one unit of an item used, at half price.
    Sell(usize),
    /// Change coins: how many, from which, into which.
    Exchange(u32, usize, usize),
    /// Finish creation.
    Finish,
    Hit(i32),
    Corrupt(i32),
    /// Many sessions at once: a run of awards and re-rolls.
    LongCampaign(usize),
    /// A big haul: many items at once.
    Haul(usize),
    /// A condition from the Combat tab's list: added, or removed when already on.
    Condition(usize),
    /// A weapon that attacks with another attribute, with a note.
    Weapon(usize, usize),
    /// The last hit taken again with its armor re-rolled.
    RerollArmor,
    /// Healing entered by hand: an amount or dice.
    Heal(usize),
    /// This turn's death test, or its re-roll.
    DeathTest(bool),
    /// A day of travel on the Travel tracker.
    Travel(usize),
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (1i32..=100_000).prop_map(Action::Award),
        (0usize..7, any::<bool>(), any::<bool>()).prop_map(|(k, f, c)| Action::Gain(k, f, c)),
        (0usize..50, 0usize..3, any::<bool>()).prop_map(|(i, l, c)| Action::Relevel(i, l, c)),
        (0usize..50).prop_map(Action::Lose),
        Just(Action::Reroll),
        (
            0usize..6,
            0u32..=100_000,
            prop::option::of(0usize..50),
            prop::option::of(0u32..=PRICE_MAX)
        )
            .prop_map(|(k, q, ins, v)| Action::AddItem(k, q, ins, v)),
        (0usize..50).prop_map(Action::RemoveItem),
        (0usize..50).prop_map(Action::Sell),
        (0u32..=COINS_MAX, 0usize..3, 0usize..3).prop_map(|(n, f, t)| Action::Exchange(n, f, t)),
        Just(Action::Finish),
        (0i32..100).prop_map(Action::Hit),
        (0i32..=999).prop_map(Action::Corrupt),
        (0usize..6_000).prop_map(Action::LongCampaign),
        (0usize..300).prop_map(Action::Haul),
        (0usize..5).prop_map(Action::Condition),
        (0usize..8, 0usize..2_001).prop_map(|(a, n)| Action::Weapon(a, n)),
        Just(Action::RerollArmor),
        (0usize..4).prop_map(Action::Heal),
        any::<bool>().prop_map(Action::DeathTest),
        (0usize..3).prop_map(Action::Travel),
    ]
}

const ITEM_KINDS: [ItemKind; 6] = [
    ItemKind::Other,
    ItemKind::Clothing,
    ItemKind::LightContainer,
    ItemKind::BulkyContainer,
    ItemKind::SmallObjects,
    ItemKind::Armor {
        impeding: 2,
        worn: false,
    },
];

/// What the tabs keep between taps: the last hit and the last death test, for their
/// re-rolls.
#[derive(Default)]
struct Table {
    last_hit: Option<sheetwright::model::play::toughness::TakenHit>,
    last_test: Option<sheetwright::model::play::dying::DeathTested>,
}

/// Does `a` to `c` as the tabs do; a refusal (the tab's message) changes nothing.
fn apply(c: &mut Character, t: &mut Table, a: &Action, n: usize) {
    let mut rng = SeededRng::new(n as u64);
    let now = n as f64;
    let g = c.advance_mut();
    match a {
        Action::Award(amount) => g.xp.push(XpEntry::Award {
            amount: *amount,
            note: format!("Session {n}"),
            date: "2026-11-23".into(),
        }),
        Action::Gain(k, free, credit) => {
            let ab = Ability::new(format!("Ability {n}"), AbilityKind::ALL[*k], None);
            let _ = abilities::buy(g, ab, *free, *credit);
        }
        Action::Relevel(i, l, credit) => {
            let to = [Level::Novice, Level::Adept, Level::Master][*l];
            let _ = abilities::set_level(g, *i % g.abilities.len().max(1), to, *credit);
        }
        Action::Lose(i) => {
            let _ = abilities::remove(g, *i % g.abilities.len().max(1));
        }
        Action::Reroll => g.xp.push(XpEntry::Reroll {
            note: format!("Re-roll {n}"),
        }),
        Action::AddItem(k, q, inside, value) => {
            let id = inventory::next_id(&g.items);
            let mut it = Item::new(id, format!("Item {n}"), ITEM_KINDS[*k]).quantity(*q);
            it.value = *value;
            let containers: Vec<u32> = g
                .items
                .iter()
                .filter(|x| x.kind.is_container())
                .map(|x| x.id)
                .collect();
            it.inside = inside.and_then(|i| containers.get(i % containers.len().max(1)).copied());
            g.items.push(it);
        }
        Action::RemoveItem(i) => {
            if !g.items.is_empty() {
                let gone = g.items.remove(*i % g.items.len()).id;
                for it in g.items.iter_mut().filter(|it| it.inside == Some(gone)) {
                    it.inside = None;
                }
            }
        }
        Action::Sell(i) => {
            if !g.items.is_empty() {
                let id = g.items[*i % g.items.len()].id;
                let _ = g.sell_used(id);
            }
        }
        Action::Exchange(count, from, to) => {
            if let Ok(coins) = exchange(
                g.money.coins(),
                Coin::ALL[*from],
                Coin::ALL[*to],
                *count,
                COINS_MAX,
            ) {
                g.money = sheetwright::model::advance::Money::from_coins(coins);
            }
        }
        Action::Finish => g.in_creation = false,
        Action::Hit(d) => {
            // The Toughness card's "Take hit".
            let expr = parse_dice(&d.to_string()).expect("a number of damage");
            let no_armor = n.is_multiple_of(2);
            t.last_hit = Some(take_incoming(c, expr, no_armor, HitOn::Roll, &mut rng, now));
        }
        Action::RerollArmor => {
            if let Some(last) = t.last_hit.take() {
                t.last_hit = Some(reroll_armor(c, &last, &mut rng, now));
            }
        }
        Action::Heal(k) => {
            let expr = parse_dice(["3", "1d4", "1d6+1", "2d8"][*k]).expect("dice");
            let _ = heal_entered(c, &expr, "Lay on Hands", Healer::SomeoneElse, &mut rng, now);
        }
        Action::DeathTest(reroll) => {
            let made = match (reroll, &t.last_test) {
                (true, Some(last)) => reroll_death_test(c, last, &mut rng, now),
                _ => death_test(c, &mut rng, now),
            };
            if let Ok(made) = made {
                t.last_test = Some(made);
            }
        }
        Action::Travel(m) => {
            let march = [March::Easy, March::Hard, March::Death][*m];
            let _ = travel_a_day(c, march, &mut rng, now);
        }
        Action::LongCampaign(k) => {
            for s in 0..*k {
                g.xp.push(if s % 3 == 0 {
                    XpEntry::Reroll {
                        note: format!("Re-roll {n}.{s}"),
                    }
                } else {
                    XpEntry::Award {
                        amount: 3,
                        note: format!("Session {n}.{s}"),
                        date: "2026-11-23".into(),
                    }
                });
            }
        }
        Action::Haul(k) => {
            let first = inventory::next_id(&g.items);
            for s in 0..*k {
                g.items.push(Item::new(
                    first + s as u32,
                    format!("Loot {n}.{s}"),
                    ItemKind::Other,
                ));
            }
        }
        // The Combat tab's corruption fields take 0 to 999.
        Action::Corrupt(k) => c.combat.corruption.temporary = *k,
        Action::Condition(k) => {
            let preset = presets(labels(c.ruleset)).remove(*k);
            let list = &mut c.combat.conditions;
            if list.iter().any(|x| x.name == preset.name) {
                list.retain(|x| x.name != preset.name);
            } else {
                list.push(preset);
            }
        }
        Action::Weapon(a, len) => {
            let mut w = Weapon::new(format!("Weapon {n}"), parse_dice("1d8").unwrap());
            w.attack_with = Some(Attr::ALL[*a]);
            w.note = "n".repeat(*len);
            if c.combat.weapons.len() < 100 {
                c.combat.add_weapon(w);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn every_character_play_makes_loads_back(actions in prop::collection::vec(action(), 0..30)) {
        let mut c = Character::new("p1".into(), Ruleset::Homebrew, 1.0);
        // As the library makes it: in creation until an action finishes it.
        c.advance_mut().in_creation = true;
        let mut table = Table::default();
        for (n, a) in actions.iter().enumerate() {
            apply(&mut c, &mut table, a, n);
            let saved = serde_json::to_string(&c).unwrap();
            let back = load_document(&saved);
            prop_assert!(back.is_ok(), "after {:?}: {:?}", a, back.err());
            prop_assert_eq!(back.unwrap(), c.clone());
        }
    }
}
