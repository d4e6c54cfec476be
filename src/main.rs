fn main() {
    #[cfg(target_arch = "wasm32")]
    sheetwright::ui::start();
}
