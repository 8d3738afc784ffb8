//! The table plan: a ruleset's rules of play, compiled once from the rules object
//! (`mjrules.table.native.table_spec`: a dict whose named fields are read here by key) into plain
//! data. A value the kernel does not know (a choice outside the rules object's closed sets) makes
//! the plan fail to compile, and the table plays on the Python path.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// `rules.play.abortive_draws`, one bit each.
pub const NINE_TERMINALS: u8 = 1;
pub const FOUR_WINDS: u8 = 2;
pub const FOUR_RIICHI: u8 = 4;
pub const FOUR_KANS: u8 = 8;

/// Draws a round allows after the deal (`LIVE_DRAWS`, `LIVE_DRAWS_SANMA`).
pub const LIVE_DRAWS: u32 = 70;
pub const LIVE_DRAWS_SANMA: u32 = 55;

named_choice! {
    /// `rules.play.kuikae` (`mjrules.rules.choices.Kuikae`).
    pub enum Kuikae {
        Forbidden = "forbidden",
        SameKind = "same_kind",
        Allowed = "allowed",
    }
}

named_choice! {
    /// `rules.play.ankan_after_riichi` (`AnkanAfterRiichi`).
    pub enum AnkanInRiichi {
        Never = "never",
        SameShape = "same_shape",
        SameWaits = "same_waits",
    }
}

named_choice! {
    /// `rules.nagashi.mode` (`NagashiMode`).
    pub enum Nagashi {
        None = "none",
        Draw = "draw",
        Win = "win",
    }
}

named_choice! {
    /// `rules.round.dealer_repeat` (`DealerRepeat`).
    pub enum Repeat {
        Tenpai = "tenpai",
        Win = "win",
        None = "none",
        AnyDraw = "any_draw",
    }
}

named_choice! {
    /// `rules.round.last_dealer_stop` (`LastDealerStop`).
    pub enum DealerStop {
        None = "none",
        Win = "win",
        WinOrTenpai = "win_or_tenpai",
    }
}

named_choice! {
    /// `rules.round.extra_wind` (`ExtraWind`).
    pub enum Extra {
        SuddenDeath = "sudden_death",
        DealerFirst = "dealer_first",
        WholeWind = "whole_wind",
        None = "none",
    }
}

named_choice! {
    /// `rules.dora.kan_dora_timing` (`KanDoraTiming`).
    pub enum KanDoraTiming {
        Immediate = "immediate",
        AfterDiscard = "after_discard",
    }
}

named_choice! {
    /// `rules.round.multi_ron_honba` (`MultiRonHonba`).
    pub enum MultiRonHonba {
        Each = "each",
        First = "first",
    }
}

named_choice! {
    /// `rules.round.leftover_sticks` (`LeftoverSticks`).
    pub enum LeftoverSticks {
        Top = "top",
        Lost = "lost",
    }
}

named_choice! {
    /// `rules.placing.tie` (`Tie`).
    pub enum Tie {
        SeatOrder = "seat-order",
        Shared = "shared",
    }
}

named_choice! {
    /// `rules.play.abortive_draws`' members (`AbortiveDraw`), in the order of their bits.
    pub enum AbortiveDraw {
        NineTerminals = "nine_terminals",
        FourWinds = "four_winds",
        FourRiichi = "four_riichi",
        FourKans = "four_kans",
    }
}

/// Every rule of play the native table reads (`Rules` less the scoring, which is the plan's).
pub struct Rules {
    pub players: usize,
    /// The ruleset's tile set sorted by kind, as tile codes (`mjrules.game.wall.tile_set`).
    pub tiles: Vec<u8>,
    pub live_draws: u32,
    // rules.play
    pub abortive: u8,
    pub kuikae: Kuikae,
    pub riichi_min_points: i64,
    pub riichi_min_draws: i64,
    pub ankan_after_riichi: AnkanInRiichi,
    pub last_discard_calls: bool,
    pub kan_limit: usize,
    pub sanma_chi: bool,
    pub noten_declaration: bool,
    // rules.sanma
    pub kita: bool,
    pub absent: crate::pay::TsumoLoss,
    // rules.dora
    pub kan_dora: bool,
    pub kan_dora_after_discard: bool,
    pub ura_dora: bool,
    pub kan_ura: bool,
    // rules.nagashi, rules.honba
    pub nagashi: Nagashi,
    pub honba_value: i64,
    // rules.round
    pub max_ron_winners: usize,
    pub triple_ron_draw: bool,
    pub multi_ron_honba_each: bool,
    pub noten_payment: i64,
    pub dealer_repeat: Repeat,
    pub leftover_top: bool,
    pub bust_ends_game: bool,
    /// With `bust_ends_game`, a score of exactly 0 ends the game too.
    pub bust_at_zero: bool,
    pub winds: u8,
    pub one_hand: bool,
    pub last_dealer_stop: DealerStop,
    pub extra_wind_target: i64,
    pub extra_wind: Extra,
    // rules.placing
    pub start: i64,
    pub tie_seat_order: bool,
}

fn get<'p, T: FromPyObject<'p>>(d: &'p PyDict, key: &str) -> PyResult<T> {
    match d.get_item(key) {
        Some(v) => v.extract().map_err(|e| PyValueError::new_err(format!("table plan: {key}: {e}"))),
        None => Err(PyValueError::new_err(format!("table plan: no {key}"))),
    }
}

impl Rules {
    /// `RoundRules.busts`: a score that ends the game.
    pub fn busts(&self, score: i64) -> bool {
        self.bust_ends_game && (score < 0 || (score == 0 && self.bust_at_zero))
    }

    pub fn new(d: &PyDict) -> PyResult<Rules> {
        let players: usize = get(d, "players")?;
        if players != 3 && players != 4 {
            return Err(PyValueError::new_err("table plan: players is 3 or 4"));
        }
        let tiles: Vec<u8> = get(d, "tiles")?;
        if tiles.len() != if players == 4 { 136 } else { 108 } || tiles.iter().any(|&t| t > 36) {
            return Err(PyValueError::new_err("table plan: tiles: the tile set as codes"));
        }
        let mut abortive = 0;
        for name in get::<Vec<AbortiveDraw>>(d, "abortive_draws")? {
            abortive |= match name {
                AbortiveDraw::NineTerminals => NINE_TERMINALS,
                AbortiveDraw::FourWinds => FOUR_WINDS,
                AbortiveDraw::FourRiichi => FOUR_RIICHI,
                AbortiveDraw::FourKans => FOUR_KANS,
            };
        }
        let kan_limit: usize = get(d, "kan_limit")?;
        let max_ron_winners: usize = get(d, "max_ron_winners")?;
        let winds: u8 = get(d, "winds")?;
        if kan_limit > 4 || !(1..=3).contains(&max_ron_winners) || !(1..=4).contains(&winds) {
            return Err(PyValueError::new_err("table plan: kan_limit, max_ron_winners or winds out of range"));
        }
        Ok(Rules {
            players,
            tiles,
            live_draws: if players == 4 { LIVE_DRAWS } else { LIVE_DRAWS_SANMA },
            abortive,
            kuikae: get(d, "kuikae")?,
            riichi_min_points: get(d, "riichi_min_points")?,
            riichi_min_draws: get(d, "riichi_min_draws")?,
            ankan_after_riichi: get(d, "ankan_after_riichi")?,
            last_discard_calls: get(d, "last_discard_calls")?,
            kan_limit,
            sanma_chi: get(d, "sanma_chi")?,
            noten_declaration: get(d, "noten_declaration")?,
            kita: get(d, "kita")?,
            absent: get(d, "tsumo_loss")?,
            kan_dora: get(d, "kan_dora")?,
            kan_dora_after_discard: get::<KanDoraTiming>(d, "kan_dora_timing")? == KanDoraTiming::AfterDiscard,
            ura_dora: get(d, "ura_dora")?,
            kan_ura: get(d, "kan_ura")?,
            nagashi: get(d, "nagashi")?,
            honba_value: get(d, "honba_value")?,
            max_ron_winners,
            triple_ron_draw: get(d, "triple_ron_draw")?,
            multi_ron_honba_each: get::<MultiRonHonba>(d, "multi_ron_honba")? == MultiRonHonba::Each,
            noten_payment: get(d, "noten_payment")?,
            dealer_repeat: get(d, "dealer_repeat")?,
            leftover_top: get::<LeftoverSticks>(d, "leftover_sticks")? == LeftoverSticks::Top,
            bust_ends_game: get(d, "bust_ends_game")?,
            bust_at_zero: get(d, "bust_at_zero")?,
            winds,
            one_hand: get(d, "one_hand")?,
            last_dealer_stop: get(d, "last_dealer_stop")?,
            extra_wind_target: get(d, "extra_wind_target")?,
            extra_wind: get(d, "extra_wind")?,
            start: get(d, "start")?,
            tie_seat_order: get::<Tie>(d, "tie")? == Tie::SeatOrder,
        })
    }
}
