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

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kuikae {
    Forbidden,
    SameKind,
    Allowed,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum AnkanInRiichi {
    Never,
    SameShape,
    SameWaits,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Nagashi {
    None,
    Draw,
    Win,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Repeat {
    Tenpai,
    Win,
    None,
    AnyDraw,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum DealerStop {
    None,
    Win,
    WinOrTenpai,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Extra {
    SuddenDeath,
    DealerFirst,
    WholeWind,
    None,
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

/// The index of the named choice among `names`, or an error naming the key and its value.
fn choice(d: &PyDict, key: &str, names: &[&str]) -> PyResult<usize> {
    let value: String = get(d, key)?;
    names
        .iter()
        .position(|n| *n == value)
        .ok_or_else(|| PyValueError::new_err(format!("table plan: {key} {value:?} is none of {names:?}")))
}

impl Rules {
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
        for name in get::<Vec<String>>(d, "abortive_draws")? {
            abortive |= match name.as_str() {
                "nine_terminals" => NINE_TERMINALS,
                "four_winds" => FOUR_WINDS,
                "four_riichi" => FOUR_RIICHI,
                "four_kans" => FOUR_KANS,
                _ => return Err(PyValueError::new_err(format!("table plan: abortive draw {name:?}"))),
            };
        }
        let kuikae = [Kuikae::Forbidden, Kuikae::SameKind, Kuikae::Allowed]
            [choice(d, "kuikae", &["forbidden", "same_kind", "allowed"])?];
        let ankan = [AnkanInRiichi::Never, AnkanInRiichi::SameShape, AnkanInRiichi::SameWaits]
            [choice(d, "ankan_after_riichi", &["never", "same_shape", "same_waits"])?];
        let nagashi = [Nagashi::None, Nagashi::Draw, Nagashi::Win][choice(d, "nagashi", &["none", "draw", "win"])?];
        let repeat = [Repeat::Tenpai, Repeat::Win, Repeat::None, Repeat::AnyDraw]
            [choice(d, "dealer_repeat", &["tenpai", "win", "none", "any_draw"])?];
        let stop = [DealerStop::None, DealerStop::Win, DealerStop::WinOrTenpai]
            [choice(d, "last_dealer_stop", &["none", "win", "win_or_tenpai"])?];
        let extra = [Extra::SuddenDeath, Extra::DealerFirst, Extra::WholeWind, Extra::None]
            [choice(d, "extra_wind", &["sudden_death", "dealer_first", "whole_wind", "none"])?];
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
            kuikae,
            riichi_min_points: get(d, "riichi_min_points")?,
            riichi_min_draws: get(d, "riichi_min_draws")?,
            ankan_after_riichi: ankan,
            last_discard_calls: get(d, "last_discard_calls")?,
            kan_limit,
            sanma_chi: get(d, "sanma_chi")?,
            noten_declaration: get(d, "noten_declaration")?,
            kita: get(d, "kita")?,
            absent: get(d, "tsumo_loss")?,
            kan_dora: get(d, "kan_dora")?,
            kan_dora_after_discard: choice(d, "kan_dora_timing", &["immediate", "after_discard"])? == 1,
            ura_dora: get(d, "ura_dora")?,
            kan_ura: get(d, "kan_ura")?,
            nagashi,
            honba_value: get(d, "honba_value")?,
            max_ron_winners,
            triple_ron_draw: get(d, "triple_ron_draw")?,
            multi_ron_honba_each: choice(d, "multi_ron_honba", &["each", "first"])? == 0,
            noten_payment: get(d, "noten_payment")?,
            dealer_repeat: repeat,
            leftover_top: choice(d, "leftover_sticks", &["top", "lost"])? == 0,
            bust_ends_game: get(d, "bust_ends_game")?,
            winds,
            one_hand: get(d, "one_hand")?,
            last_dealer_stop: stop,
            extra_wind_target: get(d, "extra_wind_target")?,
            extra_wind: extra,
            start: get(d, "start")?,
            tie_seat_order: choice(d, "tie", &["seat-order", "shared"])? == 0,
        })
    }
}
