//! Attacks: one row per carried weapon (and both at once when they fit one in each
//! hand), and the brawl attack; each picks the ability to roll and opens the dice
//! panel with the weapon's potential bonus and damage.

use super::roll_button::RollButton;
use super::state::{ability_names, read, RollSource};
use crate::model::heimr::HeimrSheet;
use crate::rules::heimr::armoury::Weapon;
use crate::rules::heimr::attack::{dual_wield, AttackWith, BrawlEffect};
use crate::ui::Live;
use leptos::prelude::*;

/// The standard ability an attack falls back to when none of its weapon's is on
/// the sheet.
const BRAWL: &str = "Brawl";

/// The attacks the character can make, with a key (for a weapon, its name on the row
/// and its button) and the ability they default to: the first ability the weapon
/// names that is on the sheet, else Brawl.
fn attacks(h: &HeimrSheet) -> Vec<(String, AttackWith, String)> {
    let ability = |names: &[&str]| {
        names
            .iter()
            .find_map(|w| h.abilities.iter().find(|a| a.name.eq_ignore_ascii_case(w)))
            .map(|a| a.name.clone())
            .unwrap_or_else(|| BRAWL.into())
    };
    let ws = h.picked_weapons();
    let mut out: Vec<(String, AttackWith, String)> = ws
        .iter()
        .enumerate()
        .map(|(i, w)| {
            // Two weapons of a kind are told apart by their place: "Dagger (2)".
            let same = |x: &&Weapon| x.name == w.name;
            let name = if ws.iter().filter(same).count() > 1 {
                format!("{} ({})", w.name, ws[..=i].iter().filter(same).count())
            } else {
                w.name.to_string()
            };
            (name, AttackWith::Weapon(*w), ability(w.abilities))
        })
        .collect();
    if let Some((a, b)) = ws
        .iter()
        .enumerate()
        .flat_map(|(i, a)| ws[i + 1..].iter().map(move |b| (*a, *b)))
        .find(|(a, b)| dual_wield(*a, *b).is_ok())
    {
        out.push(("both".into(), AttackWith::Both(a, b), ability(a.abilities)));
    }
    for e in [BrawlEffect::Hit, BrawlEffect::Bind] {
        out.push((format!("brawl-{e:?}"), AttackWith::Brawl(e), BRAWL.into()));
    }
    out
}

#[component]
fn AttackRow(character: Live, key: String, with: AttackWith, ability: String) -> impl IntoView {
    let names = move || ability_names(character);
    let select_id = format!("heimr-attack-{}", key.to_lowercase().replace(' ', "-"));
    let (name, detail) = match with {
        AttackWith::Weapon(w) => (
            key.clone(),
            format!(
                "damage {}, {}",
                w.damage,
                crate::rules::heimr::armoury::bonus_label(w.potential_bonus)
            ),
        ),
        AttackWith::Both(a, b) => (
            format!("{} and {}", a.name, b.name.to_lowercase()),
            "dual wielding: one roll each, one target".into(),
        ),
        AttackWith::Brawl(BrawlEffect::Hit) => (
            "Brawl: hit 1".into(),
            "1 HP; equal or one short: no HP".into(),
        ),
        AttackWith::Brawl(BrawlEffect::Bind) => (
            "Brawl: bind".into(),
            "binds the part hit; needs a free hand".into(),
        ),
    };
    let brawl = matches!(with, AttackWith::Brawl(_));
    let named = format!("Attack with {name}");
    // A weapon whose abilities are not on the sheet is rolled with Brawl: said, with
    // what would wield it (added on the Sheet tab).
    let wielded_by: &'static [&'static str] = match with {
        AttackWith::Weapon(w) | AttackWith::Both(w, _) => w.abilities,
        AttackWith::Brawl(_) => &[],
    };
    // (A row is keyed by its default ability too, so adding one draws it anew.)
    let lacking = (!wielded_by.is_empty() && ability == BRAWL).then(|| {
        format!(
            "No {} on the sheet: Brawl is rolled.",
            wielded_by.join(" or ")
        )
    });
    let chosen = RwSignal::new(ability);
    view! {
        <li class="defence-row attack-row">
            <div class="defence-head">
                <span class="defence-name">{name}</span>
                <span class="defence-status">{detail}</span>
            </div>
            {lacking.map(|text| view! { <p class="hint attack-lacking">{text}</p> })}
            <div class="defence-controls">
                {(!brawl).then(|| view! {
                    <div class="field">
                        <label for=select_id.clone()>"Roll with"</label>
                        <select id=select_id.clone() on:change=move |ev| chosen.set(event_target_value(&ev))>
                            {move || names().into_iter().map(|n| {
                                let sel = chosen.with_untracked(|c| *c == n);
                                view! { <option value=n.clone() selected=sel>{n.clone()}</option> }
                            }).collect_view()}
                        </select>
                    </div>
                })}
                {move || view! { <RollButton source=RollSource::Attack(with, chosen.get()) text="Attack" named=named.clone()/> }}
            </div>
        </li>
    }
}

#[component]
pub fn AttackCard(character: Live) -> impl IntoView {
    let rows = move || read(character, attacks);
    view! {
        <section class="card heimr-defences" aria-labelledby="heimr-attacks-heading">
            <h2 id="heimr-attacks-heading">"Attacks"</h2>
            <p class="hint">"Weapons come from the armoury (Gear & XP); aiming at a body part costs C\u{a0}−2."</p>
            <ul class="defence-list">
                <For each=rows key=|r| format!("{}\u{1f}{}", r.0, r.2) let:r>
                    <AttackRow character key=r.0 with=r.1 ability=r.2/>
                </For>
            </ul>
        </section>
    }
}
