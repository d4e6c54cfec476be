//! `combat.html`: the Symbaroum family's combat tab (see `ui::pages`).
fn main() {
    #[cfg(target_arch = "wasm32")]
    sheetwright::ui::start(sheetwright::ui::pages::combat_screen);
}
