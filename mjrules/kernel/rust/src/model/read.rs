//! Reading the model's objects (`Hand`, `Meld`, `Win`) and plain Python values into the kernel's copies.

use super::*;

pub(crate) fn small_int(obj: *mut ffi::PyObject) -> Option<i64> {
    // SAFETY: a live object; an exact int only (a bool is no count).
    unsafe {
        if ffi::Py_TYPE(obj) != std::ptr::addr_of_mut!(ffi::PyLong_Type) {
            return None;
        }
        let v = ffi::PyLong_AsLongLong(obj);
        if v == -1 && !ffi::PyErr_Occurred().is_null() {
            ffi::PyErr_Clear();
            return None;
        }
        Some(v)
    }
}

/// An int or an int enum member (`Riichi`, `SetKind`).
pub(crate) fn int_like(obj: &PyAny) -> Option<i64> {
    if obj.is_instance_of::<pyo3::types::PyBool>().ok()? {
        return None;
    }
    obj.extract::<i64>().ok()
}

pub(crate) fn tile_code(model: &Model, obj: *mut ffi::PyObject) -> Option<u8> {
    model.tiles.iter().position(|t| t.as_ptr() == obj).map(|i| i as u8)
}

pub(crate) fn tuple_items(obj: &PyAny) -> Option<&PyTuple> {
    obj.downcast::<PyTuple>().ok()
}

/// Read a `Hand` (exactly that type) into the kernel's copy.
pub fn read_hand(py: Python, model: &Model, obj: &PyAny) -> Option<Hand> {
    if obj.get_type().as_ptr() != model.hand_type.as_ptr() {
        return None;
    }
    let n = &model.names.hand;
    let counts_t = tuple_items(obj.getattr(n.counts.as_ref(py)).ok()?)?;
    if counts_t.len() != 34 {
        return None;
    }
    let mut counts = [0u8; 34];
    for (i, slot) in counts.iter_mut().enumerate() {
        // SAFETY: 34 items, GIL held, borrowed.
        let v = small_int(unsafe { ffi::PyTuple_GetItem(counts_t.as_ptr(), i as ffi::Py_ssize_t) })?;
        *slot = u8::try_from(v).ok()?;
    }
    let win_code = tile_code(model, obj.getattr(n.win_tile.as_ref(py)).ok()?.as_ptr())?;
    let melds_t = tuple_items(obj.getattr(n.melds.as_ref(py)).ok()?)?;
    let mut hand = Hand {
        counts,
        conc: counts,
        win: kind(win_code),
        win_code,
        tiles: [0; 14],
        ntiles: 0,
        melds: [Meld::default(); 4],
        nmelds: 0,
        red_fives: 0,
        reds: [0; 3],
    };
    if melds_t.len() > 4 {
        return None;
    }
    for m in melds_t.iter() {
        let meld = read_meld(py, model, m)?;
        let k = meld.first as usize;
        if meld.seq {
            for j in k..k + 3 {
                hand.conc[j] = hand.conc[j].checked_sub(1)?;
            }
        } else {
            hand.conc[k] = hand.conc[k].checked_sub(if meld.kan { 4 } else { 3 })?;
        }
        hand.melds[hand.nmelds] = meld;
        hand.nmelds += 1;
    }
    hand.red_fives = u8::try_from(int_like(obj.getattr(n.red_fives.as_ref(py)).ok()?)?).ok()?;
    let reds = tuple_items(obj.getattr(n.reds.as_ref(py)).ok()?)?;
    if reds.len() != 3 {
        return None;
    }
    for i in 0..3 {
        hand.reds[i] = u8::try_from(int_like(reds.get_item(i).ok()?)?).ok()?;
    }
    Some(hand)
}

/// A `Meld`'s kind, shape and source.
pub fn read_meld(py: Python, model: &Model, m: &PyAny) -> Option<Meld> {
    let n = &model.names.meld;
    let kind_obj = m.getattr(n.kind.as_ref(py)).ok()?;
    let kind = model.meld_kinds.iter().position(|k| k.as_ptr() == kind_obj.as_ptr())? as u8;
    // `SetShape`'s items by position (bound::SET_SHAPE_ITEMS): kind, first, concealed, kan
    let shape = tuple_items(m.getattr(n.shape.as_ref(py)).ok()?)?;
    if shape.len() != SET_SHAPE_ITEMS.len() {
        return None;
    }
    let seq = int_like(shape.get_item(0).ok()?)? == 0;
    let first = u8::try_from(int_like(shape.get_item(1).ok()?)?).ok()?;
    let concealed: bool = shape.get_item(2).ok()?.extract().ok()?;
    let kan: bool = shape.get_item(3).ok()?.extract().ok()?;
    let source_obj = m.getattr(n.source.as_ref(py)).ok()?;
    let source = if source_obj.is_none() { 0 } else { u8::try_from(int_like(source_obj)?).ok()? };
    if first >= 34 || (seq && (first >= 27 || first % 9 > 6)) {
        return None;
    }
    Some(Meld { kind, first, concealed, kan, seq, source })
}

pub(crate) fn read_bool(v: &PyAny) -> Option<bool> {
    // SAFETY: pointer comparisons with the two bools.
    unsafe {
        if v.as_ptr() == ffi::Py_True() {
            Some(true)
        } else if v.as_ptr() == ffi::Py_False() {
            Some(false)
        } else {
            None
        }
    }
}

/// Read a `Win` (exactly that type) into the kernel's copy, its extras tags as their bits in
/// `extras` (a plan's table); None for a tag the table does not have.
pub fn read_win(py: Python, model: &Model, obj: &PyAny, extras: &Extras) -> Option<Win> {
    if obj.get_type().as_ptr() != model.win_type.as_ptr() {
        return None;
    }
    let dict: &PyDict = obj.getattr(model.names.dict.as_ref(py)).ok()?.downcast().ok()?;
    let f = &model.names.win;
    let get = |name: &Py<PyString>| dict.get_item(name.as_ref(py));
    let byte = |name: &Py<PyString>| -> Option<u8> { u8::try_from(int_like(get(name)?)?).ok() };
    let flag = |name: &Py<PyString>| -> Option<bool> { read_bool(get(name)?) };
    let d = get(&f.discarder)?;
    let mut w = Win {
        tsumo: flag(&f.tsumo)?,
        discarder: if d.is_none() { 0 } else { u8::try_from(int_like(d)?).ok()? },
        round_wind: byte(&f.round_wind)?,
        seat_wind: byte(&f.seat_wind)?,
        riichi: byte(&f.riichi)?,
        ippatsu: flag(&f.ippatsu)?,
        haitei: flag(&f.haitei)?,
        houtei: flag(&f.houtei)?,
        rinshan: flag(&f.rinshan)?,
        chankan: flag(&f.chankan)?,
        tenhou: flag(&f.tenhou)?,
        chiihou: flag(&f.chiihou)?,
        renhou: flag(&f.renhou)?,
        honba: int_like(get(&f.honba)?)?,
        sticks: int_like(get(&f.riichi_sticks)?)?,
        kita: byte(&f.kita)?,
        situation: u32::try_from(int_like(get(&f.situation)?)?).ok()?,
        ..Win::default()
    };
    w.ndora = indicators(model, get(&f.dora)?, &mut w.dora)?;
    w.nura = indicators(model, get(&f.ura)?, &mut w.ura)?;
    let tags: &PyFrozenSet = get(&f.extras)?.downcast().ok()?;
    for tag in tags.iter() {
        w.extras |= extras.bit(tag.downcast::<PyString>().ok()?.to_str().ok()?)?;
    }
    Some(w)
}

/// Dora or ura indicators (a tuple of at most 5 tiles) into `slot`: how many.
fn indicators(model: &Model, obj: &PyAny, slot: &mut [u8; 5]) -> Option<usize> {
    let t = tuple_items(obj)?;
    if t.len() > 5 {
        return None;
    }
    for (i, item) in t.iter().enumerate() {
        slot[i] = tile_code(model, item.as_ptr())?;
    }
    Some(t.len())
}

/// A Python dict, list, str, int, bool or None as a JSON value (anything else is `Other`).
pub fn value_of(obj: &PyAny) -> Value<'_> {
    let ptr = obj.as_ptr();
    // SAFETY: type checks on a live object.
    unsafe {
        let tp = ffi::Py_TYPE(ptr);
        if ptr == ffi::Py_None() {
            return Value::Null;
        }
        if tp == std::ptr::addr_of_mut!(ffi::PyBool_Type) {
            return Value::Bool(ptr == ffi::Py_True());
        }
        if tp == std::ptr::addr_of_mut!(ffi::PyLong_Type) {
            return match small_int(ptr) {
                Some(v) => Value::Int(v),
                None => Value::Other,
            };
        }
        if tp == std::ptr::addr_of_mut!(ffi::PyUnicode_Type) {
            return match obj.downcast::<PyString>().ok().and_then(|s| s.to_str().ok()) {
                Some(s) => Value::Str(s),
                None => Value::Other,
            };
        }
        if tp == std::ptr::addr_of_mut!(ffi::PyDict_Type) {
            let d: &PyDict = obj.downcast().ok().unwrap();
            let mut items = Vec::with_capacity(d.len());
            for (k, v) in d.iter() {
                match k.downcast::<PyString>().ok().and_then(|s| s.to_str().ok()) {
                    Some(key) if ffi::Py_TYPE(k.as_ptr()) == std::ptr::addr_of_mut!(ffi::PyUnicode_Type) => {
                        items.push((key, value_of(v)))
                    }
                    _ => return Value::Other,
                }
            }
            return Value::Obj(items);
        }
        if tp == std::ptr::addr_of_mut!(ffi::PyList_Type) {
            let l: &PyList = obj.downcast().ok().unwrap();
            return Value::Arr(l.iter().map(value_of).collect());
        }
    }
    Value::Other
}
