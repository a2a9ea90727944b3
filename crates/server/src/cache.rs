//! The answers already sent, kept by their request so that a position asked again is answered
//! without probing: a bounded memory of response bodies, as lila-tablebase keeps one.
//!
//! The cache holds at most its budget of bytes (keys and bodies, with a fixed allowance per
//! entry), split over shards that each have their own lock, so that requests on different
//! threads rarely wait for each other; a full shard forgets its oldest entries first. An
//! answer depends only on its request and on tables that do not change while the server
//! runs, so an entry never goes stale.

use std::collections::hash_map::RandomState;
use std::collections::{HashMap, VecDeque};
use std::hash::BuildHasher;
use std::sync::{Arc, Mutex};

use axum::body::Bytes;

/// Shards, each with its own lock (a power of two).
const SHARDS: usize = 16;

/// Bytes counted for an entry besides its key and body: the map's and the queue's slots.
const ENTRY_OVERHEAD: usize = 96;

/// A bounded memory of response bodies by request key.
#[derive(Debug)]
pub(crate) struct Cache {
    shards: Box<[Mutex<Shard>]>,
    /// Each shard's share of the budget.
    shard_budget: usize,
    hasher: RandomState,
}

/// One shard: its entries, their keys oldest first, and the bytes they count for.
#[derive(Debug, Default)]
struct Shard {
    bodies: HashMap<Arc<[u8]>, Bytes>,
    oldest_first: VecDeque<Arc<[u8]>>,
    bytes: usize,
}

impl Cache {
    /// A cache of at most `budget` bytes; 0 keeps nothing.
    pub(crate) fn new(budget: usize) -> Cache {
        Cache {
            shards: (0..SHARDS).map(|_| Mutex::new(Shard::default())).collect(),
            shard_budget: budget / SHARDS,
            hasher: RandomState::new(),
        }
    }

    fn shard(&self, key: &[u8]) -> &Mutex<Shard> {
        let h = self.hasher.hash_one(key);
        // the low bits pick the shard (SHARDS is a power of two)
        &self.shards[usize::try_from(h % SHARDS as u64).unwrap_or(0)]
    }

    /// The body kept for `key`, if any.
    pub(crate) fn get(&self, key: &[u8]) -> Option<Bytes> {
        // a poisoned lock (a panic while holding it) only loses the cache's help
        self.shard(key).lock().ok()?.bodies.get(key).cloned()
    }

    /// Keeps `body` for `key`, forgetting the shard's oldest entries to make room; a body
    /// larger than a shard's share is not kept.
    pub(crate) fn insert(&self, key: &[u8], body: Bytes) {
        let size = key.len() + body.len() + ENTRY_OVERHEAD;
        if size > self.shard_budget {
            return;
        }
        let Ok(mut shard) = self.shard(key).lock() else { return };
        if shard.bodies.contains_key(key) {
            return;
        }
        while shard.bytes + size > self.shard_budget {
            let Some(old) = shard.oldest_first.pop_front() else { break };
            if let Some(gone) = shard.bodies.remove(&old) {
                shard.bytes -= old.len() + gone.len() + ENTRY_OVERHEAD;
            }
        }
        let key: Arc<[u8]> = Arc::from(key);
        shard.oldest_first.push_back(Arc::clone(&key));
        shard.bodies.insert(key, body);
        shard.bytes += size;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_what_it_is_given_and_forgets_the_oldest_when_full() {
        let cache = Cache::new(SHARDS * 1_000);
        cache.insert(b"a", Bytes::from_static(b"first"));
        assert_eq!(cache.get(b"a").unwrap(), "first");
        assert!(cache.get(b"b").is_none());
        // a second insert of a key keeps the first body
        cache.insert(b"a", Bytes::from_static(b"second"));
        assert_eq!(cache.get(b"a").unwrap(), "first");
        // far more than the budget: what is kept stays within it, and the newest is there
        let body = Bytes::from(vec![b'x'; 200]);
        for i in 0..1_000 {
            cache.insert(format!("key {i}").as_bytes(), body.clone());
        }
        assert!(cache.get(b"key 999").is_some());
        assert!(cache.get(b"key 0").is_none());
        for shard in &*cache.shards {
            let shard = shard.lock().unwrap();
            assert!(shard.bytes <= cache.shard_budget);
            assert_eq!(shard.bodies.len(), shard.oldest_first.len());
        }
        // a body larger than a shard's share is not kept; a zero budget keeps nothing
        cache.insert(b"big", Bytes::from(vec![0; 2_000]));
        assert!(cache.get(b"big").is_none());
        let none = Cache::new(0);
        none.insert(b"a", Bytes::from_static(b"x"));
        assert!(none.get(b"a").is_none());
    }
}
