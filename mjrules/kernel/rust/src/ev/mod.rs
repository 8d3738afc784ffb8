//! The search of `discard --ev`: the graph of hand states a 14-tile hand reaches by draws and
//! discards, and each state's tenpai probability, win probability and expected score by turn,
//! every win scored by a Scorer's plan (`plan::Plan::points`). The definition is Python's
//! (`mjrules.tools.discard_ev`, its module text); this is the same search step for step, in the
//! same order, so that both give the same numbers (`tests/test_discard_ev.py`).
//!
//! Speed comes from three things. Each state is made once (a hash of its 37 face counts). Each
//! state's shanten and its neighbours' come from per-suit vectors (`distance`), kept per count
//! code: a neighbour's shanten is one lookup and one max-plus entry against the other three suits,
//! combined once per state. Each winning hand is scored once per winning tile and riichi mark.

use std::collections::{HashMap, VecDeque};

use pyo3::prelude::*;

use crate::distance::{self, Vector};
use crate::fx::Fx;
use crate::model::{self, Hand, Meld, Win};
use crate::plan::{Plan, State, Stop};

mod score;
mod shanten;

use score::{Draw, Scoring};
use shanten::Shanten;

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

/// A hand's 37 face counts in 3 bits each: its key, and how the graph keeps it.
fn pack(h: &Faces) -> u128 {
    h.iter().enumerate().fold(0u128, |acc, (i, &c)| acc | (c as u128) << (3 * i))
}

fn unpack(key: u128) -> Faces {
    let mut h = [0u8; FACES];
    for (i, slot) in h.iter_mut().enumerate() {
        *slot = (key >> (3 * i) & 7) as u8;
    }
    h
}

// -- the search -------------------------------------------------------------------------------------

struct Search<'p> {
    scoring: Scoring<'p>,
    sh: Shanten,
    h0: Faces,
    w0: Faces,
    s0: i32,
    extra: i32,
    closed: bool,
    index13: HashMap<u128, u32, Fx>,
    hands13: Vec<u128>,
    riichi13: Vec<bool>,
    tenpai13: Vec<bool>,
    /// Every draw, as (13-tile state, draw), in the order found: a state's draws keep that order.
    draws: Vec<(u32, Draw)>,
    /// Per 13-tile state, the faces it has a draw of.
    drawn: Vec<u64>,
    index14: HashMap<u128, u32, Fx>,
    hands14: Vec<u128>,
    /// Every (14-tile state, 13-tile state of a discard); a pair may come twice (from either end).
    options: Vec<(u32, u32)>,
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
        let marked = key | (riichi as u128) << 127;
        if let Some(&i) = self.index13.get(&marked) {
            return i;
        }
        let i = self.hands13.len() as u32;
        self.index13.insert(marked, i);
        self.hands13.push(key);
        self.riichi13.push(riichi);
        self.tenpai13.push(false); // known when it is expanded
        self.drawn.push(0);
        self.todo.push_back((false, i));
        i
    }

    fn state14(&mut self, key: u128) -> u32 {
        if let Some(&j) = self.index14.get(&key) {
            return j;
        }
        let j = self.hands14.len() as u32;
        self.index14.insert(key, j);
        self.hands14.push(key);
        self.todo.push_back((true, j));
        j
    }

    /// Expand every state queued, breadth first; false when the graph grows past `limit` states.
    fn build(&mut self, py: Python, limit: usize) -> PyResult<bool> {
        let mut done = 0u32;
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
        let p = self.sh.parts(&k);
        let s = p.shanten;
        self.tenpai13[i as usize] = s == 0;
        let free = !riichi && self.distance(&h) + s < self.s0 + self.extra;
        let improving = if free && s > 0 { 0 } else { self.sh.improving(&p, &k) };
        for f in 0..FACES {
            let copies = self.wall(&h, f);
            if copies == 0 {
                continue;
            }
            // a free state draws every tile; the others their improving tiles (at tenpai: winning)
            let better = improving >> kind_of(f) & 1 == 1;
            if !better && !free {
                continue;
            }
            let mut h14 = h;
            h14[f] += 1;
            let score = if better && s == 0 {
                let wall = self.walls(&h14);
                self.scoring.score(py, &h14, f, riichi, &wall)?
            } else {
                0
            };
            if riichi {
                self.draws.push((i, Draw { copies, score, target: NONE }));
                continue;
            }
            let j = self.state14(key + (1u128 << (3 * f)));
            if self.drawn[i as usize] >> f & 1 == 0 {
                self.drawn[i as usize] |= 1 << f;
                self.draws.push((i, Draw { copies, score, target: j }));
            }
            self.options.push((j, i));
        }
        Ok(())
    }

    fn expand14(&mut self, py: Python, j: u32) -> PyResult<()> {
        let key = self.hands14[j as usize];
        let h = unpack(key);
        let k = kinds(&h);
        let p = self.sh.parts(&k);
        let s = p.shanten;
        let free = self.distance(&h) + s < self.s0 + self.extra;
        for f in 0..FACES {
            if h[f] == 0 {
                continue;
            }
            let keeps = self.sh.after(&p, &k, kind_of(f), false) == s;
            if !(keeps || free) {
                continue;
            }
            let mut h13 = h;
            h13[f] -= 1;
            let riichi = self.closed && s == 0 && keeps;
            let i = self.state13(key - (1u128 << (3 * f)), riichi);
            self.options.push((j, i));
            if !riichi && self.drawn[i as usize] >> f & 1 == 0 {
                let score = if s < 0 {
                    let wall = self.walls(&h);
                    self.scoring.score(py, &h, f, false, &wall)?
                } else {
                    0
                };
                self.drawn[i as usize] |= 1 << f;
                let copies = self.wall(&h13, f);
                self.draws.push((i, Draw { copies, score, target: j }));
            }
        }
        Ok(())
    }

    /// `_Graph.values`: each root's (expected score, win probability, tenpai probability) at turns
    /// `turn` … 18, each optimised on its own. The three are kept side by side per state, and
    /// each is summed in the order the Python search sums it.
    fn values(self, roots: &[u32], turn: usize, total: f64) -> Vec<Vec<(f64, f64, f64)>> {
        let n13 = self.hands13.len();
        let n14 = self.hands14.len();
        let inv = 1.0 / total;
        let tenpai = self.tenpai13;
        let scores = self.scoring.values;
        // the graph as flat arrays; what only the building needed goes first
        drop((self.index13, self.index14, self.hands13, self.hands14));
        self.sh.keep();
        let (start, edges) = grouped(n13, self.draws);
        let (ostart, opts) = grouped(n14, self.options);
        let mut v13: Vec<[f64; 3]> = tenpai.iter().map(|&t| [0.0, 0.0, if t { 1.0 } else { 0.0 }]).collect();
        let mut v14 = vec![[0.0f64; 3]; n14];
        best(&ostart, &opts, &v13, &mut v14);
        let at = |v: &[[f64; 3]], r: u32| {
            let x = v[r as usize];
            (x[0], x[1], x[2])
        };
        let mut out: Vec<Vec<(f64, f64, f64)>> = roots.iter().map(|&r| vec![at(&v13, r)]).collect();
        let mut new = vec![[0.0f64; 3]; n13];
        for _ in (turn..T_MAX).rev() {
            for i in 0..n13 {
                let stay = v13[i];
                let mut acc = [0.0f64; 3];
                for d in &edges[start[i] as usize..start[i + 1] as usize] {
                    let copies = d.copies as f64;
                    let mut x = if d.target == NONE {
                        stay
                    } else {
                        let m = &v14[d.target as usize];
                        [m[0].max(stay[0]), m[1].max(stay[1]), m[2].max(stay[2])]
                    };
                    if d.score != 0 {
                        let score = scores[d.score as usize];
                        if score > 0.0 {
                            x = [x[0].max(score), x[1].max(1.0), x[2].max(1.0)];
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
            best(&ostart, &opts, &v13, &mut v14);
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

/// Each 14-tile state's value, into `v14`: its best discard's, per objective (0 without a discard).
fn best(start: &[u32], opts: &[u32], v13: &[[f64; 3]], v14: &mut [[f64; 3]]) {
    for (j, slot) in v14.iter_mut().enumerate() {
        let mine = &opts[start[j] as usize..start[j + 1] as usize];
        if mine.is_empty() {
            *slot = [0.0; 3];
            continue;
        }
        let mut b = [f64::MIN; 3];
        for &i in mine {
            let v = &v13[i as usize];
            b = [b[0].max(v[0]), b[1].max(v[1]), b[2].max(v[2])];
        }
        *slot = b;
    }
}

fn faces(v: &[u8]) -> PyResult<Faces> {
    v.try_into().map_err(|_| pyo3::exceptions::PyValueError::new_err("expected 37 face counts"))
}

/// The search from a 14-tile hand (`discard_ev._native_search` passes what `_Start` read): the
/// number of states, and for each root (the face discarded, riichi) its values at turns `turn` … 18;
/// no values when the graph grows past `limit` states.
/// `melds` are the hand's `Meld` objects, `meld_reds` their red fives per suit; `win` is (seat,
/// round, dora indicator codes, kita); `ura` (indicator → dora kind, kita counts on North);
/// `fallback(tiles, win, riichi, ura)` scores where the plan declines.
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
        index13: HashMap::default(),
        hands13: Vec::new(),
        riichi13: Vec::new(),
        tenpai13: Vec::new(),
        draws: Vec::with_capacity(1024),
        drawn: Vec::new(),
        index14: HashMap::default(),
        hands14: Vec::new(),
        options: Vec::with_capacity(1024),
        todo: VecDeque::new(),
    };
    search.state14(pack(&h0));
    let mut ids = Vec::with_capacity(roots.len());
    for &(f, riichi) in &roots {
        let mut h = h0;
        h[f] -= 1;
        ids.push(search.state13(pack(&h), riichi));
    }
    let done = search.build(py, limit)?;
    let states = search.hands13.len() + search.hands14.len();
    Ok((states, if done { Some(search.values(&ids, turn, total as f64)) } else { None }))
}
