//! The readings of a winning hand, as `mjrules.readings.reading.analyse` finds them, in its order:
//! kokushi alone, or seven pairs first, then every arrangement of the concealed tiles with each
//! wait the winning tile completes there; the melds' sets after the concealed ones.

use crate::arrange;
use crate::model::{Hand, Win, ANKAN};

pub const STANDARD: u8 = 0;
pub const CHIITOITSU: u8 = 1;
pub const KOKUSHI: u8 = 2;

pub const RYANMEN: u8 = 0;
pub const KANCHAN: u8 = 1;
pub const PENCHAN: u8 = 2;
pub const SHANPON: u8 = 3;
pub const TANKI: u8 = 4;
pub const WAIT_KOKUSHI: u8 = 5;

pub const YAOCHU: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

#[derive(Clone, Copy, Default)]
pub struct Set {
    pub seq: bool,
    pub first: u8,
    pub concealed: bool,
    pub kan: bool,
}

#[derive(Clone, Copy, Default)]
pub struct Reading {
    pub form: u8,
    pub pair: i8,
    pub sets: [Set; 4],
    pub nsets: usize,
    /// How many of `sets` come from the concealed tiles (the melds' follow).
    pub nconcealed: usize,
    /// The set a ron completed as a triplet (shown open), or 4.
    pub ron_triplet: usize,
    pub seqs: [u8; 4],
    pub nseq: usize,
    pub trips: [u8; 4],
    pub ntrip: usize,
    pub concealed_triplets: u8,
    pub wait: u8,
    pub pinfu_shape: bool,
}

impl Reading {
    pub fn sets(&self) -> &[Set] {
        &self.sets[..self.nsets]
    }
    pub fn seqs(&self) -> &[u8] {
        &self.seqs[..self.nseq]
    }
    pub fn trips(&self) -> &[u8] {
        &self.trips[..self.ntrip]
    }
}

/// What every reading of a hand shares.
#[derive(Clone, Copy, Default)]
pub struct Info {
    pub honours: u8,
    pub honour_triplets: u8,
    pub yaochu: u8,
    pub suit_mask: u8,
    pub suit_count: u8,
    pub size: u8,
    pub kans: u8,
    pub closed: bool,
    pub closed_kans: u8,
    pub seat_kind: u8,
    pub round_kind: u8,
    /// `TERMINALS_*` level.
    pub level: u8,
}

pub fn info(hand: &Hand, win: &Win) -> Info {
    let c = &hand.counts;
    let mut honours = 0u8;
    let mut honour_triplets = 0u8;
    for i in 0..7 {
        honours += c[27 + i];
        if c[27 + i] >= 3 {
            honour_triplets |= 1 << i;
        }
    }
    let yaochu = c[0] + c[8] + c[9] + c[17] + c[18] + c[26] + honours;
    let any = |a: usize| c[a..a + 9].iter().any(|&x| x > 0);
    let suit_mask = (any(0) as u8) | ((any(9) as u8) << 1) | ((any(18) as u8) << 2);
    let kans = hand.kans();
    let size = 14 + kans;
    let level = if yaochu == 0 {
        0
    } else if yaochu == size {
        3
    } else if yaochu >= 6 {
        2
    } else {
        1
    };
    Info {
        honours,
        honour_triplets,
        yaochu,
        suit_mask,
        suit_count: suit_mask.count_ones() as u8,
        size,
        kans,
        closed: hand.closed(),
        closed_kans: hand.melds().iter().filter(|m| m.kind == ANKAN).count() as u8,
        seat_kind: 27 + win.seat_wind,
        round_kind: 27 + win.round_wind,
        level,
    }
}

fn is_kokushi(c: &[u8; 34]) -> bool {
    let total: u32 = c.iter().map(|&x| x as u32).sum();
    total == 14 && YAOCHU.iter().all(|&i| c[i] > 0) && YAOCHU.iter().map(|&i| c[i] as u32).sum::<u32>() == 14
}

fn is_chiitoitsu(c: &[u8; 34]) -> bool {
    c.iter().filter(|&&x| x == 2).count() == 7
}

/// Every reading of the hand, in `analyse`'s order.
pub fn readings(hand: &Hand, win: &Win, info: &Info) -> Vec<Reading> {
    let conc = &hand.conc;
    let w = hand.win;
    let mut out = Vec::new();
    let melds = hand.melds();
    if melds.is_empty() {
        if info.yaochu == 14 && is_kokushi(conc) {
            out.push(Reading { form: KOKUSHI, pair: -1, wait: WAIT_KOKUSHI, ron_triplet: 4, ..Reading::default() });
            return out;
        }
        if is_chiitoitsu(conc) {
            out.push(Reading { form: CHIITOITSU, pair: -1, wait: TANKI, ron_triplet: 4, ..Reading::default() });
        }
    }
    for r in arrange::placed(conc, w) {
        let mut base = Reading { form: STANDARD, pair: r.pair as i8, ron_triplet: 4, ..Reading::default() };
        for &(kind, first) in &r.sets {
            let seq = kind == arrange::SEQ;
            if base.nsets == 4 {
                break;
            }
            base.sets[base.nsets] = Set { seq, first, concealed: true, kan: false };
            base.nsets += 1;
            if seq {
                base.seqs[base.nseq] = first;
                base.nseq += 1;
            } else {
                base.trips[base.ntrip] = first;
                base.ntrip += 1;
            }
        }
        base.nconcealed = base.nsets;
        let concealed_trips = base.ntrip as u8;
        for m in melds {
            if base.nsets == 4 {
                return Vec::new(); // more than four sets: not a hand the model makes
            }
            base.sets[base.nsets] = Set { seq: m.seq, first: m.first, concealed: m.concealed, kan: m.kan };
            base.nsets += 1;
            if m.seq {
                base.seqs[base.nseq] = m.first;
                base.nseq += 1;
            } else {
                base.trips[base.ntrip] = m.first;
                base.ntrip += 1;
            }
        }
        base.concealed_triplets = concealed_trips + info.closed_kans;
        let pair = r.pair;
        let plain_pair = pair < 31 && pair != info.seat_kind as i32 && pair != info.round_kind as i32;
        for &wait in &r.waits {
            let mut one = base;
            one.wait = wait;
            if wait == SHANPON && !win.tsumo {
                // a triplet completed by a ron counts as open: the first concealed triplet of w
                if let Some(k) = (0..one.nconcealed).find(|&k| !one.sets[k].seq && one.sets[k].first == w) {
                    one.sets[k].concealed = false;
                    one.ron_triplet = k;
                    one.concealed_triplets -= 1;
                }
            }
            one.pinfu_shape = wait == RYANMEN && plain_pair && one.ntrip == 0;
            out.push(one);
        }
    }
    out
}

/// `Reading.features` as the yaku hints read them.
#[derive(Clone, Copy)]
pub struct Features {
    pub form: u8,
    pub sequences: u8,
    pub situation: u32,
    pub closed: bool,
    pub suit_count: u8,
    pub level: u8,
    pub honours: bool,
    pub honour_triplets: u8,
}

pub fn features(r: &Reading, win: &Win, info: &Info) -> Features {
    Features {
        form: r.form,
        sequences: r.nseq as u8,
        situation: win.situation,
        closed: info.closed,
        suit_count: info.suit_count,
        level: info.level,
        honours: info.honours > 0,
        honour_triplets: info.honour_triplets,
    }
}
