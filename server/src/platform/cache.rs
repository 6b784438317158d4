//! A small in-memory map of recent reads, for records read far more often than they change.
//!
//! Entries expire after a time to live, as a safety net; the real freshness comes from
//! `platform::changes`, which makes every instance forget an entry as soon as its records change.
//! A read that raced a change must not put back what it read before the change: `put` takes the
//! generation seen before loading and is ignored if anything was forgotten since.

use super::changes::{Change, Forget};
use std::{
    collections::HashMap,
    sync::{Arc, Mutex, PoisonError},
    time::{Duration, Instant},
};

#[derive(Clone)]
pub struct Cache<V> {
    inner: Arc<Mutex<Inner<V>>>,
    ttl: Duration,
    max: usize,
}

struct Inner<V> {
    entries: HashMap<String, (Instant, V)>,
    generation: u64,
}

impl<V: Clone> Cache<V> {
    pub fn new(ttl: Duration, max: usize) -> Self {
        Cache {
            inner: Arc::new(Mutex::new(Inner {
                entries: HashMap::new(),
                generation: 0,
            })),
            ttl,
            max: max.max(1),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner<V>> {
        // A panic while holding the lock cannot leave the map half-changed in a way that matters.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn get(&self, key: &str) -> Option<V> {
        let inner = self.lock();
        let (at, value) = inner.entries.get(key)?;
        (at.elapsed() < self.ttl).then(|| value.clone())
    }

    /// To be read before loading what will be `put`.
    pub fn generation(&self) -> u64 {
        self.lock().generation
    }

    /// Keeps a loaded value, unless something was forgotten since `generation` was read.
    pub fn put(&self, generation: u64, key: String, value: V) {
        let mut inner = self.lock();
        if inner.generation != generation {
            return;
        }
        if inner.entries.len() >= self.max && !inner.entries.contains_key(&key) {
            let ttl = self.ttl;
            inner.entries.retain(|_, (at, _)| at.elapsed() < ttl);
            // Still full of live entries: drop about a tenth of them, whichever come first.
            let mut drop = (inner.entries.len() + 1).saturating_sub(self.max - self.max / 10);
            inner.entries.retain(|_, _| {
                let keep = drop == 0;
                drop = drop.saturating_sub(1);
                keep
            });
        }
        inner.entries.insert(key, (Instant::now(), value));
    }

    pub fn forget(&self, key: &str) {
        let mut inner = self.lock();
        inner.generation += 1;
        inner.entries.remove(key);
    }

    /// Forgets every entry the predicate picks.
    pub fn forget_where(&self, pick: impl Fn(&V) -> bool) {
        let mut inner = self.lock();
        inner.generation += 1;
        inner.entries.retain(|_, (_, value)| !pick(value));
    }

    pub fn clear(&self) {
        let mut inner = self.lock();
        inner.generation += 1;
        inner.entries.clear();
    }
}

impl<V: Clone + Send + 'static> Cache<V> {
    /// How this cache, keyed by the id `key_of` finds in a change, forgets on an announcement
    /// (`platform::changes`): that key, or everything when announcements may have been missed.
    pub fn forgetter(&self, key_of: for<'a> fn(&Change<'a>) -> Option<&'a str>) -> Forget {
        let cache = self.clone();
        Box::new(move |change| match change {
            Some(change) => {
                if let Some(key) = key_of(change) {
                    cache.forget(key);
                }
            }
            None => cache.clear(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_read_that_raced_a_change_is_not_kept() {
        let cache = Cache::new(Duration::from_secs(60), 10);
        let seen = cache.generation();
        cache.forget("family");
        cache.put(seen, "family".to_owned(), 1);
        assert_eq!(cache.get("family"), None);
        cache.put(cache.generation(), "family".to_owned(), 2);
        assert_eq!(cache.get("family"), Some(2));
    }

    #[test]
    fn entries_expire() {
        let cache = Cache::new(Duration::ZERO, 10);
        cache.put(cache.generation(), "a".to_owned(), 1);
        assert_eq!(cache.get("a"), None);
    }

    #[test]
    fn a_full_cache_makes_room_and_keeps_the_new_entry() {
        let cache = Cache::new(Duration::from_secs(60), 10);
        for i in 0..25 {
            cache.put(cache.generation(), i.to_string(), i);
        }
        assert_eq!(cache.get("24"), Some(24));
        assert!(cache.lock().entries.len() <= 10);
    }

    #[test]
    fn forget_where_picks_by_value() {
        let cache = Cache::new(Duration::from_secs(60), 10);
        cache.put(cache.generation(), "a".to_owned(), 1);
        cache.put(cache.generation(), "b".to_owned(), 2);
        cache.forget_where(|v| *v == 1);
        assert_eq!(cache.get("a"), None);
        assert_eq!(cache.get("b"), Some(2));
    }
}
