//! The legal moves of a moment and why anything else is refused, with the Python path's messages:
//! the twin of `mjrules.game.moves` (`legal_own`, `legal_reactions`, `legal_at_draw`, `refuse_*`).

use pyo3::prelude::*;

use super::draws;
use super::round::Round;
use super::rules::{AnkanInRiichi, Kuikae, Rules};
use super::score::Scored;
use super::seat::{Act, Kind, NINE_TERMINALS, NOTEN, PASS, RON, TENPAI, TSUMO};
use super::state::waits_of_tiles;
use super::tiles::{self, counts, distinct, format_tiles, kind, mpsz, rank, NORTH};
use crate::arrange;
use crate::model::PON;
use crate::shapes;

type Why = PyResult<Option<String>>;

fn holds(hand: &[u8], t: u8) -> bool {
    hand.contains(&t)
}

/// `_missing`: why `hand` cannot give `tiles`, or None.
fn missing(hand: &[u8], tiles: &[u8]) -> Option<String> {
    let mut rest = hand.to_vec();
    for &t in tiles {
        match rest.iter().position(|&x| x == t) {
            Some(i) => {
                rest.remove(i);
            }
            None => return Some(format!("it does not hold {}", format_tiles(tiles))),
        }
    }
    None
}

/// `_pairs`: the ways to take one tile of each of two kinds from `hand` (a red five or a plain one).
fn pairs(hand: &[u8], k0: u8, k1: u8) -> Vec<(u8, u8)> {
    let a = distinct(&hand.iter().copied().filter(|&t| kind(t) == k0).collect::<Vec<u8>>());
    let b = distinct(&hand.iter().copied().filter(|&t| kind(t) == k1).collect::<Vec<u8>>());
    let mut out = Vec::new();
    for &x in &a {
        for &y in &b {
            if k0 == k1 && (rank(x) > rank(y) || (x == y && hand.iter().filter(|&&t| t == x).count() < 2)) {
                continue;
            }
            out.push((x, y));
        }
    }
    out
}

/// `_keeps_triplet`: whether every reading of `hand` completed by each of its waits holds `k` as
/// a triplet.
fn keeps_triplet(hand: &[u8], k: u8, waits: u64) -> bool {
    let mut c = counts(hand);
    for w in 0..34u8 {
        if waits >> w & 1 == 0 {
            continue;
        }
        c[w as usize] += 1;
        let readings = arrange::placed(&c, w);
        c[w as usize] -= 1;
        if readings
            .iter()
            .any(|r| !r.sets.iter().any(|&(set, first)| set == arrange::TRIPLET && first == k))
        {
            return false;
        }
    }
    true
}

fn no_win(scored: Scored) -> Option<String> {
    match scored {
        Scored::Win(_) => None,
        Scored::NoWin(reason) => Some(reason),
    }
}

// -- one's own turn ----------------------------------------------------------------------------------

fn refuse_discard(r: &Round, seat: usize, t: u8, drawn: Option<u8>) -> Option<String> {
    let st = &r.state;
    if !holds(&st.hands[seat], t) {
        return Some(format!("it does not hold {}", mpsz(t)));
    }
    if st.riichi[seat] > 0 && Some(t) != drawn {
        return Some("in riichi only the tile just drawn is discarded".into());
    }
    if st.kuikae >> kind(t) & 1 == 1 {
        return Some(format!(
            "kuikae: {} may not be discarded right after the call that took its kind or its sequence's end",
            mpsz(t)
        ));
    }
    None
}

fn refuse_riichi(r: &Round, seat: usize, t: u8, drawn: Option<u8>) -> Option<String> {
    if let Some(why) = refuse_discard(r, seat, t, drawn) {
        return Some(why);
    }
    let st = &r.state;
    let rules = r.game.rules;
    if st.riichi[seat] > 0 {
        return Some("it is in riichi already".into());
    }
    if st.melds[seat].iter().any(|m| m.is_open()) {
        return Some("riichi needs a closed hand, and this one has called".into());
    }
    if rules.riichi_min_points != 0 && st.scores[seat] < rules.riichi_min_points {
        return Some(format!(
            "riichi needs {} points for the stick, and it has {}",
            rules.riichi_min_points, st.scores[seat]
        ));
    }
    if rules.riichi_min_points != 0 && rules.busts(st.scores[seat] - 1000) {
        return Some(format!(
            "riichi's stick would leave {} points, and that ends the game (bust_at_zero)",
            st.scores[seat] - 1000
        ));
    }
    if st.live_left() < rules.riichi_min_draws {
        return Some(format!(
            "riichi needs {} live draws left, and {} are",
            rules.riichi_min_draws,
            st.live_left()
        ));
    }
    let mut c = st.counts[seat];
    c[kind(t) as usize] -= 1;
    if st.shanten(seat, &c) != 0 {
        return Some(format!("the hand is not tenpai after discarding {}", mpsz(t)));
    }
    None
}

fn refuse_tsumo(r: &Round, seat: usize, drawn: Option<u8>) -> Why {
    if drawn.is_none() {
        return Ok(Some("tsumo needs a tile just drawn".into()));
    }
    if !shapes::winning(&r.state.counts[seat]) {
        return Ok(Some("the tiles do not form a winning hand".into()));
    }
    Ok(no_win(r.tsumo_result(seat)?))
}

fn refuse_kan(r: &Round, seat: usize, a: &Act, drawn: Option<u8>) -> Option<String> {
    let st = &r.state;
    let hand = &st.hands[seat];
    let limit = r.game.rules.kan_limit;
    let Some(drawn) = drawn else {
        return Some("a kan is declared after one's own draw".into());
    };
    if st.kans >= limit {
        return Some(format!("{limit} kans are on the table already"));
    }
    if st.live_left() <= 0 {
        return Some("the wall is empty: no replacement tile".into());
    }
    if a.kind == Kind::Kakan {
        let t = a.tile;
        if !holds(hand, t) {
            return Some(format!("it does not hold {}", mpsz(t)));
        }
        if !st.melds[seat].iter().any(|m| m.kind == PON && kind(m.tiles[0]) == kind(t)) {
            return Some(format!("it has no pon of {} to add it to", mpsz(t)));
        }
        return None;
    }
    let four = a.consumed();
    if four.iter().any(|&t| kind(t) != kind(four[0])) {
        return Some("an ankan is four tiles of one kind".into());
    }
    if let Some(why) = missing(hand, four) {
        return Some(why);
    }
    if st.riichi[seat] > 0 {
        return refuse_ankan_in_riichi(r, seat, kind(four[0]), drawn);
    }
    None
}

fn refuse_ankan_in_riichi(r: &Round, seat: usize, k: u8, drawn: u8) -> Option<String> {
    let rule = r.game.rules.ankan_after_riichi;
    if rule == AnkanInRiichi::Never {
        return Some("this ruleset allows no closed kan after riichi".into());
    }
    if kind(drawn) != k {
        return Some("in riichi an ankan uses the tile just drawn".into());
    }
    let hand = &r.state.hands[seat];
    let mut before = hand.clone();
    let i = before.iter().position(|&t| t == drawn).unwrap();
    before.remove(i);
    let waits = waits_of_tiles(&before);
    let without: Vec<u8> = hand.iter().copied().filter(|&t| kind(t) != k).collect();
    if waits_of_tiles(&without) != waits {
        return Some("in riichi an ankan may not change the waits".into());
    }
    if rule == AnkanInRiichi::SameShape && !keeps_triplet(&before, k, waits) {
        return Some("in riichi an ankan may not change the hand's shape: a reading uses these tiles otherwise".into());
    }
    None
}

fn refuse_kita(r: &Round, seat: usize, t: u8, drawn: Option<u8>) -> Option<String> {
    let st = &r.state;
    if !r.game.rules.kita {
        return Some("this ruleset sets no North aside (no kita)".into());
    }
    if kind(t) != NORTH {
        return Some(format!("only a North is set aside, not {}", mpsz(t)));
    }
    if !holds(&st.hands[seat], t) {
        return Some("it holds no North".into());
    }
    if drawn.is_none() {
        return Some("a North is set aside after one's own draw".into());
    }
    if st.riichi[seat] > 0 && Some(t) != drawn {
        return Some("in riichi only the North just drawn is set aside".into());
    }
    if st.live_left() <= 0 {
        return Some("the wall is empty: no replacement tile".into());
    }
    None
}

/// Why `seat` may not take `a` on its turn, or None when it may.
pub fn refuse_own(r: &Round, seat: usize, a: &Act, drawn: Option<u8>) -> Why {
    Ok(match a.kind {
        Kind::Discard => refuse_discard(r, seat, a.tile, drawn),
        Kind::Riichi => refuse_riichi(r, seat, a.tile, drawn),
        Kind::Tsumo => return refuse_tsumo(r, seat, drawn),
        Kind::Ankan | Kind::Kakan => refuse_kan(r, seat, a, drawn),
        Kind::NineTerminals => draws::refuse_nine_terminals(r.game.rules, &r.state, seat, drawn),
        Kind::Kita => refuse_kita(r, seat, a.tile, drawn),
        other => Some(format!("{} answers another player's tile, and it is this player's own turn", other.word())),
    })
}

/// Every action `seat` may take on its turn.
pub fn legal_own(r: &Round, seat: usize, drawn: Option<u8>) -> PyResult<Vec<Act>> {
    let st = &r.state;
    let hand = &st.hands[seat];
    let mut cands: Vec<Act> = Vec::with_capacity(36);
    if drawn.is_some() {
        cands.push(TSUMO);
    }
    let c = st.counts[seat];
    let dist = distinct(hand);
    for &t in &dist {
        cands.push(Act::with_tile(Kind::Discard, t));
    }
    if st.riichi[seat] == 0 && st.shanten(seat, &c) <= 0 {
        for &t in &dist {
            cands.push(Act::with_tile(Kind::Riichi, t));
        }
    }
    if drawn.is_some() {
        for k in 0..34u8 {
            if c[k as usize] == 4 {
                let four: Vec<u8> = hand.iter().copied().filter(|&t| kind(t) == k).collect();
                cands.push(Act::with_consumed(Kind::Ankan, tiles::NONE, &four));
            }
        }
        for m in &st.melds[seat] {
            if m.kind == PON {
                for &t in &dist {
                    if kind(t) == kind(m.tiles[0]) {
                        cands.push(Act::with_tile(Kind::Kakan, t));
                    }
                }
            }
        }
        if c[NORTH as usize] > 0 {
            cands.push(Act::with_tile(Kind::Kita, NORTH));
        }
        cands.push(NINE_TERMINALS);
    }
    let mut out = Vec::with_capacity(cands.len());
    for a in cands {
        if refuse_own(r, seat, &a, drawn)?.is_none() {
            out.push(a);
        }
    }
    Ok(out)
}

// -- another player's tile ------------------------------------------------------------------------

/// The kinds a player may not discard after calling `a` (kuikae), one bit each.
pub fn kuikae_after(rules: &Rules, a: &Act) -> u64 {
    if rules.kuikae == Kuikae::Allowed {
        return 0;
    }
    let t = kind(a.tile);
    let mut banned = 1u64 << t;
    if a.kind == Kind::Chi && rules.kuikae == Kuikae::Forbidden {
        let mut ks: Vec<u8> = a.consumed().iter().map(|&x| kind(x)).collect();
        ks.sort_unstable();
        if t < ks[0] && ks[1] % 9 < 8 {
            banned |= 1 << (ks[1] + 1);
        } else if t > ks[1] && ks[0] % 9 > 0 {
            banned |= 1 << (ks[0] - 1);
        }
    }
    banned
}

fn refuse_ron(r: &Round, seat: usize, t: u8) -> Why {
    if r.state.waits(seat) >> kind(t) & 1 == 0 {
        return Ok(Some(format!("{} does not complete its hand", mpsz(t))));
    }
    if let Some(why) = r.state.furiten(seat) {
        return Ok(Some(why));
    }
    Ok(no_win(r.ron_result(seat)?))
}

fn refuse_call(r: &Round, seat: usize, a: &Act, source: usize, t: u8) -> Option<String> {
    let st = &r.state;
    let rules = r.game.rules;
    if st.riichi[seat] > 0 {
        return Some("in riichi no call is made".into());
    }
    if st.live_left() <= 0 && !rules.last_discard_calls {
        return Some("no call on the last discard".into());
    }
    let hand = &st.hands[seat];
    if let Some(why) = missing(hand, a.consumed()) {
        return Some(why);
    }
    let mut ks: Vec<u8> = std::iter::once(t).chain(a.consumed().iter().copied()).map(kind).collect();
    ks.sort_unstable();
    if a.kind == Kind::Chi {
        if st.players == 3 && !rules.sanma_chi {
            return Some("no chi at a three-player table".into());
        }
        let left = (seat + st.players - 1) % st.players;
        if source != left {
            return Some(format!(
                "chi only from the player on the left (seat {left}), and the tile came from seat {source}"
            ));
        }
        if ks[0] >= 27 || ks[0] / 9 != ks[2] / 9 || ks[1] != ks[0] + 1 || ks[2] != ks[0] + 2 {
            return Some(format!("{} and {} are not a sequence", format_tiles(a.consumed()), mpsz(t)));
        }
    } else if ks.iter().any(|&k| k != ks[0]) {
        return Some(format!("a {} takes tiles of the kind on offer ({})", a.kind.word(), mpsz(t)));
    } else if a.kind == Kind::Daiminkan {
        if st.kans >= rules.kan_limit {
            return Some(format!("{} kans are on the table already", rules.kan_limit));
        }
        if st.live_left() <= 0 {
            return Some("the wall is empty: no replacement tile".into());
        }
    }
    if a.kind != Kind::Daiminkan {
        let banned = kuikae_after(rules, a);
        let mut rest = hand.clone();
        for &x in a.consumed() {
            let i = rest.iter().position(|&y| y == x).unwrap();
            rest.remove(i);
        }
        if rest.iter().all(|&x| banned >> kind(x) & 1 == 1) {
            return Some("kuikae: after this call every tile left would be one it may not discard".into());
        }
    }
    None
}

/// Why `seat` may not answer `t` (discarded by `source`, or offered by a kan or kita: `kan`) with `a`.
pub fn refuse_reaction(r: &Round, seat: usize, a: &Act, source: usize, t: u8, kan: bool) -> Why {
    if a.kind == Kind::Pass {
        return Ok(None);
    }
    if seat == source {
        return Ok(Some("its own tile is not on offer to it".into()));
    }
    if a.kind == Kind::Ron {
        return refuse_ron(r, seat, t);
    }
    if !matches!(a.kind, Kind::Chi | Kind::Pon | Kind::Daiminkan) {
        return Ok(Some(format!("{} is an action of one's own turn", a.kind.word())));
    }
    if kan {
        return Ok(Some("a tile added to a kan, or a North set aside, may only be robbed by a ron".into()));
    }
    if a.tile != t {
        let shown = a.tile().map(mpsz).unwrap_or_else(|| "None".into());
        return Ok(Some(format!("the tile on offer is {}, not {shown}", mpsz(t))));
    }
    Ok(refuse_call(r, seat, a, source, t))
}

/// Every answer `seat` may give to `t`, PASS included.
pub fn legal_reactions(r: &Round, seat: usize, source: usize, t: u8, kan: bool) -> PyResult<Vec<Act>> {
    let st = &r.state;
    let hand = &st.hands[seat];
    let mut cands = vec![PASS];
    let k = kind(t);
    if st.waits(seat) >> k & 1 == 1 {
        cands.push(RON);
    }
    if !kan {
        for (x, y) in pairs(hand, k, k) {
            cands.push(Act::with_consumed(Kind::Pon, t, &[x, y]));
        }
        let same: Vec<u8> = hand.iter().copied().filter(|&x| kind(x) == k).collect();
        if same.len() >= 3 {
            cands.push(Act::with_consumed(Kind::Daiminkan, t, &same[..3]));
        }
        if k < 27 && source == (seat + st.players - 1) % st.players {
            for low in [k as i32 - 2, k as i32 - 1, k as i32] {
                if low >= 0 && low as u8 / 9 == k / 9 && low % 9 <= 6 {
                    let low = low as u8;
                    let others: Vec<u8> = (low..low + 3).filter(|&x| x != k).collect();
                    for (x, y) in pairs(hand, others[0], others[1]) {
                        cands.push(Act::with_consumed(Kind::Chi, t, &[x, y]));
                    }
                }
            }
        }
    }
    if cands.len() == 1 {
        return Ok(cands);
    }
    let mut out = Vec::with_capacity(cands.len());
    for a in cands {
        if refuse_reaction(r, seat, &a, source, t, kan)?.is_none() {
            out.push(a);
        }
    }
    Ok(out)
}

// -- the exhaustive draw ----------------------------------------------------------------------------

/// Why `seat` may not answer `a` at an exhaustive draw, or None.
pub fn refuse_at_draw(r: &Round, seat: usize, a: &Act) -> Option<String> {
    let tenpai = r.state.waits(seat) != 0;
    if a.kind == Kind::Tenpai {
        return (!tenpai).then(|| "the hand is not tenpai".into());
    }
    if a.kind != Kind::Noten {
        return Some(format!("{} is not an answer at an exhaustive draw (tenpai or noten)", a.kind.word()));
    }
    if !tenpai {
        return None;
    }
    if !r.game.rules.noten_declaration {
        return Some("this ruleset has no noten declaration: a hand in tenpai is shown".into());
    }
    if r.state.riichi[seat] > 0 {
        return Some("in riichi the hand is shown".into());
    }
    None
}

/// TENPAI, NOTEN or both.
pub fn legal_at_draw(r: &Round, seat: usize) -> Vec<Act> {
    [TENPAI, NOTEN].into_iter().filter(|a| refuse_at_draw(r, seat, a).is_none()).collect()
}
