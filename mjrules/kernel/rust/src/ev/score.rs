//! How a search scores its wins: the ura dora's distribution, and each tsumo scored once by the plan.

use super::*;

// -- ura dora ---------------------------------------------------------------------------------------

pub(super) fn comb(n: u128, r: u128) -> u128 {
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
pub(super) const MAX_INDICATORS: usize = 5;
/// Most ura dora one indicator can make: four copies of its dora, and four kita.
pub(super) const MAX_GAIN: usize = 8;

/// `discard_ev.ura_distribution`: for each ura dora count, in increasing order, its probability and
/// indicator kinds that make it (the first choice found, as the Python version finds it: kind by
/// kind, then by indicators chosen so far, ura count and copies taken, each in increasing order).
pub(super) fn ura_distribution(wall: &[u8; 34], gain: &[u32; 34], indicators: usize) -> Vec<(f64, Vec<u8>)> {
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
pub(super) struct Draw {
    pub(super) target: u32,
    pub(super) win_copies: u32,
}

impl Draw {
    pub(super) fn new(target: u32, copies: u8, score: u32) -> Self {
        Draw { target, win_copies: score << 3 | copies as u32 }
    }

    pub(super) fn copies(&self) -> f64 {
        (self.win_copies & 7) as f64
    }

    pub(super) fn score(&self) -> usize {
        (self.win_copies >> 3) as usize
    }
}

/// What a search scores its wins with: the plan, the hand's melds, the situation, the dora.
pub(super) struct Scoring<'p> {
    pub(super) plan: &'p Plan,
    pub(super) melds: [Meld; 4],
    pub(super) nmelds: usize,
    pub(super) meld_kinds: [u8; 34],
    pub(super) meld_reds: [u8; 3],
    pub(super) meld_objs: Vec<PyObject>,
    pub(super) seat: u8,
    pub(super) round: u8,
    pub(super) dora: Vec<u8>,
    pub(super) kita: u8,
    pub(super) dora_of: [u8; 34],
    pub(super) kita_north: bool,
    pub(super) fallback: PyObject,
    /// Each tsumo scored, by hand, winning face and riichi: its entry in `values`.
    pub(super) memo: HashMap<(u128, u8, bool), u32, Fx>,
    /// The points of the wins scored; entry 0 is no win.
    pub(super) values: Vec<f64>,
}

impl Scoring<'_> {
    /// `_Start.score`: the points of a tsumo of `h14` on face `f` (a riichi win: the mean over its
    /// ura indicators), with `wall` the wall of that hand.
    pub(super) fn score(&mut self, py: Python, h14: &Faces, f: usize, riichi: bool, wall: &Faces) -> PyResult<u32> {
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
    pub(super) fn points(&self, py: Python, st: &mut State, tiles: &[u8], f: usize, riichi: bool, ura: &[u8]) -> PyResult<f64> {
        match self.plan.points(st, true) {
            Ok(v) => Ok(v as f64),
            Err(Stop::Decline) => self.fallback.call1(py, (tiles.to_vec(), f, riichi, ura.to_vec()))?.extract(py),
            Err(Stop::Raise(e)) => Err(e),
        }
    }

    /// The kernel's hand of a tsumo on face `f`, and its concealed tiles' codes without `f`.
    pub(super) fn hand(&self, h14: &Faces, f: usize) -> (Hand, Vec<u8>) {
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
