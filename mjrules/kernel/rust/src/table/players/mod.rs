//! The native players, one module each, and what they count with. A new native player is a
//! module here implementing `seat::Player`, and a name in `by_name`.

pub mod careful;
pub mod count;
pub mod greedy;
pub mod python;
pub mod sight;
pub mod tsumogiri;

use super::seat::Player;

/// The native twin of a built-in player by name.
pub fn by_name(name: &str) -> Option<Box<dyn Player>> {
    match name {
        "tsumogiri" => Some(Box::new(tsumogiri::Tsumogiri)),
        "greedy" => Some(Box::new(greedy::Greedy)),
        "careful" => Some(Box::new(careful::Careful)),
        _ => None,
    }
}
