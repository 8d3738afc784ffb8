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
use pyo3::types::{PyDict, PyList, PyTuple};
use pyo3::AsPyPointer;

use crate::bound::{Scoring, MODEL, SCORING};
use crate::fu::{self, StandardFu};
use crate::fx::Fx;
use crate::json;
use crate::model::{self, bits, Hand, Win, CHI, DAIMINKAN, NORTH, ROBBED_ANKAN, ROBBED_KITA};
use crate::pay::{self, Liable, Payment};
use crate::readings::{self, Features, Info, Reading, KOKUSHI, STANDARD};
use crate::render;
use crate::twins::{self, Twin};

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

/// How a policy is answered: by no plugin (its default), by the built-in plugin's twin, or in Python.
#[derive(Clone, Copy, PartialEq)]
enum Way {
    Absent,
    Native,
    Python,
}

fn way(code: i64) -> PyResult<Way> {
    Ok(match code {
        0 => Way::Absent,
        1 => Way::Native,
        2 => Way::Python,
        _ => return Err(pyo3::exceptions::PyValueError::new_err("plan: a part's way is 0, 1 or 2")),
    })
}

pub struct Yaku {
    pub id: String,
    twin: Option<Twin>,
    check: PyObject,
    pub obj: PyObject,
    han: i64,
    han_open: i64,
    yakuman: i64,
    bonus: bool,
    replaces: Vec<usize>,
    alone: bool,
    needs_yaku: bool,
    forms: u8,
    honours: i8,
    closed: i8,
    when: u32,
    min_seq: u8,
    min_trip: u8,
    max_suits: i8,
    yaochu: u8,
    triplet_of: u8,
    score_closed: Option<PyObject>,
    score_open: Option<PyObject>,
    score_yakuman: Option<PyObject>,
    /// `{"id": …, "name": …, "name_ja": …, ` as the batch renderer writes a yaku score.
    pub json: String,
    /// 1 daisangen, 2 daisuushii, 3 suukantsu (what the pao twin reads of the id), else 0.
    pao_kind: u8,
}

impl Yaku {
    fn fits(&self, f: &Features) -> bool {
        let trips = if f.form == STANDARD { 4 - f.sequences as i32 } else { 0 };
        if (f.sequences as i32) < self.min_seq as i32 || trips < self.min_trip as i32 {
            return false;
        }
        if self.forms >> f.form & 1 == 0 {
            return false;
        }
        if self.honours >= 0 && (self.honours == 1) != f.honours {
            return false;
        }
        if self.closed >= 0 && (self.closed == 1) != f.closed {
            return false;
        }
        if self.when != 0 && f.situation & self.when == 0 {
            return false;
        }
        if self.max_suits >= 0 && f.suit_count as i8 > self.max_suits {
            return false;
        }
        if self.yaochu >> f.level & 1 == 0 {
            return false;
        }
        self.triplet_of == 0 || f.honour_triplets & self.triplet_of != 0
    }

    fn han_for(&self, closed: bool) -> i64 {
        if closed {
            self.han
        } else {
            self.han_open
        }
    }
}

/// One yaku scored: its index, and han (or yakuman multiple).
#[derive(Clone, Copy)]
pub struct Score {
    pub yaku: usize,
    pub value: i64,
    pub yakuman: bool,
}

/// The yaku that fit a reading's features, in registration order.
#[derive(Clone)]
enum Fits {
    Mask(u128),
    List(Vec<usize>),
}

impl Fits {
    fn iter(&self) -> FitIter<'_> {
        match self {
            Fits::Mask(m) => FitIter::Mask(*m),
            Fits::List(v) => FitIter::List(v.iter()),
        }
    }
}

enum FitIter<'a> {
    Mask(u128),
    List(std::slice::Iter<'a, usize>),
}

impl Iterator for FitIter<'_> {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        match self {
            FitIter::Mask(m) => {
                if *m == 0 {
                    return None;
                }
                let y = m.trailing_zeros() as usize;
                *m &= *m - 1;
                Some(y)
            }
            FitIter::List(it) => it.next().copied(),
        }
    }
}

#[derive(Clone)]
pub struct Hits {
    yaku: Vec<Score>,
    han: i64,
    yakuman: bool,
    alone: Vec<Score>,
    yaku_han: i64,
}

impl Hits {
    fn alone_han(&self) -> i64 {
        self.alone.iter().map(|s| s.value).sum()
    }
}

pub enum FuOf {
    Native(fu::Fu),
    Python { total: i64, obj: PyObject },
}

impl FuOf {
    pub fn total(&self) -> i64 {
        match self {
            FuOf::Native(f) => f.total,
            FuOf::Python { total, .. } => *total,
        }
    }
}

pub struct Cand {
    pub reading: usize,
    hits: Arc<Hits>,
    /// Paid with the yaku scored on their own (`Hits.alone`) rather than the others.
    alone: bool,
    pub han: Option<i64>,
    pub fu: Option<std::rc::Rc<FuOf>>,
    pub multiple: i64,
    pub base: i128,
    pub paid: Payment,
    pub liable: Vec<Liable>,
}

impl Cand {
    /// The yaku paid.
    pub fn yaku(&self) -> &[Score] {
        if self.alone {
            &self.hits.alone
        } else {
            &self.hits.yaku
        }
    }

    fn rank(&self) -> (i64, i64, i64) {
        (
            self.paid.value,
            match self.han {
                None => 1000 + self.multiple,
                Some(h) => h,
            },
            self.fu.as_ref().map_or(0, |f| f.total()),
        )
    }
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
    absent: u8,
    min_han: i64,
    ryanshiba: i64,
    red_fives: [u8; 3],
    extras_allowed: u32,
    robbed_ankan_ok: bool,
    tiles108: bool,
    kita: bool,
    kita_rinshan: bool,
    kita_chankan: bool,
    kazoe: (Way, i64, i64),
    kiriage: (Way, bool),
    stacking: (Way, bool, i64),
    base_points: (Way, i64, i64),
    fu: Option<StandardFu>,
    pao: (Way, bool, bool, bool, u8),
    rinshan_pao: (Way, bool),
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

/// The yaku of a yaku index (`mjrules.scoring.yaku_index.YakuIndex`), compiled once and shared by
/// every plan of that index.
pub struct Table {
    pub yaku: Vec<Yaku>,
    /// The hints as bit sets of yaku (up to 128), so a reading's fitting yaku are a few ANDs.
    fit: Option<Box<FitTables>>,
    /// Plans with the same key have the same yaku and native checks only: they share what each
    /// reading's yaku are (0: no sharing, some check is Python and may read the flags).
    key: usize,
    python_checks: bool,
    _index: PyObject,
}

/// `Table` for Python: made by `mjrules.scoring.plan` once per yaku index.
#[pyclass(module = "mjrules.kernel._native")]
pub struct YakuTable {
    inner: Arc<Table>,
}

#[pymethods]
impl YakuTable {
    /// The yaku rows (`mjrules.scoring.plan._yaku_spec`) of ``index``.
    #[new]
    fn new(rows: &PyList, index: PyObject) -> PyResult<Self> {
        let mut yaku = Vec::with_capacity(rows.len());
        for item in rows.iter() {
            let t: &PyTuple = item.downcast()?;
            let twin_name: Option<String> = t.get_item(1)?.extract()?;
            let args: Vec<i64> = t.get_item(2)?.extract()?;
            let twin = twin_name.and_then(|n| twins::twin(&n, &args));
            let id: String = t.get_item(0)?.extract()?;
            let pao_kind = match id.as_str() {
                "daisangen" => 1,
                "daisuushii" => 2,
                "suukantsu" => 3,
                _ => 0,
            };
            yaku.push(Yaku {
                id,
                twin,
                check: t.get_item(3)?.into(),
                obj: t.get_item(4)?.into(),
                han: t.get_item(5)?.extract()?,
                han_open: t.get_item(6)?.extract()?,
                yakuman: t.get_item(7)?.extract()?,
                bonus: t.get_item(8)?.extract()?,
                replaces: t.get_item(9)?.extract()?,
                alone: t.get_item(10)?.extract()?,
                needs_yaku: t.get_item(11)?.extract()?,
                forms: t.get_item(12)?.extract()?,
                honours: t.get_item(13)?.extract()?,
                closed: t.get_item(24)?.extract()?,
                when: t.get_item(14)?.extract()?,
                min_seq: t.get_item(15)?.extract()?,
                min_trip: t.get_item(16)?.extract()?,
                max_suits: t.get_item(17)?.extract()?,
                yaochu: t.get_item(18)?.extract()?,
                triplet_of: t.get_item(19)?.extract()?,
                score_closed: opt(t.get_item(20)?),
                score_open: opt(t.get_item(21)?),
                score_yakuman: opt(t.get_item(22)?),
                json: t.get_item(23)?.extract()?,
                pao_kind,
            });
        }
        let python_checks = yaku.iter().any(|y| y.twin.is_none());
        let fit = FitTables::new(&yaku);
        let key = if python_checks { 0 } else { index.as_ptr() as usize };
        Ok(YakuTable { inner: Arc::new(Table { yaku, fit, key, python_checks, _index: index }) })
    }
}

/// For each value a hint reads, the yaku (bits by index) that value lets fit.
struct FitTables {
    form_seq: [[u128; 5]; 3],
    honours: [u128; 2],
    closed: [u128; 2],
    no_when: u128,
    when: [u128; 32],
    suits: [u128; 4],
    level: [u128; 4],
    no_triplet: u128,
    triplet: [u128; 7],
}

impl FitTables {
    fn new(yaku: &[Yaku]) -> Option<Box<Self>> {
        if yaku.len() > 128 {
            return None;
        }
        let mut t = Box::new(FitTables {
            form_seq: [[0; 5]; 3],
            honours: [0; 2],
            closed: [0; 2],
            no_when: 0,
            when: [0; 32],
            suits: [0; 4],
            level: [0; 4],
            no_triplet: 0,
            triplet: [0; 7],
        });
        for (i, y) in yaku.iter().enumerate() {
            let bit = 1u128 << i;
            for form in 0..3u8 {
                for seq in 0..5u8 {
                    let trips = if form == STANDARD { 4 - seq as i32 } else { 0 };
                    if y.forms >> form & 1 == 1 && seq >= y.min_seq && trips >= y.min_trip as i32 {
                        t.form_seq[form as usize][seq as usize] |= bit;
                    }
                }
            }
            for h in 0..2 {
                if y.honours < 0 || y.honours as usize == h {
                    t.honours[h] |= bit;
                }
                if y.closed < 0 || y.closed as usize == h {
                    t.closed[h] |= bit;
                }
            }
            if y.when == 0 {
                t.no_when |= bit;
            } else {
                for b in 0..32 {
                    if y.when >> b & 1 == 1 {
                        t.when[b] |= bit;
                    }
                }
            }
            for sc in 0..4i8 {
                if y.max_suits < 0 || sc <= y.max_suits {
                    t.suits[sc as usize] |= bit;
                }
            }
            for lv in 0..4 {
                if y.yaochu >> lv & 1 == 1 {
                    t.level[lv] |= bit;
                }
            }
            if y.triplet_of == 0 {
                t.no_triplet |= bit;
            } else {
                for b in 0..7 {
                    if y.triplet_of >> b & 1 == 1 {
                        t.triplet[b] |= bit;
                    }
                }
            }
        }
        Some(t)
    }

    fn fits(&self, f: &Features) -> u128 {
        let mut when = self.no_when;
        let mut s = f.situation;
        while s != 0 {
            when |= self.when[s.trailing_zeros() as usize];
            s &= s - 1;
        }
        let mut triplet = self.no_triplet;
        let mut h = f.honour_triplets;
        while h != 0 {
            triplet |= self.triplet[h.trailing_zeros() as usize];
            h &= h - 1;
        }
        self.form_seq[f.form as usize][(f.sequences as usize).min(4)]
            & self.honours[f.honours as usize]
            & self.closed[f.closed as usize]
            & when
            & self.suits[f.suit_count.min(3) as usize]
            & self.level[f.level as usize]
            & triplet
    }
}

fn get<'p, T: FromPyObject<'p>>(d: &'p PyDict, key: &str) -> PyResult<T> {
    match d.get_item(key) {
        Some(v) => v.extract(),
        None => Err(pyo3::exceptions::PyKeyError::new_err(key.to_string())),
    }
}

fn opt(obj: &PyAny) -> Option<PyObject> {
    if obj.is_none() {
        None
    } else {
        Some(obj.into())
    }
}

#[pymethods]
impl Plan {
    /// A plan from its spec (a dict made by `mjrules.scoring.plan`).
    #[new]
    fn new(spec: &PyDict) -> PyResult<Self> {
        let table: PyRef<YakuTable> = get(spec, "yaku")?;
        let table = table.inner.clone();
        let k: (i64, i64, i64) = get(spec, "kazoe")?;
        let ki: (i64, bool) = get(spec, "kiriage")?;
        let st: (i64, bool, i64) = get(spec, "stacking")?;
        let bp: (i64, i64, i64) = get(spec, "base_points")?;
        let f: (i64, bool, bool, bool, i64, i64, bool) = get(spec, "fu")?;
        let pa: (i64, bool, bool, bool, u8) = get(spec, "pao")?;
        let rp: (i64, bool) = get(spec, "rinshan_pao")?;
        let fu_way = way(f.0)?;
        let plan = Plan {
            table,
            players: get(spec, "players")?,
            honba_value: get(spec, "honba_value")?,
            absent: get(spec, "absent")?,
            min_han: get(spec, "min_han")?,
            ryanshiba: get(spec, "ryanshiba")?,
            red_fives: get(spec, "red_fives")?,
            extras_allowed: get(spec, "extras_allowed")?,
            robbed_ankan_ok: get(spec, "robbed_ankan_ok")?,
            tiles108: get(spec, "tiles108")?,
            kita: get(spec, "kita")?,
            kita_rinshan: get(spec, "kita_rinshan")?,
            kita_chankan: get(spec, "kita_chankan")?,
            kazoe: (way(k.0)?, k.1, k.2),
            kiriage: (way(ki.0)?, ki.1),
            stacking: (way(st.0)?, st.1, st.2),
            base_points: (way(bp.0)?, bp.1, bp.2),
            fu: if fu_way == Way::Native {
                Some(StandardFu {
                    rinshan_tsumo: f.1,
                    pinfu_tsumo: f.2,
                    open_pinfu: f.3,
                    double_wind_pair: f.4,
                    seven_pairs: f.5,
                    north_is_value: f.6,
                })
            } else {
                None
            },
            pao: (way(pa.0)?, pa.1, pa.2, pa.3, pa.4),
            rinshan_pao: (way(rp.0)?, rp.1),
            flags: get(spec, "flags")?,
            limits_ordinary: get(spec, "limits_ordinary")?,
            limits_yakuman: get(spec, "limits_yakuman")?,
            pao_fn: get(spec, "pao_fn")?,
            rinshan_fn: get(spec, "rinshan_fn")?,
            bonus_score: get(spec, "bonus_score")?,
            fu_rule: get(spec, "fu_rule")?,
            fu_json: get(spec, "fu_json")?,
            no_shape: get(spec, "no_shape")?,
            no_yaku: get(spec, "no_yaku")?,
            python_parts: false,
            bonus_scores: Mutex::new(HashMap::default()),
            ordinary_limits: Mutex::new(HashMap::default()),
        };
        let python_parts = plan.table.python_checks
            || plan.fu.is_none()
            || [plan.kazoe.0, plan.kiriage.0, plan.stacking.0, plan.base_points.0, plan.pao.0, plan.rinshan_pao.0]
                .contains(&Way::Python);
        Ok(Plan { python_parts, ..plan })
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
        let read = || Some((model::read_hand(py, model, hand)?, model::read_win(py, model, win)?));
        let Some((h, w)) = model::made_copies(hand, win).or_else(read) else {
            return Ok(py.None());
        };
        let mut st = State::new(h, w, Some((hand.into(), win.into())), &[]);
        self.answer(py, &mut st, check)
    }

    /// A hand and win read once, to be scored under several plans (`score_in`), or None where the
    /// kernel does not read them; with `keep` (red fives per suit), the hand with its other red
    /// fives plain, as `without_red_fives(hand, keep)` makes it (made as a `Hand` only if asked for).
    #[args(keep = "None")]
    fn analyse(&self, py: Python, hand: &PyAny, win: &PyAny, keep: Option<&PyAny>) -> PyResult<Option<Analysis>> {
        let Some(model) = MODEL.get(py) else { return Ok(None) };
        let (Some(mut h), Some(w)) = (model::read_hand(py, model, hand), model::read_win(py, model, win)) else {
            return Ok(None);
        };
        let Some(keep) = keep.filter(|k| !k.is_none()) else {
            return Ok(Some(Analysis { st: State::new(h, w, Some((hand.into(), win.into())), &[]) }));
        };
        let (m, p, s): (u8, u8, u8) = keep.extract()?;
        for (suit, n) in [m, p, s].into_iter().enumerate() {
            h.reds[suit] = h.reds[suit].min(n);
        }
        h.red_fives = h.reds.iter().sum();
        let mut st = State::new(h, w, None, &[]);
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
            && (self.players, self.honba_value, self.absent, self.min_han, self.ryanshiba, self.red_fives)
                == (other.players, other.honba_value, other.absent, other.min_han, other.ryanshiba, other.red_fives)
            && (self.extras_allowed, self.robbed_ankan_ok, self.tiles108, self.kita, self.kita_rinshan, self.kita_chankan)
                == (other.extras_allowed, other.robbed_ankan_ok, other.tiles108, other.kita, other.kita_rinshan,
                    other.kita_chankan)
            && (self.kazoe, self.kiriage, self.stacking, self.base_points, self.pao, self.rinshan_pao)
                == (other.kazoe, other.kiriage, other.stacking, other.base_points, other.pao, other.rinshan_pao)
            && self.fu == other.fu
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

    /// Whether the plan's tile set has the hand's red fives.
    pub(crate) fn allows(&self, hand: &Hand) -> bool {
        (0..3).all(|s| hand.reds[s] <= self.red_fives[s])
    }

    /// `Scorer.check`: whether the hand and win pass (the Python path names what fails).
    fn passes(&self, hand: &Hand, win: &Win, info: &Info) -> bool {
        let players = self.players;
        let c = &hand.counts;
        if win.situation & bits::NEEDS_HAND_CHECK != 0 {
            if win.kita > 0 && players != 3 {
                return false;
            }
            if win.riichi > 0 && !info.closed {
                return false;
            }
            if win.rinshan && info.kans == 0 && win.kita == 0 {
                return false;
            }
            if win.ippatsu && win.rinshan && win.kita == 0 {
                return false;
            }
            if (win.tenhou || win.chiihou) && hand.nmelds > 0 {
                return false;
            }
            if win.chankan && c[hand.win as usize] >= 2 {
                return false;
            }
        }
        if win.nura > win.ndora {
            return false;
        }
        let mut seen = *c;
        for &t in win.dora().iter().chain(win.ura()) {
            let k = model::kind(t) as usize;
            seen[k] += 1;
            if seen[k] > 4 {
                return false;
            }
        }
        if players == 3 && !self.passes_three(hand, win) {
            return false;
        }
        if win.extras & ROBBED_ANKAN != 0 && !win.chankan {
            return false;
        }
        if win.extras & !(self.extras_allowed | ROBBED_ANKAN) != 0 {
            return false;
        }
        hand.red_fives == 0 || self.allows(hand)
    }

    fn passes_three(&self, hand: &Hand, win: &Win) -> bool {
        if win.seat_wind > 2 || win.round_wind > 2 || win.discarder == 2 {
            return false;
        }
        if hand.melds().iter().any(|m| m.kind == CHI || m.source == 2) {
            return false;
        }
        let shown = || win.dora().iter().chain(win.ura()).map(|&t| model::kind(t));
        if self.tiles108 && ((1..8).any(|k| hand.counts[k] > 0) || shown().any(|k| (1..8).contains(&k))) {
            return false;
        }
        if win.kita > 0 {
            if !self.kita {
                return false;
            }
            let shown_north = shown().filter(|&k| k == NORTH).count() as u32;
            if hand.counts[NORTH as usize] as u32 + win.kita as u32 + shown_north > 4 {
                return false;
            }
            if win.tenhou || win.chiihou {
                return false;
            }
            if win.rinshan && hand.kans() == 0 && !self.kita_rinshan {
                return false;
            }
        }
        if win.extras & ROBBED_KITA != 0 && (win.tsumo || hand.win != NORTH || win.chankan) {
            return false;
        }
        true
    }

    fn seat(&self, win: &Win, offset: i64) -> usize {
        let step = if offset != 3 { offset } else { -1 };
        (win.seat_wind as i64 + step).rem_euclid(self.players as i64) as usize
    }

    fn pay(&self, base: i128, win: &Win, liable: &[Liable]) -> Step<Payment> {
        let discarder = if win.discarder == 0 { None } else { Some(self.seat(win, win.discarder as i64)) };
        pay::settle(base, win.seat_wind as usize, discarder, win.honba as i128, win.sticks as i128,
                    self.honba_value as i128, liable, self.players, self.absent)
            .ok_or(Stop::Decline)
    }

    /// `LimitPolicy.ordinary`.
    fn ordinary_limit(&self, fu: i64, han: i64) -> Step<(i64, i128)> {
        if let Some(hit) = self.ordinary_limits.lock().unwrap().get(&(fu, han)) {
            return Ok(*hit);
        }
        let limit = if [self.kazoe.0, self.kiriage.0, self.base_points.0].contains(&Way::Python) {
            let got = called(Python::with_gil(|py| self.limits_ordinary.call1(py, (fu, han))))?;
            Python::with_gil(|py| got.extract::<(i64, i64)>(py)).map_err(|_| Stop::Decline)?
        } else if self.base_points.0 == Way::Native {
            return pay::shifted(fu, han).map(|b| (0, b)).ok_or(Stop::Decline);
        } else if han >= 13 {
            let total = match self.kazoe {
                (Way::Native, 0, _) => 1,
                (Way::Native, 1, _) => 0,
                (Way::Native, _, cap) => {
                    if cap != 0 {
                        (han / 13).min(cap)
                    } else {
                        han / 13
                    }
                }
                _ => 0,
            };
            (total, if total != 0 { (pay::YAKUMAN * total as i128) as i64 } else { pay::SANBAIMAN as i64 })
        } else {
            let raw = if han < 5 { pay::shifted(fu, han).ok_or(Stop::Decline)? } else { pay::MANGAN };
            let mut base = pay::limit_base(han, raw);
            if raw == 1920 && self.kiriage == (Way::Native, true) {
                base = pay::MANGAN;
            }
            (0, base as i64)
        };
        let limit = (limit.0, limit.1 as i128);
        self.ordinary_limits.lock().unwrap().insert((fu, han), limit);
        Ok(limit)
    }

    /// `LimitPolicy.yakuman`.
    fn yakuman_limit(&self, multiples: &[i64]) -> Step<(i64, i128)> {
        if self.stacking.0 == Way::Python || self.base_points.0 == Way::Python {
            let got = called(Python::with_gil(|py| self.limits_yakuman.call1(py, (multiples.to_vec(),))))?;
            let (m, b) = Python::with_gil(|py| got.extract::<(i64, i64)>(py)).map_err(|_| Stop::Decline)?;
            return Ok((m, b as i128));
        }
        let sum: i64 = multiples.iter().sum();
        let total = match self.stacking {
            (Way::Native, stack, cap) => {
                let t = if stack { sum } else { 1 };
                if cap != 0 {
                    t.min(cap)
                } else {
                    t
                }
            }
            _ => sum,
        };
        if total <= 0 {
            return Err(Stop::Decline);
        }
        let base = if self.base_points.0 == Way::Native {
            pay::shifted(self.base_points.1, total.checked_mul(self.base_points.2).ok_or(Stop::Decline)?)
                .ok_or(Stop::Decline)?
        } else {
            pay::YAKUMAN * total as i128
        };
        Ok((total, base))
    }
}

/// A hand and its win as the kernel reads them, with their readings, the model's objects made for
/// Python parts, and the yaku found on each reading under each yaku table (`Plan.yaku_key`): one
/// per hand, shared by every plan that scores it (`compare`'s rulesets).
pub struct State<'t> {
    pub hand: Hand,
    pub win: Win,
    pub info: Info,
    pub readings: Vec<Reading>,
    py_objs: Option<(PyObject, PyObject)>,
    /// The hand this one is made from with some red fives plain (`without_red_fives(hand, keep)`),
    /// made as a `Hand` only when Python asks for it.
    plain_of: Option<(PyObject, PyObject)>,
    /// The `Win` given, where the `Hand` is still to be made.
    win_obj: Option<PyObject>,
    meld_texts: &'t [&'t str],
    /// The model's `Meld` objects of the hand, where no meld texts are given (`with_melds`).
    meld_objs: Vec<PyObject>,
    py_readings: Vec<Option<PyObject>>,
    hits: HashMap<(usize, usize), Option<Arc<Hits>>, Fx>,
}

impl<'t> State<'t> {
    pub fn new(hand: Hand, win: Win, py_objs: Option<(PyObject, PyObject)>, meld_texts: &'t [&'t str]) -> Self {
        let info = readings::info(&hand, &win);
        let readings = readings::readings(&hand, &win, &info);
        let n = readings.len();
        State { hand, win, info, readings, py_objs, plain_of: None, win_obj: None, meld_texts, meld_objs: Vec::new(),
                py_readings: vec![None; n], hits: HashMap::default() }
    }

    /// A hand made by the kernel (`ev`), its melds given as the model's objects for Python parts.
    pub fn with_melds(hand: Hand, win: Win, meld_objs: Vec<PyObject>) -> State<'static> {
        let mut st = State::new(hand, win, None, &[]);
        st.meld_objs = meld_objs;
        st
    }

    /// The same hand won with other ura indicators: what depends on them is found again.
    pub fn set_ura(&mut self, codes: &[u8]) {
        self.win.ura = [0; 5];
        self.win.ura[..codes.len()].copy_from_slice(codes);
        self.win.nura = codes.len();
        self.hits.clear();
        self.py_objs = None;
        self.py_readings.iter_mut().for_each(|r| *r = None);
    }
}

impl<'t> State<'t> {
    /// The same hand with only ``keep`` red fives of each suit (``without_red_fives``): its
    /// readings are those of this one (red fives change no reading), what its yaku are is not.
    pub fn with_reds(&self, keep: [u8; 3]) -> Self {
        let mut hand = self.hand.clone();
        hand.reds = keep;
        hand.red_fives = keep.iter().sum();
        State { hand, win: self.win.clone(), info: self.info, readings: self.readings.clone(), py_objs: None,
                plain_of: None, win_obj: None, meld_texts: self.meld_texts, meld_objs: self.meld_objs.clone(),
                py_readings: vec![None; self.readings.len()],
                hits: HashMap::default() }
    }
}

/// One hand being scored under one plan.
pub struct Job<'a, 't> {
    pub plan: &'a Plan,
    pub st: &'a mut State<'t>,
}

impl<'a, 't> Job<'a, 't> {
    pub fn new(plan: &'a Plan, st: &'a mut State<'t>) -> Self {
        Job { plan, st }
    }

    /// `Scorer.score` (with `check`) or `score_readings(analyse(…))`.
    pub fn run(&mut self, check: bool) -> Step<Outcome> {
        let plan = self.plan;
        if check && !plan.passes(&self.st.hand, &self.st.win, &self.st.info) {
            return Err(Stop::Decline);
        }
        if self.st.readings.is_empty() {
            return Ok(Outcome::NoShape);
        }
        if self.st.win.extras & ROBBED_ANKAN != 0 {
            return Err(Stop::Decline); // kokushi robbing a closed kan: the Python path's
        }
        let need = if plan.ryanshiba != 0 && self.st.win.honba >= plan.ryanshiba { plan.min_han.max(2) } else { plan.min_han };
        let rinshan = if self.st.win.rinshan && self.st.win.tsumo { self.rinshan_pao()? } else { None };
        let mut best: Option<Cand> = None;
        let mut short = 0;
        for i in 0..self.st.readings.len() {
            let Some(hits) = self.hits(i)? else { continue };
            match self.price(i, &hits, need, rinshan)? {
                None => short = short.max(hits.yaku_han).max(hits.alone_han()),
                Some(c) => {
                    if best.as_ref().map_or(true, |b| c.rank() > b.rank()) {
                        best = Some(c);
                    }
                }
            }
        }
        match best {
            Some(c) => Ok(Outcome::Win(c)),
            None if short != 0 => Err(Stop::Decline), // too few han: the Python path names the minimum
            None => Ok(Outcome::NoYaku),
        }
    }

    // -- Python parts ---------------------------------------------------------------------------------

    fn py_objs(&mut self, py: Python) -> PyResult<(PyObject, PyObject)> {
        if self.st.py_objs.is_none() {
            let model = MODEL.get(py).ok_or_else(|| PyException::new_err("model not bound"))?;
            let hand = match &self.st.plain_of {
                Some((hand, keep)) => {
                    let scoring = SCORING.get(py).ok_or_else(|| PyException::new_err("scoring not bound"))?;
                    scoring.plain.call1(py, (hand.clone_ref(py), keep.clone_ref(py)))?
                }
                None if !self.st.meld_objs.is_empty() => {
                    model::make_hand_with(py, model, &self.st.hand, &self.st.meld_objs)?
                }
                None => model::make_hand(py, model, &self.st.hand, self.st.meld_texts)?,
            };
            let win = match &self.st.win_obj {
                Some(w) => w.clone_ref(py),
                None => model::make_win(py, model, &self.st.win)?,
            };
            self.st.py_objs = Some((hand, win));
        }
        let (h, w) = self.st.py_objs.as_ref().unwrap();
        Ok((h.clone_ref(py), w.clone_ref(py)))
    }

    /// The `Reading` of reading `i`, as `analyse` builds it, for a Python part.
    fn py_reading(&mut self, i: usize) -> Step<PyObject> {
        if let Some(r) = &self.st.py_readings[i] {
            return Ok(Python::with_gil(|py| r.clone_ref(py)));
        }
        let made = Python::with_gil(|py| self.make_reading(py, i));
        let obj = called(made)?;
        self.st.py_readings[i] = Some(Python::with_gil(|py| obj.clone_ref(py)));
        Ok(obj)
    }

    fn make_reading(&mut self, py: Python, i: usize) -> PyResult<PyObject> {
        let scoring = SCORING.get(py).ok_or_else(|| PyException::new_err("scoring not bound"))?;
        let model = MODEL.get(py).ok_or_else(|| PyException::new_err("model not bound"))?;
        let (hand_obj, win_obj) = self.py_objs(py)?;
        let r = self.st.readings[i];
        let info = self.st.info;
        let melds: &PyTuple = hand_obj.as_ref(py).getattr(model.names.melds.as_ref(py))?.downcast()?;
        let mut sets = Vec::with_capacity(4);
        for (k, s) in r.sets().iter().enumerate() {
            let obj: PyObject = if k >= r.nconcealed {
                melds.get_item(k - r.nconcealed)?.getattr(model.names.shape.as_ref(py))?.into()
            } else if k == r.ron_triplet {
                scoring.open_triplets[s.first as usize].clone_ref(py)
            } else {
                scoring.concealed_shapes[if s.seq { 0 } else { 34 } + s.first as usize].clone_ref(py)
            };
            sets.push(obj);
        }
        let form = scoring.forms[r.form as usize].clone_ref(py);
        let features = scoring.features.call1(
            py,
            (form.clone_ref(py), r.nseq, self.st.win.situation, info.closed, info.suit_count, info.level,
             info.honours > 0, info.honour_triplets),
        )?;
        let counts = hand_obj.as_ref(py).getattr(model.names.counts.as_ref(py))?;
        let items: Vec<PyObject> = vec![
            hand_obj.clone_ref(py),
            win_obj,
            form,
            counts.into(),
            info.closed.into_py(py),
            self.st.win.tsumo.into_py(py),
            (r.pair as i64).into_py(py),
            PyTuple::new(py, sets).into(),
            PyTuple::new(py, r.seqs().iter().map(|&x| x as i64)).into(),
            PyTuple::new(py, r.trips().iter().map(|&x| x as i64)).into(),
            (r.concealed_triplets as i64).into_py(py),
            (info.kans as i64).into_py(py),
            scoring.waits[r.wait as usize].clone_ref(py),
            (self.st.hand.win as i64).into_py(py),
            (info.seat_kind as i64).into_py(py),
            (info.round_kind as i64).into_py(py),
            (self.st.hand.red_fives as i64).into_py(py),
            (info.size as i64).into_py(py),
            (info.yaochu as i64).into_py(py),
            (info.honours as i64).into_py(py),
            (info.suit_mask as i64).into_py(py),
            r.pinfu_shape.into_py(py),
            features,
        ];
        scoring.tuple_new.call1(py, (scoring.reading_type.clone_ref(py), PyTuple::new(py, items)))
    }

    /// A yaku's check on reading `i`: the twin's answer, or the Python check's (an int for a bonus
    /// item, truthiness for the others).
    fn check(&mut self, y: usize, i: usize) -> Step<i64> {
        let plan = self.plan;
        let yaku = &plan.table.yaku[y];
        if let Some(t) = &yaku.twin {
            return Ok(twins::check(t, &self.st.readings[i], &self.st.hand, &self.st.win, &self.st.info));
        }
        let reading = self.py_reading(i)?;
        let got = called(Python::with_gil(|py| yaku.check.call1(py, (reading, plan.flags.clone_ref(py)))))?;
        Python::with_gil(|py| {
            let v = got.as_ref(py);
            let truthy = v.is_true().map_err(|_| Stop::Decline)?;
            if !yaku.bonus || !truthy {
                return Ok(truthy as i64);
            }
            // a bonus item's count: an exact int (a True counted as 1 would print otherwise)
            // SAFETY: comparing type pointers.
            let exact = unsafe { pyo3::ffi::Py_TYPE(v.as_ptr()) == std::ptr::addr_of_mut!(pyo3::ffi::PyLong_Type) };
            if exact {
                v.extract::<i64>().map_err(|_| Stop::Decline)
            } else {
                Err(Stop::Decline)
            }
        })
    }

    // -- yaku -----------------------------------------------------------------------------------------

    /// `YakuIndex.applicable`, kept per yaku table and reading: plans of the same yaku table (and
    /// native checks only, which read no flags) share what one of them found.
    fn hits(&mut self, i: usize) -> Step<Option<Arc<Hits>>> {
        let key = self.plan.table.key;
        if key != 0 {
            if let Some(hit) = self.st.hits.get(&(key, i)) {
                return Ok(hit.clone());
            }
        }
        let found = self.find_hits(i)?.map(Arc::new);
        if key != 0 {
            self.st.hits.insert((key, i), found.clone());
        }
        Ok(found)
    }

    fn find_hits(&mut self, i: usize) -> Step<Option<Hits>> {
        let plan = self.plan;
        let f = readings::features(&self.st.readings[i], &self.st.win, &self.st.info);
        let fits = match &plan.table.fit {
            Some(t) => Fits::Mask(t.fits(&f)),
            None => Fits::List((0..plan.table.yaku.len()).filter(|&y| plan.table.yaku[y].fits(&f)).collect()),
        };
        let mut yakuman = Vec::new();
        let mut any = false;
        for y in fits.iter() {
            if plan.table.yaku[y].yakuman > 0 {
                any = true;
                if self.check(y, i)? != 0 {
                    yakuman.push(y);
                }
            }
        }
        if any && !yakuman.is_empty() {
            if !yakuman.iter().all(|&y| plan.table.yaku[y].needs_yaku) || self.ordinary(i, &fits)?.is_some() {
                return Ok(Some(self.yakuman_hits(yakuman)));
            }
        }
        self.ordinary(i, &fits)
    }

    fn replaced(&self, fired: &[usize]) -> Vec<usize> {
        let mut gone = Vec::new();
        for &y in fired {
            gone.extend_from_slice(&self.plan.table.yaku[y].replaces);
        }
        gone
    }

    fn yakuman_hits(&self, mut hits: Vec<usize>) -> Hits {
        if hits.len() > 1 {
            let gone = self.replaced(&hits);
            hits.retain(|y| !gone.contains(y));
        }
        let yaku = hits.iter().map(|&y| Score { yaku: y, value: self.plan.table.yaku[y].yakuman, yakuman: true }).collect();
        Hits { yaku, han: 0, yakuman: true, alone: Vec::new(), yaku_han: 0 }
    }

    fn ordinary(&mut self, i: usize, fits: &Fits) -> Step<Option<Hits>> {
        let plan = self.plan;
        if self.st.readings[i].form == KOKUSHI {
            return Ok(None);
        }
        let closed = self.st.info.closed;
        let mut fired = Vec::new();
        let mut entries = false;
        for y in fits.iter() {
            let yk = &plan.table.yaku[y];
            if yk.yakuman == 0 && !yk.bonus && yk.han_for(closed) != 0 {
                entries = true;
                if self.check(y, i)? != 0 {
                    fired.push(y);
                }
            }
        }
        if fired.is_empty() {
            return Ok(None);
        }
        if fired.len() > 1 {
            let gone = self.replaced(&fired);
            fired.retain(|y| !gone.contains(y));
        }
        let alone: Vec<Score> = fired
            .iter()
            .filter(|&&y| plan.table.yaku[y].alone)
            .map(|&y| Score { yaku: y, value: plan.table.yaku[y].han_for(closed), yakuman: false })
            .collect();
        fired.retain(|&y| !plan.table.yaku[y].alone);
        let mut scores: Vec<Score> =
            fired.iter().map(|&y| Score { yaku: y, value: plan.table.yaku[y].han_for(closed), yakuman: false }).collect();
        let mut han: i64 = scores.iter().map(|s| s.value).sum();
        let yaku_han = han;
        if !scores.is_empty() && entries {
            for y in fits.iter() {
                if plan.table.yaku[y].bonus {
                    let n = self.check(y, i)?;
                    if n != 0 {
                        scores.push(Score { yaku: y, value: n, yakuman: false });
                        han += n;
                    }
                }
            }
        }
        Ok(Some(Hits { yaku: scores, han, yakuman: false, alone, yaku_han }))
    }

    // -- pricing ----------------------------------------------------------------------------------------

    fn count_fu(&mut self, i: usize) -> Step<FuOf> {
        let plan = self.plan;
        match &plan.fu {
            Some(standard) => standard
                .count(&self.st.readings[i], &self.st.info, self.st.win.tsumo, self.st.win.rinshan)
                .map(FuOf::Native)
                .ok_or(Stop::Decline),
            None => {
                let reading = self.py_reading(i)?;
                let fu = called(Python::with_gil(|py| plan.fu_rule.call_method1(py, "count", (reading,))))?;
                let total = Python::with_gil(|py| fu.getattr(py, "total").and_then(|t| t.extract::<i64>(py)))
                    .map_err(|_| Stop::Decline)?;
                Ok(FuOf::Python { total, obj: fu })
            }
        }
    }

    /// `Scorer._price`.
    fn price(&mut self, i: usize, hits: &Arc<Hits>, need: i64, rinshan: Option<i64>) -> Step<Option<Cand>> {
        if hits.yakuman {
            let multiples: Vec<i64> = hits.yaku.iter().map(|s| s.value).collect();
            let (multiple, base) = self.plan.yakuman_limit(&multiples)?;
            let mut liable = self.liable(i, hits, multiple, base)?;
            if liable.is_empty() {
                if let Some(offset) = rinshan {
                    liable = vec![Liable { seat: self.plan.seat(&self.st.win, offset), base, all_honba: true }];
                }
            }
            let paid = self.plan.pay(base, &self.st.win, &liable)?;
            return Ok(Some(Cand { reading: i, hits: hits.clone(), alone: false, han: None, fu: None, multiple, base, paid,
                                  liable }));
        }
        let fu = std::rc::Rc::new(self.count_fu(i)?);
        let mut best: Option<Cand> = None;
        if !hits.yaku.is_empty() && hits.yaku_han >= need {
            best = Some(self.ordinary_cand(i, hits.clone(), false, hits.han, fu.clone(), rinshan)?);
        }
        if !hits.alone.is_empty() && hits.alone_han() >= need {
            let other = self.ordinary_cand(i, hits.clone(), true, hits.alone_han(), fu, rinshan)?;
            if best.as_ref().map_or(true, |b| other.rank() > b.rank()) {
                best = Some(other);
            }
        }
        Ok(best)
    }

    fn ordinary_cand(&mut self, i: usize, hits: Arc<Hits>, alone: bool, han: i64, fu: std::rc::Rc<FuOf>,
                     rinshan: Option<i64>) -> Step<Cand> {
        let (multiple, base) = self.plan.ordinary_limit(fu.total(), han)?;
        let liable = match rinshan {
            None => Vec::new(),
            Some(offset) => vec![Liable { seat: self.plan.seat(&self.st.win, offset), base, all_honba: true }],
        };
        let paid = self.plan.pay(base, &self.st.win, &liable)?;
        Ok(Cand { reading: i, hits, alone, han: Some(han), fu: Some(fu), multiple, base, paid, liable })
    }

    /// `Scorer._liable`: who pays for a yakuman hand, by the pao policy.
    fn liable(&mut self, i: usize, hits: &Hits, total: i64, base: i128) -> Step<Vec<Liable>> {
        let plan = self.plan;
        let found: Vec<(i64, i64, bool)> = match plan.pao {
            (Way::Absent, ..) => return Ok(Vec::new()),
            (Way::Native, enabled, covers_hand, honba_liable, mask) => {
                if !enabled {
                    return Ok(Vec::new());
                }
                let mut liable: Vec<(i64, i64)> = Vec::new();
                for s in &hits.yaku {
                    let kind = plan.table.yaku[s.yaku].pao_kind;
                    if kind == 0 || mask >> (kind - 1) & 1 == 0 {
                        continue;
                    }
                    let source = match kind {
                        1 => self.last_of(31, 34, 3),
                        2 => self.last_of(27, 31, 4),
                        _ => self.suukantsu(),
                    };
                    if let Some(src) = source {
                        liable.push((src, s.value));
                    }
                }
                if liable.is_empty() {
                    return Ok(Vec::new());
                }
                let mut sources: Vec<i64> = Vec::new();
                for (src, _) in &liable {
                    if !sources.contains(src) {
                        sources.push(*src);
                    }
                }
                if sources.len() == 1 {
                    let own: i64 = liable.iter().map(|(_, m)| m).sum();
                    let covers = if covers_hand { total } else { total.min(own) };
                    vec![(sources[0], covers, honba_liable)]
                } else {
                    sources
                        .iter()
                        .map(|&src| (src, liable.iter().filter(|(s, _)| *s == src).map(|(_, m)| m).sum(), honba_liable))
                        .collect()
                }
            }
            (Way::Python, ..) => {
                let reading = self.py_reading(i)?;
                let yakuman: Vec<(String, i64)> = hits.yaku.iter().map(|s| (plan.table.yaku[s.yaku].id.clone(), s.value)).collect();
                let got = called(Python::with_gil(|py| {
                    plan.pao_fn.call1(py, (reading, yakuman, total, plan.flags.clone_ref(py)))
                }))?;
                Python::with_gil(|py| -> PyResult<Vec<(i64, i64, bool)>> {
                    let mut out = Vec::new();
                    for one in got.as_ref(py).iter()? {
                        let one = one?;
                        let honba: String = one.getattr("honba")?.extract()?;
                        out.push((one.getattr("offset")?.extract()?, one.getattr("multiple")?.extract()?, honba == "liable"));
                    }
                    Ok(out)
                })
                .map_err(|_| Stop::Decline)?
            }
        };
        if total <= 0 {
            return Err(Stop::Decline);
        }
        Ok(found
            .into_iter()
            .map(|(offset, multiple, all_honba)| Liable {
                seat: plan.seat(&self.st.win, offset),
                base: base * multiple.min(total) as i128 / total as i128,
                all_honba,
            })
            .collect())
    }

    /// The pao twin's `_last_of`: the source of the meld that completed `need` sets of kinds
    /// `lo..hi` when all are melds.
    fn last_of(&self, lo: u8, hi: u8, need: usize) -> Option<i64> {
        let sets: Vec<_> = self.st.hand.melds().iter().filter(|m| m.kind != CHI && (lo..hi).contains(&m.first)).collect();
        if sets.len() != need {
            return None;
        }
        let last = sets[need - 1];
        if last.source == 0 {
            None
        } else {
            Some(last.source as i64)
        }
    }

    fn suukantsu(&self) -> Option<i64> {
        let kans: Vec<_> = self.st.hand.melds().iter().filter(|m| m.is_kan()).collect();
        if kans.len() == 4 && kans[3].kind == DAIMINKAN {
            Some(kans[3].source as i64)
        } else {
            None
        }
    }

    /// `Plugins.rinshan_pao` on the first reading.
    fn rinshan_pao(&mut self) -> Step<Option<i64>> {
        let plan = self.plan;
        match plan.rinshan_pao {
            (Way::Absent, _) => Ok(None),
            (Way::Native, on) => {
                if !on || !self.st.win.tsumo {
                    return Ok(None);
                }
                let kans: Vec<_> = self.st.hand.melds().iter().filter(|m| m.is_kan()).collect();
                Ok(match kans.last() {
                    Some(m) if m.kind == DAIMINKAN => Some(m.source as i64),
                    _ => None,
                })
            }
            (Way::Python, _) => {
                let reading = self.py_reading(0)?;
                let got = called(Python::with_gil(|py| plan.rinshan_fn.call1(py, (reading, plan.flags.clone_ref(py)))))?;
                Python::with_gil(|py| got.extract::<Option<i64>>(py)).map_err(|_| Stop::Decline)
            }
        }
    }

    // -- what a result holds ---------------------------------------------------------------------------

    /// The shared `YakuScore` of a score (`YakuIndex.score`).
    pub fn yaku_score(&self, py: Python, s: &Score) -> PyResult<PyObject> {
        let y = &self.plan.table.yaku[s.yaku];
        let made = if s.yakuman {
            y.score_yakuman.as_ref()
        } else if y.bonus {
            None
        } else if self.st.info.closed {
            y.score_closed.as_ref()
        } else {
            y.score_open.as_ref()
        };
        if let Some(obj) = made {
            return Ok(obj.clone_ref(py));
        }
        let key = (s.yaku, s.value);
        if let Some(obj) = self.plan.bonus_scores.lock().unwrap().get(&key) {
            return Ok(obj.clone_ref(py));
        }
        let obj = self.plan.bonus_score.call1(py, (y.obj.clone_ref(py), s.value))?;
        self.plan.bonus_scores.lock().unwrap().insert(key, obj.clone_ref(py));
        Ok(obj)
    }

    /// The `Result` of a candidate (`Scorer._result`), its reading and fu items left to build.
    fn result(&mut self, py: Python, scoring: &Scoring, cand: &Cand) -> PyResult<PyObject> {
        let natural = cand.fu.is_none();
        let name = pay::limit_name(cand.multiple, cand.base, natural);
        let yaku: Vec<PyObject> = cand.yaku().iter().map(|s| self.yaku_score(py, s)).collect::<PyResult<_>>()?;
        let seats: Vec<i64> = cand.liable.iter().map(|l| l.seat as i64).collect();
        let (hand, keep, win) = match (&self.st.py_objs, &self.st.plain_of) {
            (None, Some((hand, keep))) => {
                (hand.clone_ref(py), Some(keep.clone_ref(py)), self.st.win_obj.as_ref().map(|w| w.clone_ref(py)))
            }
            _ => {
                let (h, w) = self.py_objs(py)?;
                (h, None, Some(w))
            }
        };
        let win = match win {
            Some(w) => w,
            None => self.py_objs(py)?.1,
        };
        let fu_obj = match cand.fu.as_deref() {
            Some(FuOf::Python { obj, .. }) => Some(obj.clone_ref(py)),
            _ => None,
        };
        let deferred: PyObject = Py::new(py, Deferred {
            hand,
            keep,
            win,
            index: cand.reading,
            fu: fu_obj,
            fu_rule: if natural { None } else { Some(self.plan.fu_rule.clone_ref(py)) },
            done: None,
        })?
        .into_py(py);
        let players = self.plan.players;
        let values: Vec<PyObject> = vec![
            PyTuple::new(py, yaku).into(),
            cand.han.into_py(py),
            cand.fu.as_ref().map(|f| f.total()).into_py(py),
            (if natural { cand.multiple } else { 0 }).into_py(py),
            name.into_py(py),
            i64::try_from(cand.base).map_err(|_| PyException::new_err("base"))?.into_py(py),
            cand.paid.value.into_py(py),
            PyTuple::new(py, &cand.paid.pay[..players]).into(),
            seats.first().copied().into_py(py),
            deferred.clone_ref(py),
            deferred,
            PyTuple::new(py, seats).into(),
            true.into_py(py),
        ];
        let obj = model::alloc(py, scoring.result_type.as_ref(py))?;
        model::set_fields(obj, &scoring.result_fields, values)?;
        Ok(obj.into())
    }

    pub fn fu_json(&self, fu: &FuOf, out: &mut String) -> Option<()> {
        match fu {
            FuOf::Native(f) => {
                for (k, item) in f.items.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    out.push_str("{\"label\": \"");
                    item.label(out);
                    out.push_str("\", \"fu\": ");
                    render::int(out, item.fu());
                    out.push('}');
                }
                Some(())
            }
            FuOf::Python { obj, .. } => Python::with_gil(|py| {
                let text: String = self.plan.fu_json.call1(py, (obj.clone_ref(py),)).ok()?.extract(py).ok()?;
                out.push_str(&text);
                Some(())
            }),
        }
    }
}

/// What a native `Result` keeps to build its reading and fu items on first access: the hand, the
/// win, which of `analyse`'s readings was paid, and its fu count (or the rule that counts it).
#[pyclass(module = "mjrules.kernel._native")]
pub struct Deferred {
    hand: PyObject,
    /// The red fives of each suit the paid hand keeps, where it is `hand` with the others plain.
    keep: Option<PyObject>,
    win: PyObject,
    index: usize,
    fu: Option<PyObject>,
    fu_rule: Option<PyObject>,
    done: Option<(PyObject, PyObject)>,
}

#[pymethods]
impl Deferred {
    fn resolved(&mut self, py: Python) -> PyResult<(PyObject, PyObject)> {
        if self.done.is_none() {
            let scoring = SCORING.get(py).ok_or_else(|| PyException::new_err("scoring not bound"))?;
            let got: (PyObject, PyObject) = scoring
                .resolve
                .call1(py, (self.hand.clone_ref(py), self.keep.as_ref().map(|k| k.clone_ref(py)), self.win.clone_ref(py),
                            self.index,
                            self.fu.as_ref().map(|f| f.clone_ref(py)), self.fu_rule.as_ref().map(|f| f.clone_ref(py))))?
                .extract(py)?;
            self.done = Some(got);
        }
        let (r, f) = self.done.as_ref().unwrap();
        Ok((r.clone_ref(py), f.clone_ref(py)))
    }

    /// The paid `Reading`.
    fn reading(&mut self, py: Python) -> PyResult<PyObject> {
        Ok(self.resolved(py)?.0)
    }

    /// The paid reading's fu items; () for a natural yakuman.
    fn fu_items(&mut self, py: Python) -> PyResult<PyObject> {
        Ok(self.resolved(py)?.1)
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

/// The twin names the kernel knows.
#[pyfunction]
pub fn twin_names() -> Vec<&'static str> {
    twins::NAMES.iter().map(|(n, _)| *n).collect()
}
