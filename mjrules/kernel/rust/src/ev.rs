//! The search of `discard --ev`: the graph of hand states a 14-tile hand reaches by draws and
//! discards, and each state's tenpai probability, win probability and expected score by turn,
//! every win scored by a Scorer's plan (`plan::Plan::points`). The definition is Python's
//! (`mjrules.tools.discard_ev`, its module text); this is the same search step for step, in the
//! same order, so that both give the same numbers (`tests/test_discard_ev_native.py`).
//!
//! Where the time goes, and what keeps it short (a four-shanten hand: 1.1 million states, 4
//! million draws; `bench/README.md`):
//!
//! * Finding a state: each state is made once, in a `Table` whose slot holds the state's compact
//!   key and number (one cache line a look-up); the look-ups of a state's neighbours are started
//!   together (`Table::touch`), so that they wait for memory at once rather than in turn.
//! * Shanten: each group's counts have a vector (`distance`), kept per count code with its
//!   neighbours' (one more, one fewer of a kind); a hand's groups are combined two by two, and
//!   the other three groups of each group when first needed, each combination kept in a small
//!   cache (`Shanten::combined`) that the states of a search share.
//! * Scoring: each winning hand is scored once per winning tile and riichi mark.
//! * Values: the graph as flat arrays; a turn computes only the states the roots reach in the
//!   draws before it (`by_draws`), the three objectives side by side.
use std::collections::{HashMap, VecDeque};

use pyo3::prelude::*;

use crate::distance::{self, Vector};
use crate::fx::Fx;
use crate::model::{self, Hand, Meld, Win};
use crate::plan::{Plan, State, Stop};

const FACES: usize = 37;
const T_MAX: usize = 18;
const NONE: u32 = u32::MAX;
const POW5: [u32; 9] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];
/// Each group's first kind and size: m, p, s, honours.
const GROUPS: [(usize, usize); 4] = [(0, 9), (9, 9), (18, 9), (27, 7)];
const YAOCHU_KIND: [bool; 34] = {
    let mut y = [false; 34];
    let mut i = 0;
    while i < 13 {
        y[distance::YAOCHU[i]] = true;
        i += 1;
    }
    y
};
const NORTH: usize = 30;

type Faces = [u8; FACES];

fn kind_of(f: usize) -> usize {
    if f < 34 {
        f
    } else {
        (f - 34) * 9 + 4
    }
}

fn group_of(k: usize) -> usize {
    if k < 27 {
        k / 9
    } else {
        3
    }
}

fn kinds(h: &Faces) -> [u8; 34] {
    let mut k = [0u8; 34];
    k.copy_from_slice(&h[..34]);
    k[4] += h[34];
    k[13] += h[35];
    k[22] += h[36];
    k
}

/// A hand's key: each suit's nine counts in base 5 (21 bits each), the honours' seven (17 bits),
/// each red five's count (3 bits); above them the riichi mark, and in a `Table`'s slot the state's
/// number. Adding a face to a hand adds its `DELTA` to the key.
const HONOURS_AT: u32 = 63;
const REDS_AT: u32 = 80;
const RIICHI_AT: u32 = 89;
const INDEX_AT: u32 = 90;
const KEY_MASK: u128 = (1 << INDEX_AT) - 1;
/// States a table numbers at most (38 bits above the key).
const MOST_STATES: usize = 1 << 38;
const SUIT_MASK: u128 = (1 << 21) - 1;
const HONOURS_MASK: u128 = (1 << 17) - 1;

const DELTA: [u128; FACES] = {
    let mut d = [0u128; FACES];
    let mut f = 0;
    while f < 34 {
        let (at, pos) = if f < 27 { (21 * (f / 9) as u32, f % 9) } else { (HONOURS_AT, f - 27) };
        d[f] = (POW5[pos] as u128) << at;
        f += 1;
    }
    while f < FACES {
        d[f] = 1u128 << (REDS_AT + 3 * (f - 34) as u32);
        f += 1;
    }
    d
};

fn pack(h: &Faces) -> u128 {
    h.iter().zip(DELTA.iter()).map(|(&c, &d)| c as u128 * d).sum()
}

/// The base-5 digits of 0 … 3124: five counts of a key's suit at a time.
const DIGITS: [[u8; 5]; 3125] = {
    let mut d = [[0u8; 5]; 3125];
    let mut x = 0;
    while x < 3125 {
        let mut y = x;
        let mut k = 0;
        while k < 5 {
            d[x][k] = (y % 5) as u8;
            y /= 5;
            k += 1;
        }
        x += 1;
    }
    d
};

fn unpack(key: u128) -> Faces {
    let mut h = [0u8; FACES];
    for (g, &(start, len)) in GROUPS.iter().enumerate() {
        let x = if g < 3 { key >> (21 * g) & SUIT_MASK } else { key >> HONOURS_AT & HONOURS_MASK } as usize;
        h[start..start + 5].copy_from_slice(&DIGITS[x % 3125]);
        h[start + 5..start + len].copy_from_slice(&DIGITS[x / 3125][..len - 5]);
    }
    for r in 0..3 {
        h[34 + r] = (key >> (REDS_AT as usize + 3 * r) & 7) as u8;
    }
    h
}

/// The states of a search by key (with its riichi mark), open-addressed: each slot holds a key and
/// the state's number above it (0: empty; no hand's key is 0). Three quarters full at most.
struct Table {
    slots: Vec<u128>,
    shift: u32,
    len: usize,
}

impl Table {
    fn new() -> Self {
        Table { slots: vec![0; 1 << 9], shift: 64 - 9, len: 0 }
    }

    fn home(&self, key: u128) -> usize {
        let x = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((x ^ x >> 29).wrapping_mul(0xD6E8_FEB8_6659_FD93) >> self.shift) as usize
    }

    /// Read the first slot of `key`, so that the look-ups of a state's neighbours wait for memory
    /// together rather than one after another.
    fn touch(&self, key: u128) {
        std::hint::black_box(self.slots[self.home(key)]);
    }

    /// The number of the state of `key`, or `Err(next)` once it is made state `next`.
    fn get_or_insert(&mut self, key: u128, next: u32) -> Result<u32, u32> {
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut pos = self.home(key);
        loop {
            let slot = self.slots[pos];
            if slot == 0 {
                self.slots[pos] = key | (next as u128) << INDEX_AT;
                self.len += 1;
                return Err(next);
            }
            if slot & KEY_MASK == key {
                return Ok((slot >> INDEX_AT) as u32);
            }
            pos = (pos + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = 2 * self.slots.len();
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        self.shift -= 1;
        let mask = self.slots.len() - 1;
        for slot in old.into_iter().filter(|&s| s != 0) {
            let mut pos = self.home(slot & KEY_MASK);
            while self.slots[pos] != 0 {
                pos = (pos + 1) & mask;
            }
            self.slots[pos] = slot;
        }
    }
}

// -- shanten ----------------------------------------------------------------------------------------

/// Shanten of the hands of one search: the standard form with the copies the melds leave (`caps`),
/// and seven pairs and thirteen orphans for a hand without melds, as `distance::minimum` counts them.
struct Shanten {
    caps: [u8; 34],
    forms: bool,
    m: usize,
    /// Per group, count code → its entry in `entries`.
    index: [HashMap<u32, u32, Fx>; 4],
    entries: Vec<Entry>,
    /// Groups' vectors combined (`Parts`), by what they combine: a direct-mapped cache of
    /// `COMBINED` slots (the states of a search share most of their groups with others).
    combined: Vec<(u64, Vector)>,
}

/// Slots of `Shanten::combined` (24 bytes each: it stays in a core's cache).
const COMBINED: usize = 1 << 14;
/// Entries a key of `Shanten::combined` can name (20 bits each).
const COMBINED_ENTRIES: u32 = 1 << 20;

/// One group's counts: their vector, and the vectors with one more and one fewer of each kind,
/// each found when first asked for, so that a hand's neighbours cost no further look-up.
struct Entry {
    code: u32,
    v: Vector,
    up: [Vector; 9],
    down: [Vector; 9],
    /// Which of `up` (bits 0-8) and `down` (bits 9-17) are found.
    have: u32,
}

/// A hand's parts: each group's entry, the groups combined two by two (m with p, s with the
/// honours), the other three groups combined for each group (found when first asked for: a state
/// that draws every tile needs none), and the counts seven pairs and thirteen orphans read.
struct Parts {
    entries: [u32; 4],
    halves: [Vector; 2],
    rest: [Option<Vector>; 4],
    kinds: i32,
    pairs: i32,
    ykinds: i32,
    ypairs: i32,
    /// The standard form's shanten.
    standard: i32,
    shanten: i32,
}

thread_local! {
    /// The entries of hands without melds (every copy left), kept from one search to the next: a
    /// file of hands meets the same suits again.
    static OPEN: std::cell::RefCell<Option<Shanten>> = std::cell::RefCell::new(None);
}

/// Entries kept between searches at most (about 200 bytes each).
const KEEP_ENTRIES: usize = 100_000;

impl Shanten {
    fn new(caps: [u8; 34], forms: bool, m: usize) -> Self {
        Shanten { caps, forms, m, index: Default::default(), entries: Vec::new(), combined: vec![(u64::MAX, [0; 10]); COMBINED] }
    }

    /// The shanten of a search: for a hand without melds, the entries kept from the last search.
    fn of(caps: Option<[u8; 34]>, m: usize) -> Self {
        match caps {
            Some(caps) => Shanten::new(caps, false, m),
            None => OPEN.with(|kept| kept.borrow_mut().take()).unwrap_or_else(|| Shanten::new([4; 34], true, 4)),
        }
    }

    /// Keep a search's entries for the next (a hand without melds), unless they grew too many.
    fn keep(self) {
        if self.forms && self.entries.len() <= KEEP_ENTRIES {
            OPEN.with(|kept| *kept.borrow_mut() = Some(self));
        }
    }

    fn entry(&mut self, g: usize, c: &[u8]) -> u32 {
        let code: u32 = c.iter().zip(POW5.iter()).map(|(&n, &p)| n as u32 * p).sum();
        if let Some(&e) = self.index[g].get(&code) {
            return e;
        }
        let v = self.vector(g, code);
        let id = self.entries.len() as u32;
        self.entries.push(Entry { code, v, up: [[0; 10]; 9], down: [[0; 10]; 9], have: 0 });
        self.index[g].insert(code, id);
        id
    }

    /// The vector of group `g`'s counts of `code` (an entry's, where there is one).
    fn vector(&self, g: usize, code: u32) -> Vector {
        if let Some(&e) = self.index[g].get(&code) {
            return self.entries[e as usize].v;
        }
        let (start, len) = GROUPS[g];
        let mut c = [0u8; 9];
        let mut x = code;
        for slot in c.iter_mut().take(len) {
            *slot = (x % 5) as u8;
            x /= 5;
        }
        distance::suit_vector(&c[..len], &self.caps[start..start + len], g == 3)
    }

    /// Entry `e`'s vector with one more (`up`) or one fewer of the kind at `pos` of group `g`.
    fn neighbour(&mut self, g: usize, e: u32, pos: usize, up: bool) -> Vector {
        let bit = 1 << (pos + if up { 0 } else { 9 });
        let entry = &self.entries[e as usize];
        if entry.have & bit != 0 {
            return if up { entry.up[pos] } else { entry.down[pos] };
        }
        let code = if up { entry.code + POW5[pos] } else { entry.code - POW5[pos] };
        let v = self.vector(g, code);
        let entry = &mut self.entries[e as usize];
        entry.have |= bit;
        if up {
            entry.up[pos] = v;
        } else {
            entry.down[pos] = v;
        }
        v
    }

    /// The best overlap of `a` and `b` together with a pair and `m` sets.
    fn overlap(&self, a: &Vector, b: &Vector) -> i32 {
        let m = self.m;
        // a's part with no pair against b's with the pair, then the other way round, set counts adding to m
        let one = a[..=m].iter().zip(b[5..=5 + m].iter().rev()).map(|(x, y)| x + y).max();
        let two = a[5..=5 + m].iter().zip(b[..=m].iter().rev()).map(|(x, y)| x + y).max();
        one.max(two).unwrap_or(0) as i32
    }

    fn others(&self, kinds: i32, pairs: i32, ykinds: i32, ypairs: i32) -> i32 {
        let chiitoitsu = 6 - pairs + (7 - kinds).max(0);
        let kokushi = 13 - ykinds - (ypairs > 0) as i32;
        chiitoitsu.min(kokushi)
    }

    fn parts(&mut self, k: &[u8; 34]) -> Parts {
        let mut entries = [0u32; 4];
        for (g, &(start, len)) in GROUPS.iter().enumerate() {
            entries[g] = self.entry(g, &k[start..start + len]);
        }
        let halves = [self.combine(0, [entries[0], entries[1]]), self.combine(1, [entries[2], entries[3]])];
        let (mut kinds, mut pairs, mut ykinds, mut ypairs) = (0, 0, 0, 0);
        for (x, &c) in k.iter().enumerate() {
            kinds += (c > 0) as i32;
            pairs += (c >= 2) as i32;
            if YAOCHU_KIND[x] {
                ykinds += (c > 0) as i32;
                ypairs += (c >= 2) as i32;
            }
        }
        let m = self.m as i32;
        // the four groups combined: the two halves' overlap (max-plus combining is associative)
        let standard = 3 * m + 1 - self.overlap(&halves[0], &halves[1]);
        let mut shanten = standard;
        if self.forms && shanten >= 0 {
            shanten = shanten.min(self.others(kinds, pairs, ykinds, ypairs));
        }
        Parts { entries, halves, rest: [None; 4], kinds, pairs, ykinds, ypairs, standard, shanten }
    }

    /// Two groups' entries combined (`half` 0: m and p, 1: s and the honours).
    fn combine(&mut self, half: u64, e: [u32; 2]) -> Vector {
        let make = |sh: &Self| distance::combine(&sh.entries[e[0] as usize].v, &sh.entries[e[1] as usize].v);
        self.cached(half, [e[0], e[1], 0], make)
    }

    /// The groups other than `g` combined.
    fn rest(&mut self, p: &mut Parts, g: usize) -> Vector {
        if let Some(v) = p.rest[g] {
            return v;
        }
        let e = p.entries;
        let (one, half) = match g {
            0 => (e[1], 1),
            1 => (e[0], 1),
            2 => (e[3], 0),
            _ => (e[2], 0),
        };
        let others = if half == 1 { [one, e[2], e[3]] } else { [one, e[0], e[1]] };
        let halves = p.halves;
        let r = self.cached(2 + g as u64, others, |sh| distance::combine(&sh.entries[one as usize].v, &halves[half]));
        p.rest[g] = Some(r);
        r
    }

    /// The vector `what` (0-1: a half, 2-5: the groups but one) of the entries `e`, from the cache
    /// or made by `make`.
    fn cached(&mut self, what: u64, e: [u32; 3], make: impl Fn(&Self) -> Vector) -> Vector {
        if e.iter().any(|&x| x >= COMBINED_ENTRIES) {
            return make(self);
        }
        let key = what << 60 | (e[0] as u64) << 40 | (e[1] as u64) << 20 | e[2] as u64;
        let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - COMBINED.trailing_zeros())) as usize;
        if self.combined[slot].0 == key {
            return self.combined[slot].1;
        }
        let v = make(self);
        self.combined[slot] = (key, v);
        v
    }

    /// The kinds (bits 0-33) whose draw lowers the shanten of a 13-tile hand, as `after` finds
    /// them, trying only the kinds that can. The standard form: a kind held, or within two of one
    /// held in its suit; any other kind ("isolated") lowers it only when a best target of the hand
    /// has a set or pair that the hand holds none of, which then may as well be made of that kind;
    /// so one isolated kind with three copies or more left answers for all such (the others, where
    /// melds hold copies, are tried one by one). Seven pairs and thirteen orphans, where they are
    /// at the hand's shanten: a single, a new kind while fewer than seven are held; a missing
    /// terminal or honour, or a held one while none is paired.
    fn improving(&mut self, p: &mut Parts, k: &[u8; 34]) -> u64 {
        let s = p.shanten;
        let mut out = 0u64;
        if p.standard == s {
            let mut near = 0u64;
            for (x, &c) in k.iter().enumerate() {
                if c == 0 {
                    continue;
                }
                if x >= 27 {
                    near |= 1 << x;
                } else {
                    let start = x - x % 9;
                    for y in x.saturating_sub(2).max(start)..=(x + 2).min(start + 8) {
                        near |= 1 << y;
                    }
                }
            }
            let mut sample: Option<bool> = None;
            for x in 0..34 {
                if k[x] >= 4 {
                    continue;
                }
                let better = if near >> x & 1 == 1 || self.caps[x] < 3 {
                    self.standard_after(p, x) < s
                } else {
                    *sample.get_or_insert_with(|| self.standard_after(p, x) < s)
                };
                if better {
                    out |= 1 << x;
                }
            }
        }
        if self.forms {
            if 6 - p.pairs + (7 - p.kinds).max(0) == s {
                for (x, &c) in k.iter().enumerate() {
                    if c == 1 || (c == 0 && p.kinds < 7) {
                        out |= 1 << x;
                    }
                }
            }
            if 13 - p.ykinds - (p.ypairs > 0) as i32 == s {
                for &x in distance::YAOCHU.iter() {
                    if k[x] == 0 || (k[x] == 1 && p.ypairs == 0) {
                        out |= 1 << x;
                    }
                }
            }
        }
        out
    }

    /// The standard form's shanten with one more of kind `x`.
    fn standard_after(&mut self, p: &mut Parts, x: usize) -> i32 {
        let g = group_of(x);
        let v = self.neighbour(g, p.entries[g], x - GROUPS[g].0, true);
        let rest = self.rest(p, g);
        3 * self.m as i32 + 1 - self.overlap(&rest, &v)
    }

    /// The shanten with one more (`up`) or one fewer of kind `x`.
    fn after(&mut self, p: &mut Parts, k: &[u8; 34], x: usize, up: bool) -> i32 {
        let g = group_of(x);
        let v = self.neighbour(g, p.entries[g], x - GROUPS[g].0, up);
        let rest = self.rest(p, g);
        let standard = 3 * self.m as i32 + 1 - self.overlap(&rest, &v);
        if !self.forms || standard < 0 {
            return standard;
        }
        let c = k[x];
        let (mut kinds, mut pairs, mut ykinds, mut ypairs) = (p.kinds, p.pairs, p.ykinds, p.ypairs);
        let (dk, dp) = if up {
            ((c == 0) as i32, (c == 1) as i32)
        } else {
            (-((c == 1) as i32), -((c == 2) as i32))
        };
        kinds += dk;
        pairs += dp;
        if YAOCHU_KIND[x] {
            ykinds += dk;
            ypairs += dp;
        }
        standard.min(self.others(kinds, pairs, ykinds, ypairs))
    }
}

// -- ura dora ---------------------------------------------------------------------------------------

fn comb(n: u128, r: u128) -> u128 {
    if r > n {
        return 0;
    }
    let mut out = 1u128;
    for i in 0..r {
        out = out * (n - i) / (i + 1);
    }
    out
}

/// Most indicators a hand can see (the first and four kan dora).
const MAX_INDICATORS: usize = 5;
/// Most ura dora one indicator can make: four copies of its dora, and four kita.
const MAX_GAIN: usize = 8;

/// `discard_ev.ura_distribution`: for each ura dora count, in increasing order, its probability and
/// indicator kinds that make it (the first choice found, as the Python version finds it: kind by
/// kind, then by indicators chosen so far, ura count and copies taken, each in increasing order).
fn ura_distribution(wall: &[u8; 34], gain: &[u32; 34], indicators: usize) -> Vec<(f64, Vec<u8>)> {
    let d = indicators.min(MAX_INDICATORS);
    let width = d * gain.iter().map(|&g| g as usize).max().unwrap_or(0).min(MAX_GAIN) + 1;
    let used = (d + 1) * width;
    // ways[x * width + u]: (ways to choose x indicators making u ura dora, one such choice)
    let mut ways = vec![(0u128, [0u8; MAX_INDICATORS]); used];
    let mut prev = ways.clone();
    ways[0].0 = 1;
    for k in 0..34 {
        let n = wall[k] as usize;
        if n == 0 {
            continue;
        }
        prev.copy_from_slice(&ways);
        for x in 0..d {
            for u in 0..width {
                let (count, pick) = prev[x * width + u];
                if count == 0 {
                    continue;
                }
                for take in 1..=n.min(d - x) {
                    let key = u + gain[k] as usize * take;
                    let slot = &mut ways[(x + take) * width + key];
                    if slot.0 == 0 {
                        slot.1 = pick;
                        slot.1[x..x + take].iter_mut().for_each(|p| *p = k as u8);
                    }
                    slot.0 += count * comb(n as u128, take as u128);
                }
            }
        }
    }
    let total = comb(wall.iter().map(|&c| c as u128).sum(), d as u128) as f64;
    (0..width)
        .filter_map(|u| {
            let (count, pick) = ways[d * width + u];
            (count > 0).then(|| (count as f64 / total, pick[..d].to_vec()))
        })
        .collect()
}

// -- the search -------------------------------------------------------------------------------------

/// A draw of a 13-tile state: its 14-tile state (`NONE`: the drawn tile is discarded at once), and
/// in one word the copies of the tile in the wall (3 bits) and where a win's points are in
/// `Scoring::values` (0: no win).
#[derive(Clone, Copy, Default)]
struct Draw {
    target: u32,
    win_copies: u32,
}

impl Draw {
    fn new(target: u32, copies: u8, score: u32) -> Self {
        Draw { target, win_copies: score << 3 | copies as u32 }
    }

    fn copies(&self) -> f64 {
        (self.win_copies & 7) as f64
    }

    fn score(&self) -> usize {
        (self.win_copies >> 3) as usize
    }
}

/// What a search scores its wins with: the plan, the hand's melds, the situation, the dora.
struct Scoring<'p> {
    plan: &'p Plan,
    melds: [Meld; 4],
    nmelds: usize,
    meld_kinds: [u8; 34],
    meld_reds: [u8; 3],
    meld_objs: Vec<PyObject>,
    seat: u8,
    round: u8,
    dora: Vec<u8>,
    kita: u8,
    dora_of: [u8; 34],
    kita_north: bool,
    fallback: PyObject,
    /// Each tsumo scored, by hand, winning face and riichi: its entry in `values`.
    memo: HashMap<(u128, u8, bool), u32, Fx>,
    /// The points of the wins scored; entry 0 is no win.
    values: Vec<f64>,
}

impl Scoring<'_> {
    /// `_Start.score`: the points of a tsumo of `h14` on face `f` (a riichi win: the mean over its
    /// ura indicators), with `wall` the wall of that hand.
    fn score(&mut self, py: Python, h14: &Faces, f: usize, riichi: bool, wall: &Faces) -> PyResult<u32> {
        let key = (pack(h14), f as u8, riichi);
        if let Some(&v) = self.memo.get(&key) {
            return Ok(v);
        }
        let (hand, tiles) = self.hand(h14, f);
        let mut win = Win {
            tsumo: true,
            round_wind: self.round,
            seat_wind: self.seat,
            riichi: riichi as u8,
            kita: self.kita,
            ..Win::default()
        };
        win.dora[..self.dora.len()].copy_from_slice(&self.dora);
        win.ndora = self.dora.len();
        win.situation = model::situation(&win);
        let mut st = State::with_melds(hand, win, self.meld_objs.iter().map(|m| m.clone_ref(py)).collect());
        let value = if !(riichi && !self.dora.is_empty()) {
            self.points(py, &mut st, &tiles, f, riichi, &[])?
        } else {
            let k = kinds(h14);
            let mut gain = [0u32; 34];
            for (i, g) in gain.iter_mut().enumerate() {
                let d = self.dora_of[i] as usize;
                *g = (k[d] + self.meld_kinds[d]) as u32 + if self.kita_north && d == NORTH { self.kita as u32 } else { 0 };
            }
            let mut total = 0.0;
            for (p, pick) in ura_distribution(&kinds(wall), &gain, self.dora.len()) {
                st.set_ura(&pick);
                total += p * self.points(py, &mut st, &tiles, f, riichi, &pick)?;
            }
            total
        };
        let id = self.values.len() as u32;
        self.values.push(value);
        self.memo.insert(key, id);
        Ok(id)
    }

    /// The plan's points, or (where the kernel declines) the Python Scorer's.
    fn points(&self, py: Python, st: &mut State, tiles: &[u8], f: usize, riichi: bool, ura: &[u8]) -> PyResult<f64> {
        match self.plan.points(st, true) {
            Ok(v) => Ok(v as f64),
            Err(Stop::Decline) => self.fallback.call1(py, (tiles.to_vec(), f, riichi, ura.to_vec()))?.extract(py),
            Err(Stop::Raise(e)) => Err(e),
        }
    }

    /// The kernel's hand of a tsumo on face `f`, and its concealed tiles' codes without `f`.
    fn hand(&self, h14: &Faces, f: usize) -> (Hand, Vec<u8>) {
        let mut tiles = Vec::with_capacity(14);
        let mut rest = *h14;
        rest[f] -= 1;
        for x in 0..34 {
            if matches!(x, 4 | 13 | 22) {
                for _ in 0..rest[34 + x / 9] {
                    tiles.push((34 + x / 9) as u8);
                }
            }
            for _ in 0..rest[x] {
                tiles.push(x as u8);
            }
        }
        let conc = kinds(h14);
        let mut counts = conc;
        for (c, m) in counts.iter_mut().zip(self.meld_kinds.iter()) {
            *c += m;
        }
        let mut reds = self.meld_reds;
        for (r, s) in reds.iter_mut().zip(34..37) {
            *r += h14[s];
        }
        let mut arr = [0u8; 14];
        arr[..tiles.len()].copy_from_slice(&tiles);
        let hand = Hand {
            counts,
            conc,
            win: kind_of(f) as u8,
            win_code: f as u8,
            tiles: arr,
            ntiles: tiles.len(),
            melds: self.melds,
            nmelds: self.nmelds,
            red_fives: reds.iter().sum(),
            reds,
        };
        (hand, tiles)
    }
}

struct Search<'p> {
    scoring: Scoring<'p>,
    sh: Shanten,
    h0: Faces,
    w0: Faces,
    s0: i32,
    extra: i32,
    closed: bool,
    /// mahjong-cpp's riichi: a riichi state draws into riichi 14-tile states (its wins), and keeps
    /// the moves of the hand that declared it (`ev_model.Graph.free_riichi`).
    free_riichi: bool,
    index13: Table,
    hands13: Vec<u128>,
    riichi13: Vec<bool>,
    tenpai13: Vec<bool>,
    /// The draws of each 13-tile state found when it is expanded, by face: `own_at[i]` of them
    /// from `own_start[i]` (`_Graph.draws`, their first part).
    own: Vec<Draw>,
    own_start: Vec<u32>,
    own_at: Vec<u8>,
    /// The draws found from their 14-tile end, as (13-tile state, draw), in the order found.
    back: Vec<(u32, Draw)>,
    /// Per 13-tile state, the faces it has a draw of.
    drawn: Vec<u64>,
    index14: Table,
    hands14: Vec<u128>,
    riichi14: Vec<bool>,
    /// The (14-tile state, riichi state) of each riichi declared where the riichi state has no
    /// draw back to the hand that declared it (the published model): with the draws, a 14-tile
    /// state's discards (`discards`).
    declared: Vec<(u32, u32)>,
    todo: VecDeque<(bool, u32)>,
}

/// Items grouped by their first field, each group in the order given: (start of each group, items).
fn grouped<T: Copy + Default>(n: usize, items: Vec<(u32, T)>) -> (Vec<u32>, Vec<T>) {
    let mut start = vec![0u32; n + 1];
    for &(g, _) in &items {
        start[g as usize + 1] += 1;
    }
    for g in 0..n {
        start[g + 1] += start[g];
    }
    let mut fill = start.clone();
    let mut out = vec![T::default(); items.len()];
    for (g, item) in items {
        out[fill[g as usize] as usize] = item;
        fill[g as usize] += 1;
    }
    (start, out)
}

impl Search<'_> {
    fn wall(&self, h: &Faces, f: usize) -> u8 {
        self.w0[f] + self.h0[f] - h[f]
    }

    fn walls(&self, h: &Faces) -> Faces {
        let mut w = [0u8; FACES];
        for (f, slot) in w.iter_mut().enumerate() {
            *slot = self.wall(h, f);
        }
        w
    }

    fn distance(&self, h: &Faces) -> i32 {
        h.iter().zip(self.h0.iter()).map(|(&a, &b)| a.saturating_sub(b) as i32).sum()
    }

    /// The 13-tile state of `h` (`key`: its `pack`), made and queued if new.
    fn state13(&mut self, key: u128, riichi: bool) -> u32 {
        let i = match self.index13.get_or_insert(key | (riichi as u128) << RIICHI_AT, self.hands13.len() as u32) {
            Ok(i) => return i,
            Err(i) => i,
        };
        self.hands13.push(key);
        self.riichi13.push(riichi);
        self.tenpai13.push(false); // known when it is expanded
        self.drawn.push(0);
        self.own_start.push(0);
        self.own_at.push(0);
        self.todo.push_back((false, i));
        i
    }

    fn state14(&mut self, key: u128, riichi: bool) -> u32 {
        let j = match self.index14.get_or_insert(key | (riichi as u128) << RIICHI_AT, self.hands14.len() as u32) {
            Ok(j) => return j,
            Err(j) => j,
        };
        self.hands14.push(key);
        self.riichi14.push(riichi);
        self.todo.push_back((true, j));
        j
    }

    /// Expand every state queued, breadth first; false when the graph grows past `limit` states.
    fn build(&mut self, py: Python, limit: usize) -> PyResult<bool> {
        let mut done = 0u32;
        let limit = limit.min(MOST_STATES - FACES);
        while let Some((fourteen, i)) = self.todo.pop_front() {
            if self.hands13.len() + self.hands14.len() > limit {
                return Ok(false);
            }
            done = done.wrapping_add(1);
            if done % 8192 == 0 {
                py.check_signals()?; // a Ctrl-C ends a long search (the worker's SIGTERM too)
            }
            if fourteen {
                self.expand14(py, i)?;
            } else {
                self.expand13(py, i)?;
            }
        }
        Ok(true)
    }

    fn expand13(&mut self, py: Python, i: u32) -> PyResult<()> {
        let key = self.hands13[i as usize];
        let h = unpack(key);
        let riichi = self.riichi13[i as usize];
        let k = kinds(&h);
        let mut p = self.sh.parts(&k);
        let s = p.shanten;
        self.tenpai13[i as usize] = s == 0;
        let free = !riichi && self.distance(&h) + s < self.s0 + self.extra;
        let improving = if free && s > 0 { 0 } else { self.sh.improving(&mut p, &k) };
        // the draws: a free state draws every tile; the others their improving tiles (at tenpai: winning)
        let mut faces = [0u8; FACES];
        let mut n = 0;
        let drawn = self.drawn[i as usize]; // found from their 14-tile ends already
        for f in 0..FACES {
            if self.wall(&h, f) != 0 && (free || improving >> kind_of(f) & 1 == 1) && drawn >> f & 1 == 0 {
                faces[n] = f as u8;
                n += 1;
            }
        }
        let states = !riichi || self.free_riichi; // a riichi state of the published model draws to no state
        let mark = (riichi as u128) << RIICHI_AT;
        if states {
            for &f in &faces[..n] {
                self.index14.touch((key + DELTA[f as usize]) | mark);
            }
        }
        self.own_start[i as usize] = self.own.len() as u32;
        self.own_at[i as usize] = n as u8;
        for &f in &faces[..n] {
            let f = f as usize;
            let copies = self.wall(&h, f);
            let better = improving >> kind_of(f) & 1 == 1;
            let score = if better && s == 0 {
                let mut h14 = h;
                h14[f] += 1;
                let wall = self.walls(&h14);
                self.scoring.score(py, &h14, f, riichi, &wall)?
            } else {
                0
            };
            let j = if states { self.state14(key + DELTA[f], riichi) } else { NONE };
            self.drawn[i as usize] |= 1 << f;
            self.own.push(Draw::new(j, copies, score));
        }
        Ok(())
    }

    fn expand14(&mut self, py: Python, j: u32) -> PyResult<()> {
        let key = self.hands14[j as usize];
        let declared = self.riichi14[j as usize];
        let h = unpack(key);
        let k = kinds(&h);
        let mut p = self.sh.parts(&k);
        let s = p.shanten;
        let free = !declared && self.distance(&h) + s < self.s0 + self.extra;
        // the discards: those that keep the shanten (riichi where they leave a closed hand tenpai),
        // and in a free state any
        let mut faces = [(0u8, false); FACES];
        let mut n = 0;
        for f in 0..FACES {
            if h[f] == 0 {
                continue;
            }
            let keeps = self.sh.after(&mut p, &k, kind_of(f), false) == s;
            if keeps || free {
                let riichi = declared || (self.closed && s == 0 && keeps);
                self.index13.touch((key - DELTA[f]) | ((riichi as u128) << RIICHI_AT));
                faces[n] = (f as u8, riichi);
                n += 1;
            }
        }
        let mut targets = [0u32; FACES];
        for (&(f, riichi), slot) in faces[..n].iter().zip(targets.iter_mut()) {
            *slot = self.state13(key - DELTA[f as usize], riichi);
            std::hint::black_box(self.drawn[*slot as usize]);
        }
        for (&(f, riichi), &i) in faces[..n].iter().zip(targets.iter()) {
            let f = f as usize;
            if riichi && !self.free_riichi {
                self.declared.push((j, i));
            } else if self.drawn[i as usize] >> f & 1 == 0 {
                let score = if s < 0 {
                    let wall = self.walls(&h);
                    self.scoring.score(py, &h, f, declared, &wall)?
                } else {
                    0
                };
                self.drawn[i as usize] |= 1 << f;
                let mut h13 = h;
                h13[f] -= 1;
                let copies = self.wall(&h13, f);
                self.back.push((i, Draw::new(j, copies, score)));
            }
        }
        Ok(())
    }

    /// `_Graph.values`: each root's (expected score, win probability, tenpai probability) at turns
    /// `turn` … 18, each optimised on its own. The three are kept side by side per state, and
    /// each is summed in the order the Python search sums it. `shrinking`: mahjong-cpp's wall,
    /// the draw after turn t divided by `total - 1 - t`. A root's values at a turn t depend only
    /// on the states it reaches in t - `turn` draws: at each turn only those are computed.
    fn values(self, roots: &[u32], turn: usize, total: f64, shrinking: bool) -> Vec<Vec<(f64, f64, f64)>> {
        let n13 = self.hands13.len();
        let n14 = self.hands14.len();
        let tenpai = self.tenpai13;
        let scores = self.scoring.values;
        // the graph as flat arrays; what only the building needed goes first
        drop((self.index13, self.index14, self.hands13, self.hands14));
        self.sh.keep();
        let (back_start, back) = grouped(n13, self.back);
        let draws = Draws { own: self.own, own_start: self.own_start, own_at: self.own_at, back_start, back };
        let (ostart, opts) = discards(n14, &draws, self.declared);
        let (order13, order14) = by_draws(roots, &draws, (&ostart, &opts));
        let mut v13: Vec<[f64; 3]> = tenpai.iter().map(|&t| [0.0, 0.0, if t { 1.0 } else { 0.0 }]).collect();
        let mut v14 = vec![[0.0f64; 3]; n14];
        best(&ostart, &opts, &v13, &mut v14, order14.within(T_MAX - turn));
        let at = |v: &[[f64; 3]], r: u32| {
            let x = v[r as usize];
            (x[0], x[1], x[2])
        };
        let mut out: Vec<Vec<(f64, f64, f64)>> = roots.iter().map(|&r| vec![at(&v13, r)]).collect();
        let mut new = vec![[0.0f64; 3]; n13];
        for t in (turn..T_MAX).rev() {
            let inv = 1.0 / (total - if shrinking { 1.0 + t as f64 } else { 0.0 });
            for &i in order13.within(t - turn) {
                let i = i as usize;
                let stay = v13[i];
                let mut acc = [0.0f64; 3];
                let (own, back) = draws.of(i);
                for d in own.iter().chain(back) {
                    let copies = d.copies();
                    let mut x = if d.target == NONE {
                        stay
                    } else {
                        let m = &v14[d.target as usize];
                        [most(m[0], stay[0]), most(m[1], stay[1]), most(m[2], stay[2])]
                    };
                    if d.score() != 0 {
                        let score = scores[d.score()];
                        if score > 0.0 {
                            x = [most(x[0], score), most(x[1], 1.0), most(x[2], 1.0)];
                        }
                    }
                    for o in 0..3 {
                        acc[o] += copies * (x[o] - stay[o]);
                    }
                }
                new[i] = [
                    stay[0] + acc[0] * inv,
                    stay[1] + acc[1] * inv,
                    if tenpai[i] { 1.0 } else { stay[2] + acc[2] * inv },
                ];
            }
            std::mem::swap(&mut v13, &mut new);
            best(&ostart, &opts, &v13, &mut v14, order14.within(t - turn));
            for (row, &r) in out.iter_mut().zip(roots) {
                row.push(at(&v13, r));
            }
        }
        for row in out.iter_mut() {
            row.reverse();
        }
        out
    }
}

/// Each 13-tile state's draws: its own (`Search::own`), then those found from their 14-tile end,
/// grouped by state.
struct Draws {
    own: Vec<Draw>,
    own_start: Vec<u32>,
    own_at: Vec<u8>,
    back_start: Vec<u32>,
    back: Vec<Draw>,
}

impl Draws {
    fn of(&self, i: usize) -> (&[Draw], &[Draw]) {
        let own = self.own_start[i] as usize;
        (&self.own[own..own + self.own_at[i] as usize], &self.back[self.back_start[i] as usize..self.back_start[i + 1] as usize])
    }
}

/// Each 14-tile state's discards, grouped by state: (start of each group, 13-tile states). They
/// are the 13-tile states that draw to it (each may discard what it drew) and those it declared
/// riichi without a draw back (`Search::declared`); every other discard is a draw from its
/// 13-tile end (`expand14`), so this is `_Graph.options` without keeping a list while building.
fn discards(n14: usize, draws: &Draws, declared: Vec<(u32, u32)>) -> (Vec<u32>, Vec<u32>) {
    let mut ostart = vec![0u32; n14 + 1];
    for d in draws.own.iter().chain(&draws.back).filter(|d| d.target != NONE) {
        ostart[d.target as usize + 1] += 1;
    }
    for &(j, _) in &declared {
        ostart[j as usize + 1] += 1;
    }
    for j in 0..n14 {
        ostart[j + 1] += ostart[j];
    }
    let mut fill = ostart.clone();
    let mut opts = vec![0u32; ostart[n14] as usize];
    for i in 0..draws.own_start.len() {
        let (own, back) = draws.of(i);
        for d in own.iter().chain(back) {
            if d.target != NONE {
                opts[fill[d.target as usize] as usize] = i as u32;
                fill[d.target as usize] += 1;
            }
        }
    }
    for (j, i) in declared {
        opts[fill[j as usize] as usize] = i;
        fill[j as usize] += 1;
    }
    (ostart, opts)
}

/// The greater of two values (none is NaN: one instruction, where `f64::max` takes several to
/// order NaNs).
#[inline(always)]
fn most(a: f64, b: f64) -> f64 {
    if a > b {
        a
    } else {
        b
    }
}

/// States by the draws a root needs to reach them: `states` in that order (those no root reaches
/// left out), and for each number of draws d, `within[d]` of them reached in d draws or fewer.
struct Order {
    states: Vec<u32>,
    within: Vec<usize>,
}

impl Order {
    /// The states reached in `d` draws or fewer.
    fn within(&self, d: usize) -> &[u32] {
        &self.states[..self.within[d.min(self.within.len() - 1)]]
    }
}

/// The 13- and 14-tile states in the order of the draws that reach them from the roots (breadth
/// first: a draw leads to a 14-tile state, a discard to a 13-tile state at the same count).
fn by_draws(roots: &[u32], draws: &Draws, discards: (&[u32], &[u32])) -> (Order, Order) {
    let n13 = draws.own_start.len();
    let n14 = discards.0.len() - 1;
    let (mut seen13, mut seen14) = (vec![false; n13], vec![false; n14]);
    let mut o13 = Order { states: Vec::with_capacity(n13), within: Vec::new() };
    let mut o14 = Order { states: Vec::with_capacity(n14), within: vec![0] };
    for &r in roots {
        if !std::mem::replace(&mut seen13[r as usize], true) {
            o13.states.push(r);
        }
    }
    let mut from = 0;
    loop {
        o13.within.push(o13.states.len());
        let level = o13.states.len();
        for k in from..level {
            let i = o13.states[k] as usize;
            let (own, back) = draws.of(i);
            for d in own.iter().chain(back) {
                if d.target != NONE && !std::mem::replace(&mut seen14[d.target as usize], true) {
                    o14.states.push(d.target);
                }
            }
        }
        let first14 = *o14.within.last().unwrap_or(&0);
        o14.within.push(o14.states.len());
        if o14.states.len() == first14 {
            break;
        }
        for k in first14..o14.states.len() {
            let j = o14.states[k] as usize;
            for &i in &discards.1[discards.0[j] as usize..discards.0[j + 1] as usize] {
                if !std::mem::replace(&mut seen13[i as usize], true) {
                    o13.states.push(i);
                }
            }
        }
        from = level;
    }
    (o13, o14)
}

/// Each 14-tile state's value, into `v14`: its best discard's, per objective (0 without a
/// discard); for the states `which`.
fn best(start: &[u32], opts: &[u32], v13: &[[f64; 3]], v14: &mut [[f64; 3]], which: &[u32]) {
    for &j in which {
        let j = j as usize;
        let slot = &mut v14[j];
        let mine = &opts[start[j] as usize..start[j + 1] as usize];
        if mine.is_empty() {
            *slot = [0.0; 3];
            continue;
        }
        let mut b = [f64::MIN; 3];
        for &i in mine {
            let v = &v13[i as usize];
            b = [most(b[0], v[0]), most(b[1], v[1]), most(b[2], v[2])];
        }
        *slot = b;
    }
}

fn faces(v: &[u8]) -> PyResult<Faces> {
    v.try_into().map_err(|_| pyo3::exceptions::PyValueError::new_err("expected 37 face counts"))
}

/// The search from a 14-tile hand (`discard_ev._native_search` passes what `ev_model.Start` read): the
/// number of states, and for each root (the face discarded, riichi) its values at turns `turn` … 18;
/// no values when the graph grows past `limit` states.
/// `melds` are the hand's `Meld` objects, `meld_reds` their red fives per suit; `win` is (seat,
/// round, dora indicator codes, kita); `ura` (indicator → dora kind, kita counts on North);
/// `fallback(tiles, win, riichi, ura)` scores where the plan declines; `mahjong_cpp`: that model
/// (`discard_ev.MODELS`).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn ev_search(
    py: Python,
    plan: PyRef<Plan>,
    h0: Vec<u8>,
    w0: Vec<u8>,
    total: u32,
    caps: Option<Vec<u8>>,
    melds: Vec<&PyAny>,
    meld_reds: (u8, u8, u8),
    win: (u8, u8, Vec<u8>, u8),
    ura: (Vec<u8>, bool),
    extra: i32,
    mahjong_cpp: bool,
    turn: usize,
    roots: Vec<(usize, bool)>,
    fallback: PyObject,
    limit: usize,
) -> PyResult<(usize, Option<Vec<Vec<(f64, f64, f64)>>>)> {
    let Some(m) = crate::bound::MODEL.get(py) else {
        return Err(pyo3::exceptions::PyRuntimeError::new_err("the model is not bound"));
    };
    let (h0, w0) = (faces(&h0)?, faces(&w0)?);
    let mut kernel_melds = [Meld::default(); 4];
    let mut meld_kinds = [0u8; 34];
    for (slot, obj) in kernel_melds.iter_mut().zip(melds.iter()) {
        *slot = model::read_meld(py, m, obj).ok_or_else(|| pyo3::exceptions::PyValueError::new_err("a meld"))?;
        let first = slot.first as usize;
        if slot.seq {
            for k in first..first + 3 {
                meld_kinds[k] += 1;
            }
        } else {
            meld_kinds[first] += if slot.kan { 4 } else { 3 };
        }
    }
    let caps_arr: [u8; 34] = match &caps {
        Some(c) => c.as_slice().try_into().map_err(|_| pyo3::exceptions::PyValueError::new_err("caps"))?,
        None => [4; 34],
    };
    let dora_of: [u8; 34] = ura.0.as_slice().try_into().map_err(|_| pyo3::exceptions::PyValueError::new_err("dora_of"))?;
    let closed = kernel_melds[..melds.len()].iter().all(|m| m.kind == model::ANKAN);
    let mut sh = Shanten::of(caps.as_ref().map(|_| caps_arr), 4 - melds.len());
    let s0 = sh.parts(&kinds(&h0)).shanten;
    let scoring = Scoring {
        plan: &plan,
        melds: kernel_melds,
        nmelds: melds.len(),
        meld_kinds,
        meld_reds: [meld_reds.0, meld_reds.1, meld_reds.2],
        meld_objs: melds.iter().map(|m| (*m).into()).collect(),
        seat: win.0,
        round: win.1,
        dora: win.2,
        kita: win.3,
        dora_of,
        kita_north: ura.1,
        fallback,
        memo: HashMap::default(),
        values: vec![0.0],
    };
    let mut search = Search {
        scoring,
        sh,
        h0,
        w0,
        s0,
        extra,
        closed,
        free_riichi: mahjong_cpp,
        index13: Table::new(),
        hands13: Vec::new(),
        riichi13: Vec::new(),
        tenpai13: Vec::new(),
        own: Vec::with_capacity(1024),
        own_start: Vec::new(),
        own_at: Vec::new(),
        back: Vec::new(),
        drawn: Vec::new(),
        index14: Table::new(),
        hands14: Vec::new(),
        riichi14: Vec::new(),
        declared: Vec::new(),
        todo: VecDeque::new(),
    };
    search.state14(pack(&h0), false);
    let mut ids = Vec::with_capacity(roots.len());
    for &(f, riichi) in &roots {
        let mut h = h0;
        h[f] -= 1;
        ids.push(search.state13(pack(&h), riichi));
    }
    let done = search.build(py, limit)?;
    let states = search.hands13.len() + search.hands14.len();
    Ok((states, if done { Some(search.values(&ids, turn, total as f64, mahjong_cpp)) } else { None }))
}
