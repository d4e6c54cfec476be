//! The app's clock: the browser's time, handed to the play layer with each action,
//! and `when_idle`, for work that follows an edit once it is on screen (its
//! crash-safe copy, its undo step). (The dice are `rules::dice::CryptoRng`.)

/// Milliseconds since the Unix epoch.
pub fn now() -> f64 {
    js_sys::Date::now()
}

/// Runs `f` once the browser is idle after drawing what changed, and within 50 ms at
/// the latest however busy it is; in the next task where the browser has no idle
/// callbacks (Safari). Work asked for before that runs then too, in the order asked:
/// one callback for all of it (an edit asks for two, its crash-safe copy and its undo
/// step, and each callback asked for cost a phone's frame about a quarter of a
/// millisecond).
pub fn when_idle(f: Box<dyn FnOnce()>) {
    use wasm_bindgen::JsCast;
    let first = WAITING.with_borrow_mut(|w| {
        w.push(f);
        w.len() == 1
    });
    if !first {
        return;
    }
    RUN.with(|run| {
        let window = leptos::prelude::window();
        let asked = IDLE.with(|idle| {
            idle.as_ref()
                .is_some_and(|(idle, options)| idle.call2(&window, run, options).is_ok())
        });
        if !asked {
            let _ = window.set_timeout_with_callback(run.unchecked_ref());
        }
    });
}

thread_local! {
    /// The work `when_idle` was asked for that has not run yet.
    static WAITING: std::cell::RefCell<Vec<Box<dyn FnOnce()>>> = const { std::cell::RefCell::new(Vec::new()) };
    /// The callback that runs it, made once.
    static RUN: wasm_bindgen::JsValue = wasm_bindgen::closure::Closure::<dyn Fn()>::new(|| {
        // Taken first: the work may ask for more, which waits for the next callback.
        for f in WAITING.take() {
            f();
        }
    })
    .into_js_value();
    /// The browser's `requestIdleCallback` (none in Safari) and its options (a 50 ms
    /// bound), looked up once.
    static IDLE: Option<(js_sys::Function, js_sys::Object)> = {
        use wasm_bindgen::{JsCast, JsValue};
        let window = leptos::prelude::window();
        js_sys::Reflect::get(&window, &"requestIdleCallback".into())
            .ok()
            .and_then(|v| v.dyn_into::<js_sys::Function>().ok())
            .map(|idle| {
                let options = js_sys::Object::new();
                let _ = js_sys::Reflect::set(&options, &"timeout".into(), &JsValue::from(50));
                (idle, options)
            })
    };
}

/// Today in the browser's time zone, as `YYYY-MM-DD`: what a date box holds, and the
/// date of an Experience ledger line.
pub fn today() -> String {
    let d = js_sys::Date::new_0();
    format!(
        "{:04}-{:02}-{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date()
    )
}
