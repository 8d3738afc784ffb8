//! A Scorer's plan, compiled in Python (`mjrules.scoring.plan`) and run here: the yaku with their
//! hints, values and checks (a native twin, or the plugin's Python check), the limits, the fu count,
//! the payments and pao, each native or Python. The evaluation follows `Scorer.score_readings` and
//! `YakuIndex.applicable` step by step; a Python part is called on the readings its hints allow,
//! with a `Reading` the kernel builds for it. Whatever the kernel does not answer exactly as the
//! Python path would (a refused hand, an error of a plugin, a value out of range) it declines, and
//! the Python path runs instead: the results of both paths are the same, byte for byte.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use pyo3::AsPyPointer;

use crate::bound::{Scoring, MODEL, SCORING};
use crate::fu;
use crate::fx::Fx;
use crate::json;
use crate::model::{self, bits, Extras, Hand, Win, CHI, DAIMINKAN, NORTH};
use crate::pay::{self, Liable, Payment, TsumoLoss};
use crate::readings::{self, Features, Info, Reading, KOKUSHI, STANDARD};
use crate::render;
use crate::twins::{self, Twin};

mod checks;
mod job;
mod price;
mod python;
pub mod spec;
mod table;

pub use job::{Cand, FuOf, Hits, Job, Score, State};
pub use python::{Deferred, ReadingItems};
use spec::{PaoKind, PlanSpec, Policies, Way};
pub use table::{Table, YakuTable};
use table::Fits;

/// Why the kernel stops on a hand: the Python path takes it (`Decline`), or an error that is not a
/// plugin's failure (a KeyboardInterrupt) goes up as it is.
pub enum Stop {
    Decline,
    Raise(PyErr),
}

type Step<T> = Result<T, Stop>;

fn called(r: PyResult<PyObject>) -> Step<PyObject> {
    r.map_err(|e| Python::with_gil(|py| if e.is_instance_of::<PyException>(py) { Stop::Decline } else { Stop::Raise(e) }))
}

pub enum Outcome {
    Win(Cand),
    NoShape,
    NoYaku,
}

#[pyclass(module = "mjrules.kernel._native")]
pub struct Plan {
    pub table: Arc<Table>,
    players: usize,
    honba_value: i64,
    tsumo_loss: TsumoLoss,
    min_han: i64,
    ryanshiba: i64,
    red_fives: [u8; 3],
    /// The bits of the `Win.extras` tags some yaku of the ruleset reads.
    extras_allowed: u32,
    tiles108: bool,
    kita: bool,
    kita_rinshan: bool,
    kita_chankan: bool,
    policies: Policies,
    /// What feeds each yaku of the table under the pao twin (None: not a pao yakuman here).
    pao_kinds: Vec<Option<PaoKind>>,
    flags: PyObject,
    limits_ordinary: PyObject,
    limits_yakuman: PyObject,
    pao_fn: PyObject,
    rinshan_fn: PyObject,
    bonus_score: PyObject,
    fu_rule: PyObject,
    fu_json: PyObject,
    no_shape: PyObject,
    no_yaku: PyObject,
    /// Python parts answer in Python: some yaku check, the fu count, a limit, pao.
    pub python_parts: bool,
    bonus_scores: Mutex<HashMap<(usize, i64), PyObject, Fx>>,
    ordinary_limits: Mutex<HashMap<(i64, i64), (i64, i128), Fx>>,
}

#[pymethods]
impl Plan {
    /// A plan from its spec (`mjrules.scoring.plan.PlanSpec`), read by field name.
    #[new]
    fn new(py: Python, spec: PlanSpec) -> PyResult<Self> {
        let table = spec.yaku.borrow(py).inner.clone();
        let mut extras_allowed = 0;
        for tag in &spec.extras_allowed {
            extras_allowed |= table.extras.bit(tag).unwrap_or(0);
        }
        let pao_kinds = match &spec.policies.pao {
            Way::Native(pao) => table.yaku.iter().map(|y| pao.yakuman.get(&y.id).copied()).collect(),
            _ => Vec::new(),
        };
        let python_parts = table.python_checks
            || spec.policies.any_python()
            || !matches!(spec.policies.standard_fu, Way::Native(_));
        Ok(Plan {
            table,
            players: spec.players,
            honba_value: spec.honba_value,
            tsumo_loss: spec.tsumo_loss,
            min_han: spec.min_han,
            ryanshiba: spec.ryanshiba,
            red_fives: spec.red_fives,
            extras_allowed,
            tiles108: spec.tiles108,
            kita: spec.kita,
            kita_rinshan: spec.kita_rinshan,
            kita_chankan: spec.kita_chankan,
            policies: spec.policies,
            pao_kinds,
            flags: spec.flags,
            limits_ordinary: spec.limits_ordinary,
            limits_yakuman: spec.limits_yakuman,
            pao_fn: spec.pao_fn,
            rinshan_fn: spec.rinshan_fn,
            bonus_score: spec.bonus_score,
            fu_rule: spec.fu_rule,
            fu_json: spec.fu_json,
            no_shape: spec.no_shape,
            no_yaku: spec.no_yaku,
            python_parts,
            bonus_scores: Mutex::new(HashMap::default()),
            ordinary_limits: Mutex::new(HashMap::default()),
        })
    }

    /// Whether some part runs in Python (a yaku check, the fu count, a limit, pao).
    #[getter(python_parts)]
    fn has_python_parts(&self) -> bool {
        self.python_parts
    }

    /// Score a `Hand` and `Win` as `Scorer.score` does (``check`` first when asked): the `Result`
    /// or `NoWin`, or None where the Python path is to answer.
    fn score(&self, py: Python, hand: &PyAny, win: &PyAny, check: bool) -> PyResult<PyObject> {
        let (Some(model), Some(_)) = (MODEL.get(py), SCORING.get(py)) else { return Ok(py.None()) };
        let extras = &self.table.extras;
        let read = || Some((model::read_hand(py, model, hand)?, model::read_win(py, model, win, extras)?));
        let Some((h, w)) = model::made_copies(hand, win).or_else(read) else {
            return Ok(py.None());
        };
        let mut st = State::new(h, w, Some((hand.into(), win.into())), &[]).tagged_by(extras);
        self.answer(py, &mut st, check)
    }

    /// A hand and win read once, to be scored under several plans (`score_in`), or None where the
    /// kernel does not read them; with `keep` (red fives per suit), the hand with its other red
    /// fives plain, as `without_red_fives(hand, keep)` makes it (made as a `Hand` only if asked for).
    #[args(keep = "None")]
    fn analyse(&self, py: Python, hand: &PyAny, win: &PyAny, keep: Option<&PyAny>) -> PyResult<Option<Analysis>> {
        let Some(model) = MODEL.get(py) else { return Ok(None) };
        let extras = &self.table.extras;
        let (Some(mut h), Some(w)) = (model::read_hand(py, model, hand), model::read_win(py, model, win, extras)) else {
            return Ok(None);
        };
        let Some(keep) = keep.filter(|k| !k.is_none()) else {
            return Ok(Some(Analysis { st: State::new(h, w, Some((hand.into(), win.into())), &[]).tagged_by(extras) }));
        };
        let (m, p, s): (u8, u8, u8) = keep.extract()?;
        for (suit, n) in [m, p, s].into_iter().enumerate() {
            h.reds[suit] = h.reds[suit].min(n);
        }
        h.red_fives = h.reds.iter().sum();
        let mut st = State::new(h, w, None, &[]).tagged_by(extras);
        st.plain_of = Some((hand.into(), keep.into()));
        st.win_obj = Some(win.into());
        Ok(Some(Analysis { st }))
    }

    /// `score` of an analysed hand.
    fn score_in(&self, py: Python, analysis: &mut Analysis, check: bool) -> PyResult<PyObject> {
        self.answer(py, &mut analysis.st, check)
    }

    /// What `compare` holds two scores equal by, of an analysed hand scored unchecked: (points,
    /// payments, han, fu, yakuman, liable) of a win, False for no win; None where Python answers.
    fn value_in(&self, py: Python, analysis: &mut Analysis) -> PyResult<PyObject> {
        self.value_of(py, &mut analysis.st)
    }

    /// `value_in` of one analysed hand under each of several plans, in one call (`compare`'s
    /// counterfactual rulesets).
    #[staticmethod]
    fn values_in(py: Python, analysis: &mut Analysis, plans: Vec<PyRef<Plan>>) -> PyResult<Vec<PyObject>> {
        plans.iter().map(|p| p.value_of(py, &mut analysis.st)).collect()
    }

    /// Whether the analysed hand, scored unchecked under each of several plans, differs from
    /// ``value`` (a `value_in`): True, False, or None where Python answers (`compare`'s causes).
    #[staticmethod]
    fn differ_in(py: Python, analysis: &mut Analysis, plans: Vec<PyRef<Plan>>, value: &PyAny) -> PyResult<Vec<PyObject>> {
        type Val = (i64, Vec<i64>, Option<i64>, Option<i64>, i64, Option<i64>);
        let want: Option<Val> = if value.is_true()? { Some(value.extract()?) } else { None };
        let mut out = Vec::with_capacity(plans.len());
        for p in &plans {
            let mut job = Job::new(p, &mut analysis.st);
            out.push(match job.run(false) {
                Ok(Outcome::Win(c)) => {
                    let got: Val = (
                        c.paid.value,
                        c.paid.pay[..p.players].to_vec(),
                        c.han,
                        c.fu.as_ref().map(|f| f.total()),
                        if c.fu.is_none() { c.multiple } else { 0 },
                        c.liable.first().map(|l| l.seat as i64),
                    );
                    (want.as_ref() != Some(&got)).into_py(py)
                }
                Ok(Outcome::NoShape) | Ok(Outcome::NoYaku) => want.is_some().into_py(py),
                Err(Stop::Decline) => py.None(),
                Err(Stop::Raise(e)) => return Err(e),
            });
        }
        Ok(out)
    }

    /// `score_in` of one analysed hand under each of several plans, in one call (`compare`'s rulesets).
    #[staticmethod]
    fn scores_in(py: Python, analysis: &mut Analysis, plans: Vec<PyRef<Plan>>, check: bool) -> PyResult<Vec<PyObject>> {
        plans.iter().map(|p| p.answer(py, &mut analysis.st, check)).collect()
    }

    /// The output of batch lines (`LineScorer.render`'s text, UTF-8, without the newline) for the
    /// lines the kernel answers, None for the others, in `threads` threads.
    fn render_lines(&self, py: Python, lines: Vec<&str>, threads: usize) -> PyResult<Vec<PyObject>> {
        if MODEL.get(py).is_none() || SCORING.get(py).is_none() {
            return Ok(vec![py.None(); lines.len()]);
        }
        let threads = threads.clamp(1, 64).min(lines.len().max(1));
        let plan = self;
        let lines = &lines;
        // one thread keeps the GIL: a Python part (a third party's yaku) is then called without
        // taking the GIL again for each reading
        let out = if threads == 1 {
            let mut out = Vec::with_capacity(lines.len());
            for line in lines.iter() {
                // SAFETY: the pool is dropped before any reference it owns is used again (a line's
                // Python objects are released with its line, as a thread's are)
                let _pool = unsafe { py.new_pool() };
                out.push(plan.render_line(line)?);
            }
            Ok(out)
        } else { py.allow_threads(|| -> Result<Vec<Option<String>>, PyErr> {
            let size = (lines.len() + threads - 1) / threads;
            std::thread::scope(|s| {
                let handles: Vec<_> = lines.chunks(size).map(|chunk| s.spawn(move || plan.render_chunk(chunk))).collect();
                let mut out = Vec::with_capacity(lines.len());
                for h in handles {
                    out.extend(h.join().map_err(|_| {
                        pyo3::exceptions::PyRuntimeError::new_err("a kernel thread failed")
                    })??);
                }
                Ok(out)
            })
        }) }?;
        Ok(out
            .into_iter()
            .map(|text| match text {
                Some(t) => pyo3::types::PyBytes::new(py, t.as_bytes()).into(),
                None => py.None(),
            })
            .collect())
    }
}

impl Plan {
    pub fn players(&self) -> usize {
        self.players
    }

    /// Whether every hand scores alike under both plans: the same yaku table, limits, fu count,
    /// payments and checks, all native (a flag of play alone tells them apart). `compare` passes
    /// over such a counterfactual: it cannot change a score.
    pub fn scores_alike(&self, other: &Plan) -> bool {
        !self.python_parts
            && !other.python_parts
            && Arc::ptr_eq(&self.table, &other.table)
            && (self.players, self.honba_value, self.tsumo_loss, self.min_han, self.ryanshiba, self.red_fives)
                == (other.players, other.honba_value, other.tsumo_loss, other.min_han, other.ryanshiba, other.red_fives)
            && (self.extras_allowed, self.tiles108, self.kita, self.kita_rinshan, self.kita_chankan)
                == (other.extras_allowed, other.tiles108, other.kita, other.kita_rinshan, other.kita_chankan)
            && self.policies == other.policies
    }

    /// The red fives of each suit in the plan's tile set.
    pub fn red_fives(&self) -> [u8; 3] {
        self.red_fives
    }

    /// The points a win collects (`Result.points`), 0 for no win; `Stop::Decline` where the
    /// Python path is to answer.
    pub fn points(&self, st: &mut State, check: bool) -> Result<i64, Stop> {
        match Job::new(self, st).run(check)? {
            Outcome::Win(c) => Ok(c.paid.value),
            Outcome::NoShape | Outcome::NoYaku => Ok(0),
        }
    }

    fn value_of(&self, py: Python, st: &mut State) -> PyResult<PyObject> {
        let mut job = Job::new(self, st);
        match job.run(false) {
            Ok(Outcome::Win(c)) => {
                let natural = c.fu.is_none();
                Ok((
                    c.paid.value,
                    PyTuple::new(py, &c.paid.pay[..self.players]),
                    c.han,
                    c.fu.as_ref().map(|f| f.total()),
                    if natural { c.multiple } else { 0 },
                    c.liable.first().map(|l| l.seat as i64),
                )
                    .into_py(py))
            }
            Ok(Outcome::NoShape) | Ok(Outcome::NoYaku) => Ok(false.into_py(py)),
            Err(Stop::Decline) => Ok(py.None()),
            Err(Stop::Raise(e)) => Err(e),
        }
    }

    fn answer(&self, py: Python, st: &mut State, check: bool) -> PyResult<PyObject> {
        let Some(scoring) = SCORING.get(py) else { return Ok(py.None()) };
        let mut job = Job::new(self, st);
        match job.run(check) {
            Ok(Outcome::Win(cand)) => job.result(py, scoring, &cand).or_else(|_| Ok(py.None())),
            Ok(Outcome::NoShape) => Ok(self.no_shape.clone_ref(py)),
            Ok(Outcome::NoYaku) => Ok(self.no_yaku.clone_ref(py)),
            Err(Stop::Decline) => Ok(py.None()),
            Err(Stop::Raise(e)) => Err(e),
        }
    }

    fn render_chunk(&self, lines: &[&str]) -> Result<Vec<Option<String>>, PyErr> {
        let mut out = Vec::with_capacity(lines.len());
        for line in lines {
            out.push(self.render_line(line)?);
        }
        Ok(out)
    }

    fn render_line(&self, line: &str) -> Result<Option<String>, PyErr> {
        let Some(value) = json::parse(line) else { return Ok(None) };
        let Some(data) = model::majiang_in(&value) else { return Ok(None) };
        let parsed = model::CACHE.with(|cache| model::parse_majiang(&mut cache.borrow_mut(), data));
        let Some(parsed) = parsed else { return Ok(None) };
        if parsed.hand.red_fives > 0 && !self.allows(&parsed.hand) {
            return Ok(None); // read as plain fives, with a note: the Python path's
        }
        let texts = &parsed.meld_texts[..parsed.hand.nmelds];
        let mut st = State::new(parsed.hand, parsed.win, None, texts);
        let mut job = Job::new(self, &mut st);
        match job.run(true) {
            Ok(Outcome::Win(cand)) => Ok(render::result(&job, &cand)),
            Ok(Outcome::NoShape) | Ok(Outcome::NoYaku) => Ok(Some("null".to_string())),
            Err(Stop::Decline) => Ok(None),
            Err(Stop::Raise(e)) => Err(e),
        }
    }
}

/// A hand and win read once by the kernel, scored under several plans (`Plan.score_in`): its
/// readings are found once, and what each reading's yaku are is shared by the plans of one yaku table.
#[pyclass(module = "mjrules.kernel._native")]
pub struct Analysis {
    st: State<'static>,
}

#[pymethods]
impl Analysis {
    /// Whether the hand has a winning shape (any reading).
    #[getter]
    fn shaped(&self) -> bool {
        !self.st.readings.is_empty()
    }
}
