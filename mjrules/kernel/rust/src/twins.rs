//! The native twins of the built-in plugins' yaku checks (`plugins/yaku`, `plugins/yakuman`,
//! `plugins/local_yaku`, `plugins/renhou.py`, `plugins/dora.py`). Each computes what the Python check
//! of the same name computes; the Python check is the definition, and `tests/test_native_plan.py`
//! holds the two equal.

use crate::model::{dora_of, kind, Hand, Win, ANKAN, NORTH};
use crate::readings::{Info, Reading, CHIITOITSU, KOKUSHI, STANDARD, TANKI};

#[derive(Clone, Debug)]
pub enum Twin {
    Riichi,
    DoubleRiichi,
    Ippatsu,
    MenzenTsumo,
    Haitei,
    Houtei,
    Rinshan,
    Chankan,
    Pinfu,
    Iipeikou,
    Ryanpeikou,
    Sanshoku,
    Ittsu,
    Toitoi,
    Sanankou,
    Sankantsu,
    SanshokuDoukou,
    Tanyao,
    Chanta,
    Junchan,
    Honroutou,
    HonourTriplet(u8),
    YakuhaiRound(u8),
    YakuhaiSeat(u8),
    Shousangen,
    Honitsu,
    Chinitsu,
    Chiitoitsu,
    Kokushi,
    Kokushi13,
    Suuankou,
    SuuankouTanki,
    Daisangen,
    Shousuushii,
    Daisuushii,
    Tsuuiisou,
    Ryuuiisou,
    RyuuiisouWithHatsu,
    Chinroutou,
    Suukantsu,
    Chuuren,
    JunseiChuuren,
    Tenhou,
    Chiihou,
    IsshokuSanjun,
    IsshokuYonjun,
    Sanrenkou,
    Suurenkou,
    Wheel(u8),
    Daichisei,
    Only(Vec<u8>),
    Kouitten,
    HyakumanGoku,
    HyakumanGokuExact,
    IshiNoUe,
    ExtrasTag(u32),
    ShiiaruRaotai,
    ShiiaruRaotaiRon,
    OpenRiichi,
    OpenDoubleRiichi,
    OpenRiichiDealIn,
    Paarenchan,
    WinTileIs(u8),
    Renhou,
    Dora,
    DoraFirst,
    Aka,
    Ura,
    UraFirst,
    Dora3,
    Dora3First,
    Ura3,
    Ura3First,
    Kita,
}

/// The twin names the kernel knows (`native_twin` marks), with the number of int arguments each takes.
pub const NAMES: [(&str, i32); 74] = [
    ("riichi", 0), ("double_riichi", 0), ("ippatsu", 0), ("menzen_tsumo", 0), ("haitei", 0), ("houtei", 0),
    ("rinshan", 0), ("chankan", 0), ("pinfu", 0), ("iipeikou", 0), ("ryanpeikou", 0), ("sanshoku", 0), ("ittsu", 0),
    ("toitoi", 0), ("sanankou", 0), ("sankantsu", 0), ("sanshoku_doukou", 0), ("tanyao", 0), ("chanta", 0),
    ("junchan", 0), ("honroutou", 0), ("honour_triplet", 1), ("yakuhai_round", 1), ("yakuhai_seat", 1),
    ("shousangen", 0), ("honitsu", 0), ("chinitsu", 0), ("chiitoitsu", 0), ("kokushi", 0), ("kokushi_13", 0),
    ("suuankou", 0), ("suuankou_tanki", 0), ("daisangen", 0), ("shousuushii", 0), ("daisuushii", 0),
    ("tsuuiisou", 0), ("ryuuiisou", 0), ("ryuuiisou_with_hatsu", 0), ("chinroutou", 0), ("suukantsu", 0),
    ("chuuren", 0), ("junsei_chuuren", 0), ("tenhou", 0), ("chiihou", 0), ("isshoku_sanjun", 0),
    ("isshoku_yonjun", 0), ("sanrenkou", 0), ("suurenkou", 0), ("wheel", 1), ("daichisei", 0), ("only", -1),
    ("kouitten", 0), ("hyakuman_goku", 0), ("hyakuman_goku_exact", 0), ("ishi_no_ue", 0), ("extras_tag", 1),
    ("shiiaru_raotai", 0), ("shiiaru_raotai_ron", 0), ("open_riichi", 0), ("open_double_riichi", 0),
    ("open_riichi_deal_in", 0), ("paarenchan", 0), ("win_tile_is", 1), ("renhou", 0), ("dora", 0),
    ("dora_first", 0), ("aka", 0), ("ura", 0), ("ura_first", 0), ("dora3", 0), ("dora3_first", 0), ("ura3", 0),
    ("ura3_first", 0), ("kita", 0),
];

/// The twin of a mark; `args` are ints (a tile kind) or, for `extras_tag`, the tag's bit.
pub fn twin(name: &str, args: &[i64]) -> Option<Twin> {
    let want = NAMES.iter().find(|(n, _)| *n == name)?.1;
    if want >= 0 && args.len() != want as usize {
        return None;
    }
    let kind_arg = |i: usize| -> Option<u8> { args.get(i).and_then(|&k| u8::try_from(k).ok()).filter(|&k| k < 34) };
    Some(match name {
        "riichi" => Twin::Riichi,
        "double_riichi" => Twin::DoubleRiichi,
        "ippatsu" => Twin::Ippatsu,
        "menzen_tsumo" => Twin::MenzenTsumo,
        "haitei" => Twin::Haitei,
        "houtei" => Twin::Houtei,
        "rinshan" => Twin::Rinshan,
        "chankan" => Twin::Chankan,
        "pinfu" => Twin::Pinfu,
        "iipeikou" => Twin::Iipeikou,
        "ryanpeikou" => Twin::Ryanpeikou,
        "sanshoku" => Twin::Sanshoku,
        "ittsu" => Twin::Ittsu,
        "toitoi" => Twin::Toitoi,
        "sanankou" => Twin::Sanankou,
        "sankantsu" => Twin::Sankantsu,
        "sanshoku_doukou" => Twin::SanshokuDoukou,
        "tanyao" => Twin::Tanyao,
        "chanta" => Twin::Chanta,
        "junchan" => Twin::Junchan,
        "honroutou" => Twin::Honroutou,
        "honour_triplet" => Twin::HonourTriplet(kind_arg(0)?),
        "yakuhai_round" => Twin::YakuhaiRound(kind_arg(0)?),
        "yakuhai_seat" => Twin::YakuhaiSeat(kind_arg(0)?),
        "shousangen" => Twin::Shousangen,
        "honitsu" => Twin::Honitsu,
        "chinitsu" => Twin::Chinitsu,
        "chiitoitsu" => Twin::Chiitoitsu,
        "kokushi" => Twin::Kokushi,
        "kokushi_13" => Twin::Kokushi13,
        "suuankou" => Twin::Suuankou,
        "suuankou_tanki" => Twin::SuuankouTanki,
        "daisangen" => Twin::Daisangen,
        "shousuushii" => Twin::Shousuushii,
        "daisuushii" => Twin::Daisuushii,
        "tsuuiisou" => Twin::Tsuuiisou,
        "ryuuiisou" => Twin::Ryuuiisou,
        "ryuuiisou_with_hatsu" => Twin::RyuuiisouWithHatsu,
        "chinroutou" => Twin::Chinroutou,
        "suukantsu" => Twin::Suukantsu,
        "chuuren" => Twin::Chuuren,
        "junsei_chuuren" => Twin::JunseiChuuren,
        "tenhou" => Twin::Tenhou,
        "chiihou" => Twin::Chiihou,
        "isshoku_sanjun" => Twin::IsshokuSanjun,
        "isshoku_yonjun" => Twin::IsshokuYonjun,
        "sanrenkou" => Twin::Sanrenkou,
        "suurenkou" => Twin::Suurenkou,
        "wheel" => {
            let start = kind_arg(0)?;
            if start > 18 || start % 9 != 0 {
                return None;
            }
            Twin::Wheel(start)
        }
        "daichisei" => Twin::Daichisei,
        "only" => Twin::Only((0..args.len()).map(kind_arg).collect::<Option<Vec<u8>>>()?),
        "kouitten" => Twin::Kouitten,
        "hyakuman_goku" => Twin::HyakumanGoku,
        "hyakuman_goku_exact" => Twin::HyakumanGokuExact,
        "ishi_no_ue" => Twin::IshiNoUe,
        "extras_tag" => Twin::ExtrasTag(u32::try_from(*args.first()?).ok()?),
        "shiiaru_raotai" => Twin::ShiiaruRaotai,
        "shiiaru_raotai_ron" => Twin::ShiiaruRaotaiRon,
        "open_riichi" => Twin::OpenRiichi,
        "open_double_riichi" => Twin::OpenDoubleRiichi,
        "open_riichi_deal_in" => Twin::OpenRiichiDealIn,
        "paarenchan" => Twin::Paarenchan,
        "win_tile_is" => Twin::WinTileIs(kind_arg(0)?),
        "renhou" => Twin::Renhou,
        "dora" => Twin::Dora,
        "dora_first" => Twin::DoraFirst,
        "aka" => Twin::Aka,
        "ura" => Twin::Ura,
        "ura_first" => Twin::UraFirst,
        "dora3" => Twin::Dora3,
        "dora3_first" => Twin::Dora3First,
        "ura3" => Twin::Ura3,
        "ura3_first" => Twin::Ura3First,
        "kita" => Twin::Kita,
        _ => return None,
    })
}

const OPEN_RIICHI: u32 = 1 << 4;
const NOT_RIICHI: u32 = 1 << 5;
const PAARENCHAN: u32 = 1 << 6;
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
        Twin::ExtrasTag(bit) => b(win.extras & bit != 0),
        Twin::ShiiaruRaotai => b(shiiaru(r, hand)),
        Twin::ShiiaruRaotaiRon => b(!win.tsumo && shiiaru(r, hand)),
        Twin::OpenRiichi => b(win.riichi == 1 && win.extras & OPEN_RIICHI != 0),
        Twin::OpenDoubleRiichi => b(win.riichi == 2 && win.extras & OPEN_RIICHI != 0),
        Twin::OpenRiichiDealIn => b(!win.tsumo && win.extras & OPEN_RIICHI != 0 && win.extras & NOT_RIICHI != 0),
        Twin::Paarenchan => b(win.seat_wind == 0 && win.extras & PAARENCHAN != 0),
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
    NAMES.iter().map(|(n, _)| *n).collect()
}
