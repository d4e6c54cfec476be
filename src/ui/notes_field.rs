//! Free-form notes under the sheet.

use crate::model::CharacterStoreFields;
use crate::model::NOTES_MAX;
use crate::ui::parts::stamp;
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn NotesField(character: Live) -> impl IntoView {
    let error = RwSignal::new(None::<String>);
    view! {
        <section class="card notes" aria-labelledby="notes-heading">
            <h2 id="notes-heading"><label for="character-notes">"Notes"</label></h2>
            <textarea
                id="character-notes"
                rows="3"
                placeholder="Contacts, debts, rumours…"
                prop:value=move || character.notes().with(|c| c.clone())
                aria-describedby="character-notes-error"
                on:input=move |ev| {
                    let text = event_target_value(&ev);
                    if text.chars().count() > NOTES_MAX {
                        error.set(Some(format!("Notes are at most {NOTES_MAX} characters; the last {} were not kept.", text.chars().count() - NOTES_MAX)));
                    } else {
                        error.set(None);
                        character.notes().set(text);
                        stamp(character);
                    }
                }
            ></textarea>
            <p class="field-error" id="character-notes-error" aria-live="polite">{move || error.get()}</p>
        </section>
    }
}
