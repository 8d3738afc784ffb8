//! `compare --input`'s lines in bulk, as `mjrules.tools.compare.Comparer.compare` answers them and
//! `mjrules.cli.compare` writes them: each line read once, scored under every ruleset (the hand as
//! each ruleset's tile set has it), the differences explained by the counterfactual rulesets, and
//! on request the line's details as JSON. A line the kernel cannot answer exactly as the Python
//! path would (an error to name, a hand it does not read, a part that declines) is left to Python.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};

use crate::bound::{MODEL, SCORING};
use crate::json;
use crate::model::{self, Hand};
use crate::pay;
use crate::plan::{Cand, Job, Outcome, Plan, State, Stop};
use crate::render;

/// What a comparison's lines share: the rulesets' plans, the counterfactuals of each ruleset after
/// the first, and the texts the details are written with.
#[pyclass(module = "mjrules.kernel._native")]
pub struct Comparison {
    plans: Vec<Py<Plan>>,
    /// For each ruleset: its counterfactual plans (the first ruleset's flag set on it), each with
    /// its cause (`flag:NAME`); None until given (`set_flips`: made when a line first asks).
    flips: Vec<Option<(Vec<Py<Plan>>, Vec<String>)>>,
    /// For each ruleset: the causes when no flag and no yaku explains a difference (`plugin:NAME`).
    plugin_causes: Vec<Vec<String>>,
    /// The rulesets' names, each as JSON.
    names_json: Vec<String>,
    /// A hand without a shape, and one without a yaku: its yaku row's text and its result, as JSON.
    no_shape: (String, String),
    no_yaku: (String, String),
}

/// What becomes of a line.
enum Answer {
    /// The Python path answers it.
    Python,
    /// The counterfactuals of this ruleset are needed first.
    Need(usize),
    Done(Line),
}

/// A line answered: what `CorpusRow` and the details need.
struct Line {
    points: Vec<i64>,
    causes: Vec<Vec<String>>,
    /// The rulesets whose tile set reads some red five of the hand as a plain five (bits).
    plain: u64,
    reds: [u8; 3],
    detail: Option<String>,
    /// For CSV: each ruleset's han, fu and limit.
    cells: Vec<(Option<i64>, Option<i64>, Option<String>)>,
}

/// What `compare` holds two scores equal by (`mjrules.tools.compare._value`): points, payments,
/// han, fu, yakuman, liable seat; None for no win.
#[derive(PartialEq)]
struct Value {
    points: i64,
    /// Each seat's payment (0 past the table's players).
    pay: [i64; 4],
    han: Option<i64>,
    fu: Option<i64>,
    yakuman: i64,
    liable: Option<i64>,
}

fn value(plan: &Plan, c: &Cand) -> Value {
    let natural = c.fu.is_none();
    let mut pay = [0; 4];
    pay[..plan.players()].copy_from_slice(&c.paid.pay[..plan.players()]);
    Value {
        points: c.paid.value,
        pay,
        han: c.han,
        fu: c.fu.as_ref().map(|f| f.total()),
        yakuman: if natural { c.multiple } else { 0 },
        liable: c.liable.first().map(|l| l.seat as i64),
    }
}

/// One ruleset's answer to a line.
enum Got {
    /// The winning candidate and the state (the hand as the ruleset's set has it) it was found in.
    Win(Cand, usize),
    NoShape,
    NoYaku,
}

/// A JSON string as Python's `json.dumps(…, ensure_ascii=False)` writes it.
pub(crate) fn json_str(out: &mut String, s: &str) {
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

fn number(out: &mut String, v: Option<i64>) {
    match v {
        Some(v) => render::int(out, v),
        None => out.push_str("null"),
    }
}

/// The red fives of each suit the hand keeps under `plan`'s set: None when it keeps them all.
fn kept(plan: &Plan, hand: &Hand) -> Option<[u8; 3]> {
    if hand.red_fives == 0 || plan.allows(hand) {
        return None;
    }
    let allowed = plan.red_fives();
    Some([0, 1, 2].map(|s| hand.reds[s].min(allowed[s])))
}

/// The hands of a line, one per set of red fives kept (the hand as given first), each shared by
/// the plans that see the hand alike.
struct States<'t> {
    made: Vec<(Option<[u8; 3]>, State<'t>)>,
}

impl<'t> States<'t> {
    fn hand(&self) -> &Hand {
        &self.made[0].1.hand
    }

    fn of(&mut self, keep: Option<[u8; 3]>) -> usize {
        if let Some(i) = self.made.iter().position(|(k, _)| *k == keep) {
            return i;
        }
        let state = self.made[0].1.with_reds(keep.unwrap_or(self.hand().reds));
        self.made.push((keep, state));
        self.made.len() - 1
    }
}

struct Setup<'a> {
    plans: Vec<&'a Plan>,
    /// Each ruleset's counterfactuals with their causes, those that score every hand alike with
    /// the ruleset left out (a flag of play alone: the score cannot change).
    flips: Vec<Option<Vec<(&'a Plan, &'a str)>>>,
    c: &'a Comparison,
    /// 0: no details, 1: the JSON details, 2: the CSV cells.
    details: u8,
}

impl Setup<'_> {
    fn line(&self, line: &str) -> Result<Answer, PyErr> {
        let Some(value) = json::parse(line) else { return Ok(Answer::Python) };
        let Some(data) = model::majiang_in(&value) else { return Ok(Answer::Python) };
        let parsed = model::CACHE.with(|cache| model::parse_majiang(&mut cache.borrow_mut(), data));
        let Some(parsed) = parsed else { return Ok(Answer::Python) };
        if parsed.win.extras != 0 {
            return Ok(Answer::Python);
        }
        let texts = &parsed.meld_texts[..parsed.hand.nmelds];
        let reds = parsed.hand.reds;
        let mut states = States { made: vec![(None, State::new(parsed.hand, parsed.win, None, texts))] };
        self.answer(&mut states, reds)
    }

    fn answer(&self, states: &mut States, reds: [u8; 3]) -> Result<Answer, PyErr> {
        let n = self.plans.len();
        let mut got = Vec::with_capacity(n);
        let mut plain = 0u64;
        for (k, plan) in self.plans.iter().enumerate() {
            let keep = kept(plan, states.hand());
            if keep.is_some() {
                plain |= 1 << k;
            }
            let s = states.of(keep);
            if keep.is_some() && states.made[s].1.readings.is_empty() {
                return Ok(Answer::Python); // checked as given: the Python path names the red five
            }
            let mut job = Job::new(plan, &mut states.made[s].1);
            got.push(match job.run(true) {
                Ok(Outcome::Win(c)) => Got::Win(c, s),
                Ok(Outcome::NoShape) => Got::NoShape,
                Ok(Outcome::NoYaku) => Got::NoYaku,
                Err(Stop::Decline) => return Ok(Answer::Python),
                Err(Stop::Raise(e)) => return Err(e),
            });
        }
        let values: Vec<Option<Value>> = got
            .iter()
            .zip(&self.plans)
            .map(|(g, plan)| match g {
                Got::Win(c, _) => Some(value(plan, c)),
                _ => None,
            })
            .collect();
        if got.iter().any(|g| matches!(g, Got::Win(c, _) if c.yaku().iter().any(|s| s.yakuman && s.value == 0))) {
            return Ok(Answer::Python); // a yakuman of no multiple: written otherwise
        }
        // the yaku rows agree: the same yaku with the same values, or no win for the same reason
        let same_yaku = |i: usize| match (&got[i], &got[0]) {
            (Got::Win(a, _), Got::Win(b, _)) => {
                let (ta, tb) = (&self.plans[i].table, &self.plans[0].table);
                a.yaku().len() == b.yaku().len()
                    && a.yaku().iter().zip(b.yaku()).all(|(x, y)| {
                        (x.value, x.yakuman) == (y.value, y.yakuman) && ta.yaku[x.yaku].id == tb.yaku[y.yaku].id
                    })
            }
            (Got::NoShape, Got::NoShape) | (Got::NoYaku, Got::NoYaku) => true,
            _ => false,
        };
        let mut causes = vec![Vec::new()];
        for i in 1..n {
            if same_yaku(i) && values[i] == values[0] {
                causes.push(Vec::new());
                continue;
            }
            match self.causes(i, states, &got, &values[i])? {
                Ok(c) => causes.push(c),
                Err(other) => return Ok(other),
            }
        }
        let points = values.iter().map(|v| v.as_ref().map_or(0, |v| v.points)).collect();
        let mut line = Line { points, causes, plain, reds, detail: None, cells: Vec::new() };
        match self.details {
            1 => match self.detail(states, &got, &values, &line.causes) {
                Some(text) => line.detail = Some(text),
                None => return Ok(Answer::Python),
            },
            2 => {
                line.cells = got
                    .iter()
                    .map(|g| match g {
                        Got::Win(c, _) => (c.han, c.fu.as_ref().map(|f| f.total()),
                                           pay::limit_name(c.multiple, c.base, c.fu.is_none())),
                        _ => (None, None, None),
                    })
                    .collect()
            }
            _ => {}
        }
        Ok(Answer::Done(line))
    }

    /// `compare._yaku_text`: "id han" or "id Nx" for each yaku paid.
    fn yaku_text(plan: &Plan, c: &Cand) -> String {
        let mut out = String::new();
        for (k, s) in c.yaku().iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            out.push_str(&plan.table.yaku[s.yaku].id);
            out.push(' ');
            render::int(&mut out, s.value);
            if s.yakuman {
                out.push('x');
            }
        }
        out
    }

    /// `Comparer.causes` of ruleset `i`: the flags whose counterfactual scores the hand otherwise
    /// than ruleset `i` does, else the yaku only one side scores, else the plugins, else "other";
    /// Else what becomes of the line: Python where a counterfactual declines, or the
    /// counterfactuals to make first.
    fn causes(&self, i: usize, states: &mut States, got: &[Got], value_i: &Option<Value>)
              -> Result<Result<Vec<String>, Answer>, PyErr> {
        let Some(flips) = &self.flips[i] else { return Ok(Err(Answer::Need(i))) };
        let mut out = Vec::new();
        for &(flip, cause) in flips {
            let s = states.of(kept(flip, states.hand()));
            let mut job = Job::new(flip, &mut states.made[s].1);
            let differs = match job.run(false) {
                Ok(Outcome::Win(c)) => value_i.as_ref() != Some(&value(flip, &c)),
                Ok(Outcome::NoShape) | Ok(Outcome::NoYaku) => value_i.is_some(),
                Err(Stop::Decline) => return Ok(Err(Answer::Python)),
                Err(Stop::Raise(e)) => return Err(e),
            };
            if differs {
                out.push(cause.to_string());
            }
        }
        if out.is_empty() {
            let ids = |k: usize| -> Vec<&str> {
                match &got[k] {
                    Got::Win(c, _) => {
                        let table = &self.plans[k].table;
                        let mut v: Vec<&str> = c.yaku().iter().map(|s| table.yaku[s.yaku].id.as_str()).collect();
                        v.sort();
                        v.dedup();
                        v
                    }
                    _ => Vec::new(),
                }
            };
            let (a, b) = (ids(0), ids(i));
            out.extend(b.iter().filter(|y| !a.contains(y)).map(|y| format!("yaku:{y}")));
            out.extend(a.iter().filter(|y| !b.contains(y)).map(|y| format!("yaku:-{y}")));
        }
        if out.is_empty() {
            out.extend(self.c.plugin_causes[i].iter().cloned());
        }
        if out.is_empty() {
            out.push("other".to_string());
        }
        Ok(Ok(out))
    }

    /// The line's details (`HandComparison.to_dict`) as JSON, from `"rulesets"` to the end of
    /// `"results"` (the caller writes the line's number before and its notes after).
    fn detail(&self, states: &mut States, got: &[Got], values: &[Option<Value>], causes: &[Vec<String>])
              -> Option<String> {
        let mut out = String::with_capacity(2048);
        out.push_str("\"rulesets\": [");
        out.push_str(&self.c.names_json.join(", "));
        out.push_str("], \"rows\": [");
        let n = got.len();
        // each row's cells as JSON: equal texts are equal values (ints, null, strings, lists of ints)
        let mut rows: Vec<(&str, Vec<String>)> = Vec::with_capacity(6);
        let yaku: Vec<String> = (0..n)
            .map(|k| match &got[k] {
                Got::Win(c, _) => {
                    let mut t = String::new();
                    json_str(&mut t, &Self::yaku_text(self.plans[k], c));
                    t
                }
                Got::NoShape => self.c.no_shape.0.clone(),
                Got::NoYaku => self.c.no_yaku.0.clone(),
            })
            .collect();
        rows.push(("yaku", yaku));
        let cell = |f: &dyn Fn(&Value) -> Option<i64>| -> Vec<String> {
            values
                .iter()
                .map(|v| {
                    let mut t = String::new();
                    number(&mut t, v.as_ref().and_then(f));
                    t
                })
                .collect()
        };
        rows.push(("han", cell(&|v| v.han)));
        rows.push(("fu", cell(&|v| v.fu)));
        let limits: Vec<String> = got
            .iter()
            .map(|g| match g {
                Got::Win(c, _) => match pay::limit_name(c.multiple, c.base, c.fu.is_none()) {
                    Some(name) => {
                        let mut t = String::new();
                        json_str(&mut t, &name);
                        t
                    }
                    None => "null".to_string(),
                },
                _ => "null".to_string(),
            })
            .collect();
        rows.push(("limit", limits));
        rows.push(("points", values.iter().map(|v| {
            let mut t = String::new();
            render::int(&mut t, v.as_ref().map_or(0, |v| v.points)); // no win: 0 points
            t
        }).collect()));
        let payments: Vec<String> = values
            .iter()
            .map(|v| match v {
                Some(v) => {
                    let mut t = String::from("[");
                    for (k, p) in v.pay[..self.plans[0].players()].iter().enumerate() {
                        if k > 0 {
                            t.push_str(", ");
                        }
                        render::int(&mut t, *p);
                    }
                    t.push(']');
                    t
                }
                None => "null".to_string(),
            })
            .collect();
        rows.push(("payments", payments));
        for (r, (name, cells)) in rows.iter().enumerate() {
            if r > 0 {
                out.push_str(", ");
            }
            out.push_str("{\"row\": \"");
            out.push_str(name);
            out.push_str("\", \"values\": [");
            out.push_str(&cells.join(", "));
            out.push_str("], \"differs\": ");
            out.push_str(if cells.iter().all(|c| *c == cells[0]) { "false" } else { "true" });
            out.push('}');
        }
        out.push_str("], \"causes\": {");
        for (k, (name, these)) in self.c.names_json.iter().zip(causes).enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            out.push_str(name);
            out.push_str(": [");
            for (j, cause) in these.iter().enumerate() {
                if j > 0 {
                    out.push_str(", ");
                }
                json_str(&mut out, cause);
            }
            out.push(']');
        }
        out.push_str("}, \"results\": [");
        for (k, g) in got.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            match g {
                Got::Win(c, s) => {
                    let job = Job::new(self.plans[k], &mut states.made[*s].1);
                    out.push_str(&render::result(&job, c)?);
                }
                Got::NoShape => out.push_str(&self.c.no_shape.1),
                Got::NoYaku => out.push_str(&self.c.no_yaku.1),
            }
        }
        out.push(']');
        Some(out)
    }
}

#[pymethods]
impl Comparison {
    /// ``plans``: the rulesets' plans, the reference first; ``plugin_causes``: per ruleset, its
    /// plugin causes; ``names_json``: the rulesets' names as JSON; ``no_shape``, ``no_yaku``: the
    /// yaku row's text and the result of such a hand, as JSON. Every plan runs natively throughout.
    #[new]
    fn new(plans: Vec<Py<Plan>>, plugin_causes: Vec<Vec<String>>, names_json: Vec<String>,
           no_shape: (String, String), no_yaku: (String, String)) -> PyResult<Self> {
        let n = plans.len();
        if n == 0 || n > 64 || plugin_causes.len() != n || names_json.len() != n {
            return Err(pyo3::exceptions::PyValueError::new_err("a comparison of 1 to 64 rulesets, each with its parts"));
        }
        Ok(Comparison { plans, flips: vec![None; n], plugin_causes, names_json, no_shape, no_yaku })
    }

    /// The counterfactual plans of ruleset ``i``, each with its cause; each runs natively throughout.
    fn set_flips(&mut self, i: usize, plans: Vec<Py<Plan>>, causes: Vec<String>) -> PyResult<()> {
        if i >= self.plans.len() || plans.len() != causes.len() {
            return Err(pyo3::exceptions::PyValueError::new_err("a cause for each counterfactual of a ruleset"));
        }
        self.flips[i] = Some((plans, causes));
        Ok(())
    }

    /// For each line: None where the Python path is to answer it, ``i`` where ruleset ``i``'s
    /// counterfactuals are needed first (``set_flips``), else (each ruleset's points,
    /// each ruleset's causes, the bits of the rulesets that read a red five plain, the hand's red
    /// fives per suit, the details: with ``details`` 1 the JSON text from "rulesets" on as UTF-8,
    /// with 2 each ruleset's (han, fu, limit), else None), in ``threads`` threads.
    fn lines(&self, py: Python, lines: Vec<&str>, details: u8, threads: usize) -> PyResult<Vec<PyObject>> {
        if MODEL.get(py).is_none() || SCORING.get(py).is_none() {
            return Ok(vec![py.None(); lines.len()]);
        }
        let plans: Vec<PyRef<Plan>> = self.plans.iter().map(|p| p.borrow(py)).collect();
        let flips: Vec<Option<Vec<PyRef<Plan>>>> =
            self.flips.iter().map(|f| f.as_ref().map(|(f, _)| f.iter().map(|p| p.borrow(py)).collect())).collect();
        let plans: Vec<&Plan> = plans.iter().map(|p| &**p).collect();
        let flips = flips
            .iter()
            .zip(&self.flips)
            .zip(&plans)
            .map(|((made, given), plan)| {
                let (made, (_, causes)) = (made.as_ref()?, given.as_ref()?);
                Some(made.iter().map(|f| &**f).zip(causes.iter().map(|c| c.as_str()))
                    .filter(|(f, _)| !f.scores_alike(plan)).collect())
            })
            .collect();
        let setup = Setup { plans, flips, c: self, details };
        let threads = threads.clamp(1, 64).min(lines.len().max(1));
        let lines = &lines;
        let setup = &setup;
        let answered: Vec<Answer> = py.allow_threads(|| -> PyResult<Vec<Answer>> {
            if threads == 1 {
                return lines.iter().map(|l| setup.line(l)).collect();
            }
            let size = (lines.len() + threads - 1) / threads;
            std::thread::scope(|s| {
                let handles: Vec<_> = lines
                    .chunks(size)
                    .map(|chunk| s.spawn(move || chunk.iter().map(|l| setup.line(l)).collect::<PyResult<Vec<_>>>()))
                    .collect();
                let mut out = Vec::with_capacity(lines.len());
                for h in handles {
                    out.extend(h.join().map_err(|_| pyo3::exceptions::PyRuntimeError::new_err("a kernel thread failed"))??);
                }
                Ok(out)
            })
        })?;
        // a cause is one of a few texts: each made a Python string once
        let mut texts: std::collections::HashMap<String, PyObject> = std::collections::HashMap::new();
        Ok(answered
            .into_iter()
            .map(|line| match line {
                Answer::Python => py.None(),
                Answer::Need(i) => i.into_py(py),
                Answer::Done(l) => {
                    let causes: Vec<PyObject> = l
                        .causes
                        .into_iter()
                        .map(|c| {
                            let items: Vec<PyObject> = c
                                .into_iter()
                                .map(|t| texts.entry(t).or_insert_with_key(|t| t.into_py(py)).clone_ref(py))
                                .collect();
                            PyTuple::new(py, items).into()
                        })
                        .collect();
                    let detail: PyObject = match (l.detail, details) {
                        (Some(text), _) => PyBytes::new(py, text.as_bytes()).into(),
                        (None, 2) => l.cells.into_py(py),
                        _ => py.None(),
                    };
                    (PyTuple::new(py, l.points), PyTuple::new(py, causes), l.plain, (l.reds[0], l.reds[1], l.reds[2]),
                     detail)
                        .into_py(py)
                }
            })
            .collect())
    }
}
