//! The native players, one module each, and what they count with. A new native player is a
//! module here implementing `seat::Player`, and a name in `by_name`.

pub mod count;
pub mod greedy;
pub mod python;
pub mod tsumogiri;

use super::seat::Player;
use crate::distance;

/// The native twin of a built-in player by name.
pub fn by_name(name: &str) -> Option<Box<dyn Player>> {
    match name {
        "tsumogiri" => Some(Box::new(tsumogiri::Tsumogiri)),
        "greedy" => Some(Box::new(greedy::Greedy)),
        _ => None,
    }
}

/// The shanten of concealed counts: the standard form alone with `caps` (a hand with melds), else
/// the minimum over the forms (`distance_of` of the kernel's `discards`).
pub fn shanten(c: &[u8; 34], caps: Option<&[u8; 34]>) -> i32 {
    let m = distance::sets_needed(c).expect("a hand of 3k + 1 or 3k + 2 tiles");
    match caps {
        Some(caps) => distance::standard(c, caps, m),
        None => distance::minimum(c, m),
    }
}

/// The kinds whose draw takes `c` below shanten `current`, never one `held` four times
/// (`improving_kinds`).
pub fn improving(c: &mut [u8; 34], caps: Option<&[u8; 34]>, held: &[u8; 34], current: i32) -> Vec<u8> {
    let mut out = Vec::new();
    for i in 0..34 {
        if held[i] >= 4 || c[i] >= 4 {
            continue;
        }
        c[i] += 1;
        let s = shanten(c, caps);
        c[i] -= 1;
        if s < current {
            out.push(i as u8);
        }
    }
    out
}
