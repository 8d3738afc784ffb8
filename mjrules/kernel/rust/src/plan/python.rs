//! The Python parts of a plan run (the model's objects and a `Reading` made for a plugin's check),
//! and what a native `Result` holds.

use super::*;

tuple_items! {
    /// A `Reading`'s items (`mjrules.readings.reading`, a named tuple), in its order.
    pub struct ReadingItems {
        hand, win, form, counts, closed, tsumo, pair, sets, sequences, triplets, concealed_triplets, kans, wait,
        win_tile, seat_wind_kind, round_wind_kind, red_fives, size, yaochu_count, honours, suit_mask, pinfu_shape,
        features,
    }
}

impl<'a, 't> Job<'a, 't> {
    // -- Python parts ---------------------------------------------------------------------------------

    pub(crate) fn py_objs(&mut self, py: Python) -> PyResult<(PyObject, PyObject)> {
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
                None => model::make_win(py, model, &self.st.win, &self.plan.table.extras.tags)?,
            };
            self.st.py_objs = Some((hand, win));
        }
        let (h, w) = self.st.py_objs.as_ref().unwrap();
        Ok((h.clone_ref(py), w.clone_ref(py)))
    }

    /// The `Reading` of reading `i`, as `analyse` builds it, for a Python part.
    pub(crate) fn py_reading(&mut self, i: usize) -> Step<PyObject> {
        if let Some(r) = &self.st.py_readings[i] {
            return Ok(Python::with_gil(|py| r.clone_ref(py)));
        }
        let made = Python::with_gil(|py| self.make_reading(py, i));
        let obj = called(made)?;
        self.st.py_readings[i] = Some(Python::with_gil(|py| obj.clone_ref(py)));
        Ok(obj)
    }

    pub(crate) fn make_reading(&mut self, py: Python, i: usize) -> PyResult<PyObject> {
        let scoring = SCORING.get(py).ok_or_else(|| PyException::new_err("scoring not bound"))?;
        let model = MODEL.get(py).ok_or_else(|| PyException::new_err("model not bound"))?;
        let (hand_obj, win_obj) = self.py_objs(py)?;
        let r = self.st.readings[i];
        let info = self.st.info;
        let melds: &PyTuple = hand_obj.as_ref(py).getattr(model.names.hand.melds.as_ref(py))?.downcast()?;
        let mut sets = Vec::with_capacity(4);
        for (k, s) in r.sets().iter().enumerate() {
            let obj: PyObject = if k >= r.nconcealed {
                melds.get_item(k - r.nconcealed)?.getattr(model.names.meld.shape.as_ref(py))?.into()
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
        let counts = hand_obj.as_ref(py).getattr(model.names.hand.counts.as_ref(py))?;
        let int = |v: i64| -> PyObject { v.into_py(py) };
        let items = ReadingItems {
            hand: hand_obj.clone_ref(py),
            win: win_obj,
            form,
            counts: counts.into(),
            closed: info.closed.into_py(py),
            tsumo: self.st.win.tsumo.into_py(py),
            pair: int(r.pair as i64),
            sets: PyTuple::new(py, sets).into(),
            sequences: PyTuple::new(py, r.seqs().iter().map(|&x| x as i64)).into(),
            triplets: PyTuple::new(py, r.trips().iter().map(|&x| x as i64)).into(),
            concealed_triplets: int(r.concealed_triplets as i64),
            kans: int(info.kans as i64),
            wait: scoring.waits[r.wait as usize].clone_ref(py),
            win_tile: int(self.st.hand.win as i64),
            seat_wind_kind: int(info.seat_kind as i64),
            round_wind_kind: int(info.round_kind as i64),
            red_fives: int(self.st.hand.red_fives as i64),
            size: int(info.size as i64),
            yaochu_count: int(info.yaochu as i64),
            honours: int(info.honours as i64),
            suit_mask: int(info.suit_mask as i64),
            pinfu_shape: r.pinfu_shape.into_py(py),
            features,
        };
        scoring.tuple_new.call1(py, (scoring.reading_type.clone_ref(py), items.into_tuple(py)))
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
    pub(crate) fn result(&mut self, py: Python, scoring: &Scoring, cand: &Cand) -> PyResult<PyObject> {
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
        let obj = model::alloc(py, scoring.result_type.as_ref(py))?;
        let f = &scoring.result_names;
        let set = |field: &Py<PyString>, value: PyObject| model::set(obj, field, value);
        set(&f.yaku, PyTuple::new(py, yaku).into())?;
        set(&f.han, cand.han.into_py(py))?;
        set(&f.fu, cand.fu.as_ref().map(|f| f.total()).into_py(py))?;
        set(&f.yakuman, (if natural { cand.multiple } else { 0 }).into_py(py))?;
        set(&f.limit, name.into_py(py))?;
        set(&f.base, i64::try_from(cand.base).map_err(|_| PyException::new_err("base"))?.into_py(py))?;
        set(&f.points, cand.paid.value.into_py(py))?;
        set(&f.payments, PyTuple::new(py, &cand.paid.pay[..players]).into())?;
        set(&f.liable, seats.first().copied().into_py(py))?;
        set(&f._paid, deferred.clone_ref(py))?;
        set(&f._fu_items, deferred)?;
        set(&f.liable_seats, PyTuple::new(py, seats).into())?;
        set(&f.is_win, true.into_py(py))?;
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
    pub(crate) hand: PyObject,
    /// The red fives of each suit the paid hand keeps, where it is `hand` with the others plain.
    pub(crate) keep: Option<PyObject>,
    pub(crate) win: PyObject,
    pub(crate) index: usize,
    pub(crate) fu: Option<PyObject>,
    pub(crate) fu_rule: Option<PyObject>,
    pub(crate) done: Option<(PyObject, PyObject)>,
}

#[pymethods]
impl Deferred {
    pub(crate) fn resolved(&mut self, py: Python) -> PyResult<(PyObject, PyObject)> {
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
    pub(crate) fn reading(&mut self, py: Python) -> PyResult<PyObject> {
        Ok(self.resolved(py)?.0)
    }

    /// The paid reading's fu items; () for a natural yakuman.
    pub(crate) fn fu_items(&mut self, py: Python) -> PyResult<PyObject> {
        Ok(self.resolved(py)?.1)
    }
}
