//! "Who they are": the background fields the ruleset asks for (the Symbaroum family's
//! race, occupation, shadow, personal goal and appearance; Heimr's background and
//! appearance) and a portrait picked from a file, shrunk in the browser so its longer
//! side is at most 256 px and kept with the character as a data URL.

use crate::model::about::{check_portrait, About, AboutStoreFields, PORTRAIT_SIDE};
use crate::model::advance::TEXT_MAX;
use crate::model::{display_name, Character, CharacterStoreFields};
use crate::rules::symbaroum::labels;
use crate::rules::Ruleset;
use crate::ui::parts::stamp;
use crate::ui::Live;
use leptos::prelude::*;
use reactive_stores::Subfield;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The character's `about`, and one of its text fields, as fields of its store.
type AboutField = Subfield<Live, Character, About>;
type Text = Subfield<AboutField, About, String>;

/// One text field of the card.
#[derive(Clone, Copy)]
struct Spec {
    id: &'static str,
    /// The label, by ruleset.
    label: fn(Ruleset) -> &'static str,
    /// Never empty: print hides a field whose placeholder shows.
    placeholder: &'static str,
    /// 0 for one line, else a text area this tall.
    rows: u32,
    field: fn(AboutField) -> Text,
}

const APPEARANCE: Spec = Spec {
    id: "about-appearance",
    label: |_| "Appearance",
    placeholder: "What others see",
    rows: 3,
    field: |a| a.appearance(),
};

/// The Symbaroum family's fields: the ones issue #20 asks for (RULES.md and the seeds
/// name none of them but race). Race and shadow come first: short, they share a line
/// on a phone.
const FAMILY: [Spec; 5] = [
    Spec {
        id: "about-kin",
        label: |r| labels(r).kin,
        placeholder: "—",
        rows: 0,
        field: |a| a.kin(),
    },
    Spec {
        id: "about-shadow",
        label: |_| "Shadow",
        placeholder: "e.g. Green-gold",
        rows: 0,
        field: |a| a.shadow(),
    },
    Spec {
        id: "about-occupation",
        label: |_| "Occupation",
        placeholder: "Their trade or calling",
        rows: 0,
        field: |a| a.occupation(),
    },
    Spec {
        id: "about-goal",
        label: |_| "Personal goal",
        placeholder: "What drives them",
        rows: 2,
        field: |a| a.goal(),
    },
    APPEARANCE,
];

const HEIMR: [Spec; 2] = [
    Spec {
        id: "about-background",
        label: |_| "Background",
        placeholder: "Where they come from, what they did",
        rows: 4,
        field: |a| a.background(),
    },
    APPEARANCE,
];

/// The card; `heimr` picks Heimr's fields.
#[component]
pub fn AboutCard(character: Live, #[prop(optional)] heimr: bool) -> impl IntoView {
    let specs: &[Spec] = if heimr { &HEIMR } else { &FAMILY };
    view! {
        <section class="card about" aria-labelledby="about-heading">
            <h2 id="about-heading">"Who they are"</h2>
            {portrait(character)}
            {specs.iter().map(|s| text(character, *s)).collect_view()}
        </section>
    }
}

/// A labelled text field (a text area when it has rows), saved as typed.
fn text(character: Live, spec: Spec) -> impl IntoView {
    let Spec {
        id,
        label,
        placeholder,
        rows,
        field,
    } = spec;
    let field = field(character.about());
    let value = move || field.with(String::clone);
    let on_input = move |ev| {
        field.set(event_target_value(&ev).chars().take(TEXT_MAX).collect());
        stamp(character);
    };
    let input = if rows == 0 {
        view! {
            <input id=id type="text" autocomplete="off" maxlength=TEXT_MAX placeholder=placeholder
                prop:value=value on:input=on_input/>
        }
        .into_any()
    } else {
        view! {
            <textarea id=id rows=rows maxlength=TEXT_MAX placeholder=placeholder
                prop:value=value on:input=on_input></textarea>
        }
        .into_any()
    };
    view! {
        <div class="field">
            <label for=id>{move || label(character.ruleset().get())}</label>
            {input}
        </div>
    }
}

/// The portrait: the image, the file picker and "Remove portrait". A file the
/// browser cannot read as an image is refused at the field and the old portrait kept.
fn portrait(character: Live) -> impl IntoView {
    let portrait = character.about().portrait();
    let error = RwSignal::new(None::<String>);
    let has = move || portrait.with(|p| !p.is_empty());
    let set = move |url: String| {
        portrait.set(url);
        stamp(character);
    };
    let pick = move |ev| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        input.set_value("");
        leptos::task::spawn_local(async move {
            let name = file.name();
            let message = match shrink(file).await {
                Ok(url) => match check_portrait(&url) {
                    Ok(()) => {
                        set(url);
                        None
                    }
                    Err(e) => Some(format!("“{name}” could not be kept: {e}.")),
                },
                Err(()) => Some(format!("“{name}” is not an image this browser can read.")),
            };
            error.set(message.map(|m| m + " The portrait was not changed."));
        });
    };
    let alt = move || {
        character
            .name()
            .with(|n| format!("Portrait of {}", display_name(n)))
    };
    view! {
        <div class="portrait">
            // No `src` without a portrait (print leaves out a card with nothing in it).
            <img hidden=move || !has() src=move || portrait.with(|p| (!p.is_empty()).then(|| p.clone())) alt=alt/>
            <div class="field portrait-field">
                <label for="about-portrait">"Portrait"</label>
                // The browser's own file box, out of sight: the app's button picks.
                <input id="about-portrait" class="sr-only" type="file" accept="image/*"
                    aria-describedby="about-portrait-error" on:change=pick/>
                <label for="about-portrait" class="portrait-pick" aria-hidden="true">"Choose a picture…"</label>
                <button type="button" hidden=move || !has() on:click=move |_| {
                    error.set(None);
                    set(String::new());
                }>"Remove portrait"</button>
                <p class="field-error" id="about-portrait-error" role="alert">{move || error.get()}</p>
            </div>
        </div>
    }
}

/// Decodes an image file and draws it at most [`PORTRAIT_SIDE`] px on its longer side
/// on a white ground (JPEG has no transparency), as a JPEG data URL. `Err` when the
/// browser cannot decode the file.
async fn shrink(file: web_sys::File) -> Result<String, ()> {
    let bitmap: web_sys::ImageBitmap = JsFuture::from(
        window()
            .create_image_bitmap_with_blob(&file)
            .map_err(drop)?,
    )
    .await
    .map_err(drop)?
    .unchecked_into();
    let (w, h) = (bitmap.width().max(1), bitmap.height().max(1));
    let scale = (PORTRAIT_SIDE as f64 / w.max(h) as f64).min(1.0);
    let side = |n: u32| ((n as f64 * scale).round() as u32).max(1);
    let (w, h) = (side(w), side(h));
    let canvas: web_sys::HtmlCanvasElement = document()
        .create_element("canvas")
        .map_err(drop)?
        .unchecked_into();
    canvas.set_width(w);
    canvas.set_height(h);
    let ctx: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .ok_or(())?
        .unchecked_into();
    // Smooth shrinking of a large photo (not in web-sys's bindings).
    let _ = js_sys::Reflect::set(&ctx, &"imageSmoothingQuality".into(), &"high".into());
    ctx.set_fill_style_str("#fff");
    ctx.fill_rect(0.0, 0.0, w as f64, h as f64);
    let drawn =
        ctx.draw_image_with_image_bitmap_and_dw_and_dh(&bitmap, 0.0, 0.0, w as f64, h as f64);
    bitmap.close();
    drawn.map_err(drop)?;
    canvas
        .to_data_url_with_type_and_encoder_options("image/jpeg", &0.85.into())
        .map_err(drop)
}
