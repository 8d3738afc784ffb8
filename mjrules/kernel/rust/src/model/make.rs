//! Making the model's objects (`Hand`, `Win`) of the kernel's copies, as attrs' own `__init__` would.

use super::*;

/// Set a slot or instance attribute of an object the kernel made, as attrs' own `__init__` does
/// (``object.__setattr__``): the values were checked as the model's validators check them.
pub fn set(obj: &PyAny, name: &Py<PyString>, value: PyObject) -> PyResult<()> {
    // SAFETY: obj, name and value are live; GenericSetAttr takes its own reference to value.
    let rc = unsafe { ffi::PyObject_GenericSetAttr(obj.as_ptr(), name.as_ptr(), value.as_ptr()) };
    if rc == 0 {
        Ok(())
    } else {
        Err(PyErr::fetch(obj.py()))
    }
}

/// A new, empty instance of a type (no `__init__` run).
pub fn alloc<'p>(py: Python<'p>, tp: &PyAny) -> PyResult<&'p PyAny> {
    // SAFETY: tp is a type object; GenericAlloc returns a new reference or NULL with an error set.
    unsafe {
        let obj = ffi::PyType_GenericAlloc(tp.as_ptr() as *mut ffi::PyTypeObject, 0);
        py.from_owned_ptr_or_err(obj)
    }
}

/// The model's `Hand` of a parsed hand.
pub fn make_hand(py: Python, model: &Model, hand: &Hand, meld_texts: &[&str]) -> PyResult<PyObject> {
    let meld_objs = CACHE
        .with(|cache| {
            let mut cache = cache.borrow_mut();
            meld_texts[..hand.nmelds].iter().map(|t| cache.object(py, t)).collect::<Option<Vec<PyObject>>>()
        })
        .ok_or_else(|| pyo3::exceptions::PyValueError::new_err("a meld the notation layer refuses"))?;
    make_hand_with(py, model, hand, &meld_objs)
}

/// The model's `Hand` of a hand whose melds are given as the model's `Meld` objects.
pub fn make_hand_with(py: Python, model: &Model, hand: &Hand, meld_objs: &[PyObject]) -> PyResult<PyObject> {
    let obj = alloc(py, model.hand_type.as_ref(py))?;
    let n = &model.names.hand;
    let tiles: Vec<PyObject> = hand.tiles[..hand.ntiles].iter().map(|&c| model.tiles[c as usize].clone_ref(py)).collect();
    set(obj, &n.concealed, PyTuple::new(py, tiles).into())?;
    set(obj, &n.win_tile, model.tiles[hand.win_code as usize].clone_ref(py))?;
    set(obj, &n.melds, PyTuple::new(py, meld_objs.iter().map(|m| m.clone_ref(py))).into())?;
    set(obj, &n.counts, PyTuple::new(py, hand.counts.iter().map(|&c| c as i64)).into())?;
    set(obj, &n.red_fives, (hand.red_fives as i64).into_py(py))?;
    set(obj, &n.reds, PyTuple::new(py, hand.reds.iter().map(|&c| c as i64)).into())?;
    Ok(obj.into())
}

/// The model's `Win` of a parsed win, its extras bits named by `tags` (a plan's table).
pub fn make_win(py: Python, model: &Model, w: &Win, tags: &[String]) -> PyResult<PyObject> {
    let obj = alloc(py, model.win_type.as_ref(py))?;
    let f = &model.names.win;
    let tiles = |codes: &[u8]| -> PyObject {
        PyTuple::new(py, codes.iter().map(|&c| model.tiles[c as usize].clone_ref(py))).into()
    };
    let b = |v: bool| -> PyObject { v.into_py(py) };
    let int = |v: i64| -> PyObject { v.into_py(py) };
    let extras = if w.extras == 0 {
        model.empty_frozenset.clone_ref(py)
    } else {
        let named: Vec<&str> = tags.iter().enumerate().filter(|(i, _)| w.extras >> i & 1 == 1).map(|(_, t)| t.as_str()).collect();
        PyFrozenSet::new(py, &named)?.into()
    };
    // in the order attrs sets them: the instance dict keeps it
    set(obj, &f.tsumo, b(w.tsumo))?;
    set(obj, &f.discarder, if w.discarder == 0 { py.None() } else { int(w.discarder as i64) })?;
    set(obj, &f.round_wind, int(w.round_wind as i64))?;
    set(obj, &f.seat_wind, int(w.seat_wind as i64))?;
    set(obj, &f.riichi, model.riichi[w.riichi as usize].clone_ref(py))?;
    set(obj, &f.ippatsu, b(w.ippatsu))?;
    set(obj, &f.haitei, b(w.haitei))?;
    set(obj, &f.houtei, b(w.houtei))?;
    set(obj, &f.rinshan, b(w.rinshan))?;
    set(obj, &f.chankan, b(w.chankan))?;
    set(obj, &f.tenhou, b(w.tenhou))?;
    set(obj, &f.chiihou, b(w.chiihou))?;
    set(obj, &f.renhou, b(w.renhou))?;
    set(obj, &f.dora, tiles(w.dora()))?;
    set(obj, &f.ura, tiles(w.ura()))?;
    set(obj, &f.honba, int(w.honba))?;
    set(obj, &f.riichi_sticks, int(w.sticks))?;
    set(obj, &f.extras, extras)?;
    set(obj, &f.kita, int(w.kita as i64))?;
    set(obj, &f.situation, int(w.situation as i64))?;
    Ok(obj.into())
}

/// `read_majiang_input(data)`: (Hand, Win) of majiang-core's complete `in` form, or None.
#[pyfunction]
pub fn read_majiang_input(py: Python, data: &PyAny) -> PyResult<PyObject> {
    let Some(model) = MODEL.get(py) else { return Ok(py.None()) };
    let value = value_of(data);
    let parsed = CACHE.with(|cache| parse_majiang(&mut cache.borrow_mut(), &value));
    match parsed {
        Some(p) => {
            let hand = make_hand(py, model, &p.hand, &p.meld_texts)?;
            let win = make_win(py, model, &p.win, &[])?; // majiang has no extras
            LAST_MADE.with(|last| {
                *last.borrow_mut() = Some(Made { hand: hand.clone_ref(py), win: win.clone_ref(py), h: p.hand.clone(), w: p.win.clone() })
            });
            Ok((hand, win).into_py(py))
        }
        None => Ok(py.None()),
    }
}

/// The last `Hand` and `Win` `read_majiang_input` made, with the kernel's copies they were made
/// from: parsing a hand and then scoring it is the usual sequence, and `made_copies` spares the
/// scoring the reading of both objects field by field. The objects are held here, so an object
/// at the same address is the same object (and a frozen one: its fields are the ones made).
pub struct Made {
    hand: PyObject,
    win: PyObject,
    h: Hand,
    w: Win,
}

/// The kernel's copies of `hand` and `win` when they are the last ones `read_majiang_input` made.
pub fn made_copies(hand: &PyAny, win: &PyAny) -> Option<(Hand, Win)> {
    LAST_MADE.with(|last| {
        let last = last.borrow();
        let m = last.as_ref()?;
        (m.hand.as_ptr() == hand.as_ptr() && m.win.as_ptr() == win.as_ptr()).then(|| (m.h.clone(), m.w.clone()))
    })
}

thread_local! {
    pub static CACHE: std::cell::RefCell<MeldCache> = std::cell::RefCell::new(MeldCache::default());
    static LAST_MADE: std::cell::RefCell<Option<Made>> = std::cell::RefCell::new(None);
}
