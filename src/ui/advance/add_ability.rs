//! The Abilities card's add form: an ability, boon, burden, trait, mystical power,
//! ritual or principle bond, bought through the Experience ledger (refused with what
//! is missing). The thirteen the seeds name are offered as the name is typed, and
//! picking one sets its kind and says what it does.

use super::ability_row::{action_key, attr_select, target_select, ACTIONS, LEVELS};
use crate::model::advance::AdvanceStoreFields;
use crate::model::pack::take::{chooses_attribute, List, Pick};
use crate::model::play::abilities::{self as play, used_credit};
use crate::model::CharacterStoreFields;
use crate::rules::input::parse_whole;
use crate::rules::symbaroum::abilities::Known;
use crate::rules::symbaroum::experience::{
    totals, Ability, AbilityKind, AbilityModifier, ActionType, Level,
};
use crate::rules::symbaroum::{labels, Attr, Target};
use crate::ui::long_list::Window;
use crate::ui::pack_pick::PackPick;
use crate::ui::parts::{check, edit_advance, name_error, Draft, Field};
use crate::ui::Live;
use leptos::prelude::*;

/// "Add an ability…", its messages, and the named abilities the name box suggests.
/// `use_credit` is the card's "Use a burden credit" choice, spent by a purchase.
pub(super) fn add_ability_form(
    character: Live,
    use_credit: RwSignal<bool>,
    credits: Memo<i32>,
    window: Window,
) -> impl IntoView {
    let l = move || labels(character.ruleset().get());
    let name = Draft::new("", name_error);
    // The kind the player picked, with the named ability (if any) the name was then.
    let picked = RwSignal::new(None::<(Option<Known>, AbilityKind)>);
    let level = RwSignal::new(Level::Novice);
    let action = RwSignal::new(None::<ActionType>);
    let attr = RwSignal::new(None::<Attr>);
    let in_creation = Memo::new(move |_| character.advance().in_creation().get());
    // "Gained at creation" is ticked by default while in creation (the player may
    // untick it to spend Experience) and never applies after it.
    let free_choice = RwSignal::new(None::<bool>);
    let free = move || in_creation.get() && free_choice.get().unwrap_or(true);
    let mod_target = RwSignal::new(None::<Target>);
    let mod_amount = Draft::new("", |t| {
        parse_whole("The modifier", t, -99, 99)
            .err()
            .filter(|_| !t.trim().is_empty())
    });
    let error = RwSignal::new(None::<String>);
    let done = RwSignal::new(None::<String>);
    // The entry picked from a campaign pack, while the name is still its name.
    let taken = PackPick::<Ability>::new(name.text);
    let from_pack = Memo::new(move |_| taken.get());
    let pick = Callback::new(move |p: Pick| {
        if let Pick::Ability(a) = p {
            picked.set(Some((Known::of(&a.name), a.kind)));
            action.set(a.action);
            taken.set(a);
        }
    });
    // A name the seeds give sets its kind (the player may change it after) and says
    // what it does.
    let known = Memo::new(move |_| name.text.with(|t| Known::of(t)));
    // The kind: the player's pick, unless the name has since become another named
    // ability, whose kind it then is (an ability by default).
    let kind = Memo::new(move |_| match (picked.get(), known.get()) {
        (Some((at, k)), now) if at == now || now.is_none() => k,
        (_, Some(n)) => n.kind(),
        _ => AbilityKind::Ability,
    });
    let is_ea = move || match from_pack.with(|t| t.as_ref().map(chooses_attribute)) {
        Some(chooses) => chooses,
        None => name
            .text
            .with(|t| Known::of(t) == Some(Known::ExceptionalAttribute)),
    };

    // What adding costs, shown before the button.
    let cost_text = move || {
        let unspent = character.advance().xp().with(|xp| totals(xp).unspent);
        let credit = use_credit.get() && credits.get() > 0;
        play::cost_words(
            kind.get(),
            level.get(),
            unspent,
            in_creation.get(),
            free(),
            credit,
        )
    };

    let add = move || {
        done.set(None);
        if !name.ok() || !mod_amount.ok() {
            return;
        }
        let mut ab = Ability::new(
            name.get(),
            kind.get_untracked(),
            Some(level.get_untracked()),
        );
        // A copy of the pack's entry: what it says, and the entry it remembers.
        let from_entry = from_pack.get_untracked();
        let was_taken = from_entry.is_some();
        if let Some(t) = from_entry {
            ab.notes = t.notes;
            ab.from = t.from;
        }
        ab.action = action.get_untracked();
        if is_ea() {
            ab.attr = attr.get_untracked();
        }
        let amount = mod_amount.get();
        if let (Some(target), false) = (mod_target.get_untracked(), amount.is_empty()) {
            if let Ok(n) = parse_whole("The modifier", &amount, -99, 99) {
                ab.modifier = Some(AbilityModifier {
                    target,
                    amount: n as i32,
                });
            }
        }
        let credit = use_credit.get_untracked() && credits.get_untracked() > 0;
        let is_free = untrack(free);
        let r = edit_advance(character, |adv| play::buy(adv, ab, is_free, credit));
        match r {
            Ok(bought) => {
                window.added(bought.at);
                error.set(None);
                if used_credit(&bought.booked) {
                    use_credit.set(false);
                }
                done.set(Some(bought.message));
                name.reset("");
                taken.clear();
                // What the entry chose for the form goes with it.
                if was_taken {
                    picked.set(None);
                    action.set(None);
                }
                mod_amount.reset("");
                mod_target.set(None);
            }
            Err(e) => error.set(Some(e)),
        }
    };

    view! {
        <details class="adder" on:toggle=move |ev| taken.toggled(ev)>
            <summary>"Add an ability…"</summary>
            <form class="add-form ability-form" novalidate=true>
                <Field id="ability-name" draft=name placeholder="e.g. Recovery" list="known-abilities">"Ability"</Field>
                <div class="pack-offers-slot">{taken.offers(character, List::Abilities, pick)}</div>
                <p class="hint ability-says" id="ability-says">{move || match from_pack.get() {
                    Some(t) => t.from.map(|f| format!("From “{}”, version {}. {}", f.name, f.version, t.notes)),
                    None => known.get().map(|k| k.says(l())),
                }}</p>
                <div class="field">
                    <label for="ability-kind">"Kind"</label>
                    <select id="ability-kind" on:change=move |ev| {
                        let v = event_target_value(&ev);
                        if let Some(k) = AbilityKind::from_key(&v) {
                            picked.set(Some((known.get_untracked(), k)));
                        }
                    }>
                        {AbilityKind::ALL.into_iter().map(|k| {
                            let closed = move || k == AbilityKind::Trait && !in_creation.get();
                            view! {
                                <option value=k.key() selected=move || kind.get() == k disabled=closed>
                                    {move || if closed() { format!("{} (creation only)", k.name_in(l())) } else { k.name_in(l()).to_string() }}
                                </option>
                            }
                        }).collect_view()}
                    </select>
                </div>
                <Show when=move || kind.get().has_levels()>
                    <div class="field">
                        <label for="ability-level">"Level"</label>
                        <select id="ability-level" on:change=move |ev| {
                            let v = event_target_value(&ev);
                            if let Some(lv) = LEVELS.into_iter().find(|l| l.name() == v) {
                                level.set(lv);
                            }
                        }>
                            {LEVELS.into_iter().map(|lv| view! {
                                <option value=lv.name() selected=move || level.get() == lv>{lv.name()}</option>
                            }).collect_view()}
                        </select>
                    </div>
                </Show>
                <div class="field">
                    <label for="ability-action">"Action"</label>
                    <select id="ability-action" on:change=move |ev| action.set(ActionType::from_key(&event_target_value(&ev)))>
                        <option value="">"—"</option>
                        {ACTIONS.into_iter().map(|(t, label)| view! { <option value=action_key(Some(t)) selected=move || action.get() == Some(t)>{label}</option> }).collect_view()}
                    </select>
                </div>
                <Show when=is_ea>
                    {attr_select("ability-attr".into(), l, move || attr.get(), move |v| attr.set(v))}
                </Show>
                {target_select("ability-mod-target".into(), l, move || mod_target.get(), move |t| mod_target.set(t))}
                <Show when=move || mod_target.get().is_some()>
                    <Field id="ability-mod-amount" draft=mod_amount placeholder="e.g. +1" numeric=true>"By"</Field>
                </Show>
                <div class="add-options">
                    <Show when=move || in_creation.get() && !matches!(kind.get(), AbilityKind::Trait | AbilityKind::Burden)>
                        {check("ability-free", "Gained at creation (no Experience)", free, move |on| free_choice.set(Some(on)))}
                    </Show>
                    <p class="hint" id="ability-cost">{cost_text}</p>
                </div>
                // Taken before it submits the form (ARCHITECTURE: a list's work).
                <button type="submit" id="add-ability" on:click=move |ev| {
                    ev.prevent_default();
                    add();
                }>"Add"</button>
            </form>
        </details>
        <p class="field-error" id="ability-error" role="alert">{move || error.get()}</p>
        <p class="hint" role="status" id="ability-done">{move || done.get()}</p>
        <datalist id="known-abilities">
            {Known::ALL.map(|k| view! { <option value=k.name()/> })}
        </datalist>
    }
}
