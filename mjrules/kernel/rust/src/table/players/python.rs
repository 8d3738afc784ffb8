//! A seat taken by any Python `Player`: asked across the boundary with the `View` the Python path
//! builds (`mjrules.table.native.Bridge.view` makes it of the round's plain data: the same fields,
//! the same order of `legal`), its `Action` read back, and a refused answer stopped with the
//! Python path's `IllegalAction`.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::table::seat::{Act, Player, View, KINDS};
use crate::table::score::meld_spec;
use crate::table::tiles::NONE;

pub struct PySeat {
    pub player: PyObject,
    pub bridge: PyObject,
    last: Option<PyObject>,
}

impl PySeat {
    pub fn new(player: PyObject, bridge: PyObject) -> PySeat {
        PySeat { player, bridge, last: None }
    }
}

fn act_spec(py: Python, a: &Act) -> PyObject {
    (a.kind as u8, a.tile(), a.consumed().to_vec()).into_py(py)
}

/// The view's fields in `View`'s order, as plain data.
fn view_args<'p>(py: Python<'p>, v: &View) -> &'p PyTuple {
    let st = &v.round.state;
    let n = st.players;
    let fields: Vec<PyObject> = vec![
        v.seat.into_py(py),
        n.into_py(py),
        v.round_wind().into_py(py),
        v.dealer().into_py(py),
        v.honba().into_py(py),
        v.sticks().into_py(py),
        v.scores().to_vec().into_py(py),
        v.dora().to_vec().into_py(py),
        v.concealed().to_vec().into_py(py),
        v.drawn.into_py(py),
        st.melds.iter().map(|ms| ms.iter().map(|m| IntoPy::<PyObject>::into_py(meld_spec(m), py)).collect::<Vec<_>>()).collect::<Vec<_>>().into_py(py),
        st.river.clone().into_py(py),
        (0..n).map(|s| v.riichi(s)).collect::<Vec<bool>>().into_py(py),
        v.offered.into_py(py),
        v.offered_by.into_py(py),
        v.live_left().into_py(py),
        v.legal.iter().map(|a| act_spec(py, a)).collect::<Vec<_>>().into_py(py),
        st.discards.iter().map(|d| (d.seat, d.tile, d.tsumogiri, d.riichi)).collect::<Vec<_>>().into_py(py),
    ];
    PyTuple::new(py, fields)
}

impl Player for PySeat {
    fn act(&mut self, view: &View) -> PyResult<Act> {
        Python::with_gil(|py| {
            let v = self.bridge.call_method1(py, "view", view_args(py, view))?;
            let answer = self.player.call_method1(py, "act", (v,))?;
            let got = self.bridge.call_method1(py, "action", (answer.clone_ref(py),))?;
            self.last = Some(answer);
            let (kind, tile, consumed): (usize, Option<u8>, Vec<u8>) = got.extract(py)?;
            Ok(Act::with_consumed(KINDS[kind], tile.unwrap_or(NONE), &consumed))
        })
    }

    fn refused(&mut self, seat: usize, _act: Act, reason: &str) -> PyErr {
        Python::with_gil(|py| {
            let answer = self.last.as_ref().map(|a| a.clone_ref(py)).unwrap_or_else(|| py.None());
            match self.bridge.call_method1(py, "illegal", (seat, answer, reason)) {
                Ok(e) => PyErr::from_value(e.as_ref(py)),
                Err(e) => e,
            }
        })
    }
}
