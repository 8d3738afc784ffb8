//! majiang-core's `in` objects (a batch line's JSON, or a Python dict) read into the kernel's copies,
//! their melds read once per text (`MeldCache`).

use super::*;

/// Melds read so far by their written text, with the model's `Meld` the notation layer made of
/// them (it keeps one per text too): a meld is read and checked once per process, the GIL taken
/// only then. The table is shared by the threads of `render_lines` (a thread's own table would be
/// filled again, under the GIL, by every thread of every chunk).
#[derive(Default)]
pub struct MeldCache;

pub(crate) type MeldTable = std::sync::RwLock<HashMap<String, (Meld, PyObject), crate::fx::Fx>>;

pub(crate) static MELDS: std::sync::OnceLock<MeldTable> = std::sync::OnceLock::new();

pub(crate) fn meld_table() -> &'static MeldTable {
    MELDS.get_or_init(|| std::sync::RwLock::new(HashMap::default()))
}

pub(crate) const MAX_MELDS: usize = 20_000;

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
pub(crate) fn tile_name(name: &str) -> Option<u8> {
    let b = name.as_bytes();
    if b.len() != 2 {
        return None;
    }
    majiang_code(b[0], b[1])
}

pub(crate) fn majiang_code(suit: u8, digit: u8) -> Option<u8> {
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

pub(crate) const HUPAI_KEYS: [&str; 6] = ["lizhi", "yifa", "qianggang", "lingshang", "haidi", "tianhu"];

pub(crate) fn int_in(v: Option<&Value>, low: i64, high: i64) -> Option<i64> {
    match v? {
        Value::Int(i) if (low..=high).contains(i) => Some(*i),
        _ => None,
    }
}

pub(crate) fn flag(v: Option<&Value>) -> Option<bool> {
    match v {
        None => Some(false),
        Some(Value::Bool(b)) => Some(*b),
        _ => None,
    }
}

pub(crate) fn indicators(v: &Value, out: &mut [u8; 5]) -> Option<usize> {
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
