//! `heimr-combat.html`: a tab of the Heimr sheet (see `ui::pages`).
fn main() {
    #[cfg(target_arch = "wasm32")]
    {
        // This page reads and changes the Heimr part of characters.
        sheetwright::model::heimr::enable();
        sheetwright::ui::start(sheetwright::ui::pages::heimr_combat_screen);
    }
}
