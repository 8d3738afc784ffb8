//! Pricing a reading: its fu, the limits (`LimitPolicy`), the payments, and pao.

use super::*;
use super::spec::{Aotenjou, Honba, Kazoe, KazoeMode, Kiriage, Liability, RinshanPao, YakumanStacking};

impl Plan {
    pub(crate) fn seat(&self, win: &Win, offset: i64) -> usize {
        let step = if offset != 3 { offset } else { -1 };
        (win.seat_wind as i64 + step).rem_euclid(self.players as i64) as usize
    }

    pub(crate) fn pay(&self, base: i128, win: &Win, liable: &[Liable]) -> Step<Payment> {
        let discarder = if win.discarder == 0 { None } else { Some(self.seat(win, win.discarder as i64)) };
        pay::settle(base, win.seat_wind as usize, discarder, win.honba as i128, win.sticks as i128,
                    self.honba_value as i128, liable, self.players, self.tsumo_loss)
            .ok_or(Stop::Decline)
    }

    /// `LimitPolicy.ordinary`.
    pub(crate) fn ordinary_limit(&self, fu: i64, han: i64) -> Step<(i64, i128)> {
        if let Some(hit) = self.ordinary_limits.lock().unwrap().get(&(fu, han)) {
            return Ok(*hit);
        }
        let p = &self.policies;
        let limit = if p.kazoe.is_python() || p.kiriage.is_python() || p.aotenjou.is_python() {
            let got = called(Python::with_gil(|py| self.limits_ordinary.call1(py, (fu, han))))?;
            Python::with_gil(|py| got.extract::<(i64, i64)>(py)).map_err(|_| Stop::Decline)?
        } else if let Way::Native(_) = p.aotenjou {
            return pay::shifted(fu, han).map(|b| (0, b)).ok_or(Stop::Decline);
        } else if han >= 13 {
            let total = match p.kazoe {
                Way::Native(Kazoe { mode: KazoeMode::Yakuman, .. }) => 1,
                Way::Native(Kazoe { mode: KazoeMode::Sanbaiman, .. }) => 0,
                Way::Native(Kazoe { mode: KazoeMode::Multiple, cap }) => {
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
            if raw == 1920 && p.kiriage == Way::Native(Kiriage { on: true }) {
                base = pay::MANGAN;
            }
            (0, base as i64)
        };
        let limit = (limit.0, limit.1 as i128);
        self.ordinary_limits.lock().unwrap().insert((fu, han), limit);
        Ok(limit)
    }

    /// `LimitPolicy.yakuman`.
    pub(crate) fn yakuman_limit(&self, multiples: &[i64]) -> Step<(i64, i128)> {
        let p = &self.policies;
        if p.yakuman_stacking.is_python() || p.aotenjou.is_python() {
            let got = called(Python::with_gil(|py| self.limits_yakuman.call1(py, (multiples.to_vec(),))))?;
            let (m, b) = Python::with_gil(|py| got.extract::<(i64, i64)>(py)).map_err(|_| Stop::Decline)?;
            return Ok((m, b as i128));
        }
        let sum: i64 = multiples.iter().sum();
        let total = match p.yakuman_stacking {
            Way::Native(YakumanStacking { stacking, cap }) => {
                let t = if stacking { sum } else { 1 };
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
        let base = if let Way::Native(Aotenjou { yakuman_fu, yakuman_han }) = p.aotenjou {
            pay::shifted(yakuman_fu, total.checked_mul(yakuman_han).ok_or(Stop::Decline)?).ok_or(Stop::Decline)?
        } else {
            pay::YAKUMAN * total as i128
        };
        Ok((total, base))
    }
}

impl<'a, 't> Job<'a, 't> {
    // -- pricing ----------------------------------------------------------------------------------------

    pub(crate) fn count_fu(&mut self, i: usize) -> Step<FuOf> {
        let plan = self.plan;
        match &plan.policies.standard_fu {
            Way::Native(standard) => standard
                .count(&self.st.readings[i], &self.st.info, self.st.win.tsumo, self.st.win.rinshan)
                .map(FuOf::Native)
                .ok_or(Stop::Decline),
            _ => {
                let reading = self.py_reading(i)?;
                let fu = called(Python::with_gil(|py| plan.fu_rule.call_method1(py, "count", (reading,))))?;
                let total = Python::with_gil(|py| fu.extract::<crate::fu::FuTotal>(py)).map_err(|_| Stop::Decline)?.total;
                Ok(FuOf::Python { total, obj: fu })
            }
        }
    }

    /// `Scorer._price`.
    pub(crate) fn price(&mut self, i: usize, hits: &Arc<Hits>, need: i64, rinshan: Option<i64>) -> Step<Option<Cand>> {
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

    pub(crate) fn ordinary_cand(&mut self, i: usize, hits: Arc<Hits>, alone: bool, han: i64, fu: std::rc::Rc<FuOf>,
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
    pub(crate) fn liable(&mut self, i: usize, hits: &Hits, total: i64, base: i128) -> Step<Vec<Liable>> {
        let plan = self.plan;
        let found: Vec<(i64, i64, bool)> = match &plan.policies.pao {
            Way::Absent => return Ok(Vec::new()),
            Way::Native(pao) => {
                if !pao.on {
                    return Ok(Vec::new());
                }
                let (covers_hand, honba_liable) = (pao.covers_hand, pao.honba_liable);
                let mut liable: Vec<(i64, i64)> = Vec::new();
                for s in &hits.yaku {
                    let Some(kind) = plan.pao_kinds[s.yaku] else { continue };
                    let source = match kind {
                        PaoKind::Dragons => self.last_of(31, 34, 3),
                        PaoKind::Winds => self.last_of(27, 31, 4),
                        PaoKind::Kans => self.suukantsu(),
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
            Way::Python => {
                let reading = self.py_reading(i)?;
                let yakuman: Vec<(String, i64)> = hits.yaku.iter().map(|s| (plan.table.yaku[s.yaku].id.clone(), s.value)).collect();
                let got = called(Python::with_gil(|py| {
                    plan.pao_fn.call1(py, (reading, yakuman, total, plan.flags.clone_ref(py)))
                }))?;
                Python::with_gil(|py| -> PyResult<Vec<(i64, i64, bool)>> {
                    let mut out = Vec::new();
                    for one in got.as_ref(py).iter()? {
                        let one: Liability = one?.extract()?;
                        out.push((one.offset, one.multiple, one.honba == Honba::Liable));
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
    pub(crate) fn last_of(&self, lo: u8, hi: u8, need: usize) -> Option<i64> {
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

    pub(crate) fn suukantsu(&self) -> Option<i64> {
        let kans: Vec<_> = self.st.hand.melds().iter().filter(|m| m.is_kan()).collect();
        if kans.len() == 4 && kans[3].kind == DAIMINKAN {
            Some(kans[3].source as i64)
        } else {
            None
        }
    }

    /// `Plugins.rinshan_pao` on the first reading.
    pub(crate) fn rinshan_pao(&mut self) -> Step<Option<i64>> {
        let plan = self.plan;
        match plan.policies.rinshan_pao {
            Way::Absent => Ok(None),
            Way::Native(RinshanPao { on }) => {
                if !on || !self.st.win.tsumo {
                    return Ok(None);
                }
                let kans: Vec<_> = self.st.hand.melds().iter().filter(|m| m.is_kan()).collect();
                Ok(match kans.last() {
                    Some(m) if m.kind == DAIMINKAN => Some(m.source as i64),
                    _ => None,
                })
            }
            Way::Python => {
                let reading = self.py_reading(0)?;
                let got = called(Python::with_gil(|py| plan.rinshan_fn.call1(py, (reading, plan.flags.clone_ref(py)))))?;
                Python::with_gil(|py| got.extract::<Option<i64>>(py)).map_err(|_| Stop::Decline)
            }
        }
    }
}
