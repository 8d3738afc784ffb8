//! A plan as `mjrules.scoring.plan` gives it: typed dicts (and the fu rule's object) read by name, once,
//! when the plan is compiled, into the structs the run reads. Each policy twin is named once, in
//! `policy_twins!` below, with the params it reads (its struct's fields, which the built-in plugin
//! that declares the flags gives by name).

use std::collections::HashMap;

use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::fu::StandardFu;
use crate::pay::TsumoLoss;

use super::YakuTable;

read_by_name! {
    /// One yaku as the kernel's table reads it (`mjrules.scoring.plan.YakuRow`).
    pub struct YakuRow {
        pub id: String,
        /// `{"id": …, "name": …, "name_ja": …, ` as the batch renderer writes a yaku score.
        pub json: String,
        /// The native twin its check names (`native_twin`), and the twin's fixed arguments: tile
        /// kinds, or `Win.extras` tags by name.
        pub twin: Option<String>,
        pub twin_args: Vec<Arg>,
        pub check: PyObject,
        pub yaku: PyObject,
        pub han: i64,
        pub han_open: i64,
        /// The yakuman multiple (0: not a yakuman).
        pub yakuman: i64,
        pub bonus: bool,
        /// The yaku it replaces, by index.
        pub replaces: Vec<usize>,
        pub alone: bool,
        pub needs_yaku: bool,
        /// The hints: forms as bits of `FORMS`, a situation's bit, the terminal levels it fits as
        /// bits, the dragon and wind triplets as bits of kinds 27–33; None where the hint is unset.
        pub forms: u8,
        pub honours: Option<bool>,
        pub closed: Option<bool>,
        pub when: u32,
        pub min_sequences: u8,
        pub min_triplets: u8,
        pub max_suits: Option<u8>,
        pub yaochu: u8,
        pub triplet_of: u8,
        /// The shared `YakuScore`s it is paid with (None for a bonus item, made per count).
        pub score_closed: Option<PyObject>,
        pub score_open: Option<PyObject>,
        pub score_yakuman: Option<PyObject>,
    }
}

/// A twin's fixed argument: a tile kind, or a `Win.extras` tag by name (anything else: no twin).
#[derive(Clone, Debug)]
pub enum Arg {
    Int(i64),
    Tag(String),
    Other,
}

impl<'s> FromPyObject<'s> for Arg {
    fn extract(obj: &'s PyAny) -> PyResult<Self> {
        if obj.is_instance_of::<pyo3::types::PyBool>()? {
            return Ok(Arg::Other);
        }
        if let Ok(s) = obj.downcast::<PyString>() {
            return Ok(Arg::Tag(s.to_str()?.to_string()));
        }
        Ok(obj.extract::<i64>().map(Arg::Int).unwrap_or(Arg::Other))
    }
}

named_choice! {
    /// How a policy is answered (`mjrules.scoring.plan.Policy.way`).
    pub enum WayName {
        Absent = "absent",
        Native = "native",
        Python = "python",
    }
}

/// A policy as the plan answers it: by no plugin (the core's default), by its native twin with
/// the params it reads, or in Python.
#[derive(Clone, PartialEq)]
pub enum Way<P> {
    Absent,
    Native(P),
    Python,
}

read_by_name! {
    /// A policy as the plan gives it (`mjrules.scoring.plan.Policy`): its way, and where native the
    /// twin's params (read by the twin's own struct).
    pub struct Policy {
        pub way: WayName,
        pub params: PyObject,
    }
}

impl<'s, P: FromPyObject<'s>> FromPyObject<'s> for Way<P> {
    fn extract(obj: &'s PyAny) -> PyResult<Self> {
        let policy: Policy = obj.extract()?;
        Ok(match policy.way {
            WayName::Absent => Way::Absent,
            WayName::Native => Way::Native(policy.params.into_ref(obj.py()).extract()?),
            WayName::Python => Way::Python,
        })
    }
}

impl<P> Way<P> {
    pub fn is_python(&self) -> bool {
        matches!(self, Way::Python)
    }
}

named_choice! {
    /// The `kazoe` flag's modes.
    pub enum KazoeMode {
        Yakuman = "yakuman",
        Sanbaiman = "sanbaiman",
        Multiple = "multiple",
    }
}

read_by_name! {
    /// Kazoe yakuman: the mode, and the multiple's cap (0: none).
    #[derive(Clone, Copy, PartialEq)]
    pub struct Kazoe {
        pub mode: KazoeMode,
        pub cap: i64,
    }
}

read_by_name! {
    /// Kiriage mangan.
    #[derive(Clone, Copy, PartialEq)]
    pub struct Kiriage {
        pub on: bool,
    }
}

read_by_name! {
    /// Yakuman stacking: whether several add up, and the multiple's cap (0: none).
    #[derive(Clone, Copy, PartialEq)]
    pub struct YakumanStacking {
        pub stacking: bool,
        pub cap: i64,
    }
}

read_by_name! {
    /// Aotenjou's base points: a yakuman as `yakuman_fu` fu and `yakuman_han` han per multiple.
    #[derive(Clone, Copy, PartialEq)]
    pub struct Aotenjou {
        pub yakuman_fu: i64,
        pub yakuman_han: i64,
    }
}

named_choice! {
    /// Whose meld a pao yakuman is fed by: the third dragon set, the fourth wind set, the fourth kan.
    pub enum PaoKind {
        Dragons = "dragons",
        Winds = "winds",
        Kans = "kans",
    }
}

read_by_name! {
    /// Pao: on, covering the whole hand, the liable player paying all honba, and the pao yakuman
    /// (yaku id → what feeds it).
    #[derive(Clone, PartialEq)]
    pub struct Pao {
        pub on: bool,
        pub covers_hand: bool,
        pub honba_liable: bool,
        pub yakuman: HashMap<String, PaoKind>,
    }
}

read_by_name! {
    /// Rinshan pao (a daiminkan's discarder pays the rinshan win).
    #[derive(Clone, Copy, PartialEq)]
    pub struct RinshanPao {
        pub on: bool,
    }
}

named_choice! {
    /// Who pays the honba under pao (`mjrules.rules.liability`'s `HONBA_NORMAL`, `HONBA_LIABLE`).
    pub enum Honba {
        Normal = "normal",
        Liable = "liable",
    }
}

read_by_name! {
    /// A `Liability` a Python pao hook answers (`mjrules.rules.liability`), the fields the kernel reads.
    pub struct Liability {
        pub offset: i64,
        pub multiple: i64,
        pub honba: Honba,
    }
}

/// The policy twins, each named once with the struct of the params it reads: `Policies` has a
/// field of each (read from a dict by twin name), `POLICY_TWINS` lists them for Python.
macro_rules! policy_twins {
    ($($twin:ident: $params:ty,)*) => {
        /// How the plan answers each policy.
        #[derive(Clone, PartialEq)]
        pub struct Policies { $(pub $twin: Way<$params>,)* }

        impl<'s> FromPyObject<'s> for Policies {
            fn extract(obj: &'s PyAny) -> PyResult<Self> {
                Ok(Policies { $($twin: field!(obj, "Policies", stringify!($twin))?,)* })
            }
        }

        impl Policies {
            /// Whether some policy is answered in Python.
            pub fn any_python(&self) -> bool {
                false $(|| self.$twin.is_python())*
            }
        }

        /// Each policy twin's name, and the params it reads.
        pub const POLICY_TWINS: &[(&str, &[&str])] = &[$((stringify!($twin), <$params>::FIELDS),)*];
    };
}

policy_twins! {
    kazoe: Kazoe,
    kiriage: Kiriage,
    yakuman_stacking: YakumanStacking,
    aotenjou: Aotenjou,
    pao: Pao,
    rinshan_pao: RinshanPao,
    standard_fu: StandardFu,
}

read_by_name! {
    /// A plan (`mjrules.scoring.plan.PlanSpec`): the rules' values the run reads, the policies, and
    /// the Python parts it calls where a part is not native.
    pub struct PlanSpec {
        pub yaku: Py<YakuTable>,
        pub players: usize,
        pub honba_value: i64,
        pub tsumo_loss: TsumoLoss,
        pub min_han: i64,
        pub ryanshiba: i64,
        pub red_fives: [u8; 3],
        /// The `Win.extras` tags some yaku of the ruleset reads (the others are refused).
        pub extras_allowed: Vec<String>,
        pub tiles108: bool,
        pub kita: bool,
        pub kita_rinshan: bool,
        pub kita_chankan: bool,
        pub policies: Policies,
        pub flags: PyObject,
        pub limits_ordinary: PyObject,
        pub limits_yakuman: PyObject,
        pub pao_fn: PyObject,
        pub rinshan_fn: PyObject,
        pub bonus_score: PyObject,
        pub fu_rule: PyObject,
        pub fu_json: PyObject,
        pub no_shape: PyObject,
        pub no_yaku: PyObject,
    }
}
