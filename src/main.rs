//! `index.html`: the character list (see `ui::pages`).
fn main() {
    #[cfg(target_arch = "wasm32")]
    sheetwright::ui::start(sheetwright::ui::pages::library_screen);
}
