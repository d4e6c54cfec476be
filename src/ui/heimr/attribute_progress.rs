//! Progress toward an attribute's next value, e.g. "3 / 6 toward Strength 2".

use super::state::read;
use crate::rules::heimr::attributes::Attribute;
use crate::rules::heimr::progress::progress_text;
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn AttributeProgressLine(character: Live, attr: Attribute) -> impl IntoView {
    view! {
        <p class="attr-progress" id=format!("heimr-progress-{}", attr.key())>
            {move || read(character, |h| progress_text(&h.attributes, &h.progress, attr))}
        </p>
    }
}
