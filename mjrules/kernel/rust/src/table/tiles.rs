//! Tile codes as the kernel's model has them (0–33 the kinds, 34–36 the red fives of m, p, s), and
//! how the table writes them: MPSZ in messages (`Tile.mpsz`, `format_tiles`), mjai in records.

pub use crate::model::kind;

/// No tile (an action without one).
pub const NONE: u8 = 255;
pub const EAST: u8 = 27;
pub const NORTH: u8 = 30;

pub fn red(code: u8) -> bool {
    code >= 34
}

/// The model's sort rank: by kind, a red five before a plain one (`Tile.rank`).
pub fn rank(code: u8) -> u16 {
    kind(code) as u16 * 2 + if red(code) { 0 } else { 1 }
}

pub fn yaochu(k: u8) -> bool {
    k >= 27 || k % 9 == 0 || k % 9 == 8
}

const SUITS: [char; 4] = ['m', 'p', 's', 'z'];

/// `Tile.mpsz`: `5m`, `0m` for a red five, `1z` for East.
pub fn mpsz(code: u8) -> String {
    let k = kind(code);
    let digit = if red(code) { 0 } else { k % 9 + 1 };
    format!("{}{}", digit, SUITS[k as usize / 9])
}

/// `format_tiles`: sorted, one group of digits per suit (`2233m406p`).
pub fn format_tiles(codes: &[u8]) -> String {
    let mut sorted = codes.to_vec();
    sorted.sort_by_key(|&c| rank(c));
    let mut out = String::new();
    let mut last: Option<char> = None;
    for &c in &sorted {
        let k = kind(c);
        let suit = SUITS[k as usize / 9];
        if last.is_some() && last != Some(suit) {
            out.push(last.unwrap());
        }
        out.push(char::from(b'0' + if red(c) { 0 } else { k % 9 + 1 }));
        last = Some(suit);
    }
    if let Some(s) = last {
        out.push(s);
    }
    out
}

const MJAI: [&str; 37] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "1s",
    "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S", "W", "N", "P", "F", "C", "5mr", "5pr", "5sr",
];

/// `mjai_name`.
pub fn mjai(code: u8) -> &'static str {
    MJAI[code as usize]
}

/// Concealed counts of a hand's tile codes.
pub fn counts(codes: &[u8]) -> [u8; 34] {
    let mut c = [0u8; 34];
    for &t in codes {
        c[kind(t) as usize] += 1;
    }
    c
}

/// Each tile once (a red five apart from the plain ones), in tile order (`moves.distinct`).
pub fn distinct(codes: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::with_capacity(codes.len());
    for &c in codes {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out.sort_by_key(|&c| rank(c));
    out
}
