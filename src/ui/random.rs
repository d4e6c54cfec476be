//! The app's randomness: the browser's crypto source, through getrandom.

use crate::rules::dice::Rng;

/// Dice backed by `crypto.getRandomValues`.
pub struct CryptoRng;

impl Rng for CryptoRng {
    fn next_u32(&mut self) -> u32 {
        let mut buf = [0u8; 4];
        getrandom::fill(&mut buf).expect("the browser's crypto source is available");
        u32::from_le_bytes(buf)
    }
}

/// A fresh, unguessable character id (128 random bits as hex).
pub fn new_id() -> String {
    let mut buf = [0u8; 16];
    getrandom::fill(&mut buf).expect("the browser's crypto source is available");
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

/// Milliseconds since the Unix epoch.
pub fn now() -> f64 {
    js_sys::Date::now()
}
