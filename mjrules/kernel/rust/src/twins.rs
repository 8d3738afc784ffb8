//! The native twins of the built-in plugins' yaku checks (`plugins/yaku`, `plugins/yakuman`,
//! `plugins/local_yaku`, `plugins/renhou.py`, `plugins/dora.py`). Each computes what the Python check
//! of the same name computes; the Python check is the definition, and `tests/test_native_plan.py`
//! holds the two equal.

use crate::model::{dora_of, kind, Extras, Hand, Win, ANKAN, NORTH};
use crate::plan::spec::Arg;
use crate::readings::{Info, Reading, CHIITOITSU, KOKUSHI, STANDARD, TANKI};

/// What a twin's mark may fix, read from its arguments (`Args`): a tile kind, the first kind of a
/// wheel's suit (0, 9 or 18), several kinds, a `Win.extras` tag as its bit in the plan's table.
macro_rules! arg_type {
    (kind) => { u8 };
    (wheel) => { u8 };
    (kinds) => { Vec<u8> };
    (tag) => { u32 };
}

/// The twins, each named once: the enum, the names Python sees (`NAMES`, `twin_names`) and the
/// reading of a mark (`twin`) are made of this one table.
macro_rules! twins {
    ($($name:literal => $variant:ident $(($($arg:ident),+))?,)*) => {
        /// A yaku check's native twin, with what its mark fixes.
        #[derive(Clone, Debug)]
        pub enum Twin {
            $($variant $(($(arg_type!($arg)),+))?,)*
        }

        /// The twin names (`native_twin` marks).
        pub const NAMES: &[&str] = &[$($name),*];

        /// The twin a mark names with its arguments, tags read in `extras` (the plan's table); None
        /// for a name the kernel does not know or arguments that do not fit it.
        pub fn twin(name: &str, args: &[Arg], extras: &Extras) -> Option<Twin> {
            let mut a = Args { items: args, at: 0, extras };
            let found = match name {
                $($name => Twin::$variant $(($(a.$arg()?),+))?,)*
                _ => return None,
            };
            a.done().then_some(found)
        }
    };
}

twins! {
    "riichi" => Riichi,
    "double_riichi" => DoubleRiichi,
    "ippatsu" => Ippatsu,
    "menzen_tsumo" => MenzenTsumo,
    "haitei" => Haitei,
    "houtei" => Houtei,
    "rinshan" => Rinshan,
    "chankan" => Chankan,
    "pinfu" => Pinfu,
    "iipeikou" => Iipeikou,
    "ryanpeikou" => Ryanpeikou,
    "sanshoku" => Sanshoku,
    "ittsu" => Ittsu,
    "toitoi" => Toitoi,
    "sanankou" => Sanankou,
    "sankantsu" => Sankantsu,
    "sanshoku_doukou" => SanshokuDoukou,
    "tanyao" => Tanyao,
    "chanta" => Chanta,
    "junchan" => Junchan,
    "honroutou" => Honroutou,
    "honour_triplet" => HonourTriplet(kind),
    "yakuhai_round" => YakuhaiRound(kind),
    "yakuhai_seat" => YakuhaiSeat(kind),
    "shousangen" => Shousangen,
    "honitsu" => Honitsu,
    "chinitsu" => Chinitsu,
    "chiitoitsu" => Chiitoitsu,
    "kokushi" => Kokushi,
    "kokushi_13" => Kokushi13,
    "suuankou" => Suuankou,
    "suuankou_tanki" => SuuankouTanki,
    "daisangen" => Daisangen,
    "shousuushii" => Shousuushii,
    "daisuushii" => Daisuushii,
    "tsuuiisou" => Tsuuiisou,
    "ryuuiisou" => Ryuuiisou,
    "ryuuiisou_with_hatsu" => RyuuiisouWithHatsu,
    "chinroutou" => Chinroutou,
    "suukantsu" => Suukantsu,
    "chuuren" => Chuuren,
    "junsei_chuuren" => JunseiChuuren,
    "tenhou" => Tenhou,
    "chiihou" => Chiihou,
    "isshoku_sanjun" => IsshokuSanjun,
    "isshoku_yonjun" => IsshokuYonjun,
    "sanrenkou" => Sanrenkou,
    "suurenkou" => Suurenkou,
    "wheel" => Wheel(wheel),
    "daichisei" => Daichisei,
    "only" => Only(kinds),
    "kouitten" => Kouitten,
    "hyakuman_goku" => HyakumanGoku,
    "hyakuman_goku_exact" => HyakumanGokuExact,
    "ishi_no_ue" => IshiNoUe,
    "extras_tag" => ExtrasTag(tag),
    "shiiaru_raotai" => ShiiaruRaotai,
    "shiiaru_raotai_ron" => ShiiaruRaotaiRon,
    "open_riichi" => OpenRiichi(tag),
    "open_double_riichi" => OpenDoubleRiichi(tag),
    "open_riichi_deal_in" => OpenRiichiDealIn(tag, tag),
    "paarenchan" => Paarenchan(tag),
    "win_tile_is" => WinTileIs(kind),
    "renhou" => Renhou,
    "dora" => Dora,
    "dora_first" => DoraFirst,
    "aka" => Aka,
    "ura" => Ura,
    "ura_first" => UraFirst,
    "dora3" => Dora3,
    "dora3_first" => Dora3First,
    "ura3" => Ura3,
    "ura3_first" => Ura3First,
    "kita" => Kita,
}

/// A mark's arguments, read in order.
pub struct Args<'a> {
    items: &'a [Arg],
    at: usize,
    extras: &'a Extras,
}

impl<'a> Args<'a> {
    fn next(&mut self) -> Option<&'a Arg> {
        let item = self.items.get(self.at)?;
        self.at += 1;
        Some(item)
    }

    fn kind(&mut self) -> Option<u8> {
        match self.next()? {
            Arg::Int(k) => u8::try_from(*k).ok().filter(|&k| k < 34),
            _ => None,
        }
    }

    fn wheel(&mut self) -> Option<u8> {
        self.kind().filter(|&start| start <= 18 && start % 9 == 0)
    }

    fn kinds(&mut self) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        while self.at < self.items.len() {
            out.push(self.kind()?);
        }
        Some(out)
    }

    fn tag(&mut self) -> Option<u32> {
        match self.next()? {
            Arg::Tag(tag) => self.extras.bit(tag),
            _ => None,
        }
    }

    fn done(&self) -> bool {
        self.at == self.items.len()
    }
}

const HATSU: usize = 32;
const CHUN: usize = 33;
const GREEN: [usize; 6] = [19, 20, 21, 23, 25, HATSU];
const KOUITTEN: [usize; 6] = [19, 20, 21, 23, 25, CHUN];
const GATES: [u8; 9] = [3, 1, 1, 1, 1, 1, 1, 1, 3];

fn is_yaochu(k: u8) -> bool {
    k >= 27 || k % 9 == 0 || k % 9 == 8
}

/// (every set and the pair holds a terminal or honour, honours present) of a sequence hand.
fn outside(r: &Reading) -> (bool, bool) {
    if r.form != STANDARD || r.nseq == 0 {
        return (false, false);
    }
    for s in r.sets() {
        if s.seq {
            if s.first % 9 != 0 && s.first % 9 != 6 {
                return (false, false);
            }
        } else if !is_yaochu(s.first) {
            return (false, false);
        }
    }
    if r.pair < 0 || !is_yaochu(r.pair as u8) {
        return (false, false);
    }
    let honours = r.pair >= 27 || r.trips().iter().any(|&t| t >= 27);
    (true, honours)
}

fn chuuren_suit(hand: &Hand) -> Option<usize> {
    if hand.nmelds > 0 {
        return None;
    }
    let c = &hand.counts;
    [0usize, 9, 18].into_iter().find(|&s| {
        let part = &c[s..s + 9];
        part.iter().map(|&x| x as u32).sum::<u32>() == 14 && part.iter().zip(GATES).all(|(&x, g)| x >= g)
    })
}

fn ryuuiisou(c: &[u8; 34], info: &Info) -> bool {
    if info.suit_mask & 3 != 0 || info.honours > c[HATSU] {
        return false;
    }
    GREEN.iter().map(|&i| c[i] as u32).sum::<u32>() == info.size as u32
}

fn only(c: &[u8; 34], kinds: &[usize], size: u8) -> bool {
    kinds.iter().map(|&i| c[i] as u32).sum::<u32>() == size as u32
}

fn pips(c: &[u8; 34], info: &Info) -> u32 {
    if info.suit_mask != 1 || info.honours > 0 {
        return 0;
    }
    (0..9).map(|i| (i as u32 + 1) * c[i] as u32).sum()
}

fn count(c: &[u8; 34], shown: &[u8]) -> i64 {
    shown.iter().map(|&t| c[dora_of(kind(t)) as usize] as i64).sum()
}

/// Three players: indicator 1m makes 9m, and a North indicated counts once per kita.
fn count3(c: &[u8; 34], shown: &[u8], kita: u8) -> i64 {
    shown
        .iter()
        .map(|&t| {
            let ind = kind(t);
            let k = if ind == 0 { 8 } else { dora_of(ind) };
            c[k as usize] as i64 + if k == NORTH { kita as i64 } else { 0 }
        })
        .sum()
}

fn has(s: &[u8], x: u8) -> bool {
    s.contains(&x)
}

/// The twin's answer: a count for bonus items, 1/0 for the others.
pub fn check(t: &Twin, r: &Reading, hand: &Hand, win: &Win, info: &Info) -> i64 {
    let c = &hand.counts;
    let s = r.seqs();
    let tr = r.trips();
    let b = |v: bool| v as i64;
    match t {
        Twin::Riichi => b(win.riichi == 1),
        Twin::DoubleRiichi => b(win.riichi == 2),
        Twin::Ippatsu => b(win.ippatsu),
        Twin::MenzenTsumo => b(win.tsumo),
        Twin::Haitei => b(win.haitei),
        Twin::Houtei => b(win.houtei),
        Twin::Rinshan => b(win.rinshan),
        Twin::Chankan => b(win.chankan),
        Twin::Pinfu => b(r.pinfu_shape),
        Twin::Iipeikou => b((1..s.len()).any(|i| s[..i].contains(&s[i]))),
        Twin::Ryanpeikou => {
            if s.len() != 4 {
                return 0;
            }
            let mut v = [s[0], s[1], s[2], s[3]];
            v.sort_unstable();
            b(v[0] == v[1] && v[2] == v[3])
        }
        Twin::Sanshoku => b(s.iter().any(|&x| x <= 8 && has(s, x + 9) && has(s, x + 18))),
        Twin::Ittsu => b(s.iter().any(|&x| x % 9 == 0 && has(s, x + 3) && has(s, x + 6))),
        Twin::Toitoi => b(r.form == STANDARD && s.is_empty()),
        Twin::Sanankou => b(r.concealed_triplets == 3),
        Twin::Sankantsu => b(info.kans == 3),
        Twin::SanshokuDoukou => b(tr.len() >= 3 && tr.iter().any(|&x| x <= 8 && has(tr, x + 9) && has(tr, x + 18))),
        Twin::Tanyao => b(info.yaochu == 0),
        Twin::Chanta => {
            let (ok, honours) = outside(r);
            b(ok && honours)
        }
        Twin::Junchan => {
            let (ok, honours) = outside(r);
            b(ok && !honours)
        }
        Twin::Honroutou => b(r.form != KOKUSHI && info.yaochu == info.size),
        Twin::HonourTriplet(k) => b(c[*k as usize] >= 3 && r.form == STANDARD),
        Twin::YakuhaiRound(k) => b(info.round_kind == *k && c[*k as usize] >= 3 && r.form == STANDARD),
        Twin::YakuhaiSeat(k) => b(info.seat_kind == *k && c[*k as usize] >= 3 && r.form == STANDARD),
        Twin::Shousangen => {
            b(r.form == STANDARD && r.pair >= 31 && tr.iter().filter(|&&t| t >= 31).count() == 2)
        }
        Twin::Honitsu => b(matches!(info.suit_mask, 1 | 2 | 4) && info.honours > 0),
        Twin::Chinitsu => b(matches!(info.suit_mask, 1 | 2 | 4) && info.honours == 0),
        Twin::Chiitoitsu => b(r.form == CHIITOITSU),
        Twin::Kokushi => b(r.form == KOKUSHI),
        Twin::Kokushi13 => b(r.form == KOKUSHI && c[hand.win as usize] == 2),
        Twin::Suuankou => b(r.concealed_triplets == 4),
        Twin::SuuankouTanki => b(r.concealed_triplets == 4 && r.wait == TANKI),
        Twin::Daisangen => b(r.form == STANDARD && c[31] >= 3 && c[32] >= 3 && c[33] >= 3),
        Twin::Shousuushii => {
            let winds = tr.iter().filter(|&&t| (27..31).contains(&t)).count();
            b(r.form == STANDARD && winds == 3 && (27..31).contains(&r.pair))
        }
        Twin::Daisuushii => b(r.form == STANDARD && tr.iter().filter(|&&t| (27..31).contains(&t)).count() == 4),
        Twin::Tsuuiisou => b(info.honours == info.size),
        Twin::Ryuuiisou => b(ryuuiisou(c, info)),
        Twin::RyuuiisouWithHatsu => b(c[HATSU] > 0 && ryuuiisou(c, info)),
        Twin::Chinroutou => b(info.yaochu == info.size && info.honours == 0),
        Twin::Suukantsu => b(info.kans == 4),
        Twin::Chuuren => b(chuuren_suit(hand).is_some()),
        Twin::JunseiChuuren => match chuuren_suit(hand) {
            Some(suit) => {
                let w = hand.win as usize;
                b(w >= suit && w < suit + 9 && c[w] as i32 - 1 == GATES[w - suit] as i32)
            }
            None => 0,
        },
        Twin::Tenhou => b(win.tenhou),
        Twin::Chiihou => b(win.chiihou),
        Twin::IsshokuSanjun => b(s.len() >= 3 && s.iter().any(|&x| s.iter().filter(|&&y| y == x).count() == 3)),
        Twin::IsshokuYonjun => b(s.len() == 4 && s[0] == s[1] && s[1] == s[2] && s[2] == s[3]),
        Twin::Sanrenkou => b(tr.iter().any(|&x| x < 27 && x % 9 <= 6 && has(tr, x + 1) && has(tr, x + 2))),
        Twin::Suurenkou => {
            if tr.len() != 4 {
                return 0;
            }
            let mut t = [tr[0], tr[1], tr[2], tr[3]];
            t.sort_unstable();
            b(t[3] < 27 && t[0] / 9 == t[3] / 9 && t[1] == t[0] + 1 && t[2] == t[0] + 2 && t[3] == t[0] + 3)
        }
        Twin::Wheel(start) => {
            let first = *start as usize + 1;
            b(info.closed && c[first..first + 7].iter().all(|&x| x == 2))
        }
        Twin::Daichisei => b(info.honours == 14),
        Twin::Only(kinds) => {
            b(kinds.iter().map(|&i| c[i as usize] as u32).sum::<u32>() == info.size as u32)
        }
        Twin::Kouitten => b(c[CHUN] > 0 && only(c, &KOUITTEN, info.size)),
        Twin::HyakumanGoku => b(pips(c, info) >= 100),
        Twin::HyakumanGokuExact => b(pips(c, info) == 100),
        Twin::IshiNoUe => b(win.riichi == 2 && (win.haitei || win.houtei)),
        Twin::ExtrasTag(tag) => b(win.extras & tag != 0),
        Twin::ShiiaruRaotai => b(shiiaru(r, hand)),
        Twin::ShiiaruRaotaiRon => b(!win.tsumo && shiiaru(r, hand)),
        Twin::OpenRiichi(open) => b(win.riichi == 1 && win.extras & open != 0),
        Twin::OpenDoubleRiichi(open) => b(win.riichi == 2 && win.extras & open != 0),
        Twin::OpenRiichiDealIn(open, not_riichi) => b(!win.tsumo && win.extras & open != 0 && win.extras & not_riichi != 0),
        Twin::Paarenchan(tag) => b(win.seat_wind == 0 && win.extras & tag != 0),
        Twin::WinTileIs(k) => b(hand.win == *k),
        Twin::Renhou => b(win.renhou),
        Twin::Dora => count(c, win.dora()),
        Twin::DoraFirst => count(c, &win.dora()[..win.ndora.min(1)]),
        Twin::Aka => hand.red_fives as i64,
        Twin::Ura => count(c, win.ura()),
        Twin::UraFirst => count(c, &win.ura()[..win.nura.min(1)]),
        Twin::Dora3 => count3(c, win.dora(), win.kita),
        Twin::Dora3First => count3(c, &win.dora()[..win.ndora.min(1)], win.kita),
        Twin::Ura3 => count3(c, win.ura(), win.kita),
        Twin::Ura3First => count3(c, &win.ura()[..win.nura.min(1)], win.kita),
        Twin::Kita => win.kita as i64,
    }
}

fn shiiaru(r: &Reading, hand: &Hand) -> bool {
    hand.nmelds == 4 && r.wait == TANKI && hand.melds().iter().all(|m| m.kind != ANKAN)
}

/// The twin names the kernel knows.
#[pyo3::pyfunction]
pub fn twin_names() -> Vec<&'static str> {
    NAMES.to_vec()
}
