//! `Scorer.check`: whether a hand and win pass, as the kernel decides it (the Python path names
//! what fails).

use super::*;

impl Plan {
    /// Whether the plan's tile set has the hand's red fives.
    pub(crate) fn allows(&self, hand: &Hand) -> bool {
        (0..3).all(|s| hand.reds[s] <= self.red_fives[s])
    }

    /// `Scorer.check`: whether the hand and win pass (the Python path names what fails).
    pub(crate) fn passes(&self, hand: &Hand, win: &Win, info: &Info) -> bool {
        let players = self.players;
        let c = &hand.counts;
        if win.situation & bits::NEEDS_HAND_CHECK != 0 {
            if win.kita > 0 && players != 3 {
                return false;
            }
            if win.riichi > 0 && !info.closed {
                return false;
            }
            if win.rinshan && info.kans == 0 && win.kita == 0 {
                return false;
            }
            if win.ippatsu && win.rinshan && win.kita == 0 {
                return false;
            }
            if (win.tenhou || win.chiihou) && hand.nmelds > 0 {
                return false;
            }
            if win.chankan && c[hand.win as usize] >= 2 {
                return false;
            }
        }
        if win.nura > win.ndora {
            return false;
        }
        let mut seen = *c;
        for &t in win.dora().iter().chain(win.ura()) {
            let k = model::kind(t) as usize;
            seen[k] += 1;
            if seen[k] > 4 {
                return false;
            }
        }
        if players == 3 && !self.passes_three(hand, win) {
            return false;
        }
        let robbed_ankan = self.table.extras.robbed_ankan;
        if win.extras & robbed_ankan != 0 && !win.chankan {
            return false;
        }
        if win.extras & !(self.extras_allowed | robbed_ankan) != 0 {
            return false;
        }
        hand.red_fives == 0 || self.allows(hand)
    }

    pub(crate) fn passes_three(&self, hand: &Hand, win: &Win) -> bool {
        if win.seat_wind > 2 || win.round_wind > 2 || win.discarder == 2 {
            return false;
        }
        if hand.melds().iter().any(|m| m.kind == CHI || m.source == 2) {
            return false;
        }
        let shown = || win.dora().iter().chain(win.ura()).map(|&t| model::kind(t));
        if self.tiles108 && ((1..8).any(|k| hand.counts[k] > 0) || shown().any(|k| (1..8).contains(&k))) {
            return false;
        }
        if win.kita > 0 {
            if !self.kita {
                return false;
            }
            let shown_north = shown().filter(|&k| k == NORTH).count() as u32;
            if hand.counts[NORTH as usize] as u32 + win.kita as u32 + shown_north > 4 {
                return false;
            }
            if win.tenhou || win.chiihou {
                return false;
            }
            if win.rinshan && hand.kans() == 0 && !self.kita_rinshan {
                return false;
            }
        }
        if win.extras & self.table.extras.robbed_kita != 0 && (win.tsumo || hand.win != NORTH || win.chankan) {
            return false;
        }
        true
    }
}
