//! The sets the engine's memory keeps, written for the size-tuned core module: sorted `u64` keys
//! found by binary search, and short lists of handles. Each replaces a standard-library routine
//! that is larger in the module (docs/decisions/0004 has the numbers); none can panic.

use alloc::vec::Vec;

use crate::model::Handle;

/// The index of the first key `>= key` in sorted `keys` (their length when none is): a binary
/// search written out, smaller than `slice::binary_search` in the size-tuned module. One function
/// the memory's lookups share: smaller than a copy in each, and no slower (docs/decisions/0004).
#[inline]
pub fn lower_bound(keys: &[u64], key: u64) -> usize {
    let (mut low, mut high) = (0, keys.len());
    while low < high {
        let middle = low + (high - low) / 2;
        match keys.get(middle) {
            Some(&probe) if probe < key => low = middle + 1,
            _ => high = middle,
        }
    }
    low
}

/// Whether sorted `keys` hold `key`. One function every caller shares, smaller than the binary
/// search inlined in each (docs/decisions/0004); `was_sent` inlines, so the decision calls this
/// directly.
#[inline(never)]
pub fn contains_sorted(keys: &[u64], key: u64) -> bool {
    keys.get(lower_bound(keys, key)) == Some(&key)
}

/// Sorts keys in place: heapsort, O(n log n) for a hostile message's thousands of parts, in a few
/// hundred bytes of WebAssembly where the standard library's sort takes several KB per key type
/// (BENCHMARKS.md, the core's contents). The glue interns ids in the order it meets them, so keys
/// usually arrive sorted already: that is checked first, in one pass. Every access is checked
/// (`get`), but for `swap(0, step)` with `step < len` by the loop's range, which the compiler sees
/// (no bounds-check message in the module): no index can panic, and the core carries no panic
/// message of its own.
pub fn sort(keys: &mut [u64]) {
    if keys.windows(2).all(|pair| pair.first() <= pair.last()) {
        return;
    }
    fn sift_down(heap: &mut [u64], mut root: usize) {
        loop {
            let left = 2 * root + 1;
            let child = match (heap.get(left), heap.get(left + 1)) {
                (Some(l), Some(r)) if r > l => left + 1,
                (Some(_), _) => left,
                (None, _) => return,
            };
            let (Some(&parent), Some(&larger)) = (heap.get(root), heap.get(child)) else {
                return;
            };
            if parent >= larger {
                return;
            }
            if let Some(slot) = heap.get_mut(root) {
                *slot = larger;
            }
            if let Some(slot) = heap.get_mut(child) {
                *slot = parent;
            }
            root = child;
        }
    }
    // One loop for both phases, so `sift_down` is one copy: the steps past `len` build the heap,
    // the others move its largest key to the end, and the heap shrinks by one.
    let len = keys.len();
    for step in (0..len + len / 2).rev() {
        let (root, end) = if step >= len {
            (step - len, len)
        } else {
            keys.swap(0, step);
            (0, step)
        };
        if let Some(heap) = keys.get_mut(..end) {
            sift_down(heap, root);
        }
    }
}

/// Whether `handles` holds `handle`. A loop, not `slice::contains`, which the size-tuned module
/// unrolls at each call (docs/decisions/0004): this is one small function every list shares.
pub fn holds(handles: &[Handle], handle: Handle) -> bool {
    for &held in handles {
        if held == handle {
            return true;
        }
    }
    false
}

/// Keeps each key once (`keys` are sorted, so a repeat follows its first), and only the keys in
/// sorted `within` when given: `Vec::retain` and `Vec::dedup` written out as one loop of checked
/// reads and writes, smaller than theirs in the size-tuned module.
pub fn keep_only(keys: &mut Vec<u64>, within: Option<&[u64]>) {
    let mut kept = 0;
    for at in 0..keys.len() {
        let Some(&key) = keys.get(at) else { break };
        let repeat = kept > 0 && keys.get(kept - 1) == Some(&key);
        if repeat || within.is_some_and(|within| !contains_sorted(within, key)) {
            continue;
        }
        if let Some(slot) = keys.get_mut(kept) {
            *slot = key;
        }
        kept += 1;
    }
    keys.truncate(kept);
}

/// Forgets a bounded list's oldest entry: the others move down one, by checked reads and writes.
/// Not `remove(0)` or `copy_within`, which bring their bounds-check messages into the core (it
/// carries no panic text of its own), nor `retain`, whose closure is larger (docs/decisions/0004).
pub fn forget_oldest<T: Copy>(list: &mut Vec<T>) {
    for at in 1..list.len() {
        if let Some(&later) = list.get(at) {
            if let Some(slot) = list.get_mut(at - 1) {
                *slot = later;
            }
        }
    }
    list.pop();
}

/// A walk beside one kind's sorted remembered keys, met by that kind's present keys in ascending
/// order (`memory::KeepsAll`).
#[derive(Default)]
pub struct Walk {
    /// The next remembered key to meet.
    pub next: usize,
    /// The last present key met.
    last: Option<u64>,
}

impl Walk {
    /// Meets the next present key; false when the keys are not ascending, or a remembered key
    /// below this one was never met (no later key is it: it would be forgotten).
    #[inline(always)]
    pub fn meet(&mut self, kept: &[u64], key: u64) -> bool {
        if self.last >= Some(key) {
            return false;
        }
        self.last = Some(key);
        match kept.get(self.next) {
            Some(&kept) if kept < key => return false,
            Some(&kept) if kept == key => self.next += 1,
            _ => {}
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_orders_any_keys() {
        let mut keys: Vec<u64> = (0..200u64)
            .map(|i| (i * 7919) % 211 + (i % 3) * (1 << 40))
            .collect();
        let mut expected = keys.clone();
        expected.sort_unstable();
        sort(&mut keys);
        assert_eq!(keys, expected);
        for len in 0..5 {
            let mut few: Vec<u64> = (0..len).rev().collect();
            sort(&mut few);
            assert!(few.windows(2).all(|w| w[0] <= w[1]));
        }
    }
}
