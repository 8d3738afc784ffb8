//! One round's state, event by event: the twin of `mjrules.game.state.RoundState` as the table
//! drives it (the record readers' checks of a move that does not fit are not needed here: the
//! table makes only legal moves). Each hand's waits are kept until that hand changes.

use std::cell::Cell;

use super::tiles::{self, kind, yaochu};
use crate::distance;
use crate::model::{ANKAN, CHI, DAIMINKAN, KAKAN, PON};
use crate::shapes;

/// A meld as the model writes it: kind, tiles in written order, the called tile's place, and
/// where it came from (1 next, 2 opposite, 3 previous; 0 for a closed kan).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Meld {
    pub kind: u8,
    pub tiles: [u8; 4],
    pub n: u8,
    pub called: u8,
    pub source: u8,
}

impl Meld {
    pub fn tiles(&self) -> &[u8] {
        &self.tiles[..self.n as usize]
    }
    pub fn is_open(&self) -> bool {
        self.kind != ANKAN
    }
    pub fn is_kan(&self) -> bool {
        self.kind >= DAIMINKAN
    }
    /// The lowest kind (a chi's first, a pon's or kan's kind).
    pub fn first(&self) -> u8 {
        self.tiles().iter().map(|&t| kind(t)).min().unwrap_or(0)
    }
}

/// One discard as every seat saw it (`Discarded`).
#[derive(Clone, Copy)]
pub struct Discard {
    pub seat: u8,
    pub tile: u8,
    pub tsumogiri: bool,
    pub riichi: bool,
}

const UNKNOWN: u64 = u64::MAX;

pub struct State {
    pub players: usize,
    pub dealer: usize,
    pub live_draws: u32,
    pub hands: Vec<Vec<u8>>,
    pub counts: Vec<[u8; 34]>,
    pub melds: Vec<Vec<Meld>>,
    /// Every meld called or declared, in order (`Call`).
    pub calls: Vec<(u8, Meld)>,
    pub drawn: u32,
    pub last_draw: Option<(usize, u8)>,
    pub rinshan_next: [bool; 4],
    pub drew_rinshan: bool,
    pub last_discard: Option<(usize, u8)>,
    /// A tile just added to a kan (seat, tile, closed): it may be robbed.
    pub kan_tile: Option<(usize, u8, bool)>,
    pub kita_tile: Option<(usize, u8)>,
    pub kita: [u8; 4],
    pub any_call: bool,
    pub discarded: [bool; 4],
    pub drew: [bool; 4],
    pub riichi: [u8; 4],
    pub riichi_pending: Option<usize>,
    pub ippatsu: [bool; 4],
    pub ippatsu_ends: bool,
    pub declared: Vec<u8>,
    pub river: Vec<Vec<u8>>,
    pub robbed: [bool; 4],
    pub discards: Vec<Discard>,
    pub scores: [i64; 4],
    pub temporary: [bool; 4],
    pub riichi_furiten: [bool; 4],
    /// Kinds the player who just called may not discard, one bit each.
    pub kuikae: u64,
    pub dora: Vec<u8>,
    pub kans: usize,
    waits: [Cell<u64>; 4],
}

impl State {
    pub fn new(players: usize, dealer: usize, live_draws: u32, hands: Vec<Vec<u8>>, dora: u8, scores: &[i64]) -> State {
        let mut s = [0i64; 4];
        s[..players].copy_from_slice(scores);
        State {
            players,
            dealer,
            live_draws,
            counts: hands.iter().map(|h| tiles::counts(h)).collect(),
            hands,
            melds: vec![Vec::new(); players],
            calls: Vec::new(),
            drawn: 0,
            last_draw: None,
            rinshan_next: [false; 4],
            drew_rinshan: false,
            last_discard: None,
            kan_tile: None,
            kita_tile: None,
            kita: [0; 4],
            any_call: false,
            discarded: [false; 4],
            drew: [false; 4],
            riichi: [0; 4],
            riichi_pending: None,
            ippatsu: [false; 4],
            ippatsu_ends: false,
            declared: Vec::new(),
            river: vec![Vec::with_capacity(24); players],
            robbed: [false; 4],
            discards: Vec::with_capacity(96),
            scores: s,
            temporary: [false; 4],
            riichi_furiten: [false; 4],
            kuikae: 0,
            dora: vec![dora],
            kans: 0,
            waits: [Cell::new(UNKNOWN), Cell::new(UNKNOWN), Cell::new(UNKNOWN), Cell::new(UNKNOWN)],
        }
    }

    fn add(&mut self, seat: usize, t: u8) {
        self.hands[seat].push(t);
        self.counts[seat][kind(t) as usize] += 1;
        self.waits[seat].set(UNKNOWN);
    }

    /// Take `t` out of `seat`'s hand (its first copy, as `list.remove`).
    fn take(&mut self, seat: usize, t: u8) {
        let hand = &mut self.hands[seat];
        let i = hand.iter().position(|&x| x == t).expect("the table takes only tiles a hand holds");
        hand.remove(i);
        self.counts[seat][kind(t) as usize] -= 1;
        self.waits[seat].set(UNKNOWN);
    }

    pub fn draw(&mut self, seat: usize, t: u8) {
        self.drawn += 1;
        if self.ippatsu_ends {
            self.ippatsu = [false; 4];
            self.ippatsu_ends = false;
        }
        self.drew_rinshan = self.rinshan_next[seat];
        self.rinshan_next[seat] = false;
        self.add(seat, t);
        self.last_draw = Some((seat, t));
        self.drew[seat] = true;
        self.kan_tile = None;
        self.kita_tile = None;
    }

    pub fn discard(&mut self, seat: usize, t: u8) {
        self.take(seat, t);
        let riichi = self.riichi_pending == Some(seat);
        let tsumogiri = self.last_draw == Some((seat, t));
        self.discards.push(Discard { seat: seat as u8, tile: t, tsumogiri, riichi });
        self.temporary[seat] = false;
        self.kuikae = 0;
        if riichi {
            self.riichi_pending = None;
        } else if self.ippatsu[seat] {
            self.ippatsu[seat] = false;
        }
        self.discarded[seat] = true;
        self.river[seat].push(t);
        self.last_discard = Some((seat, t));
        self.last_draw = None;
        self.kan_tile = None;
        self.kita_tile = None;
    }

    pub fn declare_riichi(&mut self, seat: usize) {
        self.riichi[seat] = if !self.discarded[seat] && !self.any_call { 2 } else { 1 };
        self.riichi_pending = Some(seat);
    }

    /// The riichi discard passed: the stick is deposited, ippatsu starts.
    pub fn riichi_accepted(&mut self, seat: usize) {
        self.ippatsu[seat] = true;
        self.declared.push(seat as u8);
        self.scores[seat] -= 1000;
    }

    fn called(&mut self, seat: usize, meld: Meld) {
        self.calls.push((seat as u8, meld));
        self.waits[seat].set(UNKNOWN);
        self.any_call = true;
        if meld.is_kan() {
            self.kans += 1;
        }
        if meld.kind == KAKAN {
            self.ippatsu_ends = true; // the kan stands once its tile cannot be robbed: chankan keeps ippatsu
        } else {
            self.ippatsu = [false; 4];
        }
        self.last_draw = None;
    }

    /// `seat` calls the last discard (of `source`) into a chi, pon or open kan with `own` of its hand.
    pub fn claim(&mut self, seat: usize, source: usize, kind_: u8, t: u8, own: &[u8]) {
        let mut tiles = [0u8; 4];
        tiles[0] = t;
        tiles[1..=own.len()].copy_from_slice(own);
        let mut from = ((source + 4 - seat) % 4) as u8;
        if self.players == 3 {
            from = if source == (seat + 1) % 3 { 1 } else { 3 };
        }
        let meld = Meld { kind: kind_, tiles, n: 1 + own.len() as u8, called: 0, source: from };
        for &x in own {
            self.take(seat, x);
        }
        self.robbed[source] = true;
        self.melds[seat].push(meld);
        if kind_ == DAIMINKAN {
            self.rinshan_next[seat] = true;
        }
        self.last_discard = None;
        self.called(seat, meld);
    }

    /// `seat` adds `t` to its pon of that kind; the pon it was (its three tiles, called, source).
    pub fn add_to_pon(&mut self, seat: usize, t: u8) -> Meld {
        self.take(seat, t);
        let i = self.melds[seat].iter().position(|m| m.kind == PON && kind(m.tiles[0]) == kind(t)).expect("a pon");
        let pon = self.melds[seat][i];
        let mut meld = pon;
        meld.kind = KAKAN;
        meld.tiles[3] = t;
        meld.n = 4;
        self.melds[seat][i] = meld;
        self.rinshan_next[seat] = true;
        self.kan_tile = Some((seat, t, false));
        self.called(seat, meld);
        pon
    }

    /// `seat` declares a closed kan of `four` (in tile order).
    pub fn closed_kan(&mut self, seat: usize, four: &[u8]) {
        let mut tiles = [0u8; 4];
        tiles.copy_from_slice(four);
        for &x in four {
            self.take(seat, x);
        }
        let meld = Meld { kind: ANKAN, tiles, n: 4, called: tiles::NONE, source: 0 };
        self.melds[seat].push(meld);
        self.rinshan_next[seat] = true;
        self.kan_tile = Some((seat, tiles[0], true));
        self.called(seat, meld);
    }

    /// Three players: `seat` sets a North aside.
    pub fn set_aside_north(&mut self, seat: usize, north: u8) {
        self.take(seat, north);
        self.kita[seat] += 1;
        self.rinshan_next[seat] = true;
        self.kita_tile = Some((seat, north));
        self.any_call = true;
        self.ippatsu_ends = true;
        self.last_draw = None;
    }

    // -- what the rules of play read --------------------------------------------------------------

    pub fn live_left(&self) -> i64 {
        self.live_draws as i64 - self.drawn as i64
    }

    /// `RoundState.shanten`: the minimum over the forms, or the standard form beside melds.
    pub fn shanten(&self, seat: usize, counts: &[u8; 34]) -> i32 {
        let m = distance::sets_needed(counts).expect("a hand of 3k + 1 or 3k + 2 tiles");
        if self.melds[seat].is_empty() {
            distance::minimum(counts, m)
        } else {
            distance::standard(counts, &distance::FULL, m)
        }
    }

    /// The kinds that complete `seat`'s concealed tiles, one bit each (`wait_kinds`).
    pub fn waits(&self, seat: usize) -> u64 {
        let got = self.waits[seat].get();
        if got != UNKNOWN {
            return got;
        }
        let got = if self.hands[seat].len() % 3 == 1 { waits_of(&self.counts[seat], |c| self.shanten(seat, c)) } else { 0 };
        self.waits[seat].set(got);
        got
    }

    /// Why `seat` may not ron now, or None.
    pub fn furiten(&self, seat: usize) -> Option<String> {
        if self.riichi_furiten[seat] {
            return Some("furiten: a winning tile went by after its riichi".into());
        }
        if self.temporary[seat] {
            return Some("furiten: it let a winning tile go by since its last discard (temporary furiten)".into());
        }
        let waits = self.waits(seat);
        self.river[seat]
            .iter()
            .find(|&&t| waits >> kind(t) & 1 == 1)
            .map(|&t| format!("furiten: its own discard {} is one of its winning tiles", tiles::mpsz(t)))
    }

    pub fn let_go_by(&mut self, seat: usize) {
        self.temporary[seat] = true;
        if self.riichi[seat] > 0 {
            self.riichi_furiten[seat] = true;
        }
    }

    /// The seats whose discards are all terminals and honours, none of them called.
    pub fn nagashi(&self) -> Vec<u8> {
        (0..self.players)
            .filter(|&s| !self.river[s].is_empty() && !self.robbed[s] && self.river[s].iter().all(|&t| yaochu(kind(t))))
            .map(|s| s as u8)
            .collect()
    }
}

/// The winning kinds of 3k + 1 concealed counts in tenpai (`shanten` 0), never one held four times.
pub fn waits_of(counts: &[u8; 34], shanten: impl Fn(&[u8; 34]) -> i32) -> u64 {
    if shanten(counts) != 0 {
        return 0;
    }
    let mut c = *counts;
    let mut out = 0u64;
    for i in 0..34 {
        if c[i] >= 4 {
            continue;
        }
        c[i] += 1;
        if shapes::winning(&c) {
            out |= 1 << i;
        }
        c[i] -= 1;
    }
    out
}

/// The waits of concealed tiles of 3k + 1 (`moves.waits_of`: no shanten test first).
pub fn waits_of_tiles(codes: &[u8]) -> u64 {
    let c = tiles::counts(codes);
    waits_of(&c, |_| 0)
}

pub const CALLED_KINDS: [u8; 3] = [CHI, PON, DAIMINKAN];
