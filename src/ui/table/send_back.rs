//! "Send back" on a member the table changed: the update link for the player's
//! browser (`model::table::update`), to copy, and its QR code to scan off the screen.
//! The link holds every change since the player's share link, so a newer one
//! replaces an older one.

use super::desk::Desk;
use crate::qr::qr;
use crate::ui::clock::now;
use crate::ui::share::{copy, link_to};
use leptos::prelude::*;

/// The member's "Send back" and, once pressed, its link and QR code. Shown when the
/// table changed the member since the player's link (`changed`).
#[component]
pub fn SendBack(table: String, member: u32, name: String, changed: bool) -> impl IntoView {
    let desk = expect_context::<Desk>();
    let link = RwSignal::new(None::<String>);
    let make = move |_| {
        let update = desk.read(&table, |t| t.update_for(member, now().round()));
        let Some(text) = update.and_then(|u| crate::model::write::json(&u).ok()) else {
            return;
        };
        leptos::task::spawn_local(async move {
            match link_to("update", &text).await {
                Ok(made) => link.set(Some(made)),
                Err(e) => desk.note.set(Some((false, e))),
            }
        });
    };
    let label = format!("Send back {name}’s changes to their player");
    let field = format!("update-link-{member}");
    let shown = move || {
        let (name, field) = (name.clone(), field.clone());
        link.get().map(|value| {
            let code = match qr(&value) {
                Some(q) => {
                    let whole = format!("-2 -2 {0} {0}", q.size + 4);
                    view! {
                        <svg class="qr-code" viewBox=whole role="img" aria-label=format!("QR code of the update link for {}", name)>
                            <rect x="-2" y="-2" width="100%" height="100%" fill="#fff"/>
                            <path d=q.path fill="#000"/>
                        </svg>
                    }
                    .into_any()
                }
                None => view! { <p class="hint">"Too many changes for a QR code: send the link instead."</p> }.into_any(),
            };
            let copied = RwSignal::new(None::<bool>);
            let text = value.clone();
            view! {
                <div class="send-back">
                    <div class="field">
                        <label for=field.clone()>{format!("Update link for {name}")}</label>
                        <input id=field.clone() type="text" readonly value=value on:focus=|ev| {
                            let el: web_sys::HtmlInputElement = event_target(&ev);
                            el.select();
                        }/>
                    </div>
                    <div class="button-row">
                        <button type="button" on:click=move |_| {
                            let text = text.clone();
                            leptos::task::spawn_local(async move { copied.set(Some(copy(&text).await)) });
                        }>"Copy the link"</button>
                        <span role="status">{move || copied.get().map(|ok| if ok { "Copied." } else { "The browser would not copy it: select the link and copy it." })}</span>
                    </div>
                    {code}
                    <p class="hint">"The player opens the link, or scans the code with their phone, in the browser that keeps their character: they see each change and take the ones they tick."</p>
                </div>
            }
        })
    };
    changed.then(|| {
        view! {
            <button type="button" aria-label=label on:click=make>"Send back"</button>
            {shown}
        }
    })
}
