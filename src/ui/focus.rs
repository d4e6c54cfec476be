//! Moving keyboard focus by element id, now or once the next frame has been drawn
//! (after a button was swapped for another); and the DOM calls the roll panels make.

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

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

/// Calls a method on an element by id (the dialog's `showModal`/`close`,
/// `scrollIntoView`) without needing more web-sys bindings.
pub fn call_on(id: &str, method: &str, arg: Option<&JsValue>) {
    let Some(el) = document().get_element_by_id(id) else {
        return;
    };
    let Ok(f) = js_sys::Reflect::get(&el, &JsValue::from_str(method)) else {
        return;
    };
    if let Some(f) = f.dyn_ref::<js_sys::Function>() {
        let _ = match arg {
            Some(a) => f.call1(&el, a),
            None => f.call0(&el),
        };
    }
}

/// Once a roll's result is drawn, brings it into view in its panel, clear of the
/// sticky Roll bar (the panel's `scroll-padding-bottom`). If the panel was closed
/// before the frame, there is nothing to show.
pub fn reveal(id: &'static str) {
    request_animation_frame(move || {
        let opts = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&opts, &"block".into(), &"nearest".into());
        call_on(id, "scrollIntoView", Some(&opts));
    });
}
