//! `index.html`: the character list (see `ui::pages`).
fn main() {
    #[cfg(target_arch = "wasm32")]
    {
        // The list reads every part of a character (the Symbaroum family's fight
        // state and gear, the Heimr sheet), so that imports are checked in full.
        sheetwright::model::advance::enable();
        sheetwright::model::combat::enable();
        sheetwright::model::heimr::enable();
        sheetwright::ui::start(sheetwright::ui::pages::library_screen);
    }
}
