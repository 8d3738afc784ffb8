//! One round played from its wall: the twin of `mjrules.game.play.RoundPlay` (its `run`, in the
//! same order of questions and events) and of `mjrules.game.wins` (a win's hand and situation).

use pyo3::prelude::*;

use super::draws::{self, DrawEnd};
use super::game::Game;
use super::moves;
use super::record::Log;
use super::score::{Case, Scored};
use super::seat::{Act, Kind, Player, View, PASS, RON, TENPAI};
use super::settle::{self, Settled};
use super::state::{Meld, State};
use super::tiles::{kind, NORTH};
use super::wall::Wall;
use crate::model::{Win, ANKAN, CHI, DAIMINKAN, KAKAN, PON};

/// How a round starts (`Deal`).
#[derive(Clone)]
pub struct Deal {
    pub wind: u8,
    pub number: u8,
    pub honba: i64,
    pub sticks: i64,
    pub dealer: usize,
    pub scores: Vec<i64>,
    pub dora: u8,
    pub hands: Vec<Vec<u8>>,
}

/// One win as the round made it (`RecordedWin`): who, from whom, the hand and the situation.
#[derive(Clone)]
pub struct WinRec {
    pub winner: usize,
    pub discarder: Option<usize>,
    /// The concealed tiles without the winning tile, as held.
    pub concealed: Vec<u8>,
    pub win_tile: u8,
    pub melds: Vec<Meld>,
    pub win: Win,
}

impl WinRec {
    pub fn case(&self) -> Case<'_> {
        Case { concealed: &self.concealed, win_tile: self.win_tile, melds: &self.melds, win: self.win.clone() }
    }
}

pub struct Round<'g> {
    pub game: &'g Game<'g>,
    pub deal: Deal,
    pub wall: Wall,
    pub state: State,
    pub replacements: usize,
    pub pending_dora: usize,
    pub wins: Vec<WinRec>,
    pub draw_end: Option<DrawEnd>,
    /// Ask a seat even when it has one choice (a record's check: every recorded action is ruled on).
    pub ask_always: bool,
}

/// `Asking`'s answer: the action, or the error that stops the game.
type Answer = PyResult<Act>;

impl<'g> Round<'g> {
    pub fn new(game: &'g Game<'g>, deal: Deal, wall: Wall) -> Round<'g> {
        let rules = game.rules;
        let state = State::new(rules.players, deal.dealer, rules.live_draws, deal.hands.clone(), deal.dora, &deal.scores);
        Round { game, deal, wall, state, replacements: 0, pending_dora: 0, wins: Vec::new(), draw_end: None,
                ask_always: false }
    }

    // -- what a win would score ----------------------------------------------------------------------

    /// The indicators turned now, and the ura indicators under them the ruleset turns.
    pub fn dora_now(&self) -> (Vec<u8>, Vec<u8>) {
        let rules = self.game.rules;
        let dora = self.state.dora.clone();
        let turned = if !rules.ura_dora { 0 } else if rules.kan_ura { dora.len() } else { 1 };
        (dora, (0..turned).map(|k| self.wall.ura(k)).collect())
    }

    #[allow(clippy::too_many_arguments)]
    fn situation(&self, seat: usize, tsumo: bool, discarder: u8, haitei: bool, houtei: bool, rinshan: bool,
                 chankan: bool, tenhou: bool, chiihou: bool, renhou: bool, extras: u32) -> Win {
        let st = &self.state;
        let mut riichi = st.riichi[seat];
        if st.riichi_pending == Some(seat) && !tsumo {
            riichi = 0; // a ron before one's own riichi discard passed: not riichi
        }
        let (dora, ura) = self.dora_now();
        let mut w = Win {
            tsumo,
            discarder,
            round_wind: self.deal.wind % 4,
            seat_wind: ((seat + st.players - st.dealer) % st.players) as u8,
            riichi,
            ippatsu: riichi > 0 && st.ippatsu[seat],
            haitei,
            houtei,
            rinshan,
            chankan,
            tenhou,
            chiihou,
            renhou,
            honba: self.deal.honba,
            sticks: self.deal.sticks + st.declared.len() as i64,
            extras,
            kita: st.kita[seat],
            ..Win::default()
        };
        w.dora[..dora.len()].copy_from_slice(&dora);
        w.ndora = dora.len();
        if riichi > 0 {
            w.ura[..ura.len()].copy_from_slice(&ura);
            w.nura = ura.len();
        }
        w
    }

    /// `wins.tsumo`: `seat`'s win on the tile it just drew.
    pub fn tsumo_win(&self, seat: usize) -> WinRec {
        let st = &self.state;
        let (_, win_tile) = st.last_draw.expect("a tsumo after a draw");
        let mut concealed = st.hands[seat].clone();
        let i = concealed.iter().position(|&t| t == win_tile).unwrap();
        concealed.remove(i);
        let first = !st.any_call && !st.discarded[seat];
        let dealer = seat == st.dealer;
        let win = self.situation(seat, true, 0, st.drawn == st.live_draws && !st.drew_rinshan, false, st.drew_rinshan,
                                 false, first && dealer, first && !dealer, false, 0);
        WinRec { winner: seat, discarder: None, concealed, win_tile, melds: st.melds[seat].clone(), win }
    }

    /// `wins.ron`: `seat`'s win on the tile on offer (a discard, a tile added to a kan, a North).
    pub fn ron_win(&self, seat: usize) -> WinRec {
        let st = &self.state;
        let chankan = st.kan_tile.is_some();
        let robbed_kita = st.kita_tile.is_some();
        let (source, win_tile, robbed_ankan) = if let Some((s, t, closed)) = st.kan_tile {
            (s, t, closed)
        } else if let Some((s, t)) = st.kita_tile {
            (s, t, false)
        } else {
            let (s, t) = st.last_discard.expect("a ron on a tile on offer");
            (s, t, false)
        };
        let renhou = !st.any_call && !st.drew[seat] && seat != st.dealer;
        let offset = if st.players == 4 {
            ((source + 4 - seat) % 4) as u8
        } else if source == (seat + 1) % 3 {
            1
        } else {
            3
        };
        let scorer = self.game.scorer;
        let extras = if robbed_ankan {
            scorer.extras_bit("robbed_ankan")
        } else if robbed_kita {
            scorer.extras_bit("robbed_kita")
        } else {
            0
        };
        let win = self.situation(seat, false, offset, false, st.drawn == st.live_draws && !chankan && !robbed_kita,
                                 false, chankan, false, false, renhou, extras);
        WinRec {
            winner: seat,
            discarder: Some(source),
            concealed: st.hands[seat].clone(),
            win_tile,
            melds: st.melds[seat].clone(),
            win,
        }
    }

    pub fn tsumo_result(&self, seat: usize) -> PyResult<Scored> {
        self.game.scorer.score(&self.tsumo_win(seat).case())
    }

    pub fn ron_result(&self, seat: usize) -> PyResult<Scored> {
        self.game.scorer.score(&self.ron_win(seat).case())
    }

    // -- asking ----------------------------------------------------------------------------------------

    fn ask(&self, seats: &mut [Box<dyn Player>], seat: usize, legal: &[Act], drawn: Option<u8>, offered: Option<u8>,
           offered_by: Option<usize>) -> Answer {
        let view = View { round: self, seat, legal, drawn, offered, offered_by };
        seats[seat].act(&view)
    }

    /// `seat`'s action on its turn (`drawn`: the tile it just drew, None after a call).
    fn own_turn(&self, seats: &mut [Box<dyn Player>], seat: usize, drawn: Option<u8>) -> Answer {
        if let Some(t) = drawn {
            if seats[seat].discards_drawn() {
                return Ok(Act::with_tile(Kind::Discard, t));
            }
        }
        let legal = moves::legal_own(self, seat, drawn)?;
        if legal.len() == 1 && !self.ask_always {
            return Ok(legal[0]);
        }
        let answer = self.ask(seats, seat, &legal, drawn, None, None)?;
        if !legal.contains(&answer) {
            let why = moves::refuse_own(self, seat, &answer, drawn)?;
            return Err(seats[seat].refused(seat, answer, why.as_deref().unwrap_or("not open to it now")));
        }
        Ok(answer)
    }

    /// `seat`'s answer at an exhaustive draw (asked only when it may declare noten in tenpai).
    fn at_draw(&self, seats: &mut [Box<dyn Player>], seat: usize) -> Answer {
        let legal = moves::legal_at_draw(self, seat);
        if legal.len() == 1 {
            return Ok(legal[0]);
        }
        let answer = self.ask(seats, seat, &legal, None, None, None)?;
        if !legal.contains(&answer) {
            let why = moves::refuse_at_draw(self, seat, &answer);
            return Err(seats[seat].refused(seat, answer, why.as_deref().unwrap_or("not open to it now")));
        }
        Ok(answer)
    }

    /// Every other seat's answer to `t` (discarded by `source`, or offered by a kan or a kita:
    /// `kan`), in turn order from `source`.
    fn reactions(&self, seats: &mut [Box<dyn Player>], source: usize, t: u8, kan: bool) -> PyResult<Vec<(usize, Act)>> {
        let n = self.state.players;
        if (1..n).all(|k| seats[(source + k) % n].passes()) {
            return Ok(Vec::new()); // every other seat lets it go by, unasked: nothing to rule on
        }
        let mut out = Vec::with_capacity(n - 1);
        for k in 1..n {
            let seat = (source + k) % n;
            if seats[seat].passes() {
                out.push((seat, PASS));
                continue;
            }
            let legal = moves::legal_reactions(self, seat, source, t, kan)?;
            if legal.len() == 1 && !self.ask_always {
                out.push((seat, PASS));
                continue;
            }
            let answer = self.ask(seats, seat, &legal, None, Some(t), Some(source))?;
            if !legal.contains(&answer) {
                let why = moves::refuse_reaction(self, seat, &answer, source, t, kan)?;
                return Err(seats[seat].refused(seat, answer, why.as_deref().unwrap_or("not open to it now")));
            }
            out.push((seat, answer));
        }
        Ok(out)
    }

    // -- playing -------------------------------------------------------------------------------------

    /// Play the round to its end and settle it.
    pub fn run(&mut self, seats: &mut [Box<dyn Player>], log: &mut Log) -> PyResult<Settled> {
        log.start_kyoku(&self.deal)?;
        let n = self.state.players;
        let (mut turn, mut draw, mut rinshan) = (self.deal.dealer, true, false);
        loop {
            let mut drawn = None;
            if draw {
                if self.state.drawn >= self.state.live_draws {
                    return self.exhaustive(seats, log);
                }
                drawn = Some(self.draw(turn, rinshan, log)?);
            }
            let action = self.own_turn(seats, turn, drawn)?;
            match action.kind {
                Kind::NineTerminals => return self.abort(draws::NINE_TERMINALS, Some(turn), log),
                Kind::Tsumo => {
                    self.wins.push(self.tsumo_win(turn));
                    return self.settle(log);
                }
                Kind::Ankan | Kind::Kakan | Kind::Kita => {
                    let robbed = if action.kind == Kind::Kita {
                        self.kita(seats, turn, log)?
                    } else {
                        self.kan(seats, turn, &action, log)?
                    };
                    if robbed {
                        return self.settle(log);
                    }
                    draw = true;
                    rinshan = true;
                    continue;
                }
                _ => {}
            }
            self.discard(turn, &action, log)?;
            let t = action.tile;
            let answers = self.reactions(seats, turn, t, false)?;
            if self.passed(seats, &answers, t, None)? {
                return self.settle(log);
            }
            if action.kind == Kind::Riichi {
                self.state.riichi_accepted(turn);
                log.reach_accepted(turn)?;
            }
            if let Some(reason) = draws::after_discard(self.game.rules, &self.state) {
                return self.abort(reason, None, log);
            }
            let caller = answers
                .iter()
                .find(|(_, a)| a.kind == Kind::Pon || a.kind == Kind::Daiminkan)
                .or_else(|| answers.iter().find(|(_, a)| a.kind == Kind::Chi))
                .copied();
            let Some((caller, call)) = caller else {
                turn = (turn + 1) % n;
                draw = true;
                rinshan = false;
                continue;
            };
            let meld_kind = match call.kind {
                Kind::Chi => CHI,
                Kind::Pon => PON,
                _ => DAIMINKAN,
            };
            self.state.claim(caller, turn, meld_kind, t, call.consumed());
            log.call(meld_kind, caller, turn, t, call.consumed())?;
            turn = caller;
            if call.kind == Kind::Daiminkan {
                self.turn_kan_dora(DAIMINKAN, log)?;
                draw = true;
                rinshan = true;
            } else {
                self.state.kuikae = moves::kuikae_after(self.game.rules, &call);
                draw = false;
                rinshan = false;
            }
        }
    }

    fn draw(&mut self, seat: usize, rinshan: bool, log: &mut Log) -> PyResult<u8> {
        let t = if rinshan {
            let t = self.wall.replacement(self.replacements);
            self.replacements += 1;
            t
        } else {
            self.wall.live(self.state.players, self.state.drawn as usize - self.replacements)
        };
        self.state.draw(seat, t);
        log.tsumo(seat, t)?;
        Ok(t)
    }

    fn discard(&mut self, seat: usize, action: &Act, log: &mut Log) -> PyResult<()> {
        if action.kind == Kind::Riichi {
            self.state.declare_riichi(seat);
            log.reach(seat)?;
        }
        self.state.discard(seat, action.tile);
        let d = *self.state.discards.last().unwrap();
        log.dahai(seat, d.tile, d.tsumogiri)?;
        while self.pending_dora > 0 {
            self.pending_dora -= 1;
            self.reveal(log)?;
        }
        Ok(())
    }

    /// Settle the rons among `answers` into the round (true: it ends) and mark furiten for those who
    /// let a winning tile go by (`closed_kan`: the seat whose closed kan offers `t`).
    fn passed(&mut self, seats: &[Box<dyn Player>], answers: &[(usize, Act)], t: u8, closed_kan: Option<usize>)
              -> PyResult<bool> {
        let mut gone = Vec::new();
        for &(seat, a) in answers {
            if a.kind == Kind::Ron || seats[seat].passes() || self.state.waits(seat) >> kind(t) & 1 == 0 {
                continue;
            }
            let counts = match closed_kan {
                None => true,
                Some(source) => moves::refuse_reaction(self, seat, &RON, source, t, true)?.is_none(),
            };
            if counts {
                gone.push(seat);
            }
        }
        for seat in gone {
            self.state.let_go_by(seat);
        }
        let rons: Vec<usize> = answers.iter().filter(|(_, a)| a.kind == Kind::Ron).map(|&(s, _)| s).collect();
        for &seat in &rons {
            let w = self.ron_win(seat);
            self.wins.push(w);
        }
        Ok(!rons.is_empty())
    }

    /// Declare an ankan or kakan; true when another player robs it.
    fn kan(&mut self, seats: &mut [Box<dyn Player>], seat: usize, action: &Act, log: &mut Log) -> PyResult<bool> {
        while self.pending_dora > 0 {
            self.pending_dora -= 1;
            self.reveal(log)?;
        }
        let (robbed, meld_kind) = if action.kind == Kind::Ankan {
            self.state.closed_kan(seat, action.consumed());
            log.ankan(seat, action.consumed())?;
            (action.consumed()[0], ANKAN)
        } else {
            let pon = self.state.add_to_pon(seat, action.tile);
            log.kakan(seat, action.tile, pon.tiles())?;
            (action.tile, KAKAN)
        };
        let answers = self.reactions(seats, seat, robbed, true)?;
        if self.passed(seats, &answers, robbed, (meld_kind == ANKAN).then_some(seat))? {
            return Ok(true);
        }
        self.turn_kan_dora(meld_kind, log)?;
        Ok(false)
    }

    /// Set a North aside; true when another player wins on it.
    fn kita(&mut self, seats: &mut [Box<dyn Player>], seat: usize, log: &mut Log) -> PyResult<bool> {
        self.state.set_aside_north(seat, NORTH);
        log.nukidora(seat, NORTH)?;
        let answers = self.reactions(seats, seat, NORTH, true)?;
        self.passed(seats, &answers, NORTH, None)
    }

    /// A completed kan's indicator: now, or at its maker's discard (an open kan under
    /// `after_discard`); none without kan dora (`turn_kan_dora`, `indicator_turned`).
    fn turn_kan_dora(&mut self, meld_kind: u8, log: &mut Log) -> PyResult<()> {
        let rules = self.game.rules;
        if !rules.kan_dora {
            return Ok(());
        }
        if meld_kind == ANKAN || !rules.kan_dora_after_discard {
            self.reveal(log)
        } else {
            self.pending_dora += 1;
            Ok(())
        }
    }

    fn reveal(&mut self, log: &mut Log) -> PyResult<()> {
        let t = self.wall.indicator(self.state.dora.len());
        self.state.dora.push(t);
        log.dora(t)
    }

    // -- the end ---------------------------------------------------------------------------------------

    fn abort(&mut self, reason: &'static str, actor: Option<usize>, log: &mut Log) -> PyResult<Settled> {
        self.draw_end = Some(draws::abortive(reason, actor));
        self.settle(log)
    }

    fn exhaustive(&mut self, seats: &mut [Box<dyn Player>], log: &mut Log) -> PyResult<Settled> {
        let n = self.state.players;
        let mut tenpai = Vec::new();
        for k in 0..n {
            let seat = (self.deal.dealer + k) % n;
            if self.state.waits(seat) != 0 && self.at_draw(seats, seat)? == TENPAI {
                tenpai.push(seat as u8);
            }
        }
        self.draw_end = Some(draws::exhaustive(self.game.rules, &self.state, tenpai));
        self.settle(log)
    }

    fn settle(&mut self, log: &mut Log) -> PyResult<Settled> {
        let settled = settle::settle_round(self)?;
        log.round_end(self, &settled)?;
        Ok(settled)
    }
}
