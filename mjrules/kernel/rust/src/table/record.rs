//! The game's events written as mjai lines, as `mjrules.records.mjai_write` writes them
//! (`json.dumps(event, ensure_ascii=False, separators=(",", ":"))`, the keys in its order), and
//! each line handed to Python as it is written where a player follows the game (a `Watcher`).

use std::fmt::Write;

use pyo3::prelude::*;

use super::draws::{DrawKind, THREE_RONS};
use super::round::{Deal, Round};
use super::score::Scored;
use super::settle::{Outcome, Settled};
use super::tiles::{mjai, rank};
use crate::compare::json_str;

pub struct Log {
    /// Whether lines are written at all (a simulation without records writes none).
    pub on: bool,
    pub out: String,
    /// Called with each line as it is written (without its newline).
    pub sink: Option<PyObject>,
    start: usize,
}

impl Log {
    pub fn new(on: bool, sink: Option<PyObject>) -> Log {
        Log { on: on || sink.is_some(), out: String::new(), sink, start: 0 }
    }

    fn begin(&mut self, kind: &str) -> bool {
        if !self.on {
            return false;
        }
        self.start = self.out.len();
        self.out.push_str("{\"type\":\"");
        self.out.push_str(kind);
        self.out.push('"');
        true
    }

    fn end(&mut self) -> PyResult<()> {
        self.out.push_str("}\n");
        if let Some(sink) = &self.sink {
            let line = &self.out[self.start..self.out.len() - 1];
            Python::with_gil(|py| sink.call1(py, (line,)))?;
        }
        Ok(())
    }

    fn int(&mut self, key: &str, v: i64) {
        let _ = write!(self.out, ",\"{key}\":{v}");
    }

    fn opt(&mut self, key: &str, v: Option<i64>) {
        match v {
            Some(v) => self.int(key, v),
            None => {
                let _ = write!(self.out, ",\"{key}\":null");
            }
        }
    }

    fn tile(&mut self, key: &str, t: u8) {
        let _ = write!(self.out, ",\"{key}\":\"{}\"", mjai(t));
    }

    fn list<T>(&mut self, items: &[T], mut one: impl FnMut(&mut String, &T)) {
        self.out.push('[');
        for (i, x) in items.iter().enumerate() {
            if i > 0 {
                self.out.push(',');
            }
            one(&mut self.out, x);
        }
        self.out.push(']');
    }

    fn tiles(&mut self, key: &str, tiles: &[u8]) {
        let _ = write!(self.out, ",\"{key}\":");
        self.list(tiles, |o, &t| {
            o.push('"');
            o.push_str(mjai(t));
            o.push('"');
        });
    }

    fn ints(&mut self, key: &str, v: &[i64]) {
        let _ = write!(self.out, ",\"{key}\":");
        self.list(v, |o, &x| {
            let _ = write!(o, "{x}");
        });
    }

    fn actor(&mut self, kind: &str, seat: usize) -> bool {
        if !self.begin(kind) {
            return false;
        }
        self.int("actor", seat as i64);
        true
    }

    pub fn start_kyoku(&mut self, d: &Deal) -> PyResult<()> {
        if !self.begin("start_kyoku") {
            return Ok(());
        }
        let _ = write!(self.out, ",\"bakaze\":\"{}\"", ["E", "S", "W", "N"][d.wind as usize % 4]);
        self.int("kyoku", d.number as i64 + 1);
        self.int("honba", d.honba);
        self.int("kyotaku", d.sticks);
        self.int("oya", d.dealer as i64);
        self.tile("dora_marker", d.dora);
        self.ints("scores", &d.scores);
        self.out.push_str(",\"tehais\":");
        self.list(&d.hands, |o, h| {
            o.push('[');
            for (i, &t) in h.iter().enumerate() {
                if i > 0 {
                    o.push(',');
                }
                o.push('"');
                o.push_str(mjai(t));
                o.push('"');
            }
            o.push(']');
        });
        self.end()
    }

    pub fn tsumo(&mut self, seat: usize, t: u8) -> PyResult<()> {
        if !self.actor("tsumo", seat) {
            return Ok(());
        }
        self.tile("pai", t);
        self.end()
    }

    pub fn reach(&mut self, seat: usize) -> PyResult<()> {
        if !self.actor("reach", seat) {
            return Ok(());
        }
        self.end()
    }

    pub fn dahai(&mut self, seat: usize, t: u8, tsumogiri: bool) -> PyResult<()> {
        if !self.actor("dahai", seat) {
            return Ok(());
        }
        self.tile("pai", t);
        let _ = write!(self.out, ",\"tsumogiri\":{tsumogiri}");
        self.end()
    }

    pub fn reach_accepted(&mut self, seat: usize) -> PyResult<()> {
        if !self.actor("reach_accepted", seat) {
            return Ok(());
        }
        self.end()
    }

    pub fn call(&mut self, meld_kind: u8, seat: usize, source: usize, t: u8, consumed: &[u8]) -> PyResult<()> {
        if !self.actor(["chi", "pon", "daiminkan"][meld_kind as usize], seat) {
            return Ok(());
        }
        self.int("target", source as i64);
        self.tile("pai", t);
        self.tiles("consumed", consumed);
        self.end()
    }

    pub fn ankan(&mut self, seat: usize, consumed: &[u8]) -> PyResult<()> {
        if !self.actor("ankan", seat) {
            return Ok(());
        }
        self.tiles("consumed", consumed);
        self.end()
    }

    pub fn kakan(&mut self, seat: usize, t: u8, pon: &[u8]) -> PyResult<()> {
        if !self.actor("kakan", seat) {
            return Ok(());
        }
        self.tile("pai", t);
        self.tiles("consumed", pon);
        self.end()
    }

    pub fn nukidora(&mut self, seat: usize, t: u8) -> PyResult<()> {
        if !self.actor("nukidora", seat) {
            return Ok(());
        }
        self.tile("pai", t);
        self.end()
    }

    pub fn dora(&mut self, t: u8) -> PyResult<()> {
        if !self.begin("dora") {
            return Ok(());
        }
        self.tile("dora_marker", t);
        self.end()
    }

    /// How the round ended (`RoundPlay.settle`'s events): each win paid, or the draw.
    pub fn round_end(&mut self, r: &Round, s: &Settled) -> PyResult<()> {
        if !self.on {
            return Ok(());
        }
        let n = r.state.players;
        if !r.wins.is_empty() && s.outcome == Outcome::Abortive {
            let winners: Vec<i64> = r.wins.iter().map(|w| w.winner as i64).collect();
            return self.ryukyoku(THREE_RONS, &winners, None, &vec![0; n]);
        }
        if !r.wins.is_empty() {
            let ura = r.dora_now().1;
            for paid in &s.wins {
                let Some(Scored::Win(v)) = &paid.result else { continue };
                let rec = &r.wins[paid.index];
                self.actor("hora", rec.winner);
                self.int("target", rec.discarder.unwrap_or(rec.winner) as i64);
                self.tile("pai", rec.win_tile);
                self.tiles("uradora_markers", &ura);
                let mut tehais = rec.concealed.clone();
                tehais.sort_by_key(|&t| rank(t));
                tehais.push(rec.win_tile);
                self.tiles("hora_tehais", &tehais);
                self.int("hora_points", v.points);
                self.opt("fan", v.han);
                self.opt("fu", v.fu);
                self.int("yakuman", v.yakuman);
                self.out.push_str(",\"yakus\":");
                self.list(&v.yaku, |o, (id, han)| {
                    o.push('[');
                    json_str(o, id);
                    let _ = write!(o, ",{han}]");
                });
                self.ints("deltas", &paid.payments);
                self.end()?;
            }
            return Ok(());
        }
        let draw = r.draw_end.as_ref().unwrap();
        let deltas: Vec<i64> = (0..n)
            .map(|seat| s.payments[seat] + if r.state.declared.contains(&(seat as u8)) { 1000 } else { 0 })
            .collect();
        let shown: Vec<i64> = draw.shown.iter().map(|&x| x as i64).collect();
        let tenpai = (draw.kind != DrawKind::Abortive).then_some(&draw.tenpai[..]);
        self.ryukyoku(draw.reason, &shown, tenpai, &deltas)
    }

    fn ryukyoku(&mut self, reason: &str, actors: &[i64], tenpai: Option<&[u8]>, deltas: &[i64]) -> PyResult<()> {
        self.begin("ryukyoku");
        let _ = write!(self.out, ",\"reason\":\"{reason}\"");
        if let Some(tenpai) = tenpai {
            self.out.push_str(",\"tenpais\":");
            let flags: Vec<bool> = (0..deltas.len()).map(|s| tenpai.contains(&(s as u8))).collect();
            self.list(&flags, |o, &f| {
                let _ = write!(o, "{f}");
            });
        } else if reason == THREE_RONS {
            self.ints("actors", actors);
        } else if !actors.is_empty() {
            self.int("actor", actors[0]);
        }
        self.ints("deltas", deltas);
        self.end()
    }

    pub fn end_kyoku(&mut self) -> PyResult<()> {
        if !self.begin("end_kyoku") {
            return Ok(());
        }
        self.end()
    }

    pub fn end_game(&mut self, scores: &[i64]) -> PyResult<()> {
        if !self.begin("end_game") {
            return Ok(());
        }
        self.ints("scores", scores);
        self.end()
    }
}
