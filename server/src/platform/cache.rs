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
    /// The most the entries may weigh together.
    budget: usize,
    weight: fn(&V) -> usize,
}

struct Inner<V> {
    entries: HashMap<String, (Instant, V)>,
    /// What the entries weigh together.
    total: usize,
    generation: u64,
}

impl<V: Clone> Cache<V> {
    /// At most `max` entries.
    pub fn new(ttl: Duration, max: usize) -> Self {
        Self::weighed(ttl, max, |_| 1)
    }

    /// Entries weighing at most `budget` together (in bytes, say), each weighed by `weight`.
    pub fn weighed(ttl: Duration, budget: usize, weight: fn(&V) -> usize) -> Self {
        Cache {
            inner: Arc::new(Mutex::new(Inner {
                entries: HashMap::new(),
                total: 0,
                generation: 0,
            })),
            ttl,
            budget: budget.max(1),
            weight,
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

    /// Keeps a loaded value, unless something was forgotten since `generation` was read or it
    /// alone weighs more than the budget.
    pub fn put(&self, generation: u64, key: String, value: V) {
        let weight = (self.weight)(&value);
        let mut inner = self.lock();
        if inner.generation != generation || weight > self.budget {
            return;
        }
        if let Some((_, old)) = inner.entries.remove(&key) {
            inner.total -= (self.weight)(&old);
        }
        if inner.total + weight > self.budget {
            self.make_room(&mut inner, weight);
        }
        inner.total += weight;
        inner.entries.insert(key, (Instant::now(), value));
    }

    /// Drops the expired entries, then the oldest until `weight` fits with a tenth of the budget
    /// to spare, so that room is not made again at every put.
    fn make_room(&self, inner: &mut Inner<V>, weight: usize) {
        let (ttl, weigh) = (self.ttl, self.weight);
        let mut total = inner.total;
        inner.entries.retain(|_, (at, value)| {
            let live = at.elapsed() < ttl;
            if !live {
                total -= weigh(value);
            }
            live
        });
        let target = (self.budget - self.budget / 10).saturating_sub(weight);
        if total > target {
            let mut by_age: Vec<(Instant, String)> = inner
                .entries
                .iter()
                .map(|(key, (at, _))| (*at, key.clone()))
                .collect();
            by_age.sort_unstable();
            for (_, key) in by_age {
                if total <= target {
                    break;
                }
                if let Some((_, value)) = inner.entries.remove(&key) {
                    total -= weigh(&value);
                }
            }
        }
        inner.total = total;
    }

    pub fn forget(&self, key: &str) {
        let mut inner = self.lock();
        inner.generation += 1;
        if let Some((_, value)) = inner.entries.remove(key) {
            inner.total -= (self.weight)(&value);
        }
    }

    /// Forgets every entry the predicate picks.
    pub fn forget_where(&self, pick: impl Fn(&V) -> bool) {
        let mut inner = self.lock();
        inner.generation += 1;
        let weigh = self.weight;
        let mut total = inner.total;
        inner.entries.retain(|_, (_, value)| {
            let keep = !pick(value);
            if !keep {
                total -= weigh(value);
            }
            keep
        });
        inner.total = total;
    }

    pub fn clear(&self) {
        let mut inner = self.lock();
        inner.generation += 1;
        inner.entries.clear();
        inner.total = 0;
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
    fn a_weighed_cache_drops_the_oldest_first_and_refuses_what_cannot_fit() {
        let cache: Cache<usize> = Cache::weighed(Duration::from_secs(60), 100, |v| *v);
        for (key, weight) in [("a", 40), ("b", 30), ("c", 20)] {
            cache.put(cache.generation(), key.to_owned(), weight);
        }
        // 90 kept; 30 more drop the oldest until they fit in 90 (the budget less a tenth): "a".
        cache.put(cache.generation(), "d".to_owned(), 30);
        assert_eq!(cache.get("a"), None);
        assert_eq!(cache.get("b"), Some(30));
        assert_eq!(cache.get("d"), Some(30));
        assert_eq!(cache.lock().total, 80);
        // Replacing an entry counts only its new weight.
        cache.put(cache.generation(), "d".to_owned(), 10);
        assert_eq!(cache.lock().total, 60);
        cache.put(cache.generation(), "huge".to_owned(), 101);
        assert_eq!(cache.get("huge"), None);
        cache.forget("c");
        assert_eq!(cache.lock().total, 40);
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
