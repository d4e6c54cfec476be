//! `advance.html`: the Symbaroum family's Gear & XP tab (see `ui::pages`).
fn main() {
    #[cfg(target_arch = "wasm32")]
    sheetwright::ui::start(sheetwright::ui::pages::advance_screen);
}
