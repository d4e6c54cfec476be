//! `heimr-combat.html`: a tab of the Heimr sheet (see `ui::pages`).
fn main() {
    #[cfg(target_arch = "wasm32")]
    sheetwright::ui::start(sheetwright::ui::pages::heimr_combat_screen);
}
