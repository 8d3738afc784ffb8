//! A recorded round checked at the table (`replay --legal`): the round dealt from the record's
//! wall and played by seats that answer what the record says they did, the twin of
//! `mjrules.records.check`'s answering (`_Answers.act`). The record's actions come as plain data
//! (`Recorded`), read from the record once on the Python side; every question is asked, even of a
//! seat with one legal answer (`Round::ask_always`), so that every recorded action is ruled on.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use super::game::Game;
use super::record::Log;
use super::round::{Deal, Round};
use super::seat::{Act, Kind, Player, View, NOTEN, PASS, RON, TENPAI};
use super::settle::Settled;
use super::wall::Wall;

/// The record's actions of one round, seat by seat: each seat's own actions in order, its calls
/// (each with the number of discards made before the tile it takes), the discards the round has,
/// the seats that ron (one bit each), and the seats in tenpai at an exhaustive draw.
pub struct Recorded {
    pub own: Vec<VecDeque<Act>>,
    pub calls: Vec<VecDeque<(usize, Act)>>,
    pub discards: usize,
    pub rons: u8,
    pub tenpai: u8,
}

/// Why a recorded round stops before its end: a recorded action refused (who, what, why), or the
/// table asking a seat for an action the record does not have (which seat).
pub enum Stop {
    Refused(usize, Act, String),
    Diverged(usize),
}

struct Answers {
    rec: Recorded,
    taken: usize,
    stop: Option<Stop>,
}

impl Answers {
    /// `_Answers.act`: the record's answer to the question `view` asks.
    fn act(&mut self, view: &View) -> Option<Act> {
        let seat = view.seat;
        let rec = &mut self.rec;
        if view.legal.iter().all(|a| matches!(a.kind, Kind::Tenpai | Kind::Noten)) {
            self.taken += 1;
            return Some(if rec.tenpai >> seat & 1 == 1 { TENPAI } else { NOTEN });
        }
        let Some(offered) = view.offered else {
            let own = rec.own[seat].pop_front()?;
            self.taken += 1;
            return Some(own);
        };
        let done = view.round.state.discards.len();
        if let Some(&(at, call)) = rec.calls[seat].front() {
            if at == done && call.tile == offered {
                rec.calls[seat].pop_front();
                self.taken += 1;
                return Some(call);
            }
        }
        // the record's ron comes on the tile offered once every other recorded action is taken
        if rec.rons >> seat & 1 == 1
            && done == rec.discards
            && rec.own.iter().all(|q| q.is_empty())
            && rec.calls.iter().all(|q| q.is_empty())
        {
            self.taken += 1;
            return Some(RON);
        }
        Some(PASS)
    }
}

/// One seat answering from the record (the seats of a round share the record's answers: a ron
/// waits for every seat's recorded actions).
struct Seat(Arc<Mutex<Answers>>);

fn stopped() -> PyErr {
    PyRuntimeError::new_err("the recorded round stops here")
}

impl Player for Seat {
    fn act(&mut self, view: &View) -> PyResult<Act> {
        let mut answers = self.0.lock().unwrap();
        match answers.act(view) {
            Some(a) => Ok(a),
            None => {
                answers.stop = Some(Stop::Diverged(view.seat));
                Err(stopped())
            }
        }
    }

    fn refused(&mut self, seat: usize, act: Act, reason: &str) -> PyErr {
        self.0.lock().unwrap().stop = Some(Stop::Refused(seat, act, reason.to_string()));
        stopped()
    }
}

/// A recorded round as the table played it: the recorded actions taken, and its settlement or why
/// it stopped.
pub struct Checked {
    pub taken: usize,
    pub end: Result<Settled, Stop>,
}

/// Play the round dealt as `deal` from `wall`, every seat answering from `rec`.
pub fn check_round(game: &Game, deal: Deal, wall: Wall, rec: Recorded) -> PyResult<Checked> {
    let shared = Arc::new(Mutex::new(Answers { rec, taken: 0, stop: None }));
    let mut seats: Vec<Box<dyn Player>> =
        (0..game.rules.players).map(|_| Box::new(Seat(shared.clone())) as Box<dyn Player>).collect();
    let mut round = Round::new(game, deal, wall);
    round.ask_always = true;
    let played = round.run(&mut seats, &mut Log::new(false, None));
    drop(seats);
    let answers = Arc::try_unwrap(shared).ok().expect("the seats are gone").into_inner().unwrap();
    let end = match (answers.stop, played) {
        (Some(stop), _) => Err(stop),
        (None, Ok(settled)) => Ok(settled),
        (None, Err(e)) => return Err(e),
    };
    Ok(Checked { taken: answers.taken, end })
}
