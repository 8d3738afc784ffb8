//! Shanten counted the way a player asks for it on its turn: the shanten each discard leaves and
//! the kinds that would then lower it (the kernel's `discards`, `improving_kinds`), the same
//! numbers as `distance::standard` and `distance::minimum`, found from each suit's vector (the
//! suit that changes looked up, the other three combined once) rather than from scratch.

use crate::distance::{self, Vector};

const GROUPS: [(usize, usize); 4] = [(0, 9), (9, 9), (18, 9), (27, 7)];
const POW5: [u32; 9] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];

fn group_of(x: usize) -> usize {
    (x / 9).min(3)
}

/// The best overlap of `a` and `b` together with a pair and `m` sets.
fn overlap(a: &Vector, b: &Vector, m: usize) -> i32 {
    let m = m.min(4); // at most four sets: the indices below stay in the vectors, unchecked
    let mut best = 0;
    for s in 0..=m {
        best = best.max(a[s] + b[5 + m - s]).max(a[5 + s] + b[m - s]);
    }
    best as i32
}

/// Whether each kind is a terminal or an honour.
const YAOCHU: [bool; 34] = {
    let mut t = [false; 34];
    let mut i = 0;
    while i < distance::YAOCHU.len() {
        t[distance::YAOCHU[i]] = true;
        i += 1;
    }
    t
};

/// A hand's suits: each group's code and vector, and the other three groups combined.
pub struct Parts {
    codes: [u32; 4],
    rest: [Vector; 4],
    kinds: i32,
    pairs: i32,
    ykinds: i32,
    ypairs: i32,
    pub shanten: i32,
}

/// The shanten of one seat's hands: the standard form with the copies its melds leave (`caps`),
/// and for a hand without melds seven pairs and thirteen orphans too (`distance::minimum`).
pub struct Counter {
    caps: [u8; 34],
    /// Each group's caps as a code, in the key of a kept vector.
    caps_codes: [u64; 4],
    forms: bool,
    m: usize,
    kept: Option<Box<Kept>>,
}

fn code(c: &[u8]) -> u32 {
    c.iter().zip(POW5.iter()).map(|(&n, &p)| n as u32 * p).sum()
}

/// Suit vectors found lately, by (counts, caps, honours): a direct-mapped table in front of
/// `distance::suit_vector` (whose own table, of suits with every copy left, is a hash map), kept
/// from one turn to the next by each thread.
pub struct Kept {
    keys: Vec<u64>,
    vectors: Vec<Vector>,
}

const KEPT_BITS: u32 = 16;
const EMPTY: u64 = u64::MAX;

thread_local! {
    static KEPT: std::cell::RefCell<Option<Box<Kept>>> = std::cell::RefCell::new(None);
}

impl Drop for Counter {
    fn drop(&mut self) {
        if let Some(kept) = self.kept.take() {
            KEPT.with(|k| *k.borrow_mut() = Some(kept));
        }
    }
}

impl Counter {
    /// `caps`: a hand with melds (the standard form only); `m`: the sets its concealed tiles need.
    pub fn new(caps: Option<&[u8; 34]>, m: usize) -> Counter {
        let forms = caps.is_none() && m == 4;
        let caps = caps.copied().unwrap_or([4; 34]);
        let caps_codes = [0, 1, 2, 3].map(|g| code(&caps[GROUPS[g].0..GROUPS[g].0 + GROUPS[g].1]) as u64);
        let kept = KEPT.with(|k| k.borrow_mut().take()).unwrap_or_else(|| {
            Box::new(Kept { keys: vec![EMPTY; 1 << KEPT_BITS], vectors: vec![[0; 10]; 1 << KEPT_BITS] })
        });
        Counter { caps, caps_codes, forms, m, kept: Some(kept) }
    }

    fn vector(&mut self, g: usize, code: u32) -> Vector {
        let key = code as u64 | self.caps_codes[g] << 21 | (g as u64) << 42;
        let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - KEPT_BITS)) as usize;
        let kept = self.kept.as_mut().unwrap();
        if kept.keys[slot] == key {
            return kept.vectors[slot];
        }
        let (start, len) = GROUPS[g];
        let mut c = [0u8; 9];
        let mut x = code;
        for slot in c.iter_mut().take(len) {
            *slot = (x % 5) as u8;
            x /= 5;
        }
        let v = distance::suit_vector(&c[..len], &self.caps[start..start + len], g == 3);
        kept.keys[slot] = key;
        kept.vectors[slot] = v;
        v
    }

    fn others(kinds: i32, pairs: i32, ykinds: i32, ypairs: i32) -> i32 {
        let chiitoitsu = 6 - pairs + (7 - kinds).max(0);
        let kokushi = 13 - ykinds - (ypairs > 0) as i32;
        chiitoitsu.min(kokushi)
    }

    pub fn parts(&mut self, k: &[u8; 34]) -> Parts {
        let mut codes = [0u32; 4];
        let mut v = [[0u8; 10]; 4];
        for (g, &(start, len)) in GROUPS.iter().enumerate() {
            codes[g] = code(&k[start..start + len]);
            v[g] = self.vector(g, codes[g]);
        }
        let p01 = distance::combine(&v[0], &v[1]);
        let p23 = distance::combine(&v[2], &v[3]);
        let rest = [
            distance::combine(&v[1], &p23),
            distance::combine(&v[0], &p23),
            distance::combine(&p01, &v[3]),
            distance::combine(&p01, &v[2]),
        ];
        let (mut kinds, mut pairs, mut ykinds, mut ypairs) = (0, 0, 0, 0);
        for (x, &c) in k.iter().enumerate() {
            kinds += (c > 0) as i32;
            pairs += (c >= 2) as i32;
            if YAOCHU[x] {
                ykinds += (c > 0) as i32;
                ypairs += (c >= 2) as i32;
            }
        }
        let m = self.m;
        let mut shanten = 3 * m as i32 + 1 - overlap(&rest[0], &v[0], m);
        if self.forms && shanten >= 0 {
            shanten = shanten.min(Self::others(kinds, pairs, ykinds, ypairs));
        }
        Parts { codes, rest, kinds, pairs, ykinds, ypairs, shanten }
    }

    /// The shanten of concealed counts `k` (`distance::standard` with the caps, or `minimum`).
    pub fn shanten(&mut self, k: &[u8; 34]) -> i32 {
        self.parts(k).shanten
    }

    /// The shanten of the hand of `p` (counts `k`) with one more (`up`) or one fewer of kind `x`.
    pub fn after(&mut self, p: &Parts, k: &[u8; 34], x: usize, up: bool) -> i32 {
        let g = group_of(x);
        let step = POW5[x - GROUPS[g].0];
        let v = self.vector(g, if up { p.codes[g] + step } else { p.codes[g] - step });
        let m = self.m;
        let standard = 3 * m as i32 + 1 - overlap(&p.rest[g], &v, m);
        if !self.forms || standard < 0 {
            return standard;
        }
        let c = k[x];
        let (dk, dp) = if up { ((c == 0) as i32, (c == 1) as i32) } else { (-((c == 1) as i32), -((c == 2) as i32)) };
        let y = YAOCHU[x] as i32;
        standard.min(Self::others(p.kinds + dk, p.pairs + dp, p.ykinds + y * dk, p.ypairs + y * dp))
    }

    /// The kinds (one bit each) among `asked` whose draw takes concealed counts `k` below shanten
    /// `current`, never one `held` four times (`improving_kinds`, of the kinds asked about).
    pub fn improving(&mut self, k: &[u8; 34], held: &[u8; 34], current: i32, asked: u64) -> u64 {
        let p = self.parts(k);
        let mut out = 0u64;
        for x in 0..34 {
            if held[x] >= 4 || k[x] >= 4 || asked >> x & 1 == 0 {
                continue;
            }
            if self.after(&p, k, x, true) < current {
                out |= 1 << x;
            }
        }
        out
    }
}
