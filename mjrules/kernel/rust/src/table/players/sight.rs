//! What the careful player sees in one view, counted once: the twin of `Sight` and `Option` of
//! `mjrules.table.players` (the same counts, the same danger in the same floating-point steps, the
//! same orders of discards), for `careful.rs`.

use crate::table::seat::{Act, View};
use crate::table::tiles::{kind, red, EAST};

/// `HONOUR_DANGER`: an honour's danger by the copies in sight (0–3).
const HONOUR_DANGER: [f64; 4] = [6.0, 4.0, 2.0, 0.5];
/// `NUMBER_DANGER` by distance from the suit's end (1–3): without suji, with it.
const NUMBER_DANGER: [[f64; 2]; 3] = [[6.5, 2.5], [8.0, 3.5], [10.0, 5.0]];
/// `NUMBER_DANGER[4]`: a 4 to 6 without suji, with one, with both.
const MIDDLE_DANGER: [f64; 3] = [12.5, 8.0, 3.5];
/// `OPEN_THREAT_MELDS`, `OPEN_THREAT_WEIGHT`.
const OPEN_THREAT_MELDS: usize = 3;
const OPEN_THREAT_WEIGHT: f64 = 0.5;
/// `PUSH_DANGER`.
pub const PUSH_DANGER: f64 = 8.0;

const DRAGONS: u64 = 0b111 << 31;

/// One bit for each kind in `kinds`.
pub fn bits(kinds: impl IntoIterator<Item = u8>) -> u64 {
    kinds.into_iter().fold(0, |m, k| m | 1 << k)
}

/// `Sight`: the seat's concealed counts, the caps and held counts its melds make, its yakuhai
/// kinds (one bit each), the copies of each kind in sight (at most four), the dora kinds and the
/// threats against it (each one's safe kinds and weight: the riichi players, then the players
/// with three open melds).
pub struct Sight<'v, 'a, 'g> {
    pub view: &'v View<'a, 'g>,
    pub counts: [u8; 34],
    pub closed: bool,
    pub caps: Option<[u8; 34]>,
    pub held: [u8; 34],
    pub yakuhai: u64,
    pub left: [u8; 34],
    /// The kinds with a copy out of sight (`left > 0`), one bit each.
    pub unseen: u64,
    seen: [u8; 34],
    pub dora: [u8; 34],
    pub threats: Vec<(u64, f64)>,
    pub tanyao_open: bool,
    pub honitsu_open: bool,
}

/// The kind an indicator makes dora (`DORA_OF`, or `DORA_OF_SANMA` at three players).
fn dora_of(ind: u8, players: usize) -> u8 {
    if players == 3 && ind == 0 {
        8
    } else {
        crate::model::dora_of(ind)
    }
}

impl<'v, 'a, 'g> Sight<'v, 'a, 'g> {
    pub fn new(view: &'v View<'a, 'g>) -> Self {
        let seat = view.seat;
        let counts = view.round.state.counts[seat];
        let own = view.melds(seat);
        let closed = !own.iter().any(|m| m.is_open());
        let mut held = counts;
        let caps = (!own.is_empty()).then(|| {
            let mut caps = [4u8; 34];
            for m in own {
                for &t in m.tiles() {
                    caps[kind(t) as usize] -= 1;
                    held[kind(t) as usize] += 1;
                }
            }
            caps
        });
        let yakuhai = DRAGONS | 1 << (EAST + view.round_wind()) | 1 << (EAST + view.seat_wind());
        let players = view.players();
        // seen: its own tiles, the indicators, every river, every meld but its called tile (in a river already)
        let mut seen = counts;
        if players == 3 {
            seen[1..8].fill(4); // 2m-8m are not in the three-player set
        }
        let st = &view.round.state;
        for &t in view.dora().iter().chain(st.river.iter().flatten()) {
            seen[kind(t) as usize] += 1;
        }
        for m in st.melds.iter().flatten() {
            let called = if m.is_open() { m.called as usize } else { usize::MAX };
            for (i, &t) in m.tiles().iter().enumerate() {
                if i != called {
                    seen[kind(t) as usize] += 1;
                }
            }
        }
        for n in seen.iter_mut() {
            *n = (*n).min(4);
        }
        let left = seen.map(|n| 4 - n);
        let unseen = (0..34u8).filter(|&k| left[k as usize] > 0).fold(0, |m, k| m | 1 << k);
        let mut dora = [0u8; 34];
        for &t in view.dora() {
            dora[dora_of(kind(t), players) as usize] += 1;
        }
        let others = || (0..players).filter(move |&s| s != seat);
        let mut threats: Vec<(u64, f64)> = others().filter(|&s| view.riichi(s)).map(|s| (safe_against(view, s), 1.0)).collect();
        threats.extend(
            others()
                .filter(|&s| !view.riichi(s) && view.melds(s).iter().filter(|m| m.is_open()).count() >= OPEN_THREAT_MELDS)
                .map(|s| (bits(view.river(s).iter().map(|&t| kind(t))), OPEN_THREAT_WEIGHT)),
        );
        Sight {
            view,
            counts,
            closed,
            caps,
            held,
            yakuhai,
            left,
            unseen,
            seen,
            dora,
            threats,
            tanyao_open: view.open_yaku("tanyao"),
            honitsu_open: view.open_yaku("honitsu"),
        }
    }

    /// The unseen copies of the kinds whose bits `kinds` sets.
    pub fn unseen_of(&self, kinds: u64) -> i32 {
        let mut m = kinds & self.unseen;
        let mut n = 0;
        while m != 0 {
            n += self.left[m.trailing_zeros() as usize] as i32;
            m &= m - 1;
        }
        n
    }

    /// `Sight.danger`: the kind's danger against every threat, weighed and added in their order.
    pub fn danger(&self, k: u8) -> f64 {
        let mut total = 0.0;
        for &(safe, weight) in &self.threats {
            if safe >> k & 1 == 1 {
                continue;
            }
            if k >= 27 {
                total += weight * HONOUR_DANGER[self.seen[k as usize].min(3) as usize];
                continue;
            }
            let rank = k % 9 + 1;
            let low = rank > 3 && safe >> (k - 3) & 1 == 1;
            let high = rank < 7 && safe >> (k + 3) & 1 == 1;
            let suji = low as usize + high as usize;
            let edge = rank.min(10 - rank).min(4);
            if edge < 4 {
                total += weight * NUMBER_DANGER[edge as usize - 1][(suji > 0) as usize];
            } else {
                total += weight * MIDDLE_DANGER[suji];
            }
        }
        total
    }

    /// `Sight.value`: dora and red fives held, yakuhai triplets, one for a closed hand, one for the dealer.
    pub fn value(&self) -> i32 {
        let view = self.view;
        let own = view.melds(view.seat).iter().flat_map(|m| m.tiles().iter());
        let mut han: i32 = view.concealed().iter().chain(own).map(|&t| self.dora[kind(t) as usize] as i32 + red(t) as i32).sum();
        han += (0..34).filter(|&k| self.yakuhai >> k & 1 == 1 && self.held[k] >= 3).count() as i32;
        han + self.closed as i32 + (view.seat == view.dealer()) as i32
    }

    /// Whether it holds a yakuhai triplet (concealed or called).
    pub fn yakuhai_triplet(&self) -> bool {
        (0..34).any(|k| self.yakuhai >> k & 1 == 1 && self.held[k] >= 3)
    }

    /// `Careful._keep`: how much tile `t` is worth keeping (a dora, a red five, a yakuhai honour).
    pub fn keep(&self, t: u8) -> i32 {
        let k = kind(t);
        self.dora[k as usize] as i32 + red(t) as i32 + (self.yakuhai >> k & 1) as i32
    }
}

/// `Sight._safe_against`: the kinds that cannot deal in to `seat`'s riichi: its own discards, and
/// every tile let go by since it declared.
fn safe_against(view: &View, seat: usize) -> u64 {
    let mut safe = bits(view.river(seat).iter().map(|&t| kind(t)));
    let discards = view.discards();
    if let Some(i) = discards.iter().position(|d| d.seat as usize == seat && d.riichi) {
        safe |= bits(discards[i..].iter().map(|d| kind(d.tile)));
    }
    safe
}

/// `Option`: a discard weighed: the shanten it leaves and the unseen tiles that would lower that,
/// its danger, and how much its tile is worth keeping.
#[derive(Clone, Copy)]
pub struct Weighed {
    pub act: Act,
    pub kind: u8,
    pub shanten: i32,
    pub ukeire: i32,
    pub danger: f64,
    pub keep: i32,
}

impl Weighed {
    fn edge(&self) -> i32 {
        let k = self.kind;
        if k >= 27 {
            0
        } else if k % 9 == 0 || k % 9 == 8 {
            1
        } else {
            2
        }
    }

    /// `Option.efficiency`.
    pub fn efficiency(&self) -> (i32, i32, i32, i32, bool) {
        (self.shanten, -self.ukeire, self.keep, self.edge(), red(self.act.tile))
    }

    /// `Option.safety`.
    pub fn safety(&self) -> (f64, i32, i32, bool) {
        (self.danger, self.shanten, -self.ukeire, red(self.act.tile))
    }

    /// The order a pushing hand discards in: the safest, then `efficiency`.
    pub fn pushing(&self) -> (f64, (i32, i32, i32, i32, bool)) {
        (self.danger, self.efficiency())
    }
}

/// The first of `items` with the least `key` (Python's `min(items, key=key)`: the first of equals).
pub fn first_min<T: Copy, K: PartialOrd>(items: impl IntoIterator<Item = T>, key: impl Fn(&T) -> K) -> Option<T> {
    let mut best: Option<(K, T)> = None;
    for x in items {
        let k = key(&x);
        if best.as_ref().map_or(true, |(b, _)| k < *b) {
            best = Some((k, x));
        }
    }
    best.map(|(_, x)| x)
}
