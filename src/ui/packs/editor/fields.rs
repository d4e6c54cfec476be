//! The editor's fields: a text field that commits on change, a list's add form, and
//! an entry's "Remove" button.

use super::editing::Editing;
use super::entry_list;
use crate::model::pack::edit::edited;
use crate::model::pack::Pack;
use leptos::prelude::*;

/// A text field that commits on change: its message under it when refused (the last
/// good value stays in the pack, the typed text in the field).
///
/// `value` is a closure, not a `Signal`: the sheets' cards read `Signal<String>`s, and
/// sharing that code with them would move it into the files every sheet loads.
#[component]
pub fn CommitField<V>(
    id: String,
    label: &'static str,
    value: V,
    commit: Callback<String, Result<(), String>>,
    #[prop(optional)] multiline: bool,
) -> impl IntoView
where
    V: Fn() -> String + Copy + Send + Sync + 'static,
{
    let error = RwSignal::new(None::<String>);
    let error_id = format!("{id}-error");
    let on_change =
        move |ev: leptos::ev::Event| error.set(commit.run(event_target_value(&ev)).err());
    let field = if multiline {
        view! { <textarea id=id.clone() rows="3" prop:value=value aria-describedby=error_id.clone() on:change=on_change></textarea> }.into_any()
    } else {
        view! { <input id=id.clone() type="text" prop:value=value aria-describedby=error_id.clone() on:change=on_change/> }.into_any()
    };
    view! {
        <div class="field">
            <label for=id>{label}</label>
            {field}
            <p class="field-error" id=error_id aria-live="polite">{move || error.get()}</p>
        </div>
    }
}

/// A list's add form: the new entry's name, what else `children` ask, and the add
/// button; the refusal under it, the name kept for another try.
#[component]
pub fn AddForm(
    id: &'static str,
    label: &'static str,
    button: &'static str,
    add: Callback<String, Result<(), String>>,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    let name = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let error_id = format!("{id}-error");
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let done = add.run(name.get_untracked());
        if done.is_ok() {
            name.set(String::new());
        }
        error.set(done.err());
    };
    view! {
        <form class="pack-add" on:submit=submit>
            <div class="field">
                <label for=id>{label}</label>
                <input id=id type="text" aria-describedby=error_id.clone()
                    prop:value=name on:input=move |ev| name.set(event_target_value(&ev))/>
            </div>
            {children.map(|c| c())}
            <button type="submit">{button}</button>
        </form>
        <p class="field-error" id=error_id aria-live="polite">{move || error.get()}</p>
    }
}

/// "Remove “…”" at the foot of an entry's editor: `remove` takes entry `id` out of
/// its list.
#[component]
pub fn RemoveEntry<N>(name: N, id: u32, remove: fn(&mut Pack, u32)) -> impl IntoView
where
    N: Fn() -> String + Send + Sync + 'static,
{
    let editing = expect_context::<Editing>();
    let removing = use_context::<entry_list::Removing>();
    view! {
        <button type="button" class="danger" on:click=move |_| {
            if let Some(r) = removing {
                r.run(id);
            }
            let _ = editing.edit(|p| edited(p, |p| remove(p, id)));
        }>{move || format!("Remove “{}”", name())}</button>
    }
}
