//! The generic loader: how a page or a part of one that lives in a chunk of its own
//! gets on screen. It knows no page and no chunk: `ui::split_points` names the chunks
//! and hands each page's and part's fetching and drawing to it.
//!
//! What is loaded is built synchronously, once its chunks are here, in the loader's own
//! reactive scope (as if it were in the start path), not inside an async `Suspend`:
//! views built in a future outlive their owner's disposal by one update, and a route
//! change would then run the old sheet's effects on disposed signals.
//!
//! A chunk that cannot be fetched (offline before the service worker has the build)
//! is a message and a "Try again" button, never a panic: the player's characters stay
//! in memory and in the store.

use super::chunk_failed::ChunkFailed;
use super::roster::Roster;
use super::routing::library_href;
use leptos::prelude::*;
use std::future::Future;
use std::pin::{pin, Pin};
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll, Waker};

/// Whether the frame `index.html` paints was on screen when the app started (set by
/// `ui::start`, taken by the first page loaded).
pub static FRAME_SHOWN: AtomicBool = AtomicBool::new(false);

/// Chunks on their way.
pub type Loading = Pin<Box<dyn Future<Output = Result<(), ChunkFailed>>>>;

/// What is drawn once its chunks are here (None if they are not).
pub type Drawn = Option<Result<AnyView, ChunkFailed>>;

/// A part in a chunk of its own: how to fetch its chunk, and how to draw it from `A`
/// once the chunk is here.
pub struct Later<A> {
    pub load: fn() -> Loading,
    pub draw: fn(A) -> Drawn,
}

impl<A> Clone for Later<A> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<A> Copy for Later<A> {}

/// Fetches these chunks one after the other in idle time, so the parts are ready
/// before the player opens them. A chunk that cannot be had is left for the part to
/// report when opened.
pub fn preload(loads: &[fn() -> Loading]) {
    let loads = loads.to_vec();
    request_idle_callback(move || {
        let loads = loads.clone();
        leptos::task::spawn_local(async move {
            for load in loads {
                let _ = load().await;
            }
        })
    });
}

/// Sets `loaded` once `loading` is done: at once when its chunks are here already (so
/// nothing waiting is drawn for a frame), else when they arrive.
fn start(loaded: RwSignal<Option<Result<(), ChunkFailed>>>, mut loading: Loading) {
    match loading
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()))
    {
        Poll::Ready(done) => loaded.set(Some(done)),
        Poll::Pending => leptos::task::spawn_local(async move {
            let done = loading.await;
            // The player may have left meanwhile.
            let _ = loaded.try_set(Some(done));
        }),
    }
}

/// A page: `opening` while `load(&page)` fetches its chunks, then `draw(page)`; the
/// page's message with "Try again" if they cannot be had.
#[component]
pub fn PageLoader<P: Clone + Send + Sync + 'static>(
    page: P,
    opening: &'static str,
    load: fn(&P) -> Loading,
    draw: fn(P) -> Drawn,
) -> impl IntoView {
    let roster = expect_context::<Roster>();
    let loaded = RwSignal::new(None::<Result<(), ChunkFailed>>);
    let fetch = {
        let page = page.clone();
        move || {
            loaded.set(None);
            start(loaded, load(&page));
        }
    };
    fetch.clone()();
    // The visit's first page takes over from the frame `index.html` painted, which
    // looks the same; a later one shows this only once loading lasts past a glance.
    let late = !FRAME_SHOWN.swap(false, Ordering::Relaxed);
    move || {
        match loaded.get() {
        None => view! {
            <main class="library sheet-loading" class:late=late aria-busy="true">
                <header class="library-header">
                    <div>
                        <h1>"Sheetwright"</h1>
                        <p class="tagline">"Your characters live in this browser, and work offline."</p>
                    </div>
                </header>
                <p class="frame-note">{opening}</p>
            </main>
        }
        .into_any(),
        Some(Ok(())) => match untrack(|| draw(page.clone())) {
            Some(Ok(view)) => view,
            _ => page_failed(roster, fetch.clone()),
        },
        Some(Err(ChunkFailed)) => page_failed(roster, fetch.clone()),
    }
    }
}

/// A part from a chunk of its own: `opening` (busy, which "Print character" waits
/// for) until the chunk is here, then the part, built in this view's own reactive
/// scope; a message with "Try again" if the chunk cannot be had. A part that floats
/// over the sheet (a roll panel) waits or fails in a box of its own, with `close`.
pub fn lazy<A: Clone + Send + Sync + 'static>(
    opening: &'static str,
    part: Later<A>,
    args: A,
    close: Option<Callback<()>>,
) -> AnyView {
    let draw = part.draw;
    lazy_drawn(
        opening,
        part.load,
        Box::new(move || draw(args.clone())),
        close,
    )
}

/// [`lazy`] once its part is drawn from nothing: one copy of the loading and failing
/// views for every kind of part.
fn lazy_drawn(
    opening: &'static str,
    load: fn() -> Loading,
    draw: Box<dyn Fn() -> Drawn + Send + Sync>,
    close: Option<Callback<()>>,
) -> AnyView {
    let loaded = RwSignal::new(None::<Result<(), ChunkFailed>>);
    let fetch = move || {
        loaded.set(None);
        start(loaded, load());
    };
    fetch();
    let roster = expect_context::<Roster>();
    let boxed = move |inner: AnyView| {
        match close {
        None => inner,
        Some(close) => view! {
            <div class="lazy-box">
                {inner}
                <button type="button" class="button" on:click=move |_| close.run(())>"Close"</button>
            </div>
        }
        .into_any(),
    }
    };
    (move || match loaded.get() {
        None => boxed(
            view! { <p class="frame-note tab-loading" aria-busy="true">{opening}</p> }.into_any(),
        ),
        Some(Ok(())) => match untrack(&draw) {
            Some(Ok(view)) => view,
            _ => boxed(part_failed(roster, fetch)),
        },
        Some(Err(ChunkFailed)) => boxed(part_failed(roster, fetch)),
    })
    .into_any()
}

/// A page's chunks could not be fetched: the message, "Try again" and the way back to
/// the list.
fn page_failed(roster: Roster, retry: impl Fn() + Clone + Send + Sync + 'static) -> AnyView {
    view! {
        <main class="sheet-missing" role="alert">
            {failed("This page", roster, retry)}
            " "
            <a href=library_href() class="button">"Back to the characters"</a>
        </main>
    }
    .into_any()
}

/// A part's chunk could not be fetched: as a page's, in its place.
fn part_failed(roster: Roster, retry: impl Fn() + Clone + Send + Sync + 'static) -> AnyView {
    view! { <div class="sheet-missing" role="alert">{failed("This part of the sheet", roster, retry)}</div> }
        .into_any()
}

/// Why `what` is not here, and "Try again".
fn failed(
    what: &'static str,
    roster: Roster,
    retry: impl Fn() + Clone + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <p>{what}" could not be loaded: the connection seems to be down and this browser has not saved the app for offline use yet, or Sheetwright was updated in another tab. Your characters are safe."</p>
        <button type="button" class="button" on:click=move |_| try_again(roster, &retry)>"Try again"</button>
    }
}

/// "Try again": online, a reload (everything typed is saved first), which also mends
/// a page left open while another tab updated the app (its chunks then no longer
/// exist); offline, the chunk again.
fn try_again(roster: Roster, retry: &impl Fn()) {
    if window().navigator().on_line() {
        if let Some(d) = roster.docs() {
            d.flush();
        }
        let _ = window().location().reload();
    } else {
        retry();
    }
}

/// Runs `a` and `b` at once; both outputs, once both are done.
pub async fn both<A, B>(a: impl Future<Output = A>, b: impl Future<Output = B>) -> (A, B) {
    let (mut a, mut b) = (pin!(a), pin!(b));
    let (mut out_a, mut out_b) = (None, None);
    std::future::poll_fn(move |cx| {
        if out_a.is_none() {
            if let Poll::Ready(v) = a.as_mut().poll(cx) {
                out_a = Some(v);
            }
        }
        if out_b.is_none() {
            if let Poll::Ready(v) = b.as_mut().poll(cx) {
                out_b = Some(v);
            }
        }
        match (out_a.take(), out_b.take()) {
            (Some(a), Some(b)) => Poll::Ready((a, b)),
            (a, b) => {
                (out_a, out_b) = (a, b);
                Poll::Pending
            }
        }
    })
    .await
}

/// The output of a future that is ready at its first poll, or None.
pub fn ready_now<T>(future: impl Future<Output = T>) -> Option<T> {
    let mut future = pin!(future);
    match future
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()))
    {
        Poll::Ready(value) => Some(value),
        Poll::Pending => None,
    }
}
