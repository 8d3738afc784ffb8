//! The native table: whole games under a ruleset, the twin of `mjrules.game` (the round and the
//! game) and of the built-in players, played from the same seeded walls as the Python table with
//! the same questions, answers and events (`mjrules.table.native` drives it; the Python path is the
//! definition it is held equal to). A ruleset's rules of play compile once into a table plan
//! (`rules`); its wins are scored by the ruleset's scoring plan (`score`, the one door to it).
//! The GIL is released for the game and taken only where Python is asked: a Python seat, a Python
//! part of scoring, the key of a round's wall, a line shown to a watching player.

mod check;
mod draws;
mod game;
mod moves;
mod players;
mod record;
mod round;
pub mod rules;
mod score;
mod seat;
mod settle;
mod state;
mod tiles;
mod wall;

use std::collections::BTreeMap;

use pyo3::prelude::*;

use crate::model::make_win;
use pyo3::types::{PyBytes, PyDict, PyString};

use crate::plan::Plan;
use game::{Game, GameOut, Stopped};
use record::Log;
use score::{Scored, Scorer};
use seat::Player;
use settle::Outcome;

/// A table plan: a ruleset's rules of play compiled once, with its scoring plan.
#[pyclass(module = "mjrules.kernel._native")]
pub struct TablePlan {
    rules: rules::Rules,
    plan: Option<Py<Plan>>,
    /// `mjrules.table.native.Bridge`: what the kernel asks of Python.
    bridge: PyObject,
    open_yaku: Vec<String>,
    bonus_yaku: Vec<String>,
    no_shape: String,
    no_yaku: String,
}

fn get<'p, T: FromPyObject<'p>>(d: &'p PyDict, key: &str) -> PyResult<T> {
    match d.get_item(key) {
        Some(v) => v.extract(),
        None => Err(pyo3::exceptions::PyValueError::new_err(format!("table plan: no {key}"))),
    }
}

#[pymethods]
impl TablePlan {
    #[new]
    fn new(spec: &PyDict) -> PyResult<Self> {
        Ok(TablePlan {
            rules: rules::Rules::new(spec)?,
            plan: get(spec, "scoring")?,
            bridge: get(spec, "bridge")?,
            open_yaku: get(spec, "open_yaku")?,
            bonus_yaku: get(spec, "bonus_yaku")?,
            no_shape: get(spec, "no_shape")?,
            no_yaku: get(spec, "no_yaku")?,
        })
    }

    /// Play one game. `seats`: a built-in player's name where it has a native twin, else the
    /// Python player; `walls(k)`: the walls of rounds `k`, `k + 1`, … (one or more), each as the
    /// bytes of its seed's key or as tile codes; `record`: write the mjai lines; `sink(line)`:
    /// shown each line as it is written.
    fn play(&self, py: Python, seats: Vec<PyObject>, walls: PyObject, record: bool, sink: Option<PyObject>)
            -> PyResult<NativeGame> {
        let mut players: Vec<Box<dyn Player>> = Vec::with_capacity(seats.len());
        for s in seats {
            let native = s.as_ref(py).downcast::<PyString>().ok().map(|n| n.to_str()).transpose()?;
            players.push(match native {
                Some(name) => players::by_name(name)
                    .ok_or_else(|| pyo3::exceptions::PyValueError::new_err(format!("no native player {name:?}")))?,
                None => Box::new(players::python::PySeat::new(s, self.bridge.clone_ref(py))),
            });
        }
        let plan_ref = self.plan.as_ref().map(|p| p.borrow(py));
        let scorer = self.scorer(plan_ref.as_deref());
        let rules = &self.rules;
        let scorer_tags = scorer.tags();
        let (open_yaku, bonus_yaku) = (&self.open_yaku, &self.bonus_yaku);
        let mut log = Log::new(record, sink);
        let (out, log) = py.allow_threads(move || {
            let game = Game { rules, scorer: &scorer, open_yaku, bonus_yaku };
            // the walls come a batch of rounds at a time: the GIL is taken once a batch
            let mut given: std::collections::VecDeque<Result<Vec<u8>, Vec<u8>>> = Default::default();
            let mut walls = |k: usize| -> PyResult<wall::Wall> {
                if given.is_empty() {
                    Python::with_gil(|py| -> PyResult<()> {
                        let got = walls.call1(py, (k,))?;
                        for one in got.as_ref(py).iter()? {
                            let one = one?;
                            given.push_back(match one.downcast::<PyBytes>() {
                                Ok(key) => Ok(key.as_bytes().to_vec()),
                                Err(_) => Err(one.extract()?),
                            });
                        }
                        Ok(())
                    })?;
                }
                let tiles = match given.pop_front() {
                    Some(Ok(key)) => {
                        let mut tiles = rules.tiles.clone();
                        wall::Twister::from_seed_bytes(&key).shuffle(&mut tiles);
                        tiles
                    }
                    Some(Err(codes)) => codes,
                    None => return Err(pyo3::exceptions::PyValueError::new_err("walls(k) gave no wall")),
                };
                Ok(wall::Wall { tiles })
            };
            let out = game::play(&game, &mut players, &mut walls, &mut log);
            (out, log)
        });
        match out {
            Ok(game) => Ok(NativeGame { out: game, record: log.out, players: rules.players, winds: rules.winds,
                                        tags: scorer_tags }),
            Err(stopped) => {
                let partial: PyObject = PyString::new(py, &log.out).into();
                let error = match stopped {
                    Stopped::Error(e) => e,
                    Stopped::TooLong => PyErr::from_value(self.bridge.call_method0(py, "too_long")?.as_ref(py)),
                };
                // the lines written so far, for the record of the game left unfinished
                error.value(py).setattr("native_lines", partial).ok();
                Err(error)
            }
        }
    }

    /// Check one recorded round (`mjrules.table.legal`): dealt as `deal` (wind, number, honba,
    /// sticks, dealer, scores, dora, hands) from `wall` (tile codes), every seat answering from the
    /// record: `own[seat]` its own actions in order, `calls[seat]` its calls, each with the
    /// discards made before it, an action being (kind, tile or None, consumed); `discards` the
    /// round's discards, `rons` the seats that ron, `tenpai` those in tenpai at an exhaustive draw.
    /// Returns (actions taken, settlement, refusal, diverged seat), None where there is none: the
    /// settlement as (payments, honba, sticks, dealer repeats, outcome), a refusal as (seat,
    /// action, reason).
    #[allow(clippy::too_many_arguments)]
    fn check_round(&self, py: Python, deal: DealSpec, wall: Vec<u8>, own: Vec<Vec<ActSpec>>,
                   calls: Vec<Vec<(usize, ActSpec)>>, discards: usize, rons: Vec<usize>, tenpai: Vec<usize>)
                   -> PyResult<PyObject> {
        let rules = &self.rules;
        let n = rules.players;
        let (wind, number, honba, sticks, dealer, scores, dora, hands) = deal;
        let seats_ok = |s: &[usize]| s.iter().all(|&x| x < n);
        if hands.len() != n || scores.len() != n || own.len() != n || calls.len() != n || dealer >= n
            || wall.len() != rules.tiles.len() || hands.iter().any(|h| h.len() != 13)
            || wall.iter().chain(hands.iter().flatten()).chain(std::iter::once(&dora)).any(|&t| t > 36)
            || !seats_ok(&rons) || !seats_ok(&tenpai) {
            return Err(pyo3::exceptions::PyValueError::new_err("check_round: a round of another table"));
        }
        let rec = check::Recorded {
            own: own.into_iter().map(|q| q.into_iter().map(act_of).collect()).collect::<PyResult<_>>()?,
            calls: calls
                .into_iter()
                .map(|q| q.into_iter().map(|(at, a)| Ok((at, act_of(a)?))).collect())
                .collect::<PyResult<_>>()?,
            discards,
            rons: rons.iter().fold(0, |m, &s| m | 1 << s),
            tenpai: tenpai.iter().fold(0, |m, &s| m | 1 << s),
        };
        let deal = round::Deal { wind, number, honba, sticks, dealer, scores, dora, hands };
        let plan_ref = self.plan.as_ref().map(|p| p.borrow(py));
        let scorer = self.scorer(plan_ref.as_deref());
        let (open_yaku, bonus_yaku) = (&self.open_yaku, &self.bonus_yaku);
        let checked = py.allow_threads(|| {
            let game = Game { rules, scorer: &scorer, open_yaku, bonus_yaku };
            check::check_round(&game, deal, wall::Wall { tiles: wall }, rec)
        })?;
        let (mut settled, mut refused, mut diverged) = (None, None, None);
        match checked.end {
            Ok(s) => settled = Some((s.payments, s.honba, s.sticks, s.dealer_repeats, s.outcome.word())),
            Err(check::Stop::Refused(seat, a, why)) => {
                refused = Some((seat, (a.kind as u8, a.tile(), a.consumed().to_vec()), why))
            }
            Err(check::Stop::Diverged(seat)) => diverged = Some(seat),
        }
        Ok((checked.taken, settled, refused, diverged).into_py(py))
    }
}

/// A deal as Python gives it: wind, number, honba, sticks, dealer, scores, dora, hands.
type DealSpec = (u8, u8, i64, i64, usize, Vec<i64>, u8, Vec<Vec<u8>>);
/// An action as Python gives it: kind, tile or None, the tiles a call takes.
type ActSpec = (usize, Option<u8>, Vec<u8>);

fn act_of((kind, tile, consumed): ActSpec) -> PyResult<seat::Act> {
    let kind = *seat::KINDS.get(kind).ok_or_else(|| pyo3::exceptions::PyValueError::new_err("no such action kind"))?;
    if consumed.len() > 4 || tile.iter().chain(&consumed).any(|&t| t > 36) {
        return Err(pyo3::exceptions::PyValueError::new_err("an action's tiles as codes"));
    }
    Ok(seat::Act::with_consumed(kind, tile.unwrap_or(tiles::NONE), &consumed))
}

impl TablePlan {
    /// The ruleset's scorer, through its plan where it has one.
    fn scorer<'a>(&'a self, plan: Option<&'a Plan>) -> Scorer<'a> {
        Scorer { plan, bridge: &self.bridge, players: self.rules.players, no_shape: self.no_shape.clone(),
                 no_yaku: self.no_yaku.clone() }
    }
}

/// A game the native table played.
#[pyclass(module = "mjrules.kernel._native")]
pub struct NativeGame {
    out: GameOut,
    record: String,
    players: usize,
    winds: u8,
    /// The `Win.extras` tags by bit, for the wins made as the model's objects.
    tags: Vec<String>,
}

#[pymethods]
impl NativeGame {
    /// The mjai lines written (empty unless asked for).
    #[getter]
    fn record(&self) -> &str {
        &self.record
    }

    #[getter]
    fn final_scores(&self) -> Vec<i64> {
        self.out.final_scores.clone()
    }

    /// Why the game ended (`GameEnd`'s words).
    #[getter]
    fn end(&self) -> &str {
        self.out.end
    }

    /// What the game adds to a simulation's figures, in `GameSummary`'s order after `game`:
    /// rounds, won rounds, wins, tsumo, points, yaku (id, wins), limits (name or None, wins),
    /// dealer repeats, exhaustive, nagashi, abortive, extra wind, calls, deal-ins.
    fn summary(&self, py: Python) -> PyObject {
        let (mut won, mut wins, mut tsumo, mut points, mut repeats) = (0, 0, 0, 0i64, 0);
        let (mut exhaustive, mut nagashi, mut abortive, mut calls, mut deal_ins) = (0, 0, 0, 0, 0);
        let mut yaku: BTreeMap<String, i64> = BTreeMap::new();
        let mut limits: BTreeMap<Option<String>, i64> = BTreeMap::new();
        for r in &self.out.rounds {
            let s = &r.settled;
            repeats += s.dealer_repeats as i64;
            match s.outcome {
                Outcome::Exhaustive => exhaustive += 1,
                Outcome::Nagashi => nagashi += 1,
                Outcome::Abortive => abortive += 1,
                Outcome::Win => won += 1,
                Outcome::NoWin => {}
            }
            calls += r.calls.iter().filter(|(_, m)| state::CALLED_KINDS.contains(&m.kind)).count() as i64;
            let mut ron = false;
            for paid in &s.wins {
                let Some(Scored::Win(v)) = &paid.result else { continue };
                wins += 1;
                tsumo += paid.win.tsumo as i64;
                ron |= !paid.win.tsumo;
                points += v.points;
                let mut ids: Vec<&String> = v.yaku.iter().map(|(id, _)| id).collect();
                ids.sort();
                ids.dedup();
                for id in ids {
                    *yaku.entry(id.clone()).or_default() += 1;
                }
                *limits.entry(v.limit.clone()).or_default() += 1;
            }
            deal_ins += ron as i64;
        }
        let extra = self.out.rounds.iter().any(|r| r.deal.wind >= self.winds);
        let yaku: Vec<(String, i64)> = yaku.into_iter().collect();
        let limits: Vec<(Option<String>, i64)> = limits.into_iter().collect();
        let fields: Vec<PyObject> = vec![
            self.out.rounds.len().into_py(py),
            won.into_py(py),
            wins.into_py(py),
            tsumo.into_py(py),
            points.into_py(py),
            yaku.into_py(py),
            limits.into_py(py),
            repeats.into_py(py),
            exhaustive.into_py(py),
            nagashi.into_py(py),
            abortive.into_py(py),
            extra.into_py(py),
            calls.into_py(py),
            deal_ins.into_py(py),
        ];
        pyo3::types::PyTuple::new(py, fields).into()
    }

    /// Each round as plain data, for the Python objects of a played game: (deal, calls, riichi
    /// declared, wins, draw, indicators).
    fn rounds(&self, py: Python) -> PyResult<Vec<PyObject>> {
        let n = self.players;
        let model = crate::bound::MODEL.get(py).expect("the model is bound when the kernel is imported");
        self.out
            .rounds
            .iter()
            .map(|r| {
                let d = &r.deal;
                let deal = (d.wind, d.number, d.honba, d.sticks, d.dealer, d.scores.clone(), d.dora, d.hands.clone());
                let calls: Vec<(u8, PyObject)> = r.calls.iter().map(|(s, m)| (*s, IntoPy::<PyObject>::into_py(score::meld_spec(m), py))).collect();
                let wins: Vec<PyObject> = r
                    .wins
                    .iter()
                    .map(|w| {
                        let melds: Vec<PyObject> = w.melds.iter().map(|m| IntoPy::<PyObject>::into_py(score::meld_spec(m), py)).collect();
                        let mut win = w.win.clone();
                        win.situation = crate::model::situation(&win);
                        let fields = make_win(py, model, &win, &self.tags)?;
                        Ok((w.winner, w.discarder, w.concealed.clone(), w.win_tile, melds, fields).into_py(py))
                    })
                    .collect::<PyResult<_>>()?;
                let draw = r.draw.as_ref().map(|x| {
                    (x.kind.word(), x.reason, x.tenpai.clone(), x.nagashi.clone(), vec![0i64; n], x.shown.clone())
                });
                Ok((IntoPy::<PyObject>::into_py(deal, py), calls, r.declared.clone(), wins, draw, r.indicators.clone())
                    .into_py(py))
            })
            .collect()
    }
}
