//! Whether concealed counts are complete: sets and one pair (3k + 2 tiles, melds implied), or at
//! 14 tiles seven different pairs or thirteen orphans. The same reading as the Python kernel's
//! `arrangements`, `is_chiitoitsu` and `is_kokushi`.

use crate::distance::YAOCHU;

/// Whether one group's counts split into sets, with exactly one pair when `pair` is asked for.
fn splits(c: &mut [u8], i: usize, pair: bool, runs: bool) -> bool {
    let mut i = i;
    while i < c.len() && c[i] == 0 {
        i += 1;
    }
    if i == c.len() {
        return !pair;
    }
    if c[i] >= 3 {
        c[i] -= 3;
        let ok = splits(c, i, pair, runs);
        c[i] += 3;
        if ok {
            return true;
        }
    }
    if pair && c[i] >= 2 {
        c[i] -= 2;
        let ok = splits(c, i, false, runs);
        c[i] += 2;
        if ok {
            return true;
        }
    }
    if runs && i + 2 < c.len() && c[i + 1] > 0 && c[i + 2] > 0 {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        let ok = splits(c, i, pair, runs);
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
        return ok;
    }
    false
}

/// Sets and exactly one pair.
pub fn standard(counts: &[u8]) -> bool {
    let mut c = [0u8; 34];
    c.copy_from_slice(counts);
    let mut pairs = 0;
    for (start, end) in [(0, 9), (9, 18), (18, 27), (27, 34)] {
        let n: u32 = c[start..end].iter().map(|&x| x as u32).sum();
        match n % 3 {
            1 => return false,
            2 => pairs += 1,
            _ => {}
        }
    }
    if pairs != 1 {
        return false;
    }
    for (start, end) in [(0, 9), (9, 18), (18, 27), (27, 34)] {
        let n: u32 = c[start..end].iter().map(|&x| x as u32).sum();
        if !splits(&mut c[start..end], 0, n % 3 == 2, start < 27) {
            return false;
        }
    }
    true
}

/// Seven different pairs (four of a kind is not two pairs).
pub fn chiitoitsu(counts: &[u8]) -> bool {
    counts.iter().filter(|&&c| c == 2).count() == 7
}

/// One of each terminal and honour, one of them doubled.
pub fn kokushi(counts: &[u8]) -> bool {
    let total: u32 = counts.iter().map(|&c| c as u32).sum();
    let yaochu: u32 = YAOCHU.iter().map(|&i| counts[i] as u32).sum();
    total == 14 && yaochu == 14 && YAOCHU.iter().all(|&i| counts[i] > 0)
}

/// Any winning form.
pub fn winning(counts: &[u8]) -> bool {
    if standard(counts) {
        return true;
    }
    let total: u32 = counts.iter().map(|&c| c as u32).sum();
    total == 14 && (chiitoitsu(counts) || kokushi(counts))
}
