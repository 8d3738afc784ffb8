//! Settling a round and ending a game: the twin of `mjrules.game.settlement` (`settle_round`,
//! `game_end`, `final_scores`) and of `mjrules.rules.placing.placing`.

use pyo3::prelude::*;

use super::draws::DrawKind;
use super::round::Round;
use super::rules::{DealerStop, Extra, Nagashi, Repeat, Rules};
use super::score::Scored;
use crate::model::Win;
use crate::pay;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    Win,
    Exhaustive,
    Nagashi,
    Abortive,
    NoWin,
}

impl Outcome {
    /// `Outcome.value`.
    pub fn word(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Exhaustive => "exhaustive",
            Outcome::Nagashi => "nagashi",
            Outcome::Abortive => "abortive",
            Outcome::NoWin => "no win",
        }
    }
}

/// One win as the ruleset pays it (`PaidWin`): which of the round's wins, the situation it was
/// paid with, its result (None: head-bumped or an aborted triple ron) and each seat's change.
pub struct Paid {
    pub index: usize,
    pub win: Win,
    pub result: Option<Scored>,
    pub payments: Vec<i64>,
}

/// `RoundSettlement`.
pub struct Settled {
    pub wins: Vec<Paid>,
    pub payments: Vec<i64>,
    pub honba: i64,
    pub sticks: i64,
    pub dealer_repeats: bool,
    pub outcome: Outcome,
}

/// Payments relative to the dealer, by absolute seat.
fn absolute(payments: &[i64], dealer: usize) -> Vec<i64> {
    let n = payments.len();
    let mut out = vec![0; n];
    for (rel, p) in payments.iter().enumerate() {
        out[(dealer + rel) % n] += p;
    }
    out
}

fn add(a: &mut [i64], b: &[i64]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
}

pub fn draw_repeats(rules: &Rules, dealer: usize, tenpai: &[u8]) -> bool {
    rules.one_hand
        || rules.dealer_repeat == Repeat::AnyDraw
        || (rules.dealer_repeat == Repeat::Tenpai && tenpai.contains(&(dealer as u8)))
}

pub fn win_repeats(rules: &Rules, dealer_won: bool) -> bool {
    dealer_won && rules.dealer_repeat != Repeat::None && !rules.one_hand
}

/// `settle_round` of the round as it ended.
pub fn settle_round(r: &Round) -> PyResult<Settled> {
    let rules = r.game.rules;
    let n = r.state.players;
    let honba = r.deal.honba;
    let mut pay = vec![0i64; n];
    for &seat in &r.state.declared {
        pay[seat as usize] -= 1000;
    }
    let table = r.deal.sticks + r.state.declared.len() as i64;
    let dealer = r.deal.dealer;
    if !r.wins.is_empty() {
        return settle_wins(r, honba, table, pay);
    }
    let draw = r.draw_end.as_ref().expect("a round ends in a win or a draw");
    if draw.kind == DrawKind::Abortive {
        return Ok(Settled { wins: Vec::new(), payments: pay, honba: honba + 1, sticks: table, dealer_repeats: true,
                            outcome: Outcome::Abortive });
    }
    if draw.kind == DrawKind::Nagashi && rules.nagashi != Nagashi::None {
        let mut order = draw.nagashi.clone();
        order.sort_by_key(|&s| (s as usize + n - dealer) % n);
        let mut won = false;
        for s in order {
            let seat_wind = (s as usize + n - dealer) % n;
            let (h, st) = if won || rules.nagashi == Nagashi::Draw { (0, 0) } else { (honba, table) };
            let paid = pay::settle(pay::MANGAN, seat_wind, None, h as i128, st as i128, rules.honba_value as i128, &[],
                                   n, rules.absent)
                .ok_or_else(|| pyo3::exceptions::PyOverflowError::new_err("a nagashi payment"))?;
            add(&mut pay, &absolute(&paid.pay[..n], dealer));
            won = rules.nagashi == Nagashi::Win;
        }
        if won {
            let repeats = win_repeats(rules, draw.nagashi.contains(&(dealer as u8)));
            return Ok(Settled { wins: Vec::new(), payments: pay, honba: if repeats { honba + 1 } else { 0 }, sticks: 0,
                                dealer_repeats: repeats, outcome: Outcome::Win });
        }
        return Ok(Settled { wins: Vec::new(), payments: pay, honba: honba + 1, sticks: table,
                            dealer_repeats: draw_repeats(rules, dealer, &draw.tenpai), outcome: Outcome::Nagashi });
    }
    let k = draw.tenpai.len() as i64;
    let np = rules.noten_payment;
    if np != 0 && 0 < k && k < n as i64 {
        for (seat, p) in pay.iter_mut().enumerate() {
            *p += if draw.tenpai.contains(&(seat as u8)) { np.div_euclid(k) } else { -np.div_euclid(n as i64 - k) };
        }
    }
    Ok(Settled { wins: Vec::new(), payments: pay, honba: honba + 1, sticks: table,
                 dealer_repeats: draw_repeats(rules, dealer, &draw.tenpai), outcome: Outcome::Exhaustive })
}

/// The round's wins, several on one discard in turn order from the discarder.
pub fn wins_in_turn_order(r: &Round) -> Vec<usize> {
    let n = r.state.players;
    let mut order: Vec<usize> = (0..r.wins.len()).collect();
    if order.len() >= 2 {
        let d = r.wins[0].discarder.unwrap_or(0);
        order.sort_by_key(|&i| (r.wins[i].winner + n - d) % n);
    }
    order
}

fn settle_wins(r: &Round, honba: i64, table: i64, mut pay: Vec<i64>) -> PyResult<Settled> {
    let rules = r.game.rules;
    let n = r.state.players;
    let dealer = r.deal.dealer;
    let order = wins_in_turn_order(r);
    if order.len() == 3 && rules.triple_ron_draw {
        let wins = order
            .iter()
            .map(|&i| Paid { index: i, win: r.wins[i].win.clone(), result: None, payments: vec![0; n] })
            .collect();
        return Ok(Settled { wins, payments: pay, honba: honba + 1, sticks: table, dealer_repeats: true,
                            outcome: Outcome::Abortive });
    }
    let mut out = Vec::with_capacity(order.len());
    let mut first = true;
    let mut winners = Vec::new();
    for (place, &i) in order.iter().enumerate() {
        let rec = &r.wins[i];
        if place >= rules.max_ron_winners {
            out.push(Paid { index: i, win: rec.win.clone(), result: None, payments: vec![0; n] });
            continue;
        }
        let mut win = rec.win.clone();
        win.honba = if first || rules.multi_ron_honba_each { honba } else { 0 };
        win.sticks = if first { table } else { 0 };
        let mut case = rec.case();
        case.win = win.clone();
        let result = r.game.scorer.score(&case)?;
        let payments = match &result {
            Scored::Win(v) => {
                let p = absolute(&v.payments, dealer);
                add(&mut pay, &p);
                first = false;
                winners.push(rec.winner);
                p
            }
            Scored::NoWin(_) => vec![0; n],
        };
        out.push(Paid { index: i, win, result: Some(result), payments });
    }
    if winners.is_empty() {
        return Ok(Settled { wins: out, payments: pay, honba: honba + 1, sticks: table, dealer_repeats: true,
                            outcome: Outcome::NoWin });
    }
    let repeats = win_repeats(rules, winners.contains(&dealer));
    Ok(Settled { wins: out, payments: pay, honba: if repeats { honba + 1 } else { 0 }, sticks: 0,
                 dealer_repeats: repeats, outcome: Outcome::Win })
}

/// The placing (1 for the top) of `seat` with these scores (`placing`).
pub fn placing(scores: &[i64], seat: usize, first_dealer: usize, seat_order: bool) -> usize {
    let n = scores.len();
    let mine = scores[seat];
    let prio = (seat + n - first_dealer) % n;
    let mut above = 0;
    for (other, &s) in scores.iter().enumerate() {
        if other == seat {
            continue;
        }
        if s > mine || (s == mine && seat_order && (other + n - first_dealer) % n < prio) {
            above += 1;
        }
    }
    above + 1
}

/// Why a game ends (`GameEnd`'s words).
pub const BUST: &str = "bust";
pub const LAST_HAND: &str = "last hand";
pub const DEALER_STOP: &str = "dealer stop";
pub const SUDDEN_DEATH: &str = "sudden death";
pub const EXTRA_WIND_OVER: &str = "extra wind over";

/// `game_end`: whether the game ends after the round `wind`/`number` dealt by `dealer`.
pub fn game_end(rules: &Rules, scores: &[i64], settled: &Settled, wind: u8, number: u8, dealer: usize)
                -> Option<&'static str> {
    let n = scores.len();
    let max = *scores.iter().max().unwrap();
    if scores.iter().any(|&s| rules.busts(s)) {
        return Some(BUST);
    }
    let target = rules.extra_wind_target;
    let reached = target == 0 || max >= target;
    let (last_wind, last_number) = if rules.one_hand { (0, 0) } else { (rules.winds - 1, n as u8 - 1) };
    let extra = if target != 0 && !rules.one_hand && rules.winds < 4 { rules.extra_wind } else { Extra::None };
    let dealer_stop = || {
        let stops = (settled.outcome == Outcome::Win && rules.last_dealer_stop != DealerStop::None)
            || (matches!(settled.outcome, Outcome::Exhaustive | Outcome::Nagashi)
                && rules.last_dealer_stop == DealerStop::WinOrTenpai);
        (stops && reached && placing(scores, dealer, 0, rules.tie_seat_order) == 1).then_some(DEALER_STOP)
    };
    if wind > last_wind {
        if extra == Extra::WholeWind {
            if (number as usize) < n - 1 {
                return None;
            }
            return if settled.dealer_repeats { dealer_stop() } else { Some(EXTRA_WIND_OVER) };
        }
        if extra == Extra::DealerFirst && settled.dealer_repeats {
            return dealer_stop();
        }
        if target != 0 && max >= target {
            return Some(SUDDEN_DEATH);
        }
        return (number as usize == n - 1 && !settled.dealer_repeats).then_some(EXTRA_WIND_OVER);
    }
    if wind < last_wind || number < last_number {
        return None;
    }
    if !settled.dealer_repeats {
        return (reached || extra == Extra::None).then_some(LAST_HAND);
    }
    dealer_stop()
}

/// `final_scores`: leftover sticks to the top where the ruleset says.
pub fn final_scores(rules: &Rules, scores: &[i64], sticks: i64) -> Vec<i64> {
    let mut out = scores.to_vec();
    if sticks != 0 && rules.leftover_top {
        let top = (0..out.len()).find(|&s| placing(&out, s, 0, rules.tie_seat_order) == 1).unwrap();
        out[top] += sticks * 1000;
    }
    out
}
