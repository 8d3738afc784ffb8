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

mod score;
mod search;
mod shanten;

use score::*;
use search::*;
use shanten::*;

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
