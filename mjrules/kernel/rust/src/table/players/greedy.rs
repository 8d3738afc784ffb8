//! The twin of `mjrules.table.players.Greedy`: takes any win, sets Norths aside, aborts on nine
//! terminals below eleven kinds, riichi when it may, pon on its yakuhai, and otherwise the discard
//! of lowest shanten, then most unseen improving tiles, then honours and terminals first.

use pyo3::prelude::*;

use super::count::Counter;
use crate::table::seat::{Act, Kind, Player, View, NINE_TERMINALS, PASS, TENPAI};
use crate::table::tiles::{kind, yaochu, EAST};

pub struct Greedy;

const DRAGONS: [u8; 3] = [31, 32, 33];

fn yakuhai(view: &View, k: u8) -> bool {
    DRAGONS.contains(&k) || k == EAST + view.round_wind() || k == EAST + view.seat_wind()
}

impl Player for Greedy {
    fn act(&mut self, view: &View) -> PyResult<Act> {
        if view.legal.contains(&TENPAI) {
            return Ok(TENPAI);
        }
        for win in [Kind::Tsumo, Kind::Ron, Kind::Kita] {
            if let Some(a) = view.first(win) {
                return Ok(a);
            }
        }
        if view.has(Kind::NineTerminals) {
            let c = &view.round.state.counts[view.seat];
            if (0..34u8).filter(|&k| c[k as usize] > 0 && yaochu(k)).count() < 11 {
                return Ok(NINE_TERMINALS);
            }
        }
        if let Some(t) = view.offered {
            if view.has(Kind::Pon) && yakuhai(view, kind(t)) {
                return Ok(view.first(Kind::Pon).unwrap());
            }
            return Ok(PASS);
        }
        let riichi: Vec<Act> = view.legal.iter().copied().filter(|a| a.kind == Kind::Riichi).collect();
        let options = if riichi.is_empty() {
            view.legal.iter().copied().filter(|a| a.kind == Kind::Discard).collect()
        } else {
            riichi
        };
        Ok(best(view, &options))
    }
}

/// `Greedy._best`: the option of lowest shanten, then most unseen tiles that lower it, then the
/// honour or terminal first, then the first listed.
fn best(view: &View, options: &[Act]) -> Act {
    let seat = view.seat;
    let counts = view.round.state.counts[seat];
    let melds = view.melds(seat);
    let mut caps = [4u8; 34];
    for m in melds {
        for &t in m.tiles() {
            caps[kind(t) as usize] -= 1;
        }
    }
    let caps = (!melds.is_empty()).then_some(caps);
    let mut seen = [0u8; 34];
    if view.players() == 3 {
        seen[1..8].fill(4);
    }
    let st = &view.round.state;
    let rivers = st.river.iter().flatten();
    let meld_tiles = st.melds.iter().flatten().flat_map(|m| m.tiles().iter());
    for &t in view.concealed().iter().chain(view.dora()).chain(rivers).chain(meld_tiles) {
        seen[kind(t) as usize] += 1;
    }
    let mut held = counts;
    if let Some(caps) = &caps {
        for k in 0..34 {
            held[k] += 4 - caps[k];
        }
    }
    // the shanten each option leaves, then the unseen improving tiles of the lowest only
    let m = crate::distance::sets_needed(&counts).expect("a hand of 3k + 2 tiles");
    let mut counter = Counter::new(caps.as_ref(), m);
    let parts = counter.parts(&counts);
    let after: Vec<i32> = options.iter().map(|a| counter.after(&parts, &counts, kind(a.tile) as usize, false)).collect();
    let low = *after.iter().min().unwrap();
    let lows = options.iter().zip(&after).filter(|(_, &s)| s == low).map(|(a, _)| kind(a.tile));
    let first = options.iter().zip(&after).find(|(_, &s)| s == low).map(|(a, _)| *a).unwrap();
    if lows.clone().all(|k| k == kind(first.tile)) {
        return first; // one kind leaves the lowest shanten: ukeire and edge break no tie
    }
    // ukeire counts only kinds not all in sight
    let unseen = (0..34).filter(|&i| seen[i] < 4).fold(0u64, |m, i| m | 1 << i);
    let mut chosen: Option<((i32, u8), Act)> = None;
    let mut known: Vec<(u8, i32)> = Vec::new();
    for (a, &s) in options.iter().zip(&after) {
        if s != low {
            continue;
        }
        let k = kind(a.tile);
        let ukeire = match known.iter().find(|(x, _)| *x == k) {
            Some(&(_, u)) => u,
            None => {
                let mut c = counts;
                let mut h = held;
                c[k as usize] -= 1;
                h[k as usize] -= 1;
                let better = counter.improving(&c, &h, s, unseen);
                let u = (0..34).filter(|&i| better >> i & 1 == 1 && seen[i] < 4).map(|i| 4 - seen[i] as i32).sum();
                known.push((k, u));
                u
            }
        };
        let edge = if k >= 27 { 0 } else if k % 9 == 0 || k % 9 == 8 { 1 } else { 2 };
        let key = (-ukeire, edge);
        if chosen.as_ref().map_or(true, |(best, _)| key < *best) {
            chosen = Some((key, *a));
        }
    }
    chosen.unwrap().1
}
