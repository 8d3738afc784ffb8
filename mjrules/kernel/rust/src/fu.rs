//! The twin of the `fu` plugin's `StandardFu.count` (`plugins/fu_rules.py`): a reading's fu, itemised.

use crate::readings::{Info, Reading, CHIITOITSU, KANCHAN, PENCHAN, TANKI};

read_by_name! {
    /// `StandardFu`'s choices, read off the plugin's own `StandardFu` object by field name.
    #[derive(Clone, Copy, PartialEq)]
    pub struct StandardFu {
        pub rinshan_tsumo: bool,
        pub pinfu_tsumo: bool,
        pub open_pinfu: bool,
        pub double_wind_pair: i64,
        /// The fu of a seven-pairs reading (25 or 50).
        pub seven_pairs: FuTotal,
        pub north_is_value: bool,
    }
}

read_by_name! {
    /// A `Fu`'s total (`mjrules.readings.fu.Fu`).
    #[derive(Clone, Copy, PartialEq)]
    pub struct FuTotal {
        pub total: i64,
    }
}

/// One line of a count, as the plugin's `FuItem`s read.
#[derive(Clone, Copy)]
pub enum Item {
    Base,
    MenzenRon,
    Set { concealed: bool, kan: bool, kind: u8, fu: i64 },
    Pair { kind: u8, fu: i64 },
    Wait(u8),
    Tsumo,
    OpenPinfu,
    Rounding(i64),
    Chiitoitsu(i64),
}

impl Item {
    pub fn fu(&self) -> i64 {
        match *self {
            Item::Base => 20,
            Item::MenzenRon => 10,
            Item::Set { fu, .. } | Item::Pair { fu, .. } => fu,
            Item::Wait(_) | Item::Tsumo => 2,
            Item::OpenPinfu => 10,
            Item::Rounding(n) | Item::Chiitoitsu(n) => n,
        }
    }

    /// The item's label, as `plugins/fu_rules.py` writes it.
    pub fn label(&self, out: &mut String) {
        match *self {
            Item::Base => out.push_str("base"),
            Item::MenzenRon => out.push_str("menzen ron"),
            Item::Set { concealed, kan, kind, .. } => {
                out.push_str(if concealed { "closed " } else { "open " });
                out.push_str(if kan { "kan " } else { "triplet " });
                tile_text(kind, out);
            }
            Item::Pair { kind, .. } => {
                out.push_str("pair ");
                tile_text(kind, out);
            }
            Item::Wait(w) => out.push_str(match w {
                KANCHAN => "kanchan wait",
                PENCHAN => "penchan wait",
                _ => "tanki wait",
            }),
            Item::Tsumo => out.push_str("tsumo"),
            Item::OpenPinfu => out.push_str("open pinfu"),
            Item::Rounding(_) => out.push_str("rounding"),
            Item::Chiitoitsu(_) => out.push_str("chiitoitsu"),
        }
    }
}

/// A tile kind in MPSZ (`5m`, `7z`).
pub fn tile_text(kind: u8, out: &mut String) {
    out.push((b'1' + kind % 9) as char);
    out.push(match kind / 9 {
        0 => 'm',
        1 => 'p',
        2 => 's',
        _ => 'z',
    });
}

pub struct Fu {
    pub total: i64,
    pub items: Vec<Item>,
}

fn is_yaochu(k: u8) -> bool {
    k >= 27 || k % 9 == 0 || k % 9 == 8
}

impl StandardFu {
    fn pair(&self, r: &Reading, info: &Info) -> i64 {
        let p = r.pair as u8;
        if p < 27 {
            return 0;
        }
        if p >= 31 {
            return 2;
        }
        let mut fu = if p == info.seat_kind { 2 } else { 0 } + if p == info.round_kind { 2 } else { 0 };
        if p == 30 && self.north_is_value {
            fu += 2;
        }
        if fu == 4 {
            self.double_wind_pair
        } else {
            fu
        }
    }

    /// The count of a reading that is not kokushi; None where the plugin's count would fail.
    pub fn count(&self, r: &Reading, info: &Info, tsumo: bool, rinshan: bool) -> Option<Fu> {
        if r.form == CHIITOITSU {
            let fu = self.seven_pairs.total;
            return Some(Fu { total: fu, items: vec![Item::Chiitoitsu(fu)] });
        }
        let closed = info.closed;
        let mut items = Vec::with_capacity(8);
        items.push(Item::Base);
        let mut total = 20;
        if closed && !tsumo {
            total = 30;
            items.push(Item::MenzenRon);
        }
        let mut parts = 0;
        if r.ntrip > 0 {
            for s in r.sets() {
                if !s.seq {
                    let fu = (if is_yaochu(s.first) { 4 } else { 2 })
                        * (if s.concealed { 2 } else { 1 })
                        * (if s.kan { 4 } else { 1 });
                    parts += fu;
                    items.push(Item::Set { concealed: s.concealed, kan: s.kan, kind: s.first, fu });
                }
            }
        }
        let pair = if r.pair >= 27 { self.pair(r, info) } else { 0 };
        if pair != 0 {
            if pair != 2 && pair != 4 {
                return None; // the plugin has items for 2 and 4 fu only
            }
            parts += pair;
            items.push(Item::Pair { kind: r.pair as u8, fu: pair });
        }
        if matches!(r.wait, KANCHAN | PENCHAN | TANKI) {
            parts += 2;
            items.push(Item::Wait(r.wait));
        }
        total += parts;
        if tsumo {
            let earns = if parts == 0 && closed { self.pinfu_tsumo } else { !(rinshan && !self.rinshan_tsumo) };
            if earns {
                total += 2;
                items.push(Item::Tsumo);
            }
        } else if parts == 0 && !closed && self.open_pinfu {
            total += 10;
            items.push(Item::OpenPinfu);
        }
        let fu = (total + 9) / 10 * 10;
        if fu != total {
            items.push(Item::Rounding(fu - total));
        }
        Some(Fu { total: fu, items })
    }
}
