//! Sheetwright's one page (`index.html`): the character list and every character's
//! tabs, as hash routes of one app (see `ui::routing`).
fn main() {
    #[cfg(target_arch = "wasm32")]
    sheetwright::ui::start();
}
