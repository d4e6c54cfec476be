//! Moving keyboard focus by element id, now or once the next frame has been drawn
//! (after a button was swapped for another).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

pub fn focus_id(id: &str) {
    if let Some(el) = document()
        .get_element_by_id(id)
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = el.focus();
    }
}

pub fn focus_later(id: &'static str) {
    request_animation_frame(move || focus_id(id));
}
