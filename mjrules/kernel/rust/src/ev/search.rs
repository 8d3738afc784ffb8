//! The search itself: the graph of hands built from the roots, and its values computed back from the last turn.

use super::*;

pub(super) struct Search<'p> {
    pub(super) scoring: Scoring<'p>,
    pub(super) sh: Shanten,
    pub(super) h0: Faces,
    pub(super) w0: Faces,
    pub(super) s0: i32,
    pub(super) extra: i32,
    pub(super) closed: bool,
    /// mahjong-cpp's riichi: a riichi state draws into riichi 14-tile states (its wins), and keeps
    /// the moves of the hand that declared it (`ev_model.Graph.free_riichi`).
    pub(super) free_riichi: bool,
    pub(super) index13: Table,
    pub(super) hands13: Vec<u128>,
    pub(super) riichi13: Vec<bool>,
    pub(super) tenpai13: Vec<bool>,
    /// The draws of each 13-tile state found when it is expanded, by face: `own_at[i]` of them
    /// from `own_start[i]` (`_Graph.draws`, their first part).
    pub(super) own: Vec<Draw>,
    pub(super) own_start: Vec<u32>,
    pub(super) own_at: Vec<u8>,
    /// The draws found from their 14-tile end, as (13-tile state, draw), in the order found.
    pub(super) back: Vec<(u32, Draw)>,
    /// Per 13-tile state, the faces it has a draw of.
    pub(super) drawn: Vec<u64>,
    pub(super) index14: Table,
    pub(super) hands14: Vec<u128>,
    pub(super) riichi14: Vec<bool>,
    /// The (14-tile state, riichi state) of each riichi declared where the riichi state has no
    /// draw back to the hand that declared it (the published model): with the draws, a 14-tile
    /// state's discards (`discards`).
    pub(super) declared: Vec<(u32, u32)>,
    pub(super) todo: VecDeque<(bool, u32)>,
}

/// Items grouped by their first field, each group in the order given: (start of each group, items).
pub(super) fn grouped<T: Copy + Default>(n: usize, items: Vec<(u32, T)>) -> (Vec<u32>, Vec<T>) {
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
    pub(super) fn wall(&self, h: &Faces, f: usize) -> u8 {
        self.w0[f] + self.h0[f] - h[f]
    }

    pub(super) fn walls(&self, h: &Faces) -> Faces {
        let mut w = [0u8; FACES];
        for (f, slot) in w.iter_mut().enumerate() {
            *slot = self.wall(h, f);
        }
        w
    }

    pub(super) fn distance(&self, h: &Faces) -> i32 {
        h.iter().zip(self.h0.iter()).map(|(&a, &b)| a.saturating_sub(b) as i32).sum()
    }

    /// The 13-tile state of `h` (`key`: its `pack`), made and queued if new.
    pub(super) fn state13(&mut self, key: u128, riichi: bool) -> u32 {
        let i = match self.index13.get_or_insert(key | (riichi as u128) << RIICHI_AT, self.hands13.len() as u32) {
            Ok(i) => return i,
            Err(i) => i,
        };
        self.hands13.push(key);
        self.riichi13.push(riichi);
        self.tenpai13.push(false); // known when it is expanded
        self.drawn.push(0);
        self.own_start.push(0);
        self.own_at.push(0);
        self.todo.push_back((false, i));
        i
    }

    pub(super) fn state14(&mut self, key: u128, riichi: bool) -> u32 {
        let j = match self.index14.get_or_insert(key | (riichi as u128) << RIICHI_AT, self.hands14.len() as u32) {
            Ok(j) => return j,
            Err(j) => j,
        };
        self.hands14.push(key);
        self.riichi14.push(riichi);
        self.todo.push_back((true, j));
        j
    }

    /// Expand every state queued, breadth first; false when the graph grows past `limit` states.
    pub(super) fn build(&mut self, py: Python, limit: usize) -> PyResult<bool> {
        let mut done = 0u32;
        let limit = limit.min(MOST_STATES - FACES);
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

    pub(super) fn expand13(&mut self, py: Python, i: u32) -> PyResult<()> {
        let key = self.hands13[i as usize];
        let h = unpack(key);
        let riichi = self.riichi13[i as usize];
        let k = kinds(&h);
        let mut p = self.sh.parts(&k);
        let s = p.shanten;
        self.tenpai13[i as usize] = s == 0;
        let free = !riichi && self.distance(&h) + s < self.s0 + self.extra;
        let improving = if free && s > 0 { 0 } else { self.sh.improving(&mut p, &k) };
        // the draws: a free state draws every tile; the others their improving tiles (at tenpai: winning)
        let mut faces = [0u8; FACES];
        let mut n = 0;
        let drawn = self.drawn[i as usize]; // found from their 14-tile ends already
        for f in 0..FACES {
            if self.wall(&h, f) != 0 && (free || improving >> kind_of(f) & 1 == 1) && drawn >> f & 1 == 0 {
                faces[n] = f as u8;
                n += 1;
            }
        }
        let states = !riichi || self.free_riichi; // a riichi state of the published model draws to no state
        let mark = (riichi as u128) << RIICHI_AT;
        if states {
            for &f in &faces[..n] {
                self.index14.touch((key + DELTA[f as usize]) | mark);
            }
        }
        self.own_start[i as usize] = self.own.len() as u32;
        self.own_at[i as usize] = n as u8;
        for &f in &faces[..n] {
            let f = f as usize;
            let copies = self.wall(&h, f);
            let better = improving >> kind_of(f) & 1 == 1;
            let score = if better && s == 0 {
                let mut h14 = h;
                h14[f] += 1;
                let wall = self.walls(&h14);
                self.scoring.score(py, &h14, f, riichi, &wall)?
            } else {
                0
            };
            let j = if states { self.state14(key + DELTA[f], riichi) } else { NONE };
            self.drawn[i as usize] |= 1 << f;
            self.own.push(Draw::new(j, copies, score));
        }
        Ok(())
    }

    pub(super) fn expand14(&mut self, py: Python, j: u32) -> PyResult<()> {
        let key = self.hands14[j as usize];
        let declared = self.riichi14[j as usize];
        let h = unpack(key);
        let k = kinds(&h);
        let mut p = self.sh.parts(&k);
        let s = p.shanten;
        let free = !declared && self.distance(&h) + s < self.s0 + self.extra;
        // the discards: those that keep the shanten (riichi where they leave a closed hand tenpai),
        // and in a free state any
        let mut faces = [(0u8, false); FACES];
        let mut n = 0;
        for f in 0..FACES {
            if h[f] == 0 {
                continue;
            }
            let keeps = self.sh.after(&mut p, &k, kind_of(f), false) == s;
            if keeps || free {
                let riichi = declared || (self.closed && s == 0 && keeps);
                self.index13.touch((key - DELTA[f]) | ((riichi as u128) << RIICHI_AT));
                faces[n] = (f as u8, riichi);
                n += 1;
            }
        }
        let mut targets = [0u32; FACES];
        for (&(f, riichi), slot) in faces[..n].iter().zip(targets.iter_mut()) {
            *slot = self.state13(key - DELTA[f as usize], riichi);
            std::hint::black_box(self.drawn[*slot as usize]);
        }
        for (&(f, riichi), &i) in faces[..n].iter().zip(targets.iter()) {
            let f = f as usize;
            if riichi && !self.free_riichi {
                self.declared.push((j, i));
            } else if self.drawn[i as usize] >> f & 1 == 0 {
                let score = if s < 0 {
                    let wall = self.walls(&h);
                    self.scoring.score(py, &h, f, declared, &wall)?
                } else {
                    0
                };
                self.drawn[i as usize] |= 1 << f;
                let mut h13 = h;
                h13[f] -= 1;
                let copies = self.wall(&h13, f);
                self.back.push((i, Draw::new(j, copies, score)));
            }
        }
        Ok(())
    }

    /// `_Graph.values`: each root's (expected score, win probability, tenpai probability) at turns
    /// `turn` … 18, each optimised on its own. The three are kept side by side per state, and
    /// each is summed in the order the Python search sums it. `shrinking`: mahjong-cpp's wall,
    /// the draw after turn t divided by `total - 1 - t`. A root's values at a turn t depend only
    /// on the states it reaches in t - `turn` draws: at each turn only those are computed.
    pub(super) fn values(self, roots: &[u32], turn: usize, total: f64, shrinking: bool) -> Vec<Vec<(f64, f64, f64)>> {
        let n13 = self.hands13.len();
        let n14 = self.hands14.len();
        let tenpai = self.tenpai13;
        let scores = self.scoring.values;
        // the graph as flat arrays; what only the building needed goes first
        drop((self.index13, self.index14, self.hands13, self.hands14));
        self.sh.keep();
        let (back_start, back) = grouped(n13, self.back);
        let draws = Draws { own: self.own, own_start: self.own_start, own_at: self.own_at, back_start, back };
        let (ostart, opts) = discards(n14, &draws, self.declared);
        let (order13, order14) = by_draws(roots, &draws, (&ostart, &opts));
        let mut v13: Vec<[f64; 3]> = tenpai.iter().map(|&t| [0.0, 0.0, if t { 1.0 } else { 0.0 }]).collect();
        let mut v14 = vec![[0.0f64; 3]; n14];
        best(&ostart, &opts, &v13, &mut v14, order14.within(T_MAX - turn));
        let at = |v: &[[f64; 3]], r: u32| {
            let x = v[r as usize];
            (x[0], x[1], x[2])
        };
        let mut out: Vec<Vec<(f64, f64, f64)>> = roots.iter().map(|&r| vec![at(&v13, r)]).collect();
        let mut new = vec![[0.0f64; 3]; n13];
        for t in (turn..T_MAX).rev() {
            let inv = 1.0 / (total - if shrinking { 1.0 + t as f64 } else { 0.0 });
            for &i in order13.within(t - turn) {
                let i = i as usize;
                let stay = v13[i];
                let mut acc = [0.0f64; 3];
                let (own, back) = draws.of(i);
                for d in own.iter().chain(back) {
                    let copies = d.copies();
                    let mut x = if d.target == NONE {
                        stay
                    } else {
                        let m = &v14[d.target as usize];
                        [most(m[0], stay[0]), most(m[1], stay[1]), most(m[2], stay[2])]
                    };
                    if d.score() != 0 {
                        let score = scores[d.score()];
                        if score > 0.0 {
                            x = [most(x[0], score), most(x[1], 1.0), most(x[2], 1.0)];
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
            best(&ostart, &opts, &v13, &mut v14, order14.within(t - turn));
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

/// Each 13-tile state's draws: its own (`Search::own`), then those found from their 14-tile end,
/// grouped by state.
pub(super) struct Draws {
    pub(super) own: Vec<Draw>,
    pub(super) own_start: Vec<u32>,
    pub(super) own_at: Vec<u8>,
    pub(super) back_start: Vec<u32>,
    pub(super) back: Vec<Draw>,
}

impl Draws {
    pub(super) fn of(&self, i: usize) -> (&[Draw], &[Draw]) {
        let own = self.own_start[i] as usize;
        (&self.own[own..own + self.own_at[i] as usize], &self.back[self.back_start[i] as usize..self.back_start[i + 1] as usize])
    }
}

/// Each 14-tile state's discards, grouped by state: (start of each group, 13-tile states). They
/// are the 13-tile states that draw to it (each may discard what it drew) and those it declared
/// riichi without a draw back (`Search::declared`); every other discard is a draw from its
/// 13-tile end (`expand14`), so this is `_Graph.options` without keeping a list while building.
pub(super) fn discards(n14: usize, draws: &Draws, declared: Vec<(u32, u32)>) -> (Vec<u32>, Vec<u32>) {
    let mut ostart = vec![0u32; n14 + 1];
    for d in draws.own.iter().chain(&draws.back).filter(|d| d.target != NONE) {
        ostart[d.target as usize + 1] += 1;
    }
    for &(j, _) in &declared {
        ostart[j as usize + 1] += 1;
    }
    for j in 0..n14 {
        ostart[j + 1] += ostart[j];
    }
    let mut fill = ostart.clone();
    let mut opts = vec![0u32; ostart[n14] as usize];
    for i in 0..draws.own_start.len() {
        let (own, back) = draws.of(i);
        for d in own.iter().chain(back) {
            if d.target != NONE {
                opts[fill[d.target as usize] as usize] = i as u32;
                fill[d.target as usize] += 1;
            }
        }
    }
    for (j, i) in declared {
        opts[fill[j as usize] as usize] = i;
        fill[j as usize] += 1;
    }
    (ostart, opts)
}

/// The greater of two values (none is NaN: one instruction, where `f64::max` takes several to
/// order NaNs).
#[inline(always)]
pub(super) fn most(a: f64, b: f64) -> f64 {
    if a > b {
        a
    } else {
        b
    }
}

/// States by the draws a root needs to reach them: `states` in that order (those no root reaches
/// left out), and for each number of draws d, `within[d]` of them reached in d draws or fewer.
pub(super) struct Order {
    pub(super) states: Vec<u32>,
    pub(super) within: Vec<usize>,
}

impl Order {
    /// The states reached in `d` draws or fewer.
    pub(super) fn within(&self, d: usize) -> &[u32] {
        &self.states[..self.within[d.min(self.within.len() - 1)]]
    }
}

/// The 13- and 14-tile states in the order of the draws that reach them from the roots (breadth
/// first: a draw leads to a 14-tile state, a discard to a 13-tile state at the same count).
pub(super) fn by_draws(roots: &[u32], draws: &Draws, discards: (&[u32], &[u32])) -> (Order, Order) {
    let n13 = draws.own_start.len();
    let n14 = discards.0.len() - 1;
    let (mut seen13, mut seen14) = (vec![false; n13], vec![false; n14]);
    let mut o13 = Order { states: Vec::with_capacity(n13), within: Vec::new() };
    let mut o14 = Order { states: Vec::with_capacity(n14), within: vec![0] };
    for &r in roots {
        if !std::mem::replace(&mut seen13[r as usize], true) {
            o13.states.push(r);
        }
    }
    let mut from = 0;
    loop {
        o13.within.push(o13.states.len());
        let level = o13.states.len();
        for k in from..level {
            let i = o13.states[k] as usize;
            let (own, back) = draws.of(i);
            for d in own.iter().chain(back) {
                if d.target != NONE && !std::mem::replace(&mut seen14[d.target as usize], true) {
                    o14.states.push(d.target);
                }
            }
        }
        let first14 = *o14.within.last().unwrap_or(&0);
        o14.within.push(o14.states.len());
        if o14.states.len() == first14 {
            break;
        }
        for k in first14..o14.states.len() {
            let j = o14.states[k] as usize;
            for &i in &discards.1[discards.0[j] as usize..discards.0[j + 1] as usize] {
                if !std::mem::replace(&mut seen13[i as usize], true) {
                    o13.states.push(i);
                }
            }
        }
        from = level;
    }
    (o13, o14)
}

/// Each 14-tile state's value, into `v14`: its best discard's, per objective (0 without a
/// discard); for the states `which`.
pub(super) fn best(start: &[u32], opts: &[u32], v13: &[[f64; 3]], v14: &mut [[f64; 3]], which: &[u32]) {
    for &j in which {
        let j = j as usize;
        let slot = &mut v14[j];
        let mine = &opts[start[j] as usize..start[j + 1] as usize];
        if mine.is_empty() {
            *slot = [0.0; 3];
            continue;
        }
        let mut b = [f64::MIN; 3];
        for &i in mine {
            let v = &v13[i as usize];
            b = [most(b[0], v[0]), most(b[1], v[1]), most(b[2], v[2])];
        }
        *slot = b;
    }
}
