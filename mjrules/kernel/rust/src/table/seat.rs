//! What a seat is asked and answers: the actions (`mjrules.game.actions.Action`), the view of the
//! round it decides from (`mjrules.game.view.View`: the same information, read from the round as
//! it stands), and the player that answers (`Player`). A native player is one module of
//! `players/` implementing `Player`; a Python player (any `Player` object) is asked across the
//! boundary with the `View` the Python path builds (`players::python`).

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use super::round::Round;
use super::state::{Discard, Meld};
use super::tiles::{rank, NONE};
use super::score::Scorer;

/// `ActionKind`, in its order (the Python bridge numbers them so).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Kind {
    Discard = 0,
    Riichi,
    Tsumo,
    Ankan,
    Kakan,
    Kita,
    NineTerminals,
    Ron,
    Chi,
    Pon,
    Daiminkan,
    Pass,
    Tenpai,
    Noten,
}

pub const KINDS: [Kind; 14] = [
    Kind::Discard,
    Kind::Riichi,
    Kind::Tsumo,
    Kind::Ankan,
    Kind::Kakan,
    Kind::Kita,
    Kind::NineTerminals,
    Kind::Ron,
    Kind::Chi,
    Kind::Pon,
    Kind::Daiminkan,
    Kind::Pass,
    Kind::Tenpai,
    Kind::Noten,
];

impl Kind {
    /// `ActionKind.value`.
    pub fn word(self) -> &'static str {
        [
            "discard", "riichi", "tsumo", "ankan", "kakan", "kita", "nine terminals", "ron", "chi", "pon", "daiminkan",
            "pass", "tenpai", "noten",
        ][self as usize]
    }
}

/// One action: its kind, its tile (`NONE` for none), and the tiles of the hand a call takes,
/// in tile order (`Action.consumed`), so that equal actions compare equal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Act {
    pub kind: Kind,
    pub tile: u8,
    consumed: [u8; 4],
    n: u8,
}

impl Act {
    pub const fn of(kind: Kind) -> Act {
        Act { kind, tile: NONE, consumed: [0; 4], n: 0 }
    }

    pub fn with_tile(kind: Kind, tile: u8) -> Act {
        Act { kind, tile, consumed: [0; 4], n: 0 }
    }

    pub fn with_consumed(kind: Kind, tile: u8, consumed: &[u8]) -> Act {
        let mut c = [0u8; 4];
        c[..consumed.len()].copy_from_slice(consumed);
        c[..consumed.len()].sort_by_key(|&t| rank(t));
        Act { kind, tile, consumed: c, n: consumed.len() as u8 }
    }

    pub fn consumed(&self) -> &[u8] {
        &self.consumed[..self.n as usize]
    }

    pub fn tile(&self) -> Option<u8> {
        (self.tile != NONE).then_some(self.tile)
    }
}

pub const PASS: Act = Act::of(Kind::Pass);
pub const TSUMO: Act = Act::of(Kind::Tsumo);
pub const RON: Act = Act::of(Kind::Ron);
pub const TENPAI: Act = Act::of(Kind::Tenpai);
pub const NOTEN: Act = Act::of(Kind::Noten);
pub const NINE_TERMINALS: Act = Act::of(Kind::NineTerminals);

/// What `seat` sees when it is asked (`View`'s fields, read from the round).
pub struct View<'a, 'g> {
    pub round: &'a Round<'g>,
    pub seat: usize,
    pub legal: &'a [Act],
    pub drawn: Option<u8>,
    pub offered: Option<u8>,
    pub offered_by: Option<usize>,
}

impl View<'_, '_> {
    pub fn players(&self) -> usize {
        self.round.state.players
    }
    pub fn round_wind(&self) -> u8 {
        self.round.deal.wind % 4
    }
    pub fn dealer(&self) -> usize {
        self.round.deal.dealer
    }
    pub fn seat_wind(&self) -> u8 {
        ((self.seat + self.players() - self.dealer()) % self.players()) as u8
    }
    pub fn honba(&self) -> i64 {
        self.round.deal.honba
    }
    pub fn sticks(&self) -> i64 {
        self.round.deal.sticks + self.round.state.declared.len() as i64
    }
    pub fn scores(&self) -> &[i64] {
        &self.round.state.scores[..self.players()]
    }
    pub fn dora(&self) -> &[u8] {
        &self.round.state.dora
    }
    /// Its own concealed tiles, in the order it holds them (the tile just drawn last).
    pub fn concealed(&self) -> &[u8] {
        &self.round.state.hands[self.seat]
    }
    pub fn melds(&self, seat: usize) -> &[Meld] {
        &self.round.state.melds[seat]
    }
    pub fn river(&self, seat: usize) -> &[u8] {
        &self.round.state.river[seat]
    }
    pub fn riichi(&self, seat: usize) -> bool {
        self.round.state.riichi[seat] > 0
    }
    pub fn live_left(&self) -> i64 {
        self.round.state.live_left()
    }
    pub fn discards(&self) -> &[Discard] {
        &self.round.state.discards
    }
    /// Whether the ruleset counts yaku `id` on an open hand (`View.open_yaku`).
    pub fn open_yaku(&self, id: &str) -> bool {
        self.round.game.open_yaku.iter().any(|y| y == id)
    }
    /// Whether yaku `id` is a bonus item (dora, red fives, kita: `Yaku.bonus`), for a player that
    /// values a hand's yaku without them.
    pub fn bonus_yaku(&self, id: &str) -> bool {
        self.round.game.bonus_yaku.iter().any(|y| y == id)
    }
    /// The ruleset's Scorer (a player that values hands with it: careful).
    pub fn scorer(&self) -> &Scorer<'_> {
        self.round.game.scorer
    }
    pub fn has(&self, kind: Kind) -> bool {
        self.legal.iter().any(|a| a.kind == kind)
    }
    pub fn first(&self, kind: Kind) -> Option<Act> {
        self.legal.iter().find(|a| a.kind == kind).copied()
    }
}

/// A seat's decisions.
pub trait Player: Send {
    /// One of `view.legal`.
    fn act(&mut self, view: &View) -> PyResult<Act>;

    /// Whether, after its own draw, it always discards the tile drawn: the round then asks it
    /// nothing and works out no legal move on its turn (the tile drawn is always legal to
    /// discard for a player that never calls nor declares riichi).
    fn discards_drawn(&self) -> bool {
        false
    }

    /// Whether it lets every other player's tile go by: the round then works out no answer of
    /// its to another's tile, nor its furiten (which only its own rons read).
    fn passes(&self) -> bool {
        false
    }

    /// The error that stops the game when the table refuses its answer `act` (`IllegalAction`).
    fn refused(&mut self, seat: usize, act: Act, reason: &str) -> PyErr {
        PyRuntimeError::new_err(format!("native player of seat {seat}: {} refused: {reason}", act.kind.word()))
    }
}
