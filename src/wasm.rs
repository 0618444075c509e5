//! The browser binding (see issue 3): thin handles over the core.
