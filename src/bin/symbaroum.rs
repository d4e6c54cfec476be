//! `symbaroum.html`: the homebrew, homebrew-draft and Symbaroum sheet (see `ui::pages`).
fn main() {
    #[cfg(target_arch = "wasm32")]
    {
        // This page reads and changes the Symbaroum family's fight state, Experience
        // and gear.
        sheetwright::model::advance::enable();
        sheetwright::model::combat::enable();
        sheetwright::ui::start(sheetwright::ui::pages::symbaroum_screen);
    }
}
