//! Shanten by exchange distance, the same definition as the Python kernel's
//! (`mjrules/kernel/python.py`): `(3m + 2) - max |H ∩ T| - 1` over complete targets `T`
//! that never hold more copies of a kind than are left for it.
//!
//! Each suit's best overlap for "at most `s` sets and at most `p` pairs" is a 10-entry vector
//! (index `p * 5 + s`), found by a dynamic programme over the suit's positions; suits combine by
//! max-plus convolution. Vectors of suits with all four copies left are kept per count vector:
//! at most 405,350 suit vectors exist, so the table is bounded by construction.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

pub type Vector = [u8; 10];

/// Kinds of thirteen orphans: the terminals and the honours.
pub const YAOCHU: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// A multiplicative hasher: the keys are already well-spread integers (base-5 count codes).
#[derive(Default)]
pub struct CodeHasher(u64);

impl Hasher for CodeHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100000001b3);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n.wrapping_mul(0x9E3779B97F4A7C15);
    }
}

type CodeMap<V> = HashMap<u64, V, BuildHasherDefault<CodeHasher>>;

thread_local! {
    static SUIT_VECTORS: RefCell<CodeMap<Vector>> = RefCell::new(CodeMap::default());
}

/// The dynamic programme over one suit's positions (see the Python kernel's `_best`).
struct Suit<'a> {
    h: &'a [u8],
    caps: &'a [u8],
    seq: bool,
    memo: [[[Option<Vector>; 10]; 5]; 5],
}

impl<'a> Suit<'a> {
    fn new(h: &'a [u8], caps: &'a [u8], seq: bool) -> Self {
        Suit { h, caps, seq, memo: [[[None; 10]; 5]; 5] }
    }

    /// Best overlap from position `pos` on, when `a` sequences began one position back and `b`
    /// two back.
    fn best(&mut self, a: usize, b: usize, pos: usize) -> Vector {
        let n = self.h.len() - pos;
        if n == 0 {
            return [0; 10];
        }
        if let Some(v) = self.memo[a][b][pos] {
            return v;
        }
        let hj = self.h[pos] as usize;
        let cap = self.caps[pos] as usize;
        let base = a + b;
        let mut best = [0u8; 10];
        // More sequences beginning here than the largest of the next three counts would all overshoot.
        let cmax = if self.seq && n > 2 {
            4.min(hj.max(self.h[pos + 1] as usize).max(self.h[pos + 2] as usize))
        } else {
            0
        };
        for c in 0..=cmax {
            for t in 0..2 {
                if t == 1 && (hj <= base + c || c + t > 4) {
                    continue;
                }
                for q in 0..2 {
                    if q == 1 && hj <= base + c + 3 * t {
                        continue;
                    }
                    let tj = base + c + 3 * t + 2 * q;
                    if tj > cap {
                        continue;
                    }
                    let gain = hj.min(tj) as u8;
                    let sub = self.best(c, a, pos + 1);
                    let d = c + t;
                    for p in q..2 {
                        for s in d..5 {
                            let v = gain + sub[(p - q) * 5 + s - d];
                            if v > best[p * 5 + s] {
                                best[p * 5 + s] = v;
                            }
                        }
                    }
                }
            }
        }
        self.memo[a][b][pos] = Some(best);
        best
    }
}

fn code(part: &[u8]) -> u64 {
    part.iter().rev().fold(0u64, |acc, &c| acc * 5 + c as u64)
}

/// The vector of one suit (`honours`: the seven honour kinds, which make no sequences).
pub fn suit_vector(h: &[u8], caps: &[u8], honours: bool) -> Vector {
    if caps.iter().all(|&c| c == 4) {
        let key = code(h) | (honours as u64) << 40;
        if let Some(v) = SUIT_VECTORS.with(|t| t.borrow().get(&key).copied()) {
            return v;
        }
        let v = Suit::new(h, caps, !honours).best(0, 0, 0);
        SUIT_VECTORS.with(|t| t.borrow_mut().insert(key, v));
        return v;
    }
    Suit::new(h, caps, !honours).best(0, 0, 0)
}

pub fn combine(x: &Vector, y: &Vector) -> Vector {
    let mut out = [0u8; 10];
    for p in 0..2 {
        for s in 0..5 {
            let mut best = 0;
            for pa in 0..=p {
                let pb = p - pa;
                for sa in 0..=s {
                    let v = x[pa * 5 + sa] + y[pb * 5 + s - sa];
                    if v > best {
                        best = v;
                    }
                }
            }
            out[p * 5 + s] = best;
        }
    }
    out
}

pub const FULL: [u8; 34] = [4; 34];

/// Whether 34 counts (or caps) are each 0–4.
#[allow(dead_code)]
pub fn valid_counts(counts: &[u8]) -> bool {
    counts.len() == 34 && counts.iter().all(|&c| c <= 4)
}

/// Sets still needed for a concealed tile count (melds implied), or None when it is not
/// 3k+1 or 3k+2 tiles, at most 14.
pub fn sets_needed(counts: &[u8]) -> Option<usize> {
    let n: usize = counts.iter().map(|&c| c as usize).sum();
    if n == 0 || n > 14 || n % 3 == 0 {
        None
    } else {
        Some(n / 3)
    }
}

/// Shanten of the four-sets-and-a-pair form; `caps` per kind (4 less the copies in melds).
pub fn standard(counts: &[u8], caps: &[u8], m: usize) -> i32 {
    let mut v = suit_vector(&counts[0..9], &caps[0..9], false);
    v = combine(&v, &suit_vector(&counts[9..18], &caps[9..18], false));
    v = combine(&v, &suit_vector(&counts[18..27], &caps[18..27], false));
    v = combine(&v, &suit_vector(&counts[27..34], &caps[27..34], true));
    3 * m as i32 + 1 - v[5 + m] as i32
}

/// Seven different pairs, for 13 or 14 tiles.
pub fn chiitoitsu(counts: &[u8]) -> i32 {
    let kinds = counts.iter().filter(|&&c| c > 0).count() as i32;
    let pairs = counts.iter().filter(|&&c| c >= 2).count() as i32;
    6 - pairs + if kinds < 7 { 7 - kinds } else { 0 }
}

/// Thirteen orphans, for 13 or 14 tiles.
pub fn kokushi(counts: &[u8]) -> i32 {
    let kinds = YAOCHU.iter().filter(|&&i| counts[i] > 0).count() as i32;
    let paired = YAOCHU.iter().any(|&i| counts[i] >= 2);
    13 - kinds - paired as i32
}

/// Minimum over the three forms (seven pairs and thirteen orphans only for 13 or 14 tiles).
pub fn minimum(counts: &[u8], m: usize) -> i32 {
    let best = standard(counts, &FULL, m);
    if m != 4 || best < 0 {
        return best;
    }
    best.min(chiitoitsu(counts)).min(kokushi(counts))
}
