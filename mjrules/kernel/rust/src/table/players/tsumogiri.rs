//! The twin of `mjrules.table.players.Tsumogiri`: discards the tile it draws, declares nothing.

use pyo3::prelude::*;

use crate::table::seat::{Act, Kind, Player, View, PASS, TENPAI};

pub struct Tsumogiri;

impl Player for Tsumogiri {
    fn act(&mut self, view: &View) -> PyResult<Act> {
        if view.legal.contains(&TENPAI) {
            return Ok(TENPAI); // asked at an exhaustive draw whether to declare noten: it shows the hand
        }
        if view.offered.is_some() {
            return Ok(PASS);
        }
        if let Some(t) = view.drawn {
            return Ok(Act::with_tile(Kind::Discard, t));
        }
        Ok(view.first(Kind::Discard).expect("a discard is always legal"))
    }

    fn discards_drawn(&self) -> bool {
        true
    }

    fn passes(&self) -> bool {
        true
    }
}
