//! `heimr.html`: the Heimr sheet (see `ui::pages`).
fn main() {
    #[cfg(target_arch = "wasm32")]
    {
        // This page reads and changes the Heimr part of characters.
        sheetwright::model::heimr::enable();
        sheetwright::ui::start(sheetwright::ui::pages::heimr_screen);
    }
}
