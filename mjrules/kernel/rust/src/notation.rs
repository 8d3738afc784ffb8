//! Reading tiles written in MPSZ (`123m406p`, digits before their suit letter) and in majiang-core's
//! notation (`m123p406`, the suit letter first, `*` a riichi marker passed over). A tile is read as
//! a code: 0–33 its kind, 34–36 the red five of m, p, s. Any character that is not a tile makes the
//! whole text unreadable (None): the Python side then names it.

fn suit_of(letter: u8) -> Option<usize> {
    match letter {
        b'm' => Some(0),
        b'p' => Some(1),
        b's' => Some(2),
        b'z' => Some(3),
        _ => None,
    }
}

/// The code of `digit` in suit `suit` (0 m, 1 p, 2 s, 3 honours), or None.
fn code(suit: usize, digit: u8) -> Option<usize> {
    let d = digit.checked_sub(b'0')? as usize;
    match (suit, d) {
        (3, 1..=7) => Some(27 + d - 1),
        (3, _) => None,
        (_, 0) => Some(34 + suit),
        (_, 1..=9) => Some(suit * 9 + d - 1),
        _ => None,
    }
}

/// Codes of the tiles of majiang text (suit letter first).
pub fn majiang(text: &[u8]) -> Option<Vec<usize>> {
    let mut out = Vec::with_capacity(text.len());
    let mut suit = None;
    for &ch in text {
        if let Some(s) = suit_of(ch) {
            suit = Some(s);
        } else if ch != b'*' {
            out.push(code(suit?, ch)?);
        }
    }
    Some(out)
}

/// Codes of the tiles of MPSZ text (digits, then their suit letter).
pub fn mpsz(text: &[u8]) -> Option<Vec<usize>> {
    let mut out = Vec::with_capacity(text.len());
    let mut start = 0;
    for (pos, &ch) in text.iter().enumerate() {
        if ch.is_ascii_digit() {
            continue;
        }
        let suit = suit_of(ch)?;
        if pos == start {
            return None; // a suit letter with no digits before it
        }
        for &d in &text[start..pos] {
            out.push(code(suit, d)?);
        }
        start = pos + 1;
    }
    if start != text.len() {
        return None; // digits at the end with no suit letter
    }
    Some(out)
}
