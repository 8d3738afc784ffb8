//! Every reading of concealed counts as sets and one pair, with the waits the winning tile
//! completes in each: the same readings, in the same order, as the Python kernel's `placed`
//! (`mjrules/kernel/shapes.py`). Groups are joined honours first, then m, p, s.

pub const SEQ: u8 = 0;
pub const TRIPLET: u8 = 1;

/// Wait kinds, in the order of the table the Python side passes.
pub const RYANMEN: u8 = 0;
pub const KANCHAN: u8 = 1;
pub const PENCHAN: u8 = 2;
pub const SHANPON: u8 = 3;
pub const TANKI: u8 = 4;

/// One way a group's counts split: the pair's kind (or -1) and the sets as (kind, first kind).
#[derive(Clone)]
pub struct Split {
    pub pair: i32,
    pub sets: Vec<(u8, u8)>,
}

/// One reading of the whole concealed part.
pub struct Reading {
    pub pair: i32,
    pub sets: Vec<(u8, u8)>,
    pub waits: Vec<u8>,
}

#[allow(clippy::too_many_arguments)]
fn split(c: &mut [u8], i: usize, with_pair: bool, sets: &mut Vec<(u8, u8)>, pair: i32, out: &mut Vec<Split>,
         runs: bool, off: usize) {
    let mut i = i;
    while i < c.len() && c[i] == 0 {
        i += 1;
    }
    if i == c.len() {
        if !with_pair || pair >= 0 {
            out.push(Split { pair, sets: sets.clone() });
        }
        return;
    }
    if c[i] >= 3 {
        c[i] -= 3;
        sets.push((TRIPLET, (i + off) as u8));
        split(c, i, with_pair, sets, pair, out, runs, off);
        sets.pop();
        c[i] += 3;
    }
    if with_pair && pair < 0 && c[i] >= 2 {
        c[i] -= 2;
        split(c, i, with_pair, sets, (i + off) as i32, out, runs, off);
        c[i] += 2;
    }
    if runs && i <= 6 && c[i + 1] > 0 && c[i + 2] > 0 {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        sets.push((SEQ, (i + off) as u8));
        split(c, i, with_pair, sets, pair, out, runs, off);
        sets.pop();
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
    }
}

/// The splits of one group's counts (`off` its first kind; honours make no sequences).
fn group_splits(counts: &[u8], off: usize, runs: bool) -> Vec<Split> {
    let n: u32 = counts.iter().map(|&x| x as u32).sum();
    let mut out = Vec::new();
    if n % 3 != 1 {
        let mut c = counts.to_vec();
        split(&mut c, 0, n % 3 == 2, &mut Vec::new(), -1, &mut out, runs, off);
    }
    out
}

/// The waits `w` completes in one group's split, each once, in the order of the pair and the sets.
fn waits(s: &Split, w: u8) -> Vec<u8> {
    let mut out = Vec::new();
    if s.pair == w as i32 {
        out.push(TANKI);
    }
    for &(kind, first) in &s.sets {
        let wait = if kind == TRIPLET {
            if first == w { Some(SHANPON) } else { None }
        } else if first <= w && w <= first + 2 {
            let pos = w - first;
            if pos == 1 {
                Some(KANCHAN)
            } else if (pos == 0 && first % 9 == 6) || (pos == 2 && first % 9 == 0) {
                Some(PENCHAN)
            } else {
                Some(RYANMEN)
            }
        } else {
            None
        };
        if let Some(wait) = wait {
            if !out.contains(&wait) {
                out.push(wait);
            }
        }
    }
    out
}

/// Every reading of the concealed counts (the winning tile `w` included) as sets and one pair.
pub fn placed(counts: &[u8], w: u8) -> Vec<Reading> {
    // (slice, first kind, sequences allowed), in the order sets are joined.
    let groups = [(27usize, 34usize, false), (0, 9, true), (9, 18, true), (18, 27, true)];
    let splits: Vec<Vec<Split>> = groups.iter().map(|&(a, b, runs)| group_splits(&counts[a..b], a, runs)).collect();
    if splits.iter().any(|s| s.is_empty()) || splits.iter().filter(|s| s[0].pair >= 0).count() != 1 {
        return Vec::new();
    }
    let g = if w >= 27 { 0 } else { 1 + (w / 9) as usize };
    let mut out = Vec::new();
    for a in &splits[0] {
        for b in &splits[1] {
            for c in &splits[2] {
                for d in &splits[3] {
                    let parts = [a, b, c, d];
                    let mut sets = Vec::with_capacity(4);
                    for p in parts {
                        sets.extend_from_slice(&p.sets);
                    }
                    out.push(Reading {
                        pair: a.pair.max(b.pair).max(c.pair).max(d.pair),
                        sets,
                        waits: waits(parts[g], w),
                    });
                }
            }
        }
    }
    out
}
