//! A place in a card that something else fills: the card names the place by its type
//! (a [`Slot`], listed in `ui::slots`) and hands over what the place is drawn from;
//! who draws it is provided in context above the card (by `ui::split_points` from a
//! chunk of its own, or directly by a component test). A card never knows which.

use leptos::prelude::*;
use std::marker::PhantomData;

/// A place on a page, and what it is drawn from.
pub trait Slot: 'static {
    type Args: 'static;
}

/// How the place `S` is drawn, in context.
pub struct Part<S: Slot> {
    draw: fn(S::Args) -> AnyView,
    slot: PhantomData<fn() -> S>,
}

impl<S: Slot> Clone for Part<S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S: Slot> Copy for Part<S> {}

impl<S: Slot> Part<S> {
    /// Draws the place `S` with `draw`, in this scope and under it.
    pub fn provide(draw: fn(S::Args) -> AnyView) {
        provide_context(Part::<S> {
            draw,
            slot: PhantomData,
        });
    }

    /// The place drawn from `args`; nothing where no one draws it.
    pub fn view(args: S::Args) -> Option<AnyView> {
        use_context::<Part<S>>().map(|part| (part.draw)(args))
    }
}
