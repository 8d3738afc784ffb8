//! The Python objects the scoring kernel builds or compares with, handed over once by the layers
//! that define them (`bind_model` from the notation layer, `bind_scoring` from the scoring layer),
//! so the kernel imports nothing above it. Until both are bound the native paths decline and the
//! Python code runs.

use pyo3::once_cell::GILOnceCell;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple, PyType};

/// The model's types and interned values.
pub struct Model {
    pub hand_type: Py<PyType>,
    pub win_type: Py<PyType>,
    /// The 37 interned tiles: kinds 0–33, then the red fives of m, p, s.
    pub tiles: Vec<PyObject>,
    /// `MeldKind` members: chi, pon, daiminkan, kakan, ankan.
    pub meld_kinds: Vec<PyObject>,
    /// `Riichi` members 0, 1, 2.
    pub riichi: Vec<PyObject>,
    pub empty_frozenset: PyObject,
    pub names: Names,
}

/// Attribute names, interned once.
pub struct Names {
    pub hand: HandNames,
    pub meld: MeldNames,
    pub win: WinNames,
    pub dict: Py<PyString>,
}

attr_names! {
    /// `Hand`'s fields (`mjrules.model.hand`), every one: the kernel reads hands and makes them.
    pub struct HandNames { concealed, win_tile, melds, counts, red_fives, reds, }
}

attr_names! {
    /// The fields of a `Meld` (`mjrules.model.melds`) the kernel reads.
    pub struct MeldNames { kind, shape, source, }
}

/// `SetShape`'s items (a named tuple the kernel reads by position), in order.
pub const SET_SHAPE_ITEMS: &[&str] = &["kind", "first", "concealed", "kan"];

attr_names! {
    /// `Win`'s fields (`mjrules.model.win`), every one, in the order attrs sets them (`situation`
    /// last, derived): the kernel reads wins and makes them.
    pub struct WinNames {
        tsumo, discarder, round_wind, seat_wind, riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou,
        chiihou, renhou, dora, ura, honba, riichi_sticks, extras, kita, situation,
    }
}

/// The scoring layer's types and interned values.
pub struct Scoring {
    pub result_type: Py<PyType>,
    pub reading_type: Py<PyType>,
    /// `Form` members: standard, chiitoitsu, kokushi.
    pub forms: Vec<PyObject>,
    /// `Wait` members: ryanmen, kanchan, penchan, shanpon, tanki, kokushi.
    pub waits: Vec<PyObject>,
    /// Concealed `SetShape`s: sequences by first kind (0–33), then triplets by kind (34–67).
    pub concealed_shapes: Vec<PyObject>,
    /// Open (not kan) triplet `SetShape`s by kind: a triplet completed by a ron.
    pub open_triplets: Vec<PyObject>,
    /// `_features(form, sequences, situation, closed, suit_count, terminal_level, honours, honour_triplets)`.
    pub features: PyObject,
    /// `tuple.__new__`.
    pub tuple_new: PyObject,
    /// `resolve(deferred_state) -> (reading, fu_items)`: a native result's reading and fu items, on first access.
    pub resolve: PyObject,
    /// `without_red_fives(hand, keep)`.
    pub plain: PyObject,
    pub result_names: ResultNames,
}

attr_names! {
    /// `Result`'s fields (`mjrules.scoring.result`), every one: the kernel makes results.
    pub struct ResultNames {
        yaku, han, fu, yakuman, limit, base, points, payments, liable, _paid, _fu_items, liable_seats, is_win,
    }
}

pub static MODEL: GILOnceCell<Model> = GILOnceCell::new();
/// `meld_from_digits(suit, body, written)`: the notation layer's reader of a meld (it keeps them).
pub static MELD_READER: GILOnceCell<PyObject> = GILOnceCell::new();
pub static SCORING: GILOnceCell<Scoring> = GILOnceCell::new();

fn item(d: &PyDict, key: &str) -> PyResult<PyObject> {
    match d.get_item(key) {
        Some(v) => Ok(v.into()),
        None => Err(pyo3::exceptions::PyKeyError::new_err(key.to_string())),
    }
}

fn objects(d: &PyDict, key: &str) -> PyResult<Vec<PyObject>> {
    let t: &PyTuple = item(d, key)?.into_ref(d.py()).downcast()?;
    Ok(t.iter().map(|o| o.into()).collect())
}

/// Bind the notation layer's meld reader.
#[pyfunction]
pub fn bind_notation(py: Python, meld_reader: PyObject) {
    let _ = MELD_READER.set(py, meld_reader);
}

/// Bind the model: `hand`, `win` (types), `tiles` (37), `meld_kinds` (5), `riichi` (3), `empty_frozenset`.
#[pyfunction]
pub fn bind_model(py: Python, objs: &PyDict) -> PyResult<()> {
    let model = Model {
        hand_type: item(objs, "hand")?.extract(py)?,
        win_type: item(objs, "win")?.extract(py)?,
        tiles: objects(objs, "tiles")?,
        meld_kinds: objects(objs, "meld_kinds")?,
        riichi: objects(objs, "riichi")?,
        empty_frozenset: item(objs, "empty_frozenset")?,
        names: Names {
            hand: HandNames::intern(py),
            meld: MeldNames::intern(py),
            win: WinNames::intern(py),
            dict: PyString::intern(py, "__dict__").into(),
        },
    };
    if model.tiles.len() != 37 || model.meld_kinds.len() != 5 || model.riichi.len() != 3 {
        return Err(pyo3::exceptions::PyValueError::new_err("bind_model: tiles 37, meld_kinds 5, riichi 3"));
    }
    let _ = MODEL.set(py, model);
    Ok(())
}

/// Bind the scoring layer's objects (see `Scoring`).
#[pyfunction]
pub fn bind_scoring(py: Python, objs: &PyDict) -> PyResult<()> {
    let scoring = Scoring {
        result_type: item(objs, "result")?.extract(py)?,
        reading_type: item(objs, "reading")?.extract(py)?,
        forms: objects(objs, "forms")?,
        waits: objects(objs, "waits")?,
        concealed_shapes: objects(objs, "concealed_shapes")?,
        open_triplets: objects(objs, "open_triplets")?,
        features: item(objs, "features")?,
        tuple_new: item(objs, "tuple_new")?,
        resolve: item(objs, "resolve")?,
        plain: item(objs, "plain")?,
        result_names: ResultNames::intern(py),
    };
    if scoring.forms.len() != 3 || scoring.waits.len() != 6 || scoring.concealed_shapes.len() != 68
        || scoring.open_triplets.len() != 34
    {
        return Err(pyo3::exceptions::PyValueError::new_err("bind_scoring: forms 3, waits 6, shapes 68 and 34"));
    }
    let _ = SCORING.set(py, scoring);
    Ok(())
}
