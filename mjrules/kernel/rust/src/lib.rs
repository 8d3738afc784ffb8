//! mjrules' native kernel. It holds three things:
//!
//! - the computations on tile counts, rule-free: shanten (`distance`), complete counts (`shapes`),
//!   a hand's readings (`arrange`, `readings`), and the reading of tile text (MPSZ and majiang
//!   notation) into the model's interned Tile objects;
//! - the run of a Scorer's plan (`plan`), with native twins of the built-in plugins' rules: the yaku
//!   checks (`twins`), the fu count (`fu`), the limits and payments (`pay`), pao. The rules are
//!   defined in the plugins and come compiled from Python (`mjrules.scoring.plan`), read by field
//!   name (`fields`); `batch` and `compare --input` lines are answered in bulk (`render`, `compare`);
//! - the search of `discard --ev` (`ev`).
//!
//! Counts are 34 numbers 0–4 (1m…9m 1p…9p 1s…9s 1z…7z) as a list, a tuple or bytes. Input that
//! is not that is handed to the Python kernel (`mjrules.kernel.python`), so both kernels answer
//! it alike: with the Python kernel's error, which names what is wrong.

use pyo3::ffi;
use pyo3::AsPyPointer;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};

#[macro_use]
mod fields;
mod arrange;
mod bound;
mod compare;
mod distance;
mod ev;
mod fu;
mod fx;
mod json;
mod model;
mod notation;
mod pay;
mod plan;
mod readings;
mod render;
mod shapes;
mod table;
mod twins;

use distance::{sets_needed, FULL};

type Counts = [u8; 34];

/// An exact int 0–4 (a bool or a float is not a count, as in the Python kernel).
///
/// Read through the C API with borrowed references: PyO3's list iterator registers every item
/// in its pool of owned references, which cost more than the shanten itself.
fn count(item: *mut ffi::PyObject) -> Option<u8> {
    // SAFETY: `item` is a live borrowed reference from a list or tuple the caller holds.
    unsafe {
        if ffi::Py_TYPE(item) != std::ptr::addr_of_mut!(ffi::PyLong_Type) {
            return None;
        }
        let v = ffi::PyLong_AsLong(item);
        if v == -1 && !ffi::PyErr_Occurred().is_null() {
            ffi::PyErr_Clear();
            return None;
        }
        if (0..=4).contains(&v) { Some(v as u8) } else { None }
    }
}

/// 34 counts from a list, a tuple or bytes; None for anything else.
fn read_counts(obj: &PyAny) -> Option<Counts> {
    let mut out = [0u8; 34];
    let ptr = obj.as_ptr();
    if let Ok(list) = obj.downcast::<PyList>() {
        if list.len() != 34 {
            return None;
        }
        for (i, slot) in out.iter_mut().enumerate() {
            // SAFETY: the list has 34 items and the GIL is held; the item is borrowed.
            *slot = count(unsafe { ffi::PyList_GetItem(ptr, i as ffi::Py_ssize_t) })?;
        }
    } else if let Ok(tuple) = obj.downcast::<PyTuple>() {
        if tuple.len() != 34 {
            return None;
        }
        for (i, slot) in out.iter_mut().enumerate() {
            // SAFETY: as above, for a tuple.
            *slot = count(unsafe { ffi::PyTuple_GetItem(ptr, i as ffi::Py_ssize_t) })?;
        }
    } else if let Ok(b) = obj.downcast::<PyBytes>() {
        let raw = b.as_bytes();
        if raw.len() != 34 || raw.iter().any(|&c| c > 4) {
            return None;
        }
        out.copy_from_slice(raw);
    } else {
        return None;
    }
    Some(out)
}

/// The Python kernel's answer (or error) for input this kernel does not take.
fn python_kernel(py: Python, name: &str, args: impl IntoPy<Py<PyTuple>>) -> PyResult<PyObject> {
    let module = py.import("mjrules.kernel.python")?;
    Ok(module.getattr(name)?.call1(args)?.into())
}

/// Minimum shanten over the three forms for 34 concealed tile counts (melds implied by the count).
#[pyfunction]
fn shanten(py: Python, counts: &PyAny) -> PyResult<PyObject> {
    if let Some(c) = read_counts(counts) {
        if let Some(m) = sets_needed(&c) {
            return Ok(distance::minimum(&c, m).into_py(py));
        }
    }
    python_kernel(py, "shanten", (counts,))
}

/// Shanten of the four-sets-and-a-pair form; `caps` gives per kind how many copies a completed
/// concealed part may hold (4 less the copies in the hand's melds), default four of each.
#[pyfunction(caps = "None")]
fn standard_shanten(py: Python, counts: &PyAny, caps: Option<&PyAny>) -> PyResult<PyObject> {
    let limit = match caps {
        None => Some(FULL),
        Some(obj) if obj.is_none() => Some(FULL),
        Some(obj) => read_counts(obj),
    };
    if let (Some(c), Some(limit)) = (read_counts(counts), limit) {
        if let Some(m) = sets_needed(&c) {
            return Ok(distance::standard(&c, &limit, m).into_py(py));
        }
    }
    python_kernel(py, "standard_shanten", (counts, caps))
}

/// Whether concealed counts read as sets and one pair (3k + 2 tiles), or at 14 tiles as seven
/// pairs or thirteen orphans.
#[pyfunction]
fn is_winning(py: Python, counts: &PyAny) -> PyResult<PyObject> {
    match read_counts(counts) {
        Some(c) => Ok(shapes::winning(&c).into_py(py)),
        None => python_kernel(py, "is_winning", (counts,)),
    }
}

/// Kinds that complete a 3k + 1-tile hand: never one `held` four times (melds included), nor one
/// whose bit is set in `removed`.
#[pyfunction(removed = "0")]
fn winning_kinds(py: Python, counts: &PyAny, held: &PyAny, removed: u64) -> PyResult<PyObject> {
    let (c, h) = match (read_counts(counts), read_counts(held)) {
        (Some(c), Some(h)) => (c, h),
        _ => return python_kernel(py, "winning_kinds", (counts, held, removed)),
    };
    let mut c = c;
    let mut out: Vec<u8> = Vec::new();
    for i in 0..34 {
        if h[i] >= 4 || c[i] >= 4 || removed >> i & 1 == 1 {
            continue;
        }
        c[i] += 1;
        if shapes::winning(&c) {
            out.push(i as u8);
        }
        c[i] -= 1;
    }
    Ok(out.into_py(py))
}

/// Kinds whose draw takes the shanten below `current`: never one `held` four times; with `caps`
/// (a hand with melds) the standard form only, else the minimum over the three forms.
#[pyfunction]
fn improving_kinds(py: Python, counts: &PyAny, caps: Option<&PyAny>, held: &PyAny, current: i32) -> PyResult<PyObject> {
    let limit = match caps {
        None => Some(None),
        Some(obj) if obj.is_none() => Some(None),
        Some(obj) => read_counts(obj).map(Some),
    };
    if let (Some(mut c), Some(h), Some(limit)) = (read_counts(counts), read_counts(held), limit) {
        if let Some(kinds) = improving(&mut c, &limit, &h, current) {
            return Ok(kinds.into_py(py));
        }
    }
    python_kernel(py, "improving_kinds", (counts, caps, held, current))
}

/// The shanten of `c` after a draw or discard: the standard form alone with `caps`, else the minimum.
fn distance_of(c: &Counts, caps: &Option<Counts>) -> Option<i32> {
    let m = sets_needed(c)?;
    Some(match caps {
        Some(caps) => distance::standard(c, caps, m),
        None => distance::minimum(c, m),
    })
}

/// The kinds among 0–33 whose draw takes `c` below shanten `current`: never one `held` four times.
fn improving(c: &mut Counts, caps: &Option<Counts>, held: &Counts, current: i32) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    for i in 0..34 {
        if held[i] >= 4 || c[i] >= 4 {
            continue;
        }
        c[i] += 1;
        let s = distance_of(c, caps);
        c[i] -= 1;
        if s? < current {
            out.push(i as u8);
        }
    }
    Some(out)
}

/// Every discard of a 3k + 2-tile hand at once: for each kind held concealed, (kind, the shanten
/// after discarding one, the kinds whose draw would then lower it). `held` counts the hand and its
/// melds; `caps` as for `standard_shanten` (a hand with melds).
#[pyfunction]
fn discards(py: Python, counts: &PyAny, caps: Option<&PyAny>, held: &PyAny) -> PyResult<PyObject> {
    let limit = match caps {
        None => Some(None),
        Some(obj) if obj.is_none() => Some(None),
        Some(obj) => read_counts(obj).map(Some),
    };
    let fallback = |py| python_kernel(py, "discards", (counts, caps, held));
    let (mut c, mut h, limit) = match (read_counts(counts), read_counts(held), limit) {
        (Some(c), Some(h), Some(limit)) if (0..34).all(|i| h[i] >= c[i]) => (c, h, limit),
        _ => return fallback(py),
    };
    let mut out: Vec<(u8, i32, Vec<u8>)> = Vec::new();
    for i in 0..34 {
        if c[i] == 0 {
            continue;
        }
        c[i] -= 1;
        h[i] -= 1;
        let after = distance_of(&c, &limit).and_then(|s| Some((s, improving(&mut c, &limit, &h, s)?)));
        c[i] += 1;
        h[i] += 1;
        match after {
            Some((s, kinds)) => out.push((i as u8, s, kinds)),
            None => return fallback(py),
        }
    }
    Ok(out.into_py(py))
}

/// Every reading of concealed counts (the winning tile included) as sets and one pair, with the
/// waits the winning tile `w` completes there: [(pair or -1, sets, sequence starts, triplet kinds,
/// waits)], the sets and waits looked up in `shapes` (the concealed SetShapes: sequences by first
/// kind, then triplets by kind) and `waits` (ryanmen, kanchan, penchan, shanpon, tanki).
#[pyfunction]
fn placed(py: Python, shapes: &PyTuple, waits: &PyTuple, counts: &PyAny, w: u8) -> PyResult<PyObject> {
    let c = match read_counts(counts) {
        Some(c) if w < 34 && c[w as usize] > 0 => c,
        _ => return python_kernel(py, "placed", (counts, w)),
    };
    let mut out = Vec::new();
    for r in arrange::placed(&c, w) {
        let mut sets = Vec::with_capacity(r.sets.len());
        let mut seqs = Vec::new();
        let mut trips = Vec::new();
        for &(kind, first) in &r.sets {
            sets.push(shapes.get_item(kind as usize * 34 + first as usize)?);
            if kind == arrange::SEQ { seqs.push(first) } else { trips.push(first) }
        }
        let mut ws = Vec::with_capacity(r.waits.len());
        for &k in &r.waits {
            ws.push(waits.get_item(k as usize)?);
        }
        out.push((r.pair, PyTuple::new(py, sets), PyTuple::new(py, seqs), PyTuple::new(py, trips), PyTuple::new(py, ws)));
    }
    Ok(out.into_py(py))
}

/// The Tile objects of `codes`, looked up in `table` (the 37 interned tiles: kinds 0–33, then the
/// red fives of m, p, s), as a new list.
fn tile_list(py: Python, table: &PyTuple, codes: Option<Vec<usize>>) -> PyResult<PyObject> {
    match codes {
        None => Ok(py.None()),
        Some(codes) => {
            let mut tiles = Vec::with_capacity(codes.len());
            for c in codes {
                tiles.push(table.get_item(c)?);
            }
            Ok(PyList::new(py, tiles).into())
        }
    }
}

/// The UTF-8 bytes of `text`, or None for a str that has none: one holding a lone surrogate (a
/// byte that was not UTF-8, kept by Python's surrogateescape), which no tile reader takes. Read
/// as None, such text gets the Python kernel's error, which names the character.
fn utf8(text: &PyString) -> Option<&[u8]> {
    text.to_str().ok().map(str::as_bytes)
}

/// The tiles of a concealed part in majiang notation (`m345p40677`, `*` passed over), or None if a
/// character is not a tile. `table` holds the 37 Tile objects by code.
#[pyfunction]
fn read_majiang_tiles(py: Python, table: &PyTuple, text: &PyString) -> PyResult<PyObject> {
    tile_list(py, table, utf8(text).and_then(notation::majiang))
}

/// The tiles of MPSZ text (`123m406p`), or None if it is not plain MPSZ tiles.
#[pyfunction]
fn read_mpsz_tiles(py: Python, table: &PyTuple, text: &PyString) -> PyResult<PyObject> {
    tile_list(py, table, utf8(text).and_then(notation::mpsz))
}

#[pymodule]
fn _native(_py: Python, m: &PyModule) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(shanten, m)?)?;
    m.add_function(wrap_pyfunction!(standard_shanten, m)?)?;
    m.add_function(wrap_pyfunction!(is_winning, m)?)?;
    m.add_function(wrap_pyfunction!(winning_kinds, m)?)?;
    m.add_function(wrap_pyfunction!(improving_kinds, m)?)?;
    m.add_function(wrap_pyfunction!(discards, m)?)?;
    m.add_function(wrap_pyfunction!(placed, m)?)?;
    m.add_function(wrap_pyfunction!(read_majiang_tiles, m)?)?;
    m.add_function(wrap_pyfunction!(read_mpsz_tiles, m)?)?;
    m.add_function(wrap_pyfunction!(bound::bind_model, m)?)?;
    m.add_function(wrap_pyfunction!(bound::bind_scoring, m)?)?;
    m.add_function(wrap_pyfunction!(bound::bind_notation, m)?)?;
    m.add_function(wrap_pyfunction!(model::read_majiang_input, m)?)?;
    m.add_function(wrap_pyfunction!(twins::twin_names, m)?)?;
    m.add_function(wrap_pyfunction!(fields::boundary, m)?)?;
    m.add_function(wrap_pyfunction!(ev::ev_search, m)?)?;
    m.add_class::<plan::Plan>()?;
    m.add_class::<plan::Deferred>()?;
    m.add_class::<plan::Analysis>()?;
    m.add_class::<plan::YakuTable>()?;
    m.add_class::<compare::Comparison>()?;
    m.add_class::<table::TablePlan>()?;
    m.add_class::<table::NativeGame>()?;
    Ok(())
}
