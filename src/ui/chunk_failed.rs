//! A chunk that could not be fetched.

use leptos::wasm_split::SplitLoaderError;

/// A chunk could not be fetched (the loader has logged why to the console).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChunkFailed;

impl From<SplitLoaderError> for ChunkFailed {
    fn from(_: SplitLoaderError) -> Self {
        ChunkFailed
    }
}
