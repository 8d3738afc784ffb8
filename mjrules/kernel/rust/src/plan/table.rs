//! The yaku of a plan: each yaku's values, hints and check (`Yaku`), and the table of a yaku index
//! (`Table`, `YakuTable` for Python) with its bit sets of the yaku each hint value lets fit.

use super::*;
use super::spec::YakuRow;
use crate::model::Extras;

pub struct Yaku {
    pub id: String,
    pub(crate) twin: Option<Twin>,
    pub(crate) check: PyObject,
    pub obj: PyObject,
    pub(crate) han: i64,
    pub(crate) han_open: i64,
    pub(crate) yakuman: i64,
    pub(crate) bonus: bool,
    pub(crate) replaces: Vec<usize>,
    pub(crate) alone: bool,
    pub(crate) needs_yaku: bool,
    pub(crate) forms: u8,
    pub(crate) honours: i8,
    pub(crate) closed: i8,
    pub(crate) when: u32,
    pub(crate) min_seq: u8,
    pub(crate) min_trip: u8,
    pub(crate) max_suits: i8,
    pub(crate) yaochu: u8,
    pub(crate) triplet_of: u8,
    pub(crate) score_closed: Option<PyObject>,
    pub(crate) score_open: Option<PyObject>,
    pub(crate) score_yakuman: Option<PyObject>,
    /// `{"id": …, "name": …, "name_ja": …, ` as the batch renderer writes a yaku score.
    pub json: String,
}

impl Yaku {
    /// The yaku of its row, its twin's tags read in `extras` (the table's).
    fn of(row: YakuRow, extras: &Extras) -> Self {
        let twin = row.twin.as_deref().and_then(|name| twins::twin(name, &row.twin_args, extras));
        let unset = |v: Option<bool>| v.map_or(-1, |v| v as i8);
        Yaku {
            id: row.id,
            twin,
            check: row.check,
            obj: row.yaku,
            han: row.han,
            han_open: row.han_open,
            yakuman: row.yakuman,
            bonus: row.bonus,
            replaces: row.replaces,
            alone: row.alone,
            needs_yaku: row.needs_yaku,
            forms: row.forms,
            honours: unset(row.honours),
            closed: unset(row.closed),
            when: row.when,
            min_seq: row.min_sequences,
            min_trip: row.min_triplets,
            max_suits: row.max_suits.map_or(-1, |m| m.min(3) as i8),
            yaochu: row.yaochu,
            triplet_of: row.triplet_of,
            score_closed: row.score_closed,
            score_open: row.score_open,
            score_yakuman: row.score_yakuman,
            json: row.json,
        }
    }

    pub(crate) fn fits(&self, f: &Features) -> bool {
        let trips = if f.form == STANDARD { 4 - f.sequences as i32 } else { 0 };
        if (f.sequences as i32) < self.min_seq as i32 || trips < self.min_trip as i32 {
            return false;
        }
        if self.forms >> f.form & 1 == 0 {
            return false;
        }
        if self.honours >= 0 && (self.honours == 1) != f.honours {
            return false;
        }
        if self.closed >= 0 && (self.closed == 1) != f.closed {
            return false;
        }
        if self.when != 0 && f.situation & self.when == 0 {
            return false;
        }
        if self.max_suits >= 0 && f.suit_count as i8 > self.max_suits {
            return false;
        }
        if self.yaochu >> f.level & 1 == 0 {
            return false;
        }
        self.triplet_of == 0 || f.honour_triplets & self.triplet_of != 0
    }

    pub(crate) fn han_for(&self, closed: bool) -> i64 {
        if closed {
            self.han
        } else {
            self.han_open
        }
    }
}


/// The yaku that fit a reading's features, in registration order.
#[derive(Clone)]
pub(crate) enum Fits {
    Mask(u128),
    List(Vec<usize>),
}

impl Fits {
    pub(crate) fn iter(&self) -> FitIter<'_> {
        match self {
            Fits::Mask(m) => FitIter::Mask(*m),
            Fits::List(v) => FitIter::List(v.iter()),
        }
    }
}

pub(crate) enum FitIter<'a> {
    Mask(u128),
    List(std::slice::Iter<'a, usize>),
}

impl Iterator for FitIter<'_> {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        match self {
            FitIter::Mask(m) => {
                if *m == 0 {
                    return None;
                }
                let y = m.trailing_zeros() as usize;
                *m &= *m - 1;
                Some(y)
            }
            FitIter::List(it) => it.next().copied(),
        }
    }
}


/// The yaku of a yaku index (`mjrules.scoring.yaku_index.YakuIndex`), compiled once and shared by
/// every plan of that index.
pub struct Table {
    pub yaku: Vec<Yaku>,
    /// The `Win.extras` tags the yaku read, as bits.
    pub extras: Arc<Extras>,
    /// The hints as bit sets of yaku (up to 128), so a reading's fitting yaku are a few ANDs.
    pub(crate) fit: Option<Box<FitTables>>,
    /// Plans with the same key have the same yaku and native checks only: they share what each
    /// reading's yaku are (0: no sharing, some check is Python and may read the flags).
    pub(crate) key: usize,
    pub(crate) python_checks: bool,
    pub(crate) _index: PyObject,
}

/// `Table` for Python: made by `mjrules.scoring.plan` once per yaku index.
#[pyclass(module = "mjrules.kernel._native")]
pub struct YakuTable {
    pub(crate) inner: Arc<Table>,
}

#[pymethods]
impl YakuTable {
    /// The table of ``index``'s yaku: their rows (`mjrules.scoring.plan.YakuRow`, read by field
    /// name) and the `Win.extras` tags they read, each tag's bit its place in ``extras``.
    #[new]
    fn new(rows: Vec<YakuRow>, extras: Vec<String>, index: PyObject) -> Self {
        let extras = Extras::new(extras);
        let yaku: Vec<Yaku> = rows.into_iter().map(|row| Yaku::of(row, &extras)).collect();
        let python_checks = yaku.iter().any(|y| y.twin.is_none());
        let fit = FitTables::new(&yaku);
        let key = if python_checks { 0 } else { index.as_ptr() as usize };
        YakuTable { inner: Arc::new(Table { yaku, extras: Arc::new(extras), fit, key, python_checks, _index: index }) }
    }

    /// Whether each yaku's check runs natively (its mark names a twin the kernel has, with
    /// arguments that fit it).
    #[getter]
    fn natives(&self) -> Vec<bool> {
        self.inner.yaku.iter().map(|y| y.twin.is_some()).collect()
    }
}

/// For each value a hint reads, the yaku (bits by index) that value lets fit.
pub(crate) struct FitTables {
    pub(crate) form_seq: [[u128; 5]; 3],
    pub(crate) honours: [u128; 2],
    pub(crate) closed: [u128; 2],
    pub(crate) no_when: u128,
    pub(crate) when: [u128; 32],
    pub(crate) suits: [u128; 4],
    pub(crate) level: [u128; 4],
    pub(crate) no_triplet: u128,
    pub(crate) triplet: [u128; 7],
}

impl FitTables {
    pub(crate) fn new(yaku: &[Yaku]) -> Option<Box<Self>> {
        if yaku.len() > 128 {
            return None;
        }
        let mut t = Box::new(FitTables {
            form_seq: [[0; 5]; 3],
            honours: [0; 2],
            closed: [0; 2],
            no_when: 0,
            when: [0; 32],
            suits: [0; 4],
            level: [0; 4],
            no_triplet: 0,
            triplet: [0; 7],
        });
        for (i, y) in yaku.iter().enumerate() {
            let bit = 1u128 << i;
            for form in 0..3u8 {
                for seq in 0..5u8 {
                    let trips = if form == STANDARD { 4 - seq as i32 } else { 0 };
                    if y.forms >> form & 1 == 1 && seq >= y.min_seq && trips >= y.min_trip as i32 {
                        t.form_seq[form as usize][seq as usize] |= bit;
                    }
                }
            }
            for h in 0..2 {
                if y.honours < 0 || y.honours as usize == h {
                    t.honours[h] |= bit;
                }
                if y.closed < 0 || y.closed as usize == h {
                    t.closed[h] |= bit;
                }
            }
            if y.when == 0 {
                t.no_when |= bit;
            } else {
                for b in 0..32 {
                    if y.when >> b & 1 == 1 {
                        t.when[b] |= bit;
                    }
                }
            }
            for sc in 0..4i8 {
                if y.max_suits < 0 || sc <= y.max_suits {
                    t.suits[sc as usize] |= bit;
                }
            }
            for lv in 0..4 {
                if y.yaochu >> lv & 1 == 1 {
                    t.level[lv] |= bit;
                }
            }
            if y.triplet_of == 0 {
                t.no_triplet |= bit;
            } else {
                for b in 0..7 {
                    if y.triplet_of >> b & 1 == 1 {
                        t.triplet[b] |= bit;
                    }
                }
            }
        }
        Some(t)
    }

    pub(crate) fn fits(&self, f: &Features) -> u128 {
        let mut when = self.no_when;
        let mut s = f.situation;
        while s != 0 {
            when |= self.when[s.trailing_zeros() as usize];
            s &= s - 1;
        }
        let mut triplet = self.no_triplet;
        let mut h = f.honour_triplets;
        while h != 0 {
            triplet |= self.triplet[h.trailing_zeros() as usize];
            h &= h - 1;
        }
        self.form_seq[f.form as usize][(f.sequences as usize).min(4)]
            & self.honours[f.honours as usize]
            & self.closed[f.closed as usize]
            & when
            & self.suits[f.suit_count.min(3) as usize]
            & self.level[f.level as usize]
            & triplet
    }
}
