//! The app's clock: the browser's time, handed to the play layer with each action.
//! (The dice are `rules::dice::CryptoRng`.)

/// Milliseconds since the Unix epoch.
pub fn now() -> f64 {
    js_sys::Date::now()
}
