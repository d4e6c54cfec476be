//! The sheet's stylesheet, fetched with a sheet's chunks.

use leptos::prelude::*;
use wasm_bindgen::{closure::Closure, JsCast};

/// The sheet's stylesheet, which the list does not need: named by the build in
/// `<meta name="sheet-css">` (absent in an unsplit build, whose page links every
/// stylesheet). Added once (`index.html` adds it itself for a deep link) and waited
/// for, so a sheet never shows unstyled; a stylesheet that fails to load does not stop
/// the sheet.
pub async fn sheet_styles() {
    let doc = document();
    let Some(href) = doc
        .query_selector("meta[name=sheet-css]")
        .ok()
        .flatten()
        .and_then(|m| m.get_attribute("content"))
    else {
        return;
    };
    let link = match doc.query_selector("link[data-sheet-css]").ok().flatten() {
        Some(link) => link,
        None => {
            let Ok(link) = doc.create_element("link") else {
                return;
            };
            let _ = link.set_attribute("rel", "stylesheet");
            let _ = link.set_attribute("href", &href);
            let _ = link.set_attribute("data-sheet-css", "");
            if let Some(head) = doc.head() {
                let _ = head.append_child(&link);
            }
            link
        }
    };
    // Loaded (or failed) already: the attribute the page's own script and the
    // handlers below set.
    if link.has_attribute("data-done") {
        return;
    }
    let done = js_sys::Promise::new(&mut |resolve, _| {
        let target = link.clone();
        let on_done = Closure::once_into_js(move || {
            let _ = target.set_attribute("data-done", "");
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        });
        let f: &js_sys::Function = on_done.unchecked_ref();
        let _ = link.add_event_listener_with_callback("load", f);
        let _ = link.add_event_listener_with_callback("error", f);
    });
    // The stylesheet may have finished between the check above and now.
    if !link.has_attribute("data-done") {
        let _ = wasm_bindgen_futures::JsFuture::from(done).await;
    }
}
