//! Sheetwright: an offline character sheet. See ARCHITECTURE.md for the map.
//!
//! Dependencies point one way: `ui` → `storage` → `model` → `rules`. The browser-only
//! layers are compiled for wasm32 only, so native `cargo test` checks the rules and the
//! documents quickly.

pub mod model;
pub mod order;
pub mod qr;
pub mod rules;
pub mod storage;
#[cfg(target_arch = "wasm32")]
pub mod ui;
