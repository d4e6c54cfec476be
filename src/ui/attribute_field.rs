//! One attribute score: type a number, see it checked at the field; see the effective
//! score when modifiers change it, with its breakdown; roll a test on it.

use super::breakdown_toggle::BreakdownToggle;
use super::roll_panel::{D20Icon, RollKind, Rolls};
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::derived::{fmt_signed, Breakdown, Derived};
use crate::rules::symbaroum::{labels, parse_score, Attr};
use crate::ui::parts::stamp;
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn AttributeField(
    character: Live,
    attr: Attr,
    derived: Memo<Derived>,
    rolls: Rolls,
) -> impl IntoView {
    // What the player typed while it is not a valid score; `None` while the field
    // shows the stored score. The stored score is only ever replaced by a valid one.
    let bad_text = RwSignal::new(None::<String>);
    let error = RwSignal::new(None::<String>);
    let score = move || character.attributes().with(|c| c.get(attr));
    let label = move || labels(character.ruleset().get()).attr(attr);
    let key = attr.key();
    let id = format!("attr-{key}");
    let error_id = format!("attr-{key}-error");
    let how_id = format!("attr-{key}-how");
    let roll_id = RollKind::Attr(attr).opener_id();

    // The effective score, as the rules compute it (never a second copy of the sum).
    let effective = Memo::new(move |_| derived.with(|d| d.attrs[attr.index()].clone()));
    let modified = move || effective.with(|b| !b.terms.is_empty());
    let toggle = BreakdownToggle::new();
    let is_open = move || toggle.is_open(key);

    let on_input = move |ev| {
        let text = event_target_value(&ev);
        match parse_score(&text) {
            Ok(n) => {
                bad_text.set(None);
                error.set(None);
                if n != score() {
                    character.attributes().update(|a| a.set(attr, n));
                    stamp(character);
                }
            }
            Err(msg) => {
                error.set(Some(format!("{msg} Keeping {}.", score())));
                bad_text.set(Some(text));
            }
        }
    };

    view! {
        <div class="field attr-field" class:invalid=move || error.with(Option::is_some) data-attr-field=key>
            <label for=id.clone()>{label}</label>
            <div class="score-row">
                <input
                    id=id
                    class="score"
                    type="text"
                    inputmode="numeric"
                    autocomplete="off"
                    data-attr=key
                    prop:value=move || bad_text.get().unwrap_or_else(|| score().to_string())
                    aria-invalid=move || error.with(|e| e.is_some().to_string())
                    aria-describedby=error_id.clone()
                    on:input=on_input
                />
                <button
                    type="button"
                    class="roll-button"
                    id=roll_id
                    aria-haspopup="dialog"
                    aria-label=move || format!("Roll {} test", label())
                    title=move || format!("Roll {} test", label())
                    on:click=move |_| rolls.open(RollKind::Attr(attr))
                >
                    <D20Icon/>
                </button>
            </div>
            <Show when=modified>
                <button
                    type="button"
                    class="effective"
                    id=format!("attr-{key}-effective")
                    aria-expanded=move || is_open().to_string()
                    aria-controls=how_id.clone()
                    on:pointerdown=move |_| toggle.pointer_down()
                    on:focus=move |_| toggle.focus(key)
                    on:blur=move |_| toggle.blur(key)
                    on:click=move |_| toggle.click(key)
                >
                    {move || effective.with(|b| format!("{} (base {})", fmt_signed(b.value), fmt_signed(b.base)))}
                </button>
                <p class="breakdown" id=how_id.clone() hidden=move || !is_open()>
                    {move || effective.with(Breakdown::text)}
                </p>
            </Show>
            <p class="field-error" id=error_id aria-live="polite">
                {move || error.get()}
            </p>
        </div>
    }
}
