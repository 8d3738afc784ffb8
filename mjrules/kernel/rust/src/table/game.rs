//! A whole game: the twin of `mjrules.game.play.GamePlay.run` (rounds dealt until the game ends,
//! the final scores), keeping of each round what the Python side builds its objects from.

use pyo3::prelude::*;

use super::draws::DrawEnd;
use super::record::Log;
use super::round::{Deal, Round, WinRec};
use super::rules::Rules;
use super::score::Scorer;
use super::seat::Player;
use super::settle::{self, Settled};
use super::state::Meld;
use super::wall::Wall;

/// What every round of a game reads: the rules, the scorer, the yaku the ruleset counts on an
/// open hand, and its bonus items (dora, red fives: what a player valuing yaku leaves out).
pub struct Game<'g> {
    pub rules: &'g Rules,
    pub scorer: &'g Scorer<'g>,
    pub open_yaku: &'g [String],
    pub bonus_yaku: &'g [String],
}

pub const MAX_ROUNDS: usize = 1000;

/// One round as played: its deal, calls, riichi declared, wins, draw and settlement.
pub struct Played {
    pub deal: Deal,
    pub calls: Vec<(u8, Meld)>,
    pub declared: Vec<u8>,
    pub wins: Vec<WinRec>,
    pub draw: Option<DrawEnd>,
    pub indicators: Vec<u8>,
    pub settled: Settled,
}

pub struct GameOut {
    pub rounds: Vec<Played>,
    pub final_scores: Vec<i64>,
    pub end: &'static str,
}

/// Why a game stops before its end: an error of a player or of Python (raised as it is), or a game
/// that lasts `MAX_ROUNDS` rounds.
pub enum Stopped {
    Error(PyErr),
    TooLong,
}

impl From<PyErr> for Stopped {
    fn from(e: PyErr) -> Self {
        Stopped::Error(e)
    }
}

/// Play a game: round `k` dealt from `walls(k)`, the first dealer in seat 0.
pub fn play(game: &Game, seats: &mut [Box<dyn Player>], walls: &mut dyn FnMut(usize) -> PyResult<Wall>,
            log: &mut Log) -> Result<GameOut, Stopped> {
    let rules = game.rules;
    let n = rules.players;
    let mut scores = vec![rules.start; n];
    let (mut wind, mut number, mut honba, mut sticks, mut dealer) = (0u8, 0u8, 0i64, 0i64, 0usize);
    let mut rounds: Vec<Played> = Vec::new();
    loop {
        if rounds.len() == MAX_ROUNDS {
            return Err(Stopped::TooLong);
        }
        let wall = walls(rounds.len())?;
        let hands = (0..n).map(|seat| wall.hand((seat + n - dealer) % n).to_vec()).collect();
        let deal = Deal { wind, number, honba, sticks, dealer, scores: scores.clone(), dora: wall.indicator(0), hands };
        let mut round = Round::new(game, deal, wall);
        let settled = round.run(seats, log)?;
        for (s, p) in scores.iter_mut().zip(&settled.payments) {
            *s += p;
        }
        honba = settled.honba;
        sticks = settled.sticks;
        log.end_kyoku()?;
        let end = settle::game_end(rules, &scores, &settled, wind, number, dealer);
        let repeats = settled.dealer_repeats;
        let Round { deal, state, wins, draw_end, .. } = round;
        rounds.push(Played { deal, calls: state.calls, declared: state.declared, wins, draw: draw_end,
                             indicators: state.dora, settled });
        if let Some(end) = end {
            let final_scores = settle::final_scores(rules, &scores, sticks);
            log.end_game(&final_scores)?;
            return Ok(GameOut { rounds, final_scores, end });
        }
        if !repeats {
            dealer = (dealer + 1) % n;
            number += 1;
            if number as usize == n {
                wind += 1;
                number = 0;
            }
        }
    }
}
