//! Every way a round ends without a win (`mjrules.game.draws`), with mjai's words for them.

use super::rules::{self, Nagashi, Rules};
use super::state::State;
use super::tiles::{kind, yaochu, EAST};

pub const EXHAUSTIVE_DRAW: &str = "fanpai";
pub const NAGASHI_MANGAN: &str = "nagashimangan";
pub const NINE_TERMINALS: &str = "kyushukyuhai";
pub const FOUR_WINDS: &str = "suufonrenda";
pub const FOUR_RIICHI: &str = "suuchareach";
pub const FOUR_KANS: &str = "suukaikan";
pub const THREE_RONS: &str = "sanchaho";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DrawKind {
    Exhaustive,
    Nagashi,
    Abortive,
}

impl DrawKind {
    pub fn word(self) -> &'static str {
        match self {
            DrawKind::Exhaustive => "exhaustive",
            DrawKind::Nagashi => "nagashi",
            DrawKind::Abortive => "abortive",
        }
    }
}

/// A round's end without a win (`Draw`): its kind and reason, the seats in tenpai, the nagashi
/// seats, and the seats whose hands decide it.
#[derive(Clone)]
pub struct DrawEnd {
    pub kind: DrawKind,
    pub reason: &'static str,
    pub tenpai: Vec<u8>,
    pub nagashi: Vec<u8>,
    pub shown: Vec<u8>,
}

/// Why `seat` may not abort on nine terminals now, or None.
pub fn refuse_nine_terminals(rules: &Rules, state: &State, seat: usize, drawn: Option<u8>) -> Option<String> {
    if rules.abortive & rules::NINE_TERMINALS == 0 {
        return Some("this ruleset has no abortive draw on nine terminals".into());
    }
    if drawn.is_none() || state.discarded[seat] || state.any_call {
        return Some("nine terminals are declared on one's first draw, before any call".into());
    }
    let c = &state.counts[seat];
    let kinds = (0..34u8).filter(|&k| c[k as usize] > 0 && yaochu(k)).count();
    if kinds < 9 {
        return Some(format!("the hand holds {kinds} kinds of terminals and honours, and nine are needed"));
    }
    None
}

/// The abortive draw the discard that just passed completes, if the ruleset plays it.
pub fn after_discard(rules: &Rules, state: &State) -> Option<&'static str> {
    let allowed = rules.abortive;
    if state.players == 4 {
        if allowed & rules::FOUR_WINDS != 0 && !state.any_call && state.discards.len() == 4 {
            let firsts: Vec<u8> = state.river.iter().filter(|r| r.len() == 1).map(|r| kind(r[0])).collect();
            if firsts.len() == 4 && firsts.iter().all(|&k| k == firsts[0]) && (EAST..EAST + 4).contains(&firsts[0]) {
                return Some(FOUR_WINDS);
            }
        }
        if allowed & rules::FOUR_RIICHI != 0 && state.declared.len() == 4 {
            return Some(FOUR_RIICHI);
        }
    }
    if allowed & rules::FOUR_KANS != 0
        && state.kans == 4
        && state.melds.iter().filter(|ms| ms.iter().any(|m| m.is_kan())).count() > 1
    {
        return Some(FOUR_KANS);
    }
    None
}

/// An abortive draw (nine terminals: `declared_by` the seat showing its hand).
pub fn abortive(reason: &'static str, declared_by: Option<usize>) -> DrawEnd {
    DrawEnd {
        kind: DrawKind::Abortive,
        reason,
        tenpai: Vec::new(),
        nagashi: Vec::new(),
        shown: declared_by.map(|s| vec![s as u8]).unwrap_or_default(),
    }
}

/// The exhaustive draw with `tenpai` shown in tenpai, a nagashi mangan where the ruleset pays one.
pub fn exhaustive(rules: &Rules, state: &State, mut tenpai: Vec<u8>) -> DrawEnd {
    let nagashi = if rules.nagashi != Nagashi::None { state.nagashi() } else { Vec::new() };
    tenpai.sort_unstable();
    let some = !nagashi.is_empty();
    DrawEnd {
        kind: if some { DrawKind::Nagashi } else { DrawKind::Exhaustive },
        reason: if some { NAGASHI_MANGAN } else { EXHAUSTIVE_DRAW },
        tenpai,
        nagashi,
        shown: Vec::new(),
    }
}
