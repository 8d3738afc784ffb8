//! The shanten of a search's hands, from per-suit vectors kept per count code (`distance`).

use super::*;

/// Shanten of the hands of one search: the standard form with the copies the melds leave (`caps`),
/// and seven pairs and thirteen orphans for a hand without melds, as `distance::minimum` counts them.
pub(super) struct Shanten {
    pub(super) caps: [u8; 34],
    pub(super) forms: bool,
    pub(super) m: usize,
    /// Per group, count code → its entry in `entries`.
    pub(super) index: [HashMap<u32, u32, Fx>; 4],
    pub(super) entries: Vec<Entry>,
}

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

/// A hand's parts: each group's entry, the other three groups combined, and the counts seven
/// pairs and thirteen orphans read.
pub(super) struct Parts {
    pub(super) entries: [u32; 4],
    pub(super) rest: [Vector; 4],
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
        Shanten { caps, forms, m, index: Default::default(), entries: Vec::new() }
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
        let v = |g: usize| &self.entries[entries[g] as usize].v;
        let p01 = distance::combine(v(0), v(1));
        let p23 = distance::combine(v(2), v(3));
        let rest = [
            distance::combine(v(1), &p23),
            distance::combine(v(0), &p23),
            distance::combine(&p01, v(3)),
            distance::combine(&p01, v(2)),
        ];
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
        let standard = 3 * m + 1 - self.overlap(&rest[0], v(0));
        let mut shanten = standard;
        if self.forms && shanten >= 0 {
            shanten = shanten.min(self.others(kinds, pairs, ykinds, ypairs));
        }
        Parts { entries, rest, kinds, pairs, ykinds, ypairs, standard, shanten }
    }

    /// The kinds (bits 0-33) whose draw lowers the shanten of a 13-tile hand, as `after` finds
    /// them, trying only the kinds that can. The standard form: a kind held, or within two of one
    /// held in its suit; any other kind ("isolated") lowers it only when a best target of the hand
    /// has a set or pair that the hand holds none of, which then may as well be made of that kind;
    /// so one isolated kind with three copies or more left answers for all such (the others, where
    /// melds hold copies, are tried one by one). Seven pairs and thirteen orphans, where they are
    /// at the hand's shanten: a single, a new kind while fewer than seven are held; a missing
    /// terminal or honour, or a held one while none is paired.
    pub(super) fn improving(&mut self, p: &Parts, k: &[u8; 34]) -> u64 {
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
    pub(super) fn standard_after(&mut self, p: &Parts, x: usize) -> i32 {
        let g = group_of(x);
        let v = self.neighbour(g, p.entries[g], x - GROUPS[g].0, true);
        3 * self.m as i32 + 1 - self.overlap(&p.rest[g], &v)
    }

    /// The shanten with one more (`up`) or one fewer of kind `x`.
    pub(super) fn after(&mut self, p: &Parts, k: &[u8; 34], x: usize, up: bool) -> i32 {
        let g = group_of(x);
        let v = self.neighbour(g, p.entries[g], x - GROUPS[g].0, up);
        let standard = 3 * self.m as i32 + 1 - self.overlap(&p.rest[g], &v);
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
