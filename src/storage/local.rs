//! localStorage, through gloo-storage. Raw strings in and out, so that a corrupt entry
//! can be kept byte for byte.

use super::mirror::mirrored;
use super::{idb, Backend, StoreError};
use gloo_storage::{LocalStorage, Storage};
use wasm_bindgen::JsCast;

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

    /// A character or a pack is also written to the crash-safe copy (`storage::idb`),
    /// even when localStorage refuses it.
    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        if mirrored(key) {
            idb::put(key, Some(value), js_sys::Date::now());
        }
        let s = raw().ok_or_else(|| StoreError::Refused("storage is disabled".into()))?;
        s.set_item(key, value).map_err(|e| {
            let name = js_sys::Reflect::get(&e, &"name".into())
                .ok()
                .and_then(|v| v.as_string())
                .unwrap_or_else(|| "error".into());
            StoreError::Refused(name)
        })
    }

    /// A character's or a pack's removal leaves a tombstone in the crash-safe copy.
    fn remove(&mut self, key: &str) {
        if mirrored(key) {
            idb::put(key, None, js_sys::Date::now());
        }
        if let Some(s) = raw() {
            let _ = s.remove_item(key);
        }
    }

    fn keys(&self) -> Vec<String> {
        let Some(s) = raw() else { return Vec::new() };
        let n = s.length().unwrap_or(0);
        (0..n).filter_map(|i| s.key(i).ok().flatten()).collect()
    }

    fn well_formed(&self, key: &str) -> bool {
        js_value(key).is_none_or(|v| {
            // One call where the browser has `isWellFormed` (not Safari before 16.4);
            // else one call per UTF-16 unit, which made a start with 100 characters slow.
            if has_is_well_formed() {
                v.is_well_formed()
            } else {
                v.is_valid_utf16()
            }
        })
    }

    fn copy(&mut self, from: &str, to: &str) -> Result<(), StoreError> {
        let Some(value) = js_value(from) else {
            return Ok(());
        };
        let s = raw().ok_or_else(|| StoreError::Refused("storage is disabled".into()))?;
        let set = js_sys::Reflect::get(&s, &"setItem".into())
            .map_err(|_| StoreError::Refused("no setItem".into()))?;
        js_sys::Function::from(set)
            .call2(&s, &to.into(), &value)
            .map(|_| ())
            .map_err(|e| {
                let name = js_sys::Reflect::get(&e, &"name".into())
                    .ok()
                    .and_then(|v| v.as_string())
                    .unwrap_or_else(|| "error".into());
                StoreError::Refused(name)
            })
    }
}

/// Whether strings have `isWellFormed()` (asked once, not for every stored key).
fn has_is_well_formed() -> bool {
    static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *HAS.get_or_init(|| {
        js_sys::Reflect::get(&js_sys::global(), &"String".into())
            .and_then(|string| js_sys::Reflect::get(&string, &"prototype".into()))
            .and_then(|proto| js_sys::Reflect::has(&proto, &"isWellFormed".into()))
            .unwrap_or(false)
    })
}

/// The stored value as the browser holds it (UTF-16, lone surrogates and all).
fn js_value(key: &str) -> Option<js_sys::JsString> {
    let s = raw()?;
    let get = js_sys::Reflect::get(&s, &"getItem".into()).ok()?;
    let v = js_sys::Function::from(get).call1(&s, &key.into()).ok()?;
    v.dyn_into::<js_sys::JsString>().ok()
}

/// This tab's sessionStorage: where edits wait while localStorage refuses them (it has
/// a quota of its own, and a reload of the tab keeps it).
pub struct TabBackend;

fn tab_store() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

impl Backend for TabBackend {
    fn get(&self, key: &str) -> Option<String> {
        tab_store()?.get_item(key).ok().flatten()
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        let s = tab_store().ok_or_else(|| StoreError::Refused("no tab storage".into()))?;
        s.set_item(key, value)
            .map_err(|_| StoreError::Refused("the tab's storage refused too".into()))
    }

    fn remove(&mut self, key: &str) {
        if let Some(s) = tab_store() {
            let _ = s.remove_item(key);
        }
    }

    fn keys(&self) -> Vec<String> {
        let Some(s) = tab_store() else {
            return Vec::new();
        };
        let n = s.length().unwrap_or(0);
        (0..n).filter_map(|i| s.key(i).ok().flatten()).collect()
    }
}
