//! The boundary's named form. What crosses between Python and the kernel is read and written by
//! field name, and each field list is declared once, here or beside the struct it fills, with the
//! macros below: the kernel reads (or sets) exactly the names it declares, and exports every list
//! (`boundary()`), which `tests/test_boundary.py` compares with the attrs class, named tuple, typed dict or
//! choices it mirrors, so a field renamed on one side alone fails there.
//!
//! Two speeds. A plan crosses once, when it is compiled (`read_by_name!`: a dict or an object read
//! by key into a Rust struct); a hand crosses per call (`attr_names!`: the names
//! interned once, then each attribute read or set through them).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// One field of an object crossing at compile time: a dict's key, or an attribute (a named tuple,
/// an attrs instance), its error naming the struct and the field. `name` is interned (`intern!`).
pub fn field<'p, T: FromPyObject<'p>>(obj: &'p PyAny, owner: &str, name: &PyString) -> PyResult<T> {
    let value = match obj.downcast::<PyDict>() {
        Ok(d) => d.get_item(name).ok_or_else(|| PyValueError::new_err(format!("kernel {owner}: no field {name}")))?,
        Err(_) => obj.getattr(name).map_err(|e| PyValueError::new_err(format!("kernel {owner}: no field {name} ({e})")))?,
    };
    value.extract().map_err(|e| PyTypeError::new_err(format!("kernel {owner}.{name}: {e}")))
}

/// `field` of a name given as text (interned where it is written: `intern!`).
macro_rules! field {
    ($obj:expr, $owner:expr, $name:expr) => {
        $crate::fields::field($obj, $owner, pyo3::intern!($obj.py(), $name))
    };
}

/// A struct read by field name from a Python dict or object (an attrs instance), when a plan is
/// compiled; `FIELDS` names them in order.
macro_rules! read_by_name {
    ($(#[$m:meta])* pub struct $name:ident { $($(#[$fm:meta])* pub $field:ident : $ty:ty,)* }) => {
        $(#[$m])*
        pub struct $name { $($(#[$fm])* pub $field: $ty,)* }

        impl $name {
            pub const FIELDS: &'static [&'static str] = &[$(stringify!($field)),*];
        }

        impl<'s> pyo3::FromPyObject<'s> for $name {
            fn extract(obj: &'s pyo3::PyAny) -> pyo3::PyResult<Self> {
                Ok($name { $($field: field!(obj, stringify!($name), stringify!($field))?,)* })
            }
        }
    };
}

/// The interned attribute names of a Python class whose objects the kernel reads or makes per
/// hand; `FIELDS` names them in order.
macro_rules! attr_names {
    ($(#[$m:meta])* pub struct $name:ident { $($field:ident,)* }) => {
        $(#[$m])*
        pub struct $name { $(pub $field: pyo3::Py<pyo3::types::PyString>,)* }

        impl $name {
            pub const FIELDS: &'static [&'static str] = &[$(stringify!($field)),*];

            pub fn intern(py: pyo3::Python) -> Self {
                $name { $($field: pyo3::types::PyString::intern(py, stringify!($field)).into(),)* }
            }
        }
    };
}

/// The items of a named tuple the kernel makes, given by name; `FIELDS` names them in the tuple's order.
macro_rules! tuple_items {
    ($(#[$m:meta])* pub struct $name:ident { $($field:ident,)* }) => {
        $(#[$m])*
        pub struct $name { $(pub $field: pyo3::PyObject,)* }

        impl $name {
            pub const FIELDS: &'static [&'static str] = &[$(stringify!($field)),*];

            pub fn into_tuple<'p>(self, py: pyo3::Python<'p>) -> &'p pyo3::types::PyTuple {
                pyo3::types::PyTuple::new(py, [$(self.$field),*])
            }
        }
    };
}

/// A closed choice read from its Python name (a flag's value, a way of answering) when a plan is
/// compiled; `NAMES` lists the names it takes.
macro_rules! named_choice {
    ($(#[$m:meta])* pub enum $name:ident { $($variant:ident = $text:literal,)* }) => {
        $(#[$m])*
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub enum $name { $($variant,)* }

        impl $name {
            pub const NAMES: &'static [&'static str] = &[$($text),*];
        }

        impl<'s> pyo3::FromPyObject<'s> for $name {
            fn extract(obj: &'s pyo3::PyAny) -> pyo3::PyResult<Self> {
                let text: &str = obj.extract()?;
                match text {
                    $($text => Ok($name::$variant),)*
                    _ => Err(pyo3::exceptions::PyValueError::new_err(format!(
                        "kernel {}: {:?} is none of {:?}", stringify!($name), text, Self::NAMES))),
                }
            }
        }
    };
}

/// Every field list and choice the kernel reads or writes by name, for the tests to compare with
/// the Python side: `{"fields": {struct: [names]}, "choices": {choice: [names]}, "policies": {twin: [params]}}`.
#[pyfunction]
pub fn boundary(py: Python) -> PyResult<PyObject> {
    use crate::bound::{HandNames, MeldNames, ResultNames, WinNames, SET_SHAPE_ITEMS};
    use crate::plan::spec::{Policy, PlanSpec, YakuRow, POLICY_TWINS};
    use crate::plan::spec::{KazoeMode, PaoKind};
    use crate::pay::TsumoLoss;
    use crate::plan::ReadingItems;
    let fields = PyDict::new(py);
    for (name, list) in [
        ("Hand", HandNames::FIELDS),
        ("Meld", MeldNames::FIELDS),
        ("SetShape", SET_SHAPE_ITEMS),
        ("Win", WinNames::FIELDS),
        ("Result", ResultNames::FIELDS),
        ("Reading", ReadingItems::FIELDS),
        ("YakuRow", YakuRow::FIELDS),
        ("PlanSpec", PlanSpec::FIELDS),
        ("Policy", Policy::FIELDS),
        ("Fu", crate::fu::FuTotal::FIELDS),
        ("Liability", crate::plan::spec::Liability::FIELDS),
    ] {
        fields.set_item(name, list.to_vec())?;
    }
    let choices = PyDict::new(py);
    for (name, list) in [
        ("Way", crate::plan::spec::WayName::NAMES),
        ("KazoeMode", KazoeMode::NAMES),
        ("PaoKind", PaoKind::NAMES),
        ("TsumoLoss", TsumoLoss::NAMES),
        ("Honba", crate::plan::spec::Honba::NAMES),
        ("ModelTags", crate::model::MODEL_TAGS),
        ("Kuikae", crate::table::rules::Kuikae::NAMES),
        ("AnkanAfterRiichi", crate::table::rules::AnkanInRiichi::NAMES),
        ("NagashiMode", crate::table::rules::Nagashi::NAMES),
        ("DealerRepeat", crate::table::rules::Repeat::NAMES),
        ("LastDealerStop", crate::table::rules::DealerStop::NAMES),
        ("ExtraWind", crate::table::rules::Extra::NAMES),
        ("KanDoraTiming", crate::table::rules::KanDoraTiming::NAMES),
        ("MultiRonHonba", crate::table::rules::MultiRonHonba::NAMES),
        ("LeftoverSticks", crate::table::rules::LeftoverSticks::NAMES),
        ("Tie", crate::table::rules::Tie::NAMES),
        ("AbortiveDraw", crate::table::rules::AbortiveDraw::NAMES),
    ] {
        choices.set_item(name, list.to_vec())?;
    }
    let policies = PyDict::new(py);
    for (twin, params) in POLICY_TWINS {
        policies.set_item(*twin, params.to_vec())?;
    }
    let out = PyDict::new(py);
    out.set_item("fields", fields)?;
    out.set_item("choices", choices)?;
    out.set_item("policies", policies)?;
    Ok(out.into())
}
