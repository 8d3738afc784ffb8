//! The kernel's own copy of a hand and its win: read from the model's `Hand` and `Win`, or from a
//! majiang `in` object (a Python dict, or a JSON line read by `json`), and made into `Hand` and `Win`
//! objects when Python asks for them. Anything the kernel is unsure of gives None: the Python code
//! then reads the input as before, and names what is wrong with it.

use std::collections::HashMap;

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFrozenSet, PyList, PyString, PyTuple};
use pyo3::AsPyPointer;

use crate::bound::{Model, MELD_READER, MODEL, SET_SHAPE_ITEMS};
use crate::json::Value;

mod majiang;
mod make;
mod read;

pub use majiang::{majiang_in, parse_majiang, MeldCache};
pub use make::{alloc, made_copies, make_hand, make_hand_with, make_win, read_majiang_input, set, CACHE};
pub use read::{read_hand, read_meld, read_win, value_of};

pub const CHI: u8 = 0;
pub const PON: u8 = 1;
pub const DAIMINKAN: u8 = 2;
pub const KAKAN: u8 = 3;
pub const ANKAN: u8 = 4;

pub const NORTH: u8 = 30;

/// The model's own `Win.extras` tags (`ROBBED_ANKAN`, `ROBBED_KITA` in `mjrules.model.win`), which
/// the kernel's checks read; a plan's table of tags (`Extras`) starts with them.
pub const MODEL_TAGS: &[&str] = &["robbed_ankan", "robbed_kita"];

/// The `Win.extras` tags a plan reads, each as a bit (its place in `tags`): the model's own, then
/// those the yaku of its ruleset declare (`Yaku.extras`), as `mjrules.scoring.plan` lists them. A
/// win with a tag the table lacks is left to the Python path.
#[derive(PartialEq, Eq, Default)]
pub struct Extras {
    pub tags: Vec<String>,
    /// The bits of `MODEL_TAGS` (0 where the table lacks one).
    pub robbed_ankan: u32,
    pub robbed_kita: u32,
}

impl Extras {
    /// The table of `tags`, the first 32 of them (the others are left to Python).
    pub fn new(mut tags: Vec<String>) -> Self {
        tags.truncate(32);
        let mut extras = Extras { tags, robbed_ankan: 0, robbed_kita: 0 };
        extras.robbed_ankan = extras.bit(MODEL_TAGS[0]).unwrap_or(0);
        extras.robbed_kita = extras.bit(MODEL_TAGS[1]).unwrap_or(0);
        extras
    }

    /// The bit of `tag`, None where the table lacks it.
    pub fn bit(&self, tag: &str) -> Option<u32> {
        self.tags.iter().position(|t| t == tag).map(|i| 1 << i)
    }
}

/// `SITUATIONS` bits (`mjrules.model.win`).
pub mod bits {
    pub const RIICHI: u32 = 1 << 0;
    pub const DOUBLE_RIICHI: u32 = 1 << 1;
    pub const IPPATSU: u32 = 1 << 2;
    pub const TSUMO: u32 = 1 << 3;
    pub const RON: u32 = 1 << 4;
    pub const HAITEI: u32 = 1 << 5;
    pub const HOUTEI: u32 = 1 << 6;
    pub const RINSHAN: u32 = 1 << 7;
    pub const CHANKAN: u32 = 1 << 8;
    pub const TENHOU: u32 = 1 << 9;
    pub const CHIIHOU: u32 = 1 << 10;
    pub const RENHOU: u32 = 1 << 11;
    pub const ROUND_EAST: u32 = 1 << 12;
    pub const SEAT_EAST: u32 = 1 << 16;
    pub const KITA: u32 = 1 << 20;
    /// The conditions that make `check_against_hand` look at the hand.
    pub const NEEDS_HAND_CHECK: u32 = RIICHI | RINSHAN | TENHOU | CHIIHOU | CHANKAN | KITA;
}

#[derive(Clone, Copy, Default)]
pub struct Meld {
    pub kind: u8,
    /// The shape: its first kind, whether concealed, whether a kan.
    pub first: u8,
    pub concealed: bool,
    pub kan: bool,
    pub seq: bool,
    /// Where the called tile came from (1–3), 0 for a closed kan.
    pub source: u8,
}

impl Meld {
    pub fn is_kan(&self) -> bool {
        self.kind >= DAIMINKAN
    }
}

#[derive(Clone)]
pub struct Hand {
    pub counts: [u8; 34],
    /// Concealed counts, the winning tile included.
    pub conc: [u8; 34],
    pub win: u8,
    /// The winning tile's code (34–36: a red five).
    pub win_code: u8,
    /// Concealed tiles' codes in the model's order (kind, a red five first), without the winning tile.
    pub tiles: [u8; 14],
    pub ntiles: usize,
    pub melds: [Meld; 4],
    pub nmelds: usize,
    pub red_fives: u8,
    pub reds: [u8; 3],
}

impl Hand {
    pub fn melds(&self) -> &[Meld] {
        &self.melds[..self.nmelds]
    }
    pub fn closed(&self) -> bool {
        self.melds().iter().all(|m| m.kind == ANKAN)
    }
    pub fn kans(&self) -> u8 {
        self.melds().iter().filter(|m| m.is_kan()).count() as u8
    }
}

#[derive(Clone, Default)]
pub struct Win {
    pub tsumo: bool,
    pub discarder: u8,
    pub round_wind: u8,
    pub seat_wind: u8,
    pub riichi: u8,
    pub ippatsu: bool,
    pub haitei: bool,
    pub houtei: bool,
    pub rinshan: bool,
    pub chankan: bool,
    pub tenhou: bool,
    pub chiihou: bool,
    pub renhou: bool,
    /// Indicators' tile codes (34–36: a red five).
    pub dora: [u8; 5],
    pub ndora: usize,
    pub ura: [u8; 5],
    pub nura: usize,
    pub honba: i64,
    pub sticks: i64,
    pub extras: u32,
    pub kita: u8,
    pub situation: u32,
}

impl Win {
    pub fn dora(&self) -> &[u8] {
        &self.dora[..self.ndora]
    }
    pub fn ura(&self) -> &[u8] {
        &self.ura[..self.nura]
    }
}

/// A tile code's kind (a red five is its five).
pub fn kind(code: u8) -> u8 {
    if code >= 34 {
        (code - 34) * 9 + 4
    } else {
        code
    }
}

/// The model's sort rank of a tile code: by kind, a red five before a plain one.
fn rank(code: u8) -> u16 {
    kind(code) as u16 * 2 + if code >= 34 { 0 } else { 1 }
}

/// `Win`'s own checks (`_check_win`, `_check_special`): whether the model would build it.
fn check_win(w: &Win) -> bool {
    if w.tsumo != (w.discarder == 0) || w.riichi > 2 || (w.nura > 0 && w.riichi == 0) {
        return false;
    }
    let bad = (w.ippatsu && w.riichi == 0)
        || (w.haitei && !w.tsumo)
        || (w.houtei && w.tsumo)
        || (w.rinshan && !w.tsumo)
        || (w.chankan && w.tsumo)
        || (w.haitei && w.rinshan)
        || (w.chankan && (w.houtei || w.rinshan))
        || (w.tenhou && w.chiihou);
    if bad {
        return false;
    }
    if w.tenhou || w.chiihou {
        if !w.tsumo || (w.tenhou && w.seat_wind != 0) || (w.chiihou && w.seat_wind == 0) {
            return false;
        }
        if w.riichi > 0 || w.ippatsu || w.haitei || w.rinshan {
            return false;
        }
    }
    if w.renhou {
        return false; // majiang has no renhou field: never read here
    }
    true
}

/// `Win.situation` of a checked win.
pub fn situation(w: &Win) -> u32 {
    use bits::*;
    let mut s = match w.riichi {
        1 => RIICHI,
        2 => RIICHI | DOUBLE_RIICHI,
        _ => 0,
    };
    s |= if w.tsumo { TSUMO } else { RON };
    s |= ROUND_EAST << w.round_wind;
    s |= SEAT_EAST << w.seat_wind;
    if w.kita > 0 {
        s |= KITA;
    }
    for (on, bit) in [
        (w.ippatsu, IPPATSU),
        (w.haitei, HAITEI),
        (w.houtei, HOUTEI),
        (w.rinshan, RINSHAN),
        (w.chankan, CHANKAN),
        (w.tenhou, TENHOU),
        (w.chiihou, CHIIHOU),
        (w.renhou, RENHOU),
    ] {
        if on {
            s |= bit;
        }
    }
    s
}

/// The indicators of a red-five-free kind table: dora of `ind` (the 136-tile set).
pub fn dora_of(ind: u8) -> u8 {
    if ind < 27 {
        if ind % 9 == 8 { ind - 8 } else { ind + 1 }
    } else if ind < 31 {
        if ind == 30 { 27 } else { ind + 1 }
    } else if ind == 33 {
        31
    } else {
        ind + 1
    }
}
