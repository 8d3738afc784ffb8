//! The twin of `mjrules.table.players.Careful`: builds its hand, folds against a threat, calls for a
//! yaku, riichi or a quiet wait (that module's text has the strategy), from the same view with the
//! same choices, ties included (Python's `min`: the first of equals, options in `view.legal`'s
//! order). What a wait's yaku are worth it asks the table's Scorer (`view.scorer()`: the scoring
//! plan, or the Python Scorer where the plan declines), as `Careful._yaku_han` asks its Scorer.

use pyo3::prelude::*;

use super::count::Counter;
use super::sight::{bits, first_min, Sight, Weighed, PUSH_DANGER};
use crate::distance;
use crate::model::Win;
use crate::table::score::{Case, Scored};
use crate::table::seat::{Act, Kind, Player, View, NINE_TERMINALS, PASS, TENPAI};
use crate::table::tiles::{kind, red, yaochu};

pub struct Careful;

const ALL: u64 = (1 << 34) - 1;

impl Player for Careful {
    fn act(&mut self, view: &View) -> PyResult<Act> {
        if view.legal.contains(&TENPAI) {
            return Ok(TENPAI); // asked at an exhaustive draw whether to declare noten: it shows the hand
        }
        for win in [Kind::Tsumo, Kind::Ron, Kind::Kita] {
            // `{a.kind: a for a in view.legal}[win]`: the last of its kind
            if let Some(a) = view.legal.iter().rev().find(|a| a.kind == win) {
                return Ok(*a);
            }
        }
        if view.has(Kind::NineTerminals) && !plays_kokushi(view) {
            return Ok(NINE_TERMINALS);
        }
        let sight = Sight::new(view);
        if view.offered.is_some() {
            return Ok(answer(&sight));
        }
        turn(&sight)
    }
}

/// `_plays_kokushi`: eleven kinds of terminals and honours.
fn plays_kokushi(view: &View) -> bool {
    let c = &view.round.state.counts[view.seat];
    (0..34u8).filter(|&k| c[k as usize] > 0 && yaochu(k)).count() >= 11
}

/// The terminal and honour kinds, one bit each.
const YAOCHU: u64 = {
    let mut m = 0u64;
    let mut i = 0;
    while i < distance::YAOCHU.len() {
        m |= 1 << distance::YAOCHU[i];
        i += 1;
    }
    m
};

/// `_flush_suit`: the one suit of the number kinds among `kinds` (one bit each; None: two suits or
/// more, or none).
fn flush_suit(kinds: u64) -> Option<u8> {
    let suits = (0..3u8).filter(|&s| kinds >> (9 * s) & 0x1ff != 0).fold(0u8, |m, s| m | 1 << s);
    (suits.count_ones() == 1).then(|| suits.trailing_zeros() as u8)
}

/// The kinds of the tiles of its own melds, one bit each.
fn melded(sight: &Sight) -> u64 {
    bits(sight.view.melds(sight.view.seat).iter().flat_map(|m| m.tiles().iter().map(|&t| kind(t))))
}

// -- its own turn ------------------------------------------------------------------------------------

/// `Careful._turn`.
fn turn(sight: &Sight) -> PyResult<Act> {
    let view = sight.view;
    let counts = sight.counts;
    let m = distance::sets_needed(&counts).expect("a hand of 3k + 2 tiles");
    let mut counter = Counter::new(sight.caps.as_ref(), m);
    let parts = counter.parts(&counts);
    // each kind's shanten and danger once (a red five and a plain one are two options); its
    // ukeire only where a choice reads it (`Turn::choose`)
    let mut known: [Option<(i32, f64)>; 34] = [None; 34];
    let mut options: Vec<Weighed> = Vec::with_capacity(view.legal.len());
    for a in view.legal.iter().filter(|a| a.kind == Kind::Discard) {
        let k = kind(a.tile);
        let (shanten, danger) =
            *known[k as usize].get_or_insert_with(|| (counter.after(&parts, &counts, k as usize, false), sight.danger(k)));
        options.push(Weighed { act: *a, kind: k, shanten, ukeire: UNCOUNTED, danger, keep: sight.keep(a.tile) });
    }
    let mut turn = Turn { sight, counter, ukeire: [UNCOUNTED; 34] };
    let low = options.iter().map(|o| o.shanten).min().expect("a discard is always legal");
    if let Some(kan) = kan(sight, low) {
        return Ok(kan);
    }
    let threatened = !sight.threats.is_empty();
    if threatened && !turn.pushes(&mut options) {
        return Ok(turn.choose(&mut options, |o| (o.danger, o.shanten), |o| o.safety()).act);
    }
    let shed = shed(sight);
    if shed != 0 && options.iter().any(|o| shed >> o.kind & 1 == 1) {
        options.retain(|o| shed >> o.kind & 1 == 1); // an open hand sheds what its yaku cannot hold
    }
    let mut best = if threatened {
        let low = options.iter().map(|o| o.shanten).min().unwrap();
        options.retain(|o| o.shanten == low);
        turn.choose(&mut options, |o| (o.danger, o.shanten), |o| o.pushing())
    } else {
        turn.choose(&mut options, |o| o.shanten, |o| o.efficiency())
    };
    let riichi = view.legal.iter().find(|a| a.kind == Kind::Riichi && a.tile == best.act.tile);
    if let Some(riichi) = riichi {
        turn.count(&mut best);
        let waits = improving(&mut turn.counter, sight, best.kind, best.shanten, ALL);
        if declares(sight, &best, waits)? {
            return Ok(*riichi);
        }
    }
    Ok(best.act)
}

/// A discard's ukeire not counted yet.
const UNCOUNTED: i32 = -1;

/// A turn's counter, and the ukeire of each kind discarded once counted.
struct Turn<'s, 'v, 'a, 'g> {
    sight: &'s Sight<'v, 'a, 'g>,
    counter: Counter,
    ukeire: [i32; 34],
}

impl Turn<'_, '_, '_, '_> {
    /// Count `o`'s ukeire: the unseen tiles that lower the shanten its discard leaves.
    fn count(&mut self, o: &mut Weighed) {
        let k = o.kind as usize;
        if self.ukeire[k] == UNCOUNTED {
            let better = improving(&mut self.counter, self.sight, o.kind, o.shanten, self.sight.unseen);
            self.ukeire[k] = self.sight.unseen_of(better);
        }
        o.ukeire = self.ukeire[k];
    }

    /// `min(options, key=key)`, where `key` begins with `prefix` (which does not read the ukeire):
    /// the ukeire counted only for the options of the least `prefix`, the only ones `key` can
    /// choose, and only where they are of two kinds or more (one kind's options, a red five and a
    /// plain one, have the same ukeire; the one chosen may be left uncounted).
    fn choose<P: PartialOrd, K: PartialOrd>(&mut self, options: &mut [Weighed], prefix: impl Fn(&Weighed) -> P,
                                            key: impl Fn(&Weighed) -> K) -> Weighed {
        let least = prefix(first_min(options.iter(), |o| prefix(o)).expect("an option"));
        let first = options.iter().find(|o| prefix(o) == least).unwrap().kind;
        if options.iter().any(|o| prefix(o) == least && o.kind != first) {
            for o in options.iter_mut().filter(|o| prefix(o) == least) {
                self.count(o);
            }
        }
        *first_min(options.iter().filter(|o| prefix(o) == least), |o| key(o)).unwrap()
    }

    /// `Careful._pushes`: whether to push against the threats; false: fold.
    fn pushes(&mut self, options: &mut [Weighed]) -> bool {
        let sight = self.sight;
        let low = options.iter().map(|o| o.shanten).min().unwrap();
        let value = sight.value();
        if low == 0 {
            let mut safest = f64::INFINITY;
            let mut waits = 0;
            for o in options.iter_mut().filter(|o| o.shanten == 0) {
                self.count(o);
                safest = safest.min(o.danger);
                waits = waits.max(o.ukeire);
            }
            return waits > 0 && (safest <= PUSH_DANGER || value >= 1 || (waits >= 4 && sight.threats.len() == 1));
        }
        if low == 1 && sight.threats.len() == 1 && value >= 2 && sight.view.live_left() >= 10 {
            return options.iter().any(|o| o.shanten == 1 && o.danger <= PUSH_DANGER);
        }
        false
    }
}

/// The kinds (among `asked`) whose draw lowers shanten `s` of the hand that discards one `k`:
/// `kernel.discards`' improving kinds.
fn improving(counter: &mut Counter, sight: &Sight, k: u8, s: i32, asked: u64) -> u64 {
    let (mut c, mut h) = (sight.counts, sight.held);
    c[k as usize] -= 1;
    h[k as usize] -= 1;
    counter.improving(&c, &h, s, asked)
}

/// `Careful._declares`: riichi (true) or dama on the tenpai `option` leaves, waiting on `waits`.
fn declares(sight: &Sight, option: &Weighed, waits: u64) -> PyResult<bool> {
    if option.ukeire == 0 {
        return Ok(false); // every winning tile is in sight: nothing to declare
    }
    let mut han: Vec<(u8, i64)> = Vec::new();
    for w in (0..34u8).filter(|&w| waits >> w & 1 == 1) {
        han.push((w, yaku_han(sight, option.kind, w)?));
    }
    let with_yaku = sight.unseen_of(bits(han.iter().filter(|(_, h)| *h != 0).map(|(w, _)| *w)));
    if 2 * with_yaku < option.ukeire {
        return Ok(true);
    }
    let view = sight.view;
    let out = option.act.tile;
    let own = view.melds(view.seat).iter().flat_map(|m| m.tiles().iter());
    let kept: i32 = view.concealed().iter().chain(own).map(|&t| sight.dora[kind(t) as usize] as i32 + red(t) as i32).sum();
    let dora = kept - sight.dora[kind(out) as usize] as i32 - red(out) as i32;
    let least = han.iter().map(|(_, h)| *h).filter(|&h| h != 0).min().expect("a wait with a yaku");
    Ok(!(least + dora as i64 >= 3 || option.ukeire == 1))
}

/// `Careful._yaku_han`: the han of the yaku (bonus items left out; a yakuman 13) of the closed hand
/// that discards a tile of kind `out` (the first it holds) and wins on a ron of kind `w` without
/// riichi, as the table's Scorer scores it; 0 without a yaku.
fn yaku_han(sight: &Sight, out: u8, w: u8) -> PyResult<i64> {
    let view = sight.view;
    let mut concealed = view.concealed().to_vec();
    let i = concealed.iter().position(|&t| kind(t) == out).expect("the tile discarded is held");
    concealed.remove(i);
    let win = Win {
        tsumo: false,
        discarder: if view.players() == 4 { 2 } else { 1 },
        round_wind: view.round_wind(),
        seat_wind: view.seat_wind(),
        ..Win::default()
    };
    let case = Case { concealed: &concealed, win_tile: w, melds: view.melds(view.seat), win };
    Ok(match view.scorer().score(&case)? {
        Scored::NoWin(_) => 0,
        Scored::Win(v) if v.yakuman != 0 => 13,
        Scored::Win(v) => v.yaku.iter().filter(|(id, _)| !view.bonus_yaku(id)).map(|(_, h)| h).sum(),
    })
}

/// `Careful._kan`: a closed kan in riichi; otherwise a closed or added kan with no threat, when it
/// keeps the shanten (`shanten`: the lowest a discard leaves).
fn kan(sight: &Sight, shanten: i32) -> Option<Act> {
    let view = sight.view;
    let riichi = view.riichi(view.seat);
    let threatened = !sight.threats.is_empty();
    for a in view.legal {
        if a.kind == Kind::Ankan && (riichi || !threatened) {
            if riichi {
                return Some(*a);
            }
            let k = kind(a.consumed()[0]) as usize;
            let mut counts = sight.counts;
            counts[k] = 0;
            let mut caps = sight.caps.unwrap_or([4; 34]);
            caps[k] = 0;
            let m = distance::sets_needed(&counts).expect("a hand of 3k + 1 tiles");
            if distance::standard(&counts, &caps, m) <= shanten {
                return Some(*a);
            }
        }
        if a.kind == Kind::Kakan && !threatened {
            return Some(*a);
        }
    }
    None
}

// -- another's tile ----------------------------------------------------------------------------------

/// `Careful._answer`: the call the strategy makes, or PASS.
fn answer(sight: &Sight) -> Act {
    let view = sight.view;
    let calls = view.legal.iter().filter(|a| matches!(a.kind, Kind::Pon | Kind::Chi));
    if calls.clone().next().is_none() {
        return PASS;
    }
    let m = distance::sets_needed(&sight.counts).expect("a hand of 3k + 1 tiles");
    let now = Counter::new(sight.caps.as_ref(), m).shanten(&sight.counts);
    if sight.closed && now == 0 {
        return PASS; // a closed tenpai keeps its riichi
    }
    let threatened = !sight.threats.is_empty();
    // the calls the strategy would make, by the shanten their best discard leaves; the unseen
    // tiles that would lower it only where they choose between calls of the least shanten
    let mut open: Vec<(Act, AfterCall)> = Vec::new();
    for a in calls {
        let k = kind(a.tile) as usize;
        let mut counts = sight.counts;
        for &t in a.consumed() {
            counts[kind(t) as usize] -= 1;
        }
        let yakuhai = a.kind == Kind::Pon && sight.yakuhai >> k & 1 == 1;
        if !(yakuhai || call_has_yaku(sight, a, &counts)) {
            continue;
        }
        let mut caps = sight.caps.unwrap_or([4; 34]);
        for &t in std::iter::once(&a.tile).chain(a.consumed()) {
            caps[kind(t) as usize] -= 1;
        }
        let mut held = sight.held;
        held[k] += 1;
        let Some(after) = AfterCall::new(counts, caps, held, k) else { continue };
        let shanten = after.shanten;
        if threatened {
            if shanten > 0 || sight.value() < 2 {
                continue;
            }
        } else if yakuhai {
            if shanten > now {
                continue;
            }
        } else if shanten >= now || shanten > 2 {
            continue;
        }
        open.push((*a, after));
    }
    let Some(low) = open.iter().map(|(_, after)| after.shanten).min() else { return PASS };
    let lowest = open.iter().filter(|(_, after)| after.shanten == low);
    if lowest.clone().count() == 1 {
        return lowest.map(|(a, _)| *a).next().unwrap();
    }
    first_min(lowest, |(_, after)| -after.ukeire(sight)).unwrap().0
}

/// A hand after a call (`kernel.discards` of it, never a swap back to the called kind): the
/// shanten its best discard leaves, and the kinds whose discard leaves it (one bit each).
struct AfterCall {
    counts: [u8; 34],
    caps: [u8; 34],
    held: [u8; 34],
    shanten: i32,
    lowest: u64,
}

impl AfterCall {
    /// None if it holds no other kind than the called one.
    fn new(counts: [u8; 34], caps: [u8; 34], held: [u8; 34], called: usize) -> Option<AfterCall> {
        let m = distance::sets_needed(&counts).expect("a hand of 3k + 2 tiles");
        let mut counter = Counter::new(Some(&caps), m);
        let parts = counter.parts(&counts);
        let shantens: Vec<(usize, i32)> =
            (0..34).filter(|&x| counts[x] > 0 && x != called).map(|x| (x, counter.after(&parts, &counts, x, false))).collect();
        let shanten = shantens.iter().map(|&(_, s)| s).min()?;
        let lowest = shantens.iter().filter(|&&(_, s)| s == shanten).fold(0u64, |m, &(x, _)| m | 1 << x);
        Some(AfterCall { counts, caps, held, shanten, lowest })
    }

    /// The most unseen tiles that lower the shanten its best discards leave.
    fn ukeire(&self, sight: &Sight) -> i32 {
        let m = distance::sets_needed(&self.counts).expect("a hand of 3k + 2 tiles");
        let mut counter = Counter::new(Some(&self.caps), m);
        let mut most = 0;
        for x in (0..34).filter(|&x| self.lowest >> x & 1 == 1) {
            let (mut c, mut h) = (self.counts, self.held);
            c[x] -= 1;
            h[x] -= 1;
            most = most.max(sight.unseen_of(counter.improving(&c, &h, self.shanten, sight.unseen)));
        }
        most
    }
}

/// `_shed`: the kinds an open hand without a sure yaku gives up (terminals and honours for tanyao,
/// the other suits for a flush, whichever leaves fewer tiles to shed), one bit each; none for a
/// closed hand and one with a yakuhai triplet.
fn shed(sight: &Sight) -> u64 {
    if sight.closed || sight.yakuhai_triplet() {
        return 0;
    }
    let held = bits((0..34u8).filter(|&k| sight.counts[k as usize] > 0));
    let melded = melded(sight);
    let mut plans: Vec<u64> = Vec::with_capacity(2);
    if sight.tanyao_open && melded & YAOCHU == 0 {
        plans.push(held & YAOCHU);
    }
    if let Some(suit) = flush_suit(melded).filter(|_| sight.honitsu_open) {
        plans.push(held & ((1 << 27) - 1) & !(0x1ff << (9 * suit)));
    }
    let tiles = |p: &u64| (0..34).filter(|&k| p >> k & 1 == 1).map(|k| sight.counts[k] as i32).sum::<i32>();
    first_min(plans, tiles).unwrap_or(0)
}

/// `_call_has_yaku`: whether the hand after call `a` (`counts`: its concealed tiles) keeps a yaku
/// in reach: a yakuhai triplet, tanyao where the ruleset counts it open (two terminals or honours
/// at most to shed), or a flush (three tiles of other suits at most).
fn call_has_yaku(sight: &Sight, a: &Act, counts: &[u8; 34]) -> bool {
    if sight.yakuhai_triplet() {
        return true;
    }
    let melded = melded(sight) | bits(std::iter::once(a.tile).chain(a.consumed().iter().copied()).map(kind));
    let tiles = |kinds: u64| (0..34).filter(|&k| kinds >> k & 1 == 1).map(|k| counts[k] as u32).sum::<u32>();
    if sight.tanyao_open && melded & YAOCHU == 0 && tiles(YAOCHU) <= 2 {
        return true;
    }
    if let Some(suit) = flush_suit(melded).filter(|_| sight.honitsu_open) {
        return tiles(((1 << 27) - 1) & !(0x1ff << (9 * suit))) <= 3;
    }
    false
}
