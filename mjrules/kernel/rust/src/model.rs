//! The kernel's own copy of a hand and its win: read from the model's `Hand` and `Win`, or from a
//! majiang `in` object (a Python dict, or a JSON line read by `json`), and made into `Hand` and `Win`
//! objects when Python asks for them. Anything the kernel is unsure of gives None: the Python code
//! then reads the input as before, and names what is wrong with it.

use std::collections::HashMap;

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFrozenSet, PyList, PyString, PyTuple};
use pyo3::AsPyPointer;

use crate::bound::{Model, MELD_READER, MODEL};
use crate::json::Value;

pub const CHI: u8 = 0;
pub const PON: u8 = 1;
pub const DAIMINKAN: u8 = 2;
pub const KAKAN: u8 = 3;
pub const ANKAN: u8 = 4;

pub const NORTH: u8 = 30;

/// `Win.extras` tags the kernel knows, one bit each.
pub const EXTRAS: [&str; 7] =
    ["robbed_ankan", "robbed_kita", "tsubame_gaeshi", "kanburi", "open_riichi", "discarder_not_riichi", "paarenchan"];
pub const ROBBED_ANKAN: u32 = 1;
pub const ROBBED_KITA: u32 = 2;

/// `SITUATIONS` bits (`mjrules.model.win`).
pub mod bits {
    pub const RIICHI: u32 = 1 << 0;
    pub const DOUBLE_RIICHI: u32 = 1 << 1;
    pub const IPPATSU: u32 = 1 << 2;
    pub const TSUMO: u32 = 1 << 3;
    pub const RON: u32 = 1 << 4;
    pub const HAITEI: u32 = 1 << 5;
    pub const HOUTEI: u32 = 1 << 6;
    pub const RINSHAN: u32 = 1 << 7;
    pub const CHANKAN: u32 = 1 << 8;
    pub const TENHOU: u32 = 1 << 9;
    pub const CHIIHOU: u32 = 1 << 10;
    pub const RENHOU: u32 = 1 << 11;
    pub const ROUND_EAST: u32 = 1 << 12;
    pub const SEAT_EAST: u32 = 1 << 16;
    pub const KITA: u32 = 1 << 20;
    /// The conditions that make `check_against_hand` look at the hand.
    pub const NEEDS_HAND_CHECK: u32 = RIICHI | RINSHAN | TENHOU | CHIIHOU | CHANKAN | KITA;
}

#[derive(Clone, Copy, Default)]
pub struct Meld {
    pub kind: u8,
    /// The shape: its first kind, whether concealed, whether a kan.
    pub first: u8,
    pub concealed: bool,
    pub kan: bool,
    pub seq: bool,
    /// Where the called tile came from (1–3), 0 for a closed kan.
    pub source: u8,
}

impl Meld {
    pub fn is_kan(&self) -> bool {
        self.kind >= DAIMINKAN
    }
}

#[derive(Clone)]
pub struct Hand {
    pub counts: [u8; 34],
    /// Concealed counts, the winning tile included.
    pub conc: [u8; 34],
    pub win: u8,
    /// The winning tile's code (34–36: a red five).
    pub win_code: u8,
    /// Concealed tiles' codes in the model's order (kind, a red five first), without the winning tile.
    pub tiles: [u8; 14],
    pub ntiles: usize,
    pub melds: [Meld; 4],
    pub nmelds: usize,
    pub red_fives: u8,
    pub reds: [u8; 3],
}

impl Hand {
    pub fn melds(&self) -> &[Meld] {
        &self.melds[..self.nmelds]
    }
    pub fn closed(&self) -> bool {
        self.melds().iter().all(|m| m.kind == ANKAN)
    }
    pub fn kans(&self) -> u8 {
        self.melds().iter().filter(|m| m.is_kan()).count() as u8
    }
}

#[derive(Clone, Default)]
pub struct Win {
    pub tsumo: bool,
    pub discarder: u8,
    pub round_wind: u8,
    pub seat_wind: u8,
    pub riichi: u8,
    pub ippatsu: bool,
    pub haitei: bool,
    pub houtei: bool,
    pub rinshan: bool,
    pub chankan: bool,
    pub tenhou: bool,
    pub chiihou: bool,
    pub renhou: bool,
    /// Indicators' tile codes (34–36: a red five).
    pub dora: [u8; 5],
    pub ndora: usize,
    pub ura: [u8; 5],
    pub nura: usize,
    pub honba: i64,
    pub sticks: i64,
    pub extras: u32,
    pub kita: u8,
    pub situation: u32,
}

impl Win {
    pub fn dora(&self) -> &[u8] {
        &self.dora[..self.ndora]
    }
    pub fn ura(&self) -> &[u8] {
        &self.ura[..self.nura]
    }
}

/// A tile code's kind (a red five is its five).
pub fn kind(code: u8) -> u8 {
    if code >= 34 {
        (code - 34) * 9 + 4
    } else {
        code
    }
}

/// The model's sort rank of a tile code: by kind, a red five before a plain one.
fn rank(code: u8) -> u16 {
    kind(code) as u16 * 2 + if code >= 34 { 0 } else { 1 }
}

// -- reading the model's objects -------------------------------------------------------------------

fn small_int(obj: *mut ffi::PyObject) -> Option<i64> {
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
fn int_like(obj: &PyAny) -> Option<i64> {
    if obj.is_instance_of::<pyo3::types::PyBool>().ok()? {
        return None;
    }
    obj.extract::<i64>().ok()
}

fn tile_code(model: &Model, obj: *mut ffi::PyObject) -> Option<u8> {
    model.tiles.iter().position(|t| t.as_ptr() == obj).map(|i| i as u8)
}

fn tuple_items(obj: &PyAny) -> Option<&PyTuple> {
    obj.downcast::<PyTuple>().ok()
}

/// Read a `Hand` (exactly that type) into the kernel's copy.
pub fn read_hand(py: Python, model: &Model, obj: &PyAny) -> Option<Hand> {
    if obj.get_type().as_ptr() != model.hand_type.as_ptr() {
        return None;
    }
    let n = &model.names;
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
    let n = &model.names;
    let kind_obj = m.getattr(n.kind.as_ref(py)).ok()?;
    let kind = model.meld_kinds.iter().position(|k| k.as_ptr() == kind_obj.as_ptr())? as u8;
    let shape = tuple_items(m.getattr(n.shape.as_ref(py)).ok()?)?;
    if shape.len() != 4 {
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

fn read_bool(v: &PyAny) -> Option<bool> {
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

/// Read a `Win` (exactly that type) into the kernel's copy; None for extras tags it does not know.
pub fn read_win(py: Python, model: &Model, obj: &PyAny) -> Option<Win> {
    if obj.get_type().as_ptr() != model.win_type.as_ptr() {
        return None;
    }
    let dict: &PyDict = obj.getattr(model.names.dict.as_ref(py)).ok()?.downcast().ok()?;
    let f = &model.names.win_fields;
    let get = |i: usize| dict.get_item(f[i].as_ref(py));
    let mut w = Win {
        tsumo: read_bool(get(0)?)?,
        ..Win::default()
    };
    let d = get(1)?;
    w.discarder = if d.is_none() { 0 } else { u8::try_from(int_like(d)?).ok()? };
    w.round_wind = u8::try_from(int_like(get(2)?)?).ok()?;
    w.seat_wind = u8::try_from(int_like(get(3)?)?).ok()?;
    w.riichi = u8::try_from(int_like(get(4)?)?).ok()?;
    w.ippatsu = read_bool(get(5)?)?;
    w.haitei = read_bool(get(6)?)?;
    w.houtei = read_bool(get(7)?)?;
    w.rinshan = read_bool(get(8)?)?;
    w.chankan = read_bool(get(9)?)?;
    w.tenhou = read_bool(get(10)?)?;
    w.chiihou = read_bool(get(11)?)?;
    w.renhou = read_bool(get(12)?)?;
    for (slot, field, n) in [(&mut w.dora, 13usize, 0usize), (&mut w.ura, 14, 1)] {
        let t = tuple_items(get(field)?)?;
        if t.len() > 5 {
            return None;
        }
        for (i, item) in t.iter().enumerate() {
            slot[i] = tile_code(model, item.as_ptr())?;
        }
        if n == 0 {
            w.ndora = t.len();
        } else {
            w.nura = t.len();
        }
    }
    w.honba = int_like(get(15)?)?;
    w.sticks = int_like(get(16)?)?;
    let extras: &PyFrozenSet = get(17)?.downcast().ok()?;
    for tag in extras.iter() {
        let tag: &str = tag.downcast::<PyString>().ok()?.to_str().ok()?;
        w.extras |= 1 << EXTRAS.iter().position(|t| *t == tag)?;
    }
    w.kita = u8::try_from(int_like(get(18)?)?).ok()?;
    w.situation = u32::try_from(int_like(get(19)?)?).ok()?;
    Some(w)
}

// -- majiang `in` objects -----------------------------------------------------------------------------

/// Melds read so far by their written text, with the model's `Meld` the notation layer made of
/// them (it keeps one per text too): a meld is read and checked once per process, the GIL taken
/// only then. The table is shared by the threads of `render_lines` (a thread's own table would be
/// filled again, under the GIL, by every thread of every chunk).
#[derive(Default)]
pub struct MeldCache;

type MeldTable = std::sync::RwLock<HashMap<String, (Meld, PyObject), crate::fx::Fx>>;

static MELDS: std::sync::OnceLock<MeldTable> = std::sync::OnceLock::new();

fn meld_table() -> &'static MeldTable {
    MELDS.get_or_init(|| std::sync::RwLock::new(HashMap::default()))
}

const MAX_MELDS: usize = 20_000;

impl MeldCache {
    /// The kernel copy of the meld written `text` (suit letter first); None when the notation layer
    /// refuses it.
    pub fn get(&mut self, text: &str) -> Option<Meld> {
        if let Some(hit) = meld_table().read().ok()?.get(text) {
            return Some(hit.0);
        }
        if text.len() < 2 || !matches!(text.as_bytes()[0], b'm' | b'p' | b's' | b'z') || !text.is_ascii() {
            return None;
        }
        Python::with_gil(|py| {
            let model = MODEL.get(py)?;
            let obj = MELD_READER.get(py)?.call1(py, (&text[..1], &text[1..], text)).ok()?;
            let meld = read_meld(py, model, obj.as_ref(py))?;
            let mut table = meld_table().write().ok()?;
            if table.len() < MAX_MELDS {
                table.insert(text.to_string(), (meld, obj));
            }
            Some(meld)
        })
    }

    /// The model's `Meld` of a text `get` has read.
    pub fn object(&mut self, py: Python, text: &str) -> Option<PyObject> {
        if let Some(hit) = meld_table().read().ok()?.get(text) {
            return Some(hit.1.clone_ref(py));
        }
        MELD_READER.get(py)?.call1(py, (&text[..1], &text[1..], text)).ok()
    }
}

/// A majiang tile name (`m1`, `m0`, `z7`) as a code.
fn tile_name(name: &str) -> Option<u8> {
    let b = name.as_bytes();
    if b.len() != 2 {
        return None;
    }
    majiang_code(b[0], b[1])
}

fn majiang_code(suit: u8, digit: u8) -> Option<u8> {
    let d = digit.checked_sub(b'0')?;
    match (suit, d) {
        (b'z', 1..=7) => Some(27 + d - 1),
        (b'm' | b'p' | b's', 0..=9) => {
            let s = match suit {
                b'm' => 0,
                b'p' => 1,
                _ => 2,
            };
            Some(if d == 0 { 34 + s } else { s * 9 + d - 1 })
        }
        _ => None,
    }
}

/// A hand and win read from a majiang `in` object, with its melds as written.
pub struct Parsed<'a> {
    pub hand: Hand,
    pub win: Win,
    pub meld_texts: [&'a str; 4],
}

const HUPAI_KEYS: [&str; 6] = ["lizhi", "yifa", "qianggang", "lingshang", "haidi", "tianhu"];

fn int_in(v: Option<&Value>, low: i64, high: i64) -> Option<i64> {
    match v? {
        Value::Int(i) if (low..=high).contains(i) => Some(*i),
        _ => None,
    }
}

fn flag(v: Option<&Value>) -> Option<bool> {
    match v {
        None => Some(false),
        Some(Value::Bool(b)) => Some(*b),
        _ => None,
    }
}

fn indicators(v: &Value, out: &mut [u8; 5]) -> Option<usize> {
    match v {
        Value::Arr(items) if items.len() <= 5 => {
            for (i, item) in items.iter().enumerate() {
                match item {
                    Value::Str(s) => out[i] = tile_name(s)?,
                    _ => return None,
                }
            }
            Some(items.len())
        }
        _ => None,
    }
}

/// The majiang-core `in` object of a `batch` or `compare --input` line (the line itself, or its
/// "in"), as `notation.lines.read_line` finds it; None where the Python path reads the line: an
/// mjrules JSON hand ("hand", whatever else the line has), a "rule" beside "in" other than an
/// empty object (`batch` applies it, `compare` refuses it), a key written twice, no object.
pub fn majiang_in<'v, 'a>(line: &'v Value<'a>) -> Option<&'v Value<'a>> {
    if !matches!(line, Value::Obj(_)) || !matches!(line.get("hand"), Ok(None)) {
        return None;
    }
    match line.get("in") {
        Ok(Some(inner)) => match line.get("rule") {
            Ok(None) => Some(inner),
            Ok(Some(Value::Obj(items))) if items.is_empty() => Some(inner),
            _ => None,
        },
        Ok(None) => Some(line),
        Err(()) => None,
    }
}

/// Read majiang-core's complete `in` form (every key written, as its own data has it), as
/// `notation.majiang.parse_majiang_input` reads it; None for anything else.
pub fn parse_majiang<'a>(cache: &mut MeldCache, data: &Value<'a>) -> Option<Parsed<'a>> {
    if data.len() != 3 {
        return None;
    }
    let shoupai = data.get("shoupai").ok()??;
    let rongpai = data.get("rongpai").ok()??;
    let param = data.get("param").ok()??;
    if !matches!(param, Value::Obj(_)) || param.len() != 6 {
        return None;
    }
    let hupai = param.get("hupai").ok()??;
    let jicun = param.get("jicun").ok()??;
    let round_wind = int_in(param.get("zhuangfeng").ok()?, 0, 3)? as u8;
    let seat_wind = int_in(param.get("menfeng").ok()?, 0, 3)? as u8;
    if !matches!(jicun, Value::Obj(_)) || jicun.len() != 2 {
        return None;
    }
    let honba = int_in(jicun.get("changbang").ok()?, 0, 999)?;
    let sticks = int_in(jicun.get("lizhibang").ok()?, 0, 999)?;
    let Value::Obj(hupai_items) = hupai else { return None };
    for (k, _) in hupai_items {
        if !HUPAI_KEYS.contains(k) {
            return None;
        }
    }
    let (riichi, haidi, tianhu) = if hupai_items.is_empty() {
        (0, 0, 0)
    } else {
        let g = |k: &str| hupai.get(k);
        let opt_int = |k: &str| -> Option<i64> {
            match g(k).ok()? {
                None => Some(0),
                v => int_in(v, 0, 2),
            }
        };
        (opt_int("lizhi")?, opt_int("haidi")?, opt_int("tianhu")?)
    };
    let (ippatsu, chankan, rinshan) = if hupai_items.is_empty() {
        (false, false, false)
    } else {
        (flag(hupai.get("yifa").ok()?)?, flag(hupai.get("qianggang").ok()?)?, flag(hupai.get("lingshang").ok()?)?)
    };
    let mut win = Win {
        round_wind,
        seat_wind,
        riichi: riichi as u8,
        ippatsu,
        haitei: haidi == 1,
        houtei: haidi == 2,
        rinshan,
        chankan,
        tenhou: tianhu == 1,
        chiihou: tianhu == 2,
        honba,
        sticks,
        ..Win::default()
    };
    win.ndora = indicators(param.get("baopai").ok()??, &mut win.dora)?;
    win.nura = indicators(param.get("fubaopai").ok()??, &mut win.ura)?;

    // the hand: shoupai, then rongpai
    let Value::Str(shoupai) = shoupai else { return None };
    if shoupai.len() > 200 || !shoupai.is_ascii() {
        return None;
    }
    let mut parts = shoupai.split(',');
    let concealed = parts.next()?;
    let mut melds = [Meld::default(); 4];
    let mut meld_texts = [""; 4];
    let mut nmelds = 0;
    let mut reds = [0u8; 3];
    let mut counts = [0u8; 34];
    for written in parts {
        if nmelds == 4 {
            return None;
        }
        melds[nmelds] = cache.get(written)?;
        meld_texts[nmelds] = written;
        nmelds += 1;
        let suit = written.as_bytes()[0];
        for &c in &written.as_bytes()[1..] {
            if c.is_ascii_digit() {
                let code = majiang_code(suit, c)?;
                counts[kind(code) as usize] += 1;
                if code >= 34 {
                    reds[(code - 34) as usize] += 1;
                }
            }
        }
    }
    let mut tiles = [0u8; 15];
    let mut ntiles = 0;
    let mut suit = 0u8;
    for &ch in concealed.as_bytes() {
        match ch {
            b'm' | b'p' | b's' | b'z' => suit = ch,
            b'*' => {}
            _ => {
                if suit == 0 || ntiles == 15 {
                    return None;
                }
                tiles[ntiles] = majiang_code(suit, ch)?;
                ntiles += 1;
            }
        }
    }
    let win_code = match rongpai {
        Value::Null => {
            win.tsumo = true;
            if ntiles == 0 {
                return None;
            }
            ntiles -= 1;
            tiles[ntiles]
        }
        Value::Str(r) => {
            let b = r.as_bytes();
            if b.len() != 3 {
                return None;
            }
            win.discarder = match b[2] {
                b'+' => 1,
                b'=' => 2,
                b'-' => 3,
                _ => return None,
            };
            majiang_code(b[0], b[1])?
        }
        _ => return None,
    };
    if ntiles + 3 * nmelds != 13 {
        return None;
    }
    let mut conc = [0u8; 34];
    for &code in tiles[..ntiles].iter().chain(std::iter::once(&win_code)) {
        let k = kind(code) as usize;
        counts[k] += 1;
        conc[k] += 1;
        if code >= 34 {
            reds[(code - 34) as usize] += 1;
        }
    }
    if counts.iter().any(|&c| c > 4) {
        return None;
    }
    let mut sorted = [0u8; 14];
    sorted[..ntiles].copy_from_slice(&tiles[..ntiles]);
    sorted[..ntiles].sort_by_key(|&c| rank(c));
    let hand = Hand {
        counts,
        conc,
        win: kind(win_code),
        win_code,
        tiles: sorted,
        ntiles,
        melds,
        nmelds,
        red_fives: reds[0] + reds[1] + reds[2],
        reds,
    };
    if !check_win(&win) {
        return None;
    }
    win.situation = situation(&win);
    Some(Parsed { hand, win, meld_texts })
}

/// `Win`'s own checks (`_check_win`, `_check_special`): whether the model would build it.
fn check_win(w: &Win) -> bool {
    if w.tsumo != (w.discarder == 0) || w.riichi > 2 || (w.nura > 0 && w.riichi == 0) {
        return false;
    }
    let bad = (w.ippatsu && w.riichi == 0)
        || (w.haitei && !w.tsumo)
        || (w.houtei && w.tsumo)
        || (w.rinshan && !w.tsumo)
        || (w.chankan && w.tsumo)
        || (w.haitei && w.rinshan)
        || (w.chankan && (w.houtei || w.rinshan))
        || (w.tenhou && w.chiihou);
    if bad {
        return false;
    }
    if w.tenhou || w.chiihou {
        if !w.tsumo || (w.tenhou && w.seat_wind != 0) || (w.chiihou && w.seat_wind == 0) {
            return false;
        }
        if w.riichi > 0 || w.ippatsu || w.haitei || w.rinshan {
            return false;
        }
    }
    if w.renhou {
        return false; // majiang has no renhou field: never read here
    }
    true
}

/// `Win.situation` of a checked win.
pub fn situation(w: &Win) -> u32 {
    use bits::*;
    let mut s = match w.riichi {
        1 => RIICHI,
        2 => RIICHI | DOUBLE_RIICHI,
        _ => 0,
    };
    s |= if w.tsumo { TSUMO } else { RON };
    s |= ROUND_EAST << w.round_wind;
    s |= SEAT_EAST << w.seat_wind;
    if w.kita > 0 {
        s |= KITA;
    }
    for (on, bit) in [
        (w.ippatsu, IPPATSU),
        (w.haitei, HAITEI),
        (w.houtei, HOUTEI),
        (w.rinshan, RINSHAN),
        (w.chankan, CHANKAN),
        (w.tenhou, TENHOU),
        (w.chiihou, CHIIHOU),
        (w.renhou, RENHOU),
    ] {
        if on {
            s |= bit;
        }
    }
    s
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

// -- making the model's objects -------------------------------------------------------------------------

/// Set a slot or instance attribute of an object the kernel made, as attrs' own `__init__` does
/// (``object.__setattr__``): the values were checked as the model's validators check them.
fn set(obj: &PyAny, name: &Py<PyString>, value: PyObject) -> PyResult<()> {
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

pub fn set_fields(obj: &PyAny, names: &[Py<PyString>], values: Vec<PyObject>) -> PyResult<()> {
    for (name, value) in names.iter().zip(values) {
        set(obj, name, value)?;
    }
    Ok(())
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
    let n = &model.names;
    let tiles: Vec<PyObject> = hand.tiles[..hand.ntiles].iter().map(|&c| model.tiles[c as usize].clone_ref(py)).collect();
    set(obj, &n.concealed, PyTuple::new(py, tiles).into())?;
    set(obj, &n.win_tile, model.tiles[hand.win_code as usize].clone_ref(py))?;
    set(obj, &n.melds, PyTuple::new(py, meld_objs.iter().map(|m| m.clone_ref(py))).into())?;
    set(obj, &n.counts, PyTuple::new(py, hand.counts.iter().map(|&c| c as i64)).into())?;
    set(obj, &n.red_fives, (hand.red_fives as i64).into_py(py))?;
    set(obj, &n.reds, PyTuple::new(py, hand.reds.iter().map(|&c| c as i64)).into())?;
    Ok(obj.into())
}

/// The model's `Win` of a parsed win.
pub fn make_win(py: Python, model: &Model, w: &Win) -> PyResult<PyObject> {
    let obj = alloc(py, model.win_type.as_ref(py))?;
    let tiles = |codes: &[u8]| -> PyObject {
        PyTuple::new(py, codes.iter().map(|&c| model.tiles[c as usize].clone_ref(py))).into()
    };
    let b = |v: bool| -> PyObject { v.into_py(py) };
    let extras = if w.extras == 0 {
        model.empty_frozenset.clone_ref(py)
    } else {
        let tags: Vec<&str> = (0..EXTRAS.len()).filter(|i| w.extras >> i & 1 == 1).map(|i| EXTRAS[i]).collect();
        PyFrozenSet::new(py, &tags)?.into()
    };
    let values = vec![
        b(w.tsumo),
        if w.discarder == 0 { py.None() } else { (w.discarder as i64).into_py(py) },
        (w.round_wind as i64).into_py(py),
        (w.seat_wind as i64).into_py(py),
        model.riichi[w.riichi as usize].clone_ref(py),
        b(w.ippatsu),
        b(w.haitei),
        b(w.houtei),
        b(w.rinshan),
        b(w.chankan),
        b(w.tenhou),
        b(w.chiihou),
        b(w.renhou),
        tiles(w.dora()),
        tiles(w.ura()),
        w.honba.into_py(py),
        w.sticks.into_py(py),
        extras,
        (w.kita as i64).into_py(py),
        (w.situation as i64).into_py(py),
    ];
    set_fields(obj, &model.names.win_fields, values)?;
    Ok(obj.into())
}

/// The indicators of a red-five-free kind table: dora of `ind` (the 136-tile set).
pub fn dora_of(ind: u8) -> u8 {
    if ind < 27 {
        if ind % 9 == 8 { ind - 8 } else { ind + 1 }
    } else if ind < 31 {
        if ind == 30 { 27 } else { ind + 1 }
    } else if ind == 33 {
        31
    } else {
        ind + 1
    }
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
            let win = make_win(py, model, &p.win)?;
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
