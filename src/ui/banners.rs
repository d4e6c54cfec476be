//! App-wide messages: saving failed, damaged entries set aside, and the toast.

use super::files::download;
use super::roster::Roster;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Shown while the browser refuses to save: the app keeps working from memory.
#[component]
pub fn SaveWarning() -> impl IntoView {
    let lib = expect_context::<Roster>();
    let export_error = RwSignal::new(None::<String>);
    view! {
        <Show when=move || lib.save_error.with(Option::is_some)>
            <div class="banner warning" role="alert" id="save-warning">
                <p>
                    <strong>"Changes are not being saved"</strong>
                    " — " {move || lib.save_error.get()} ". "
                    "Export to keep a copy."
                </p>
                <button type="button" id="save-warning-export" on:click=move |_| {
                    lib.with_docs(move |d| export_error.set(d.export(None).err()));
                }>"Export all"</button>
                <p class="field-error">{move || export_error.get()}</p>
            </div>
        </Show>
    }
}

/// Lists entries that could not be read and were set aside, with their raw text to
/// download.
#[component]
pub fn QuarantineBanner() -> impl IntoView {
    let lib = expect_context::<Roster>();
    let hidden = RwSignal::new(false);
    let count = move || lib.quarantined.with(Vec::len) + lib.stuck.with(Vec::len);
    view! {
        <Show when=move || { !hidden.get() && count() > 0 }>
            <div class="banner warning" role="alert" id="quarantine-banner">
                <p>
                    <strong>{move || match count() { 1 => "1 saved entry".to_string(), n => format!("{n} saved entries") }}</strong>
                    {move || if count() == 1 {
                        " could not be read and was set aside, so the rest of your characters open normally. Its text is kept exactly as it was."
                    } else {
                        " could not be read and were set aside, so the rest of your characters open normally. Their text is kept exactly as it was."
                    }}
                </p>
                <ul class="quarantine-list">
                    <For
                        each=move || lib.quarantined.get().into_iter().enumerate()
                        key=|(_, q)| q.key.clone()
                        let:item
                    >
                        {
                            let (i, q) = item;
                            let raw = q.raw.clone();
                            let key = q.key.clone();
                            view! {
                                <li>
                                    <span class="reason">{q.original_key.clone()} ": " {q.reason.clone()}</span>
                                    <button type="button" class="quarantine-download" on:click=move |_| {
                                        let _ = download(&format!("sheetwright-damaged-{}.txt", i + 1), &raw, "text/plain");
                                    }>"Download raw text"</button>
                                    <button type="button" class="quarantine-discard" on:click=move |_| {
                                        let key = key.clone();
                                        lib.with_docs(move |d| d.discard_quarantined(&key));
                                    }>"Delete"</button>
                                </li>
                            }
                        }
                    </For>
                    <For each=move || lib.stuck.get() key=|k| k.clone() let:key>
                        <li><span class="reason">{key} ": unreadable, left in place (the store is full)"</span></li>
                    </For>
                </ul>
                <button type="button" on:click=move |_| hidden.set(true)>"Hide for now"</button>
            </div>
        </Show>
    }
}

/// On a sheet page: one line pointing to the character list, where the set-aside
/// entries are listed with their downloads (that page holds the full banner).
#[component]
pub fn QuarantineNotice() -> impl IntoView {
    let lib = expect_context::<Roster>();
    let any = move || lib.quarantined.with(Vec::len) + lib.stuck.with(Vec::len) > 0;
    move || {
        any().then(|| {
            view! {
                <p class="banner warning" role="alert" id="quarantine-notice">
                    "Some saved entries could not be read and were set aside. "
                    <a href=super::routing::library_href()>"See them on the character list."</a>
                </p>
            }
        })
    }
}

/// A short message with optional Undo, announced to screen readers. It shows on the
/// page it was given on and ends when the player goes to another page (a character's
/// tabs are one page).
#[component]
pub fn ToastView(
    /// The character whose sheet is on screen (None: the list).
    page: Memo<Option<String>>,
) -> impl IntoView {
    let lib = expect_context::<Roster>();
    // Leaving the page ends its message (and makes a deletion it offered to undo final).
    Effect::new(move |_| {
        let here = page.get();
        if lib
            .toast
            .with_untracked(|t| t.as_ref().is_some_and(|t| t.page != here))
        {
            lib.end_toast();
        }
    });
    view! {
        <div class="toast-region" role="status" aria-live="polite">
            {move || lib.toast.get().map(|t| {
                view! {
                    <div class="toast" id="toast">
                        <span>{t.message.clone()}</span>
                        {t.undo.then(|| view! {
                            <button type="button" id="toast-undo" on:click=move |_| lib.with_docs(|d| d.undo_delete())>"Undo"</button>
                        })}
                        <button type="button" class="close" aria-label="Dismiss" on:click=move |_| lib.end_toast()>"×"</button>
                    </div>
                }
            })}
        </div>
    }
}

fn window_flag(name: &str) -> bool {
    js_sys::Reflect::get(&window(), &name.into())
        .map(|v| v.is_truthy())
        .unwrap_or(false)
}

/// "Update available — reload": a new build is installed and waiting.
#[component]
pub fn UpdateBanner() -> impl IntoView {
    let lib = expect_context::<Roster>();
    let ready = RwSignal::new(window_flag("sheetwrightUpdateReady"));
    let handle = window_event_listener_untyped("sheetwright-update", move |_| ready.set(true));
    on_cleanup(move || handle.remove());
    let apply = move |_| {
        if let Some(d) = lib.docs() {
            d.flush();
        }
        let f = js_sys::Reflect::get(&window(), &"sheetwrightApplyUpdate".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        match f {
            Some(f) => {
                let _ = f.call0(&window());
            }
            None => {
                let _ = window().location().reload();
            }
        }
    };
    view! {
        <Show when=move || ready.get()>
            <div class="banner update" role="status" id="update-banner">
                <p>"Update available."</p>
                <button type="button" class="primary" id="update-reload" on:click=apply>"Reload"</button>
            </div>
        </Show>
    }
}
