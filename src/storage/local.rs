//! localStorage, through gloo-storage. Raw strings in and out, so that a corrupt entry
//! can be kept byte for byte.

use super::{Backend, StoreError};
use gloo_storage::{LocalStorage, Storage};

/// The browser's localStorage. When the browser has none (storage disabled), reads
/// find nothing and writes fail, and the app carries on from memory.
pub struct LocalBackend;

fn raw() -> Option<web_sys::Storage> {
    // gloo-storage's raw() panics when localStorage is unavailable; ask the window first.
    let w = web_sys::window()?;
    match w.local_storage() {
        Ok(Some(_)) => Some(LocalStorage::raw()),
        _ => None,
    }
}

impl Backend for LocalBackend {
    fn get(&self, key: &str) -> Option<String> {
        raw()?.get_item(key).ok().flatten()
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        let s = raw().ok_or_else(|| StoreError::Refused("storage is disabled".into()))?;
        s.set_item(key, value).map_err(|e| {
            let name = js_sys::Reflect::get(&e, &"name".into())
                .ok()
                .and_then(|v| v.as_string())
                .unwrap_or_else(|| "error".into());
            StoreError::Refused(name)
        })
    }

    fn remove(&mut self, key: &str) {
        if let Some(s) = raw() {
            let _ = s.remove_item(key);
        }
    }

    fn keys(&self) -> Vec<String> {
        let Some(s) = raw() else { return Vec::new() };
        let n = s.length().unwrap_or(0);
        (0..n).filter_map(|i| s.key(i).ok().flatten()).collect()
    }
}
