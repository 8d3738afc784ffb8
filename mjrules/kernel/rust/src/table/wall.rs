//! The wall of a round, as `mjrules.table.wall.seeded_wall` shuffles it and `mjrules.game.wall`
//! lays it out. CPython's `random.Random(seed)` for a str seed is a Mersenne Twister (MT19937)
//! seeded by `init_by_array` with the 32-bit words, least significant first, of the integer
//! `int.from_bytes(seed + sha512(seed), "big")`; `shuffle` swaps from the end with
//! `_randbelow_with_getrandbits`. The SHA-512 is Python's (`hashlib`): the key bytes come from
//! there, and everything after them is done here.

const N: usize = 624;
const M: usize = 397;

pub struct Twister {
    mt: [u32; N],
    index: usize,
}

impl Twister {
    fn init_genrand(s: u32) -> Twister {
        let mut mt = [0u32; N];
        mt[0] = s;
        for i in 1..N {
            mt[i] = 1812433253u32.wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_add(i as u32);
        }
        Twister { mt, index: N }
    }

    /// `init_by_array` (CPython's `_randommodule.c`).
    pub fn from_key(key: &[u32]) -> Twister {
        let mut t = Twister::init_genrand(19650218);
        let mt = &mut t.mt;
        let (mut i, mut j) = (1usize, 0usize);
        let mut k = N.max(key.len());
        while k > 0 {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1664525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
            k -= 1;
        }
        k = N - 1;
        while k > 0 {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1566083941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
            k -= 1;
        }
        mt[0] = 0x8000_0000;
        t
    }

    /// The key of a seed given as the big-endian bytes of the seed integer (`seed + sha512(seed)`).
    pub fn from_seed_bytes(bytes: &[u8]) -> Twister {
        let start = bytes.iter().position(|&b| b != 0).unwrap_or(bytes.len());
        let digits = &bytes[start..];
        let mut key: Vec<u32> = digits
            .rchunks(4)
            .map(|c| c.iter().fold(0u32, |acc, &b| (acc << 8) | b as u32))
            .collect();
        if key.is_empty() {
            key.push(0);
        }
        Twister::from_key(&key)
    }

    fn next_u32(&mut self) -> u32 {
        const UPPER: u32 = 0x8000_0000;
        const LOWER: u32 = 0x7fff_ffff;
        const MATRIX_A: u32 = 0x9908_b0df;
        let mag = |y: u32| if y & 1 == 1 { MATRIX_A } else { 0 };
        if self.index >= N {
            let mt = &mut self.mt;
            for kk in 0..N - M {
                let y = (mt[kk] & UPPER) | (mt[kk + 1] & LOWER);
                mt[kk] = mt[kk + M] ^ (y >> 1) ^ mag(y);
            }
            for kk in N - M..N - 1 {
                let y = (mt[kk] & UPPER) | (mt[kk + 1] & LOWER);
                mt[kk] = mt[kk + M - N] ^ (y >> 1) ^ mag(y);
            }
            let y = (mt[N - 1] & UPPER) | (mt[0] & LOWER);
            mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ mag(y);
            self.index = 0;
        }
        let mut y = self.mt[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^= y >> 18;
        y
    }

    /// `_randbelow_with_getrandbits(n)` for 0 < n < 2**32.
    fn below(&mut self, n: u32) -> u32 {
        let k = 32 - n.leading_zeros();
        loop {
            let r = self.next_u32() >> (32 - k);
            if r < n {
                return r;
            }
        }
    }

    /// `Random.shuffle`.
    pub fn shuffle(&mut self, x: &mut [u8]) {
        for i in (1..x.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            x.swap(i, j);
        }
    }
}

pub const DEAD_WALL: usize = 14;
pub const REPLACEMENTS: usize = 4;
pub const INDICATORS: usize = 5;

/// A round's tiles in the order they come out (`mjrules.game.wall.Wall`).
pub struct Wall {
    pub tiles: Vec<u8>,
}

impl Wall {
    /// The 13 tiles dealt to the `turn`-th player from the dealer.
    pub fn hand(&self, turn: usize) -> &[u8] {
        &self.tiles[13 * turn..13 * turn + 13]
    }

    /// The `k`-th live draw.
    pub fn live(&self, players: usize, k: usize) -> u8 {
        self.tiles[13 * players + k]
    }

    fn dead(&self, k: usize) -> u8 {
        self.tiles[self.tiles.len() - DEAD_WALL + k]
    }

    /// The `k`-th replacement tile: the dead wall's first four, then the live wall's last tiles.
    pub fn replacement(&self, k: usize) -> u8 {
        if k < REPLACEMENTS {
            self.dead(k)
        } else {
            self.tiles[self.tiles.len() - DEAD_WALL - 1 - (k - REPLACEMENTS)]
        }
    }

    pub fn indicator(&self, k: usize) -> u8 {
        self.dead(REPLACEMENTS + k)
    }

    pub fn ura(&self, k: usize) -> u8 {
        self.dead(REPLACEMENTS + INDICATORS + k)
    }
}
