//! The table's one door to scoring: a win's hand and situation, as the round stands, scored by the
//! ruleset's plan (`crate::plan`, the Scorer's compiled ruleset) the way `Scorer.score` scores it;
//! where the plan declines (a case it leaves to Python), by the Scorer itself, called back with
//! plain data (`mjrules.table.native.Bridge.score`). Nothing else of the table touches the plan.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::state::Meld;
use super::tiles::{kind, rank, red};
use crate::model::{self, make_win, Hand, Win, ANKAN, CHI, MODEL_TAGS};
use crate::pay;
use crate::plan::{Outcome, Plan, State, Stop};

/// What a win pays (`Result`'s numbers the table reads and writes).
#[derive(Clone, Debug)]
pub struct Valued {
    pub han: Option<i64>,
    pub fu: Option<i64>,
    /// The natural yakuman multiple (0 otherwise).
    pub yakuman: i64,
    pub points: i64,
    /// Score changes by seat relative to the dealer.
    pub payments: Vec<i64>,
    pub limit: Option<String>,
    /// Each yaku's id and han as mjai writes it (a yakuman: 13 times its multiple).
    pub yaku: Vec<(String, i64)>,
}

#[derive(Clone, Debug)]
pub enum Scored {
    Win(Valued),
    /// No win, and why (`NoWin.reason`).
    NoWin(String),
}

/// A win to score: the concealed tiles without the winning tile, the winning tile, the melds in
/// call order, and the situation.
pub struct Case<'a> {
    pub concealed: &'a [u8],
    pub win_tile: u8,
    pub melds: &'a [Meld],
    pub win: Win,
}

pub struct Scorer<'p> {
    pub plan: Option<&'p Plan>,
    /// `Bridge.score(concealed, win_tile, melds, win)` and `Bridge.melds(melds)`.
    pub bridge: &'p PyObject,
    pub players: usize,
    pub no_shape: String,
    pub no_yaku: String,
}

/// A meld as `mjrules.table.native.Bridge.meld` reads it: kind, tiles, called, source.
pub fn meld_spec(m: &Meld) -> (u8, Vec<u8>, Option<u8>, Option<u8>) {
    let called = if m.kind == ANKAN { None } else { Some(m.called) };
    let source = if m.kind == ANKAN { None } else { Some(m.source) };
    (m.kind, m.tiles().to_vec(), called, source)
}

/// The kernel's `Hand` of a case (`mjrules.model.hand.Hand` as the model checks it).
fn kernel_hand(c: &Case) -> Hand {
    let mut hand = Hand {
        counts: [0; 34],
        conc: [0; 34],
        win: kind(c.win_tile),
        win_code: c.win_tile,
        tiles: [0; 14],
        ntiles: c.concealed.len(),
        melds: [model::Meld::default(); 4],
        nmelds: c.melds.len(),
        red_fives: 0,
        reds: [0; 3],
    };
    let mut sorted = [0u8; 14];
    sorted[..c.concealed.len()].copy_from_slice(c.concealed);
    sorted[..c.concealed.len()].sort_by_key(|&t| rank(t));
    hand.tiles = sorted;
    let note = |t: u8, conc: bool, hand: &mut Hand| {
        let k = kind(t) as usize;
        hand.counts[k] += 1;
        if conc {
            hand.conc[k] += 1;
        }
        if red(t) {
            hand.reds[k / 9] += 1;
            hand.red_fives += 1;
        }
    };
    for &t in c.concealed.iter().chain(std::iter::once(&c.win_tile)) {
        note(t, true, &mut hand);
    }
    for (i, m) in c.melds.iter().enumerate() {
        for &t in m.tiles() {
            note(t, false, &mut hand);
        }
        hand.melds[i] = model::Meld {
            kind: m.kind,
            first: m.first(),
            concealed: m.kind == ANKAN,
            kan: m.n == 4,
            seq: m.kind == CHI,
            source: if m.kind == ANKAN { 0 } else { m.source },
        };
    }
    hand
}

impl<'p> Scorer<'p> {
    /// The `Win.extras` tags by bit: the plan's table, or the model's own where no plan is compiled.
    pub fn tags(&self) -> Vec<String> {
        match self.plan {
            Some(plan) => plan.table.extras.tags.clone(),
            None => MODEL_TAGS.iter().map(|t| t.to_string()).collect(),
        }
    }

    /// The bit of the model's tag `tag` (`robbed_ankan`, `robbed_kita`): the plan gives each its bit.
    pub fn extras_bit(&self, tag: &str) -> u32 {
        match self.plan {
            Some(plan) => plan.table.extras.bit(tag).unwrap_or(0),
            None => MODEL_TAGS.iter().position(|t| *t == tag).map_or(0, |i| 1 << i),
        }
    }

    /// `Scorer.score(hand, win)` of a case.
    pub fn score(&self, c: &Case) -> PyResult<Scored> {
        let mut win = c.win.clone();
        win.situation = model::situation(&win);
        if let Some(plan) = self.plan {
            let meld_objs = if plan.python_parts && !c.melds.is_empty() {
                Python::with_gil(|py| -> PyResult<Vec<PyObject>> {
                    let specs: Vec<_> = c.melds.iter().map(meld_spec).collect();
                    self.bridge.call_method1(py, "melds", (specs,))?.extract(py)
                })?
            } else {
                Vec::new()
            };
            let mut st = State::with_melds(kernel_hand(c), win.clone(), meld_objs);
            let mut job = crate::plan::Job::new(plan, &mut st);
            match job.run(true) {
                Ok(Outcome::Win(cand)) => {
                    let natural = cand.fu.is_none();
                    let yaku = cand
                        .yaku()
                        .iter()
                        .map(|s| (plan.table.yaku[s.yaku].id.clone(), if s.yakuman { 13 * s.value } else { s.value }))
                        .collect();
                    return Ok(Scored::Win(Valued {
                        han: cand.han,
                        fu: cand.fu.as_ref().map(|f| f.total()),
                        yakuman: if natural { cand.multiple } else { 0 },
                        points: cand.paid.value,
                        payments: cand.paid.pay[..self.players].to_vec(),
                        limit: pay::limit_name(cand.multiple, cand.base, natural),
                        yaku,
                    }));
                }
                Ok(Outcome::NoShape) => return Ok(Scored::NoWin(self.no_shape.clone())),
                Ok(Outcome::NoYaku) => return Ok(Scored::NoWin(self.no_yaku.clone())),
                Err(Stop::Raise(e)) => return Err(e),
                Err(Stop::Decline) => {}
            }
        }
        self.python(c, &win)
    }

    /// The Scorer's own answer, called back with plain data.
    fn python(&self, c: &Case, w: &Win) -> PyResult<Scored> {
        Python::with_gil(|py| {
            let specs: Vec<_> = c.melds.iter().map(meld_spec).collect();
            let model = crate::bound::MODEL.get(py).expect("the model is bound when the kernel is imported");
            let win = make_win(py, model, w, &self.tags())?;
            let got = self.bridge.call_method1(py, "score", (c.concealed.to_vec(), c.win_tile, specs, win))?;
            let got: &PyTuple = got.as_ref(py).downcast()?;
            if got.len() == 1 {
                return Ok(Scored::NoWin(got.get_item(0)?.extract()?));
            }
            type Got = (Option<i64>, Option<i64>, i64, i64, Vec<i64>, Option<String>, Vec<(String, i64)>);
            let (han, fu, yakuman, points, payments, limit, yaku): Got = got.extract()?;
            Ok(Scored::Win(Valued { han, fu, yakuman, points, payments, limit, yaku }))
        })
    }
}
