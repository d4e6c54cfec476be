//! Files in and out of the browser: downloads through a Blob link, and reading a
//! picked or dropped file after checking its size.

use crate::model::transfer::check_size;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Offers `text` as a download named `name`.
pub fn download(name: &str, text: &str, mime: &str) -> Result<(), String> {
    let fail = |_| "The browser would not create the download.".to_string();
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let document = leptos::prelude::document();
    let a: web_sys::HtmlAnchorElement =
        document.create_element("a").map_err(fail)?.unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    a.set_attribute("hidden", "").ok();
    let body = document.body().ok_or("no page body")?;
    body.append_child(&a).map_err(fail)?;
    a.click();
    a.remove();
    // Revoke later: the download may not have started yet.
    leptos::prelude::set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(30),
    );
    Ok(())
}

/// Reads a file's bytes, refusing oversize files before reading them.
pub async fn read_file(file: web_sys::File) -> Result<Vec<u8>, String> {
    check_size(file.size() as u64)?;
    let buf = JsFuture::from(file.array_buffer())
        .await
        .map_err(|_| "The file could not be read.".to_string())?;
    Ok(js_sys::Uint8Array::new(&buf).to_vec())
}
