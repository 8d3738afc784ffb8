//! One hand under one plan: the hand as the kernel reads it (`State`), and its scoring (`Job`): the
//! checks first, then each reading's yaku as `YakuIndex.applicable` finds them.

use super::*;

/// One yaku scored: its index, and han (or yakuman multiple).
#[derive(Clone, Copy)]
pub struct Score {
    pub yaku: usize,
    pub value: i64,
    pub yakuman: bool,
}


#[derive(Clone)]
pub struct Hits {
    pub(crate) yaku: Vec<Score>,
    pub(crate) han: i64,
    pub(crate) yakuman: bool,
    pub(crate) alone: Vec<Score>,
    pub(crate) yaku_han: i64,
}

impl Hits {
    pub(crate) fn alone_han(&self) -> i64 {
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
    pub(crate) hits: Arc<Hits>,
    /// Paid with the yaku scored on their own (`Hits.alone`) rather than the others.
    pub(crate) alone: bool,
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

    pub(crate) fn rank(&self) -> (i64, i64, i64) {
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


/// A hand and its win as the kernel reads them, with their readings, the model's objects made for
/// Python parts, and the yaku found on each reading under each yaku table (`Plan.yaku_key`): one
/// per hand, shared by every plan that scores it (`compare`'s rulesets).
pub struct State<'t> {
    pub hand: Hand,
    pub win: Win,
    pub info: Info,
    pub readings: Vec<Reading>,
    pub(crate) py_objs: Option<(PyObject, PyObject)>,
    /// The hand this one is made from with some red fives plain (`without_red_fives(hand, keep)`),
    /// made as a `Hand` only when Python asks for it.
    pub(crate) plain_of: Option<(PyObject, PyObject)>,
    /// The `Win` given, where the `Hand` is still to be made.
    pub(crate) win_obj: Option<PyObject>,
    pub(crate) meld_texts: &'t [&'t str],
    /// The model's `Meld` objects of the hand, where no meld texts are given (`with_melds`).
    pub(crate) meld_objs: Vec<PyObject>,
    pub(crate) py_readings: Vec<Option<PyObject>>,
    pub(crate) hits: HashMap<(usize, usize), Option<Arc<Hits>>, Fx>,
    /// The table of `Win.extras` tags the win's extras bits are of (None: no extras).
    pub(crate) tags: Option<Arc<Extras>>,
}

impl<'t> State<'t> {
    pub fn new(hand: Hand, win: Win, py_objs: Option<(PyObject, PyObject)>, meld_texts: &'t [&'t str]) -> Self {
        let info = readings::info(&hand, &win);
        let readings = readings::readings(&hand, &win, &info);
        let n = readings.len();
        State { hand, win, info, readings, py_objs, plain_of: None, win_obj: None, meld_texts, meld_objs: Vec::new(),
                py_readings: vec![None; n], hits: HashMap::default(), tags: None }
    }

    /// The state of a win whose extras were read as bits of `extras` (`model::read_win`).
    pub fn tagged_by(mut self, extras: &Arc<Extras>) -> Self {
        if self.win.extras != 0 {
            self.tags = Some(extras.clone());
        }
        self
    }

    /// Whether the win's extras bits mean the same tags in `extras` (a plan's table).
    fn tags_fit(&self, extras: &Arc<Extras>) -> bool {
        self.win.extras == 0 || self.tags.as_ref().map_or(false, |t| Arc::ptr_eq(t, extras) || **t == **extras)
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
                hits: HashMap::default(), tags: self.tags.clone() }
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
        if !self.st.tags_fit(&plan.table.extras) {
            return Err(Stop::Decline); // extras read by another table (`compare`'s rulesets): the Python path's
        }
        if check && !plan.passes(&self.st.hand, &self.st.win, &self.st.info) {
            return Err(Stop::Decline);
        }
        if self.st.readings.is_empty() {
            return Ok(Outcome::NoShape);
        }
        if self.st.win.extras & plan.table.extras.robbed_ankan != 0 {
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

    /// A yaku's check on reading `i`: the twin's answer, or the Python check's (an int for a bonus
    /// item, truthiness for the others).
    pub(crate) fn check(&mut self, y: usize, i: usize) -> Step<i64> {
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
    pub(crate) fn hits(&mut self, i: usize) -> Step<Option<Arc<Hits>>> {
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

    pub(crate) fn find_hits(&mut self, i: usize) -> Step<Option<Hits>> {
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

    pub(crate) fn replaced(&self, fired: &[usize]) -> Vec<usize> {
        let mut gone = Vec::new();
        for &y in fired {
            gone.extend_from_slice(&self.plan.table.yaku[y].replaces);
        }
        gone
    }

    pub(crate) fn yakuman_hits(&self, mut hits: Vec<usize>) -> Hits {
        if hits.len() > 1 {
            let gone = self.replaced(&hits);
            hits.retain(|y| !gone.contains(y));
        }
        let yaku = hits.iter().map(|&y| Score { yaku: y, value: self.plan.table.yaku[y].yakuman, yakuman: true }).collect();
        Hits { yaku, han: 0, yakuman: true, alone: Vec::new(), yaku_han: 0 }
    }

    pub(crate) fn ordinary(&mut self, i: usize, fits: &Fits) -> Step<Option<Hits>> {
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
}
