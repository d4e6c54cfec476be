//! The app's clock: the browser's time, handed to the play layer with each action,
//! and `when_idle`, for work that follows an edit once it is on screen (its
//! crash-safe copy, its undo step). (The dice are `rules::dice::CryptoRng`.)

/// Milliseconds since the Unix epoch.
pub fn now() -> f64 {
    js_sys::Date::now()
}

/// Runs `f` once the browser is idle after drawing what changed, and within 50 ms at
/// the latest however busy it is; in the next task where the browser has no idle
/// callbacks (Safari).
pub fn when_idle(f: Box<dyn FnOnce()>) {
    use wasm_bindgen::{closure::Closure, JsCast, JsValue};
    let window = leptos::prelude::window();
    let f = Closure::once_into_js(f);
    let idle = js_sys::Reflect::get(&window, &"requestIdleCallback".into())
        .ok()
        .and_then(|v| v.dyn_into::<js_sys::Function>().ok());
    let called = match idle {
        Some(idle) => {
            let options = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&options, &"timeout".into(), &JsValue::from(50));
            idle.call2(&window, &f, &options).is_ok()
        }
        None => false,
    };
    if !called {
        let _ = window.set_timeout_with_callback(f.unchecked_ref());
    }
}
