//! Share by link: a character's document (`model::share`), gzip-compressed with the
//! browser's `CompressionStream` and written in base64url in the fragment of a link to
//! this app (`#/share/<data>`), so no server ever sees it. "Share" on a card makes the
//! link and copies it (or hands it to the phone's share sheet); opening the link
//! offers the character for import (`import_export`), with the file import's
//! replace-or-keep-both question. A damaged link says so and changes nothing.

use super::import_export::ImportState;
use super::roster::Roster;
use crate::model::share::{base64url, from_base64url, DAMAGED};
use crate::model::transfer::IMPORT_MAX_BYTES;
use js_sys::{Function, Promise, Reflect, Uint8Array};
use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

// The browser's compression streams (bound here: web-sys has them only behind its
// unstable-API flag). Both are a { readable, writable } pair for `pipeThrough`.
#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = CompressionStream)]
    type Compressor;
    #[wasm_bindgen(constructor, catch, js_class = "CompressionStream")]
    fn new(format: &str) -> Result<Compressor, JsValue>;
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = DecompressionStream)]
    type Decompressor;
    #[wasm_bindgen(constructor, catch, js_class = "DecompressionStream")]
    fn new(format: &str) -> Result<Decompressor, JsValue>;
}

/// `bytes` passed through the transform stream `pair`; more than `limit` bytes out is
/// an error (a link that would unpack into gigabytes).
async fn through(bytes: &[u8], pair: &JsValue, limit: usize) -> Result<Vec<u8>, JsValue> {
    let parts = js_sys::Array::of1(&Uint8Array::from(bytes));
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts)?;
    let stream = blob.stream().pipe_through(pair.unchecked_ref());
    let reader: web_sys::ReadableStreamDefaultReader = stream.get_reader().unchecked_into();
    let mut out = Vec::new();
    loop {
        let chunk = JsFuture::from(reader.read()).await?;
        if Reflect::get(&chunk, &"done".into())?.is_truthy() {
            return Ok(out);
        }
        let value: Uint8Array = Reflect::get(&chunk, &"value".into())?.unchecked_into();
        if out.len() + value.length() as usize > limit {
            return Err("too large".into());
        }
        out.extend(value.to_vec());
    }
}

/// This page's address with `#/<route>/<data>`, the data `text` compressed: a
/// character's (`share`) or a pack's (`pack`).
pub async fn link_to(route: &str, text: &str) -> Result<String, String> {
    let fail = |_| "This browser cannot compress it for a link.".to_string();
    let gzip = Compressor::new("gzip").map_err(fail)?;
    let packed = through(text.as_bytes(), &gzip, usize::MAX)
        .await
        .map_err(fail)?;
    let href = window().location().href().map_err(fail)?;
    let page = href.split('#').next().unwrap_or_default();
    Ok(format!("{page}#/{route}/{}", base64url(&packed)))
}

/// The text a link's data holds, to be checked like an imported file.
pub async fn open_link(data: &str) -> Result<Vec<u8>, String> {
    let packed = from_base64url(data)
        .filter(|p| !p.is_empty())
        .ok_or(DAMAGED)?;
    let gunzip = Decompressor::new("gzip")
        .map_err(|_| "This browser cannot open shared links. Nothing was imported.")?;
    through(&packed, &gunzip, IMPORT_MAX_BYTES as usize)
        .await
        .map_err(|_| DAMAGED.to_string())
}

/// `target.name(arg)` when the browser has it, as a promise.
fn call(target: &JsValue, name: &str, arg: &JsValue) -> Option<Promise> {
    let f: Function = Reflect::get(target, &name.into()).ok()?.dyn_into().ok()?;
    f.call1(target, arg).ok()?.dyn_into().ok()
}

/// Copies `text` to the clipboard; false when the browser refuses.
pub async fn copy(text: &str) -> bool {
    let navigator: JsValue = window().navigator().into();
    let Some(clipboard) = Reflect::get(&navigator, &"clipboard".into()).ok() else {
        return false;
    };
    match call(&clipboard, "writeText", &text.into()) {
        Some(p) => JsFuture::from(p).await.is_ok(),
        None => false,
    }
}

/// Whether the browser has a share sheet (`navigator.share`): phones mostly.
fn can_send() -> bool {
    let navigator: JsValue = window().navigator().into();
    Reflect::get(&navigator, &"share".into())
        .map(|f| f.is_function())
        .unwrap_or(false)
}

/// Hands the link to the share sheet; false when it was not sent (cancelled, refused).
async fn send(title: &str, link: &str) -> bool {
    let data = js_sys::Object::new();
    let _ = Reflect::set(&data, &"title".into(), &title.into());
    let _ = Reflect::set(&data, &"url".into(), &link.into());
    let navigator: JsValue = window().navigator().into();
    match call(&navigator, "share", &data) {
        Some(p) => JsFuture::from(p).await.is_ok(),
        None => false,
    }
}

/// Makes the link from the character's shared `text`, hands it to the phone's share
/// sheet or copies it, and says so in the toast; the link also shows under the card
/// (in `link`) to select and copy by hand. In import and share's chunk
/// (`imports::Transfers`).
pub fn share_character(roster: Roster, text: String, name: String, link: RwSignal<Option<String>>) {
    leptos::task::spawn_local(async move {
        let made = match link_to("share", &text).await {
            Err(e) => return roster.show_toast(e, false),
            Ok(made) => made,
        };
        link.set(Some(made.clone()));
        let message = if can_send() && send(&name, &made).await {
            format!("Link to “{name}” sent.")
        } else if copy(&made).await {
            format!("Link to “{name}” copied to the clipboard. It holds the character itself; whoever opens it can import a copy.")
        } else {
            "The browser would not copy the link: select it under the card and copy it.".into()
        };
        roster.show_toast(message, false);
    });
}

/// The card's "Share" (import and share's chunk makes the link: `share_character`).
#[component]
pub fn ShareButton(link: RwSignal<Option<String>>, id: String) -> impl IntoView {
    let roster = expect_context::<Roster>();
    let press = move |_| {
        let id = id.clone();
        roster.with_docs(move |d| d.share(&id, link));
    };
    view! { <button type="button" class="share" on:click=press>"Share"</button> }
}

/// The link under a card once "Share" was pressed, to select and copy by hand.
#[component]
pub fn ShareLink(link: RwSignal<Option<String>>, id: String) -> impl IntoView {
    let field = format!("share-link-{id}");
    move || {
        link.get().map(|value| {
            view! {
                <div class="field share-link">
                    <label for=field.clone()>"Link to share"</label>
                    <input
                        id=field.clone()
                        type="text"
                        readonly
                        value=value
                        on:focus=move |ev| {
                            let el: web_sys::HtmlInputElement = event_target(&ev);
                            el.select();
                        }
                    />
                </div>
            }
        })
    }
}

/// Reads the shared link the list was opened with, and hands its character to the
/// import's question (import it, or not; replace or keep both when it is already
/// here); a link that cannot be read says why where imports report, and is left.
/// Nothing is imported before the player answers.
pub fn read_shared_links(shared: Memo<Option<String>>, import: ImportState) {
    let roster = expect_context::<Roster>();
    Effect::new(move |_| {
        let Some(data) = shared.get() else { return };
        roster.with_docs(move |d| d.open_shared(import, data));
    });
}
