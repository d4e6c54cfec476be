//! `symbaroum.html`: the homebrew, homebrew-draft and Symbaroum sheet (see `ui::pages`).
fn main() {
    #[cfg(target_arch = "wasm32")]
    sheetwright::ui::start(sheetwright::ui::pages::symbaroum_screen);
}
