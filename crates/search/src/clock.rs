//! The search's clock: `std::time::Instant` where the platform has one. A WebAssembly module
//! built for `wasm32-unknown-unknown` has no clock of its own (`Instant::now` panics there):
//! its host hands one in with [`set_host_clock`] (the page's `performance.now()`); until it
//! does, time stands still and only depth and node limits stop a search.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use host::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use host::set_host_clock;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod host {
    use std::sync::OnceLock;
    use std::time::Duration;

    static NOW_MS: OnceLock<fn() -> f64> = OnceLock::new();

    /// Gives the search its clock: a function answering milliseconds from any fixed origin
    /// (`performance.now()`). The first call counts; later ones are ignored.
    pub fn set_host_clock(now_ms: fn() -> f64) {
        let _ = NOW_MS.set(now_ms);
    }

    /// A moment of the host's clock, in milliseconds.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Instant(f64);

    impl Instant {
        pub(crate) fn now() -> Instant {
            Instant(NOW_MS.get().map_or(0.0, |now| now()))
        }

        pub(crate) fn elapsed(&self) -> Duration {
            Duration::from_secs_f64((Instant::now().0 - self.0).max(0.0) / 1000.0)
        }
    }
}
