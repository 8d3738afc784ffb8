//! The shanten of a search's hands, from per-suit vectors kept per count code (`distance`).

use super::*;

// -- shanten ----------------------------------------------------------------------------------------

/// Shanten of the hands of one search: the standard form with the copies the melds leave (`caps`),
/// and seven pairs and thirteen orphans for a hand without melds, as `distance::minimum` counts them.
pub(super) struct Shanten {
    pub(super) caps: [u8; 34],
    pub(super) forms: bool,
    pub(super) m: usize,
    /// Per group, count code → its entry in `entries`.
    pub(super) index: [HashMap<u32, u32, Fx>; 4],
    pub(super) entries: Vec<Entry>,
    /// Groups' vectors combined (`Parts`), by what they combine: a direct-mapped cache of
    /// `COMBINED` slots (the states of a search share most of their groups with others).
    pub(super) combined: Vec<(u64, Vector)>,
}

/// Slots of `Shanten::combined` (24 bytes each: it stays in a core's cache).
pub(super) const COMBINED: usize = 1 << 14;
/// Entries a key of `Shanten::combined` can name (20 bits each).
pub(super) const COMBINED_ENTRIES: u32 = 1 << 20;

/// One group's counts: their vector, and the vectors with one more and one fewer of each kind,
/// each found when first asked for, so that a hand's neighbours cost no further look-up.
pub(super) struct Entry {
    pub(super) code: u32,
    pub(super) v: Vector,
    pub(super) up: [Vector; 9],
    pub(super) down: [Vector; 9],
    /// Which of `up` (bits 0-8) and `down` (bits 9-17) are found.
    pub(super) have: u32,
}

/// A hand's parts: each group's entry, the groups combined two by two (m with p, s with the
/// honours), the other three groups combined for each group (found when first asked for: a state
/// that draws every tile needs none), and the counts seven pairs and thirteen orphans read.
pub(super) struct Parts {
    pub(super) entries: [u32; 4],
    pub(super) halves: [Vector; 2],
    pub(super) rest: [Option<Vector>; 4],
    pub(super) kinds: i32,
    pub(super) pairs: i32,
    pub(super) ykinds: i32,
    pub(super) ypairs: i32,
    /// The standard form's shanten.
    pub(super) standard: i32,
    pub(super) shanten: i32,
}

thread_local! {
    /// The entries of hands without melds (every copy left), kept from one search to the next: a
    /// file of hands meets the same suits again.
    static OPEN: std::cell::RefCell<Option<Shanten>> = std::cell::RefCell::new(None);
}

/// Entries kept between searches at most (about 200 bytes each).
pub(super) const KEEP_ENTRIES: usize = 100_000;

impl Shanten {
    pub(super) fn new(caps: [u8; 34], forms: bool, m: usize) -> Self {
        Shanten { caps, forms, m, index: Default::default(), entries: Vec::new(), combined: vec![(u64::MAX, [0; 10]); COMBINED] }
    }

    /// The shanten of a search: for a hand without melds, the entries kept from the last search.
    pub(super) fn of(caps: Option<[u8; 34]>, m: usize) -> Self {
        match caps {
            Some(caps) => Shanten::new(caps, false, m),
            None => OPEN.with(|kept| kept.borrow_mut().take()).unwrap_or_else(|| Shanten::new([4; 34], true, 4)),
        }
    }

    /// Keep a search's entries for the next (a hand without melds), unless they grew too many.
    pub(super) fn keep(self) {
        if self.forms && self.entries.len() <= KEEP_ENTRIES {
            OPEN.with(|kept| *kept.borrow_mut() = Some(self));
        }
    }

    pub(super) fn entry(&mut self, g: usize, c: &[u8]) -> u32 {
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
    pub(super) fn vector(&self, g: usize, code: u32) -> Vector {
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
    pub(super) fn neighbour(&mut self, g: usize, e: u32, pos: usize, up: bool) -> Vector {
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
    pub(super) fn overlap(&self, a: &Vector, b: &Vector) -> i32 {
        let m = self.m;
        // a's part with no pair against b's with the pair, then the other way round, set counts adding to m
        let one = a[..=m].iter().zip(b[5..=5 + m].iter().rev()).map(|(x, y)| x + y).max();
        let two = a[5..=5 + m].iter().zip(b[..=m].iter().rev()).map(|(x, y)| x + y).max();
        one.max(two).unwrap_or(0) as i32
    }

    pub(super) fn others(&self, kinds: i32, pairs: i32, ykinds: i32, ypairs: i32) -> i32 {
        let chiitoitsu = 6 - pairs + (7 - kinds).max(0);
        let kokushi = 13 - ykinds - (ypairs > 0) as i32;
        chiitoitsu.min(kokushi)
    }

    pub(super) fn parts(&mut self, k: &[u8; 34]) -> Parts {
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
    pub(super) fn combine(&mut self, half: u64, e: [u32; 2]) -> Vector {
        let make = |sh: &Self| distance::combine(&sh.entries[e[0] as usize].v, &sh.entries[e[1] as usize].v);
        self.cached(half, [e[0], e[1], 0], make)
    }

    /// The groups other than `g` combined.
    pub(super) fn rest(&mut self, p: &mut Parts, g: usize) -> Vector {
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
    pub(super) fn cached(&mut self, what: u64, e: [u32; 3], make: impl Fn(&Self) -> Vector) -> Vector {
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
    pub(super) fn improving(&mut self, p: &mut Parts, k: &[u8; 34]) -> u64 {
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
    pub(super) fn standard_after(&mut self, p: &mut Parts, x: usize) -> i32 {
        let g = group_of(x);
        let v = self.neighbour(g, p.entries[g], x - GROUPS[g].0, true);
        let rest = self.rest(p, g);
        3 * self.m as i32 + 1 - self.overlap(&rest, &v)
    }

    /// The shanten with one more (`up`) or one fewer of kind `x`.
    pub(super) fn after(&mut self, p: &mut Parts, k: &[u8; 34], x: usize, up: bool) -> i32 {
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
