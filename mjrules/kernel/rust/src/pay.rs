//! The twins of `mjrules.scoring.payments.settle` and the limits (`mjrules.scoring.limits`): base
//! points into score changes, and fu and han into base points. Amounts are computed wide and
//! refused (None) beyond what a Python int of the same value fits in i64, so an aotenjou hand too
//! large goes to the Python path.

#[derive(Clone, Copy)]
pub struct Liable {
    pub seat: usize,
    pub base: i128,
    pub all_honba: bool,
}

#[derive(Clone, Copy)]
pub struct Payment {
    pub value: i64,
    pub pay: [i64; 4],
}

named_choice! {
    /// Who pays the absent fourth seat's share of a three-player tsumo (`SanmaRules.tsumo_loss`).
    pub enum TsumoLoss {
        Loss = "loss",
        NorthBisection = "north-bisection",
        NoLoss = "none",
    }
}

fn round_up(x: i128) -> i128 {
    -((-x).div_euclid(100)) * 100
}

fn ceil_div(x: i128, d: i128) -> i128 {
    -((-x).div_euclid(d))
}

#[allow(clippy::too_many_arguments)]
pub fn settle(base: i128, winner: usize, discarder: Option<usize>, honba: i128, sticks: i128, honba_value: i128,
              liable: &[Liable], players: usize, absent: TsumoLoss) -> Option<Payment> {
    let mult: i128 = if winner == 0 { 6 } else { 4 };
    let mut honba_total = honba * honba_value;
    let mut pay = [0i128; 4];
    let mut value: i128 = 0;
    let mut rest = base;
    for one in liable {
        let part = if discarder.is_some() { one.base.div_euclid(2) } else { one.base };
        let amount = round_up(part * mult);
        pay[one.seat] -= amount;
        value += amount;
        rest -= part;
    }
    if let Some(first) = liable.first() {
        if first.all_honba || (discarder.is_none() && rest == 0) {
            pay[first.seat] -= honba_total;
            honba_total = 0;
        }
    }
    if let Some(d) = discarder {
        if rest != 0 {
            let amount = round_up(rest * mult);
            pay[d] -= amount;
            value += amount;
        }
        pay[d] -= honba_total;
    } else if rest != 0 {
        let share = honba_total.div_euclid(players as i128 - 1);
        let big = round_up(rest * 2);
        let small = if winner == 0 { big } else { round_up(rest) };
        if players == 3 && absent != TsumoLoss::Loss {
            return sanma_tsumo(rest, winner, share, sticks, absent, pay, value);
        }
        for seat in 0..players {
            if seat != winner {
                let part = if seat == 0 { big } else { small };
                pay[seat] -= part + share;
                value += part;
            }
        }
    }
    finish(pay, value, winner, sticks, players)
}

fn finish(mut pay: [i128; 4], value: i128, winner: usize, sticks: i128, players: usize) -> Option<Payment> {
    let others: i128 = (0..players).filter(|&s| s != winner).map(|s| pay[s]).sum();
    pay[winner] = -others + sticks * 1000;
    let mut out = [0i64; 4];
    for s in 0..players {
        out[s] = i64::try_from(pay[s]).ok()?;
    }
    Some(Payment { value: i64::try_from(value).ok()?, pay: out })
}

fn sanma_tsumo(rest: i128, winner: usize, honba_share: i128, sticks: i128, absent: TsumoLoss, mut pay: [i128; 4],
               mut value: i128) -> Option<Payment> {
    let mut shares: [(usize, i128); 2] = [(0, 0); 2];
    if absent == TsumoLoss::NorthBisection {
        let big = round_up(rest * 2);
        let small = if winner == 0 { big } else { round_up(rest) };
        let half = round_up(ceil_div(small, 2));
        let mut n = 0;
        for seat in 0..3 {
            if seat != winner {
                shares[n] = (seat, if seat == 0 { big } else { small } + half);
                n += 1;
            }
        }
    } else {
        let total = round_up(rest * if winner == 0 { 6 } else { 4 });
        if winner == 0 {
            let each = round_up(ceil_div(total, 2));
            shares = [(1, each), (2, each)];
        } else {
            let other = 3 - winner;
            let part = round_up(ceil_div(total * 3, 8));
            shares = [(other, part), (0, total - part)];
        }
    }
    for (seat, amount) in shares {
        pay[seat] -= amount + honba_share;
        value += amount;
    }
    finish(pay, value, winner, sticks, 3)
}

pub const MANGAN: i128 = 2000;
pub const SANBAIMAN: i128 = 6000;
pub const YAKUMAN: i128 = 8000;

/// Base points after the ordinary limits up to sanbaiman (`limit_base`).
pub fn limit_base(han: i64, base: i128) -> i128 {
    if han >= 11 {
        SANBAIMAN
    } else if han >= 8 {
        4000
    } else if han >= 6 {
        3000
    } else if han >= 5 || base >= MANGAN {
        MANGAN
    } else {
        base
    }
}

/// `fu << (han + 2)`, or None when it does not fit.
pub fn shifted(fu: i64, han: i64) -> Option<i128> {
    let shift = u32::try_from(han.checked_add(2)?).ok()?;
    if shift > 100 || fu < 0 {
        return None;
    }
    let v = (fu as i128).checked_shl(shift)?;
    if v >> shift != fu as i128 || v > i64::MAX as i128 {
        return None;
    }
    Some(v)
}

/// The name of a limit (`LIMIT_NAMES`, `yakuman_name`).
pub fn limit_name(multiple: i64, base: i128, natural: bool) -> Option<String> {
    if natural || multiple > 0 {
        let word = match multiple {
            1 => "yakuman".to_string(),
            2 => "double yakuman".to_string(),
            3 => "triple yakuman".to_string(),
            4 => "quadruple yakuman".to_string(),
            5 => "quintuple yakuman".to_string(),
            6 => "sextuple yakuman".to_string(),
            m => format!("{m}x yakuman"),
        };
        return Some(if natural { word } else { format!("kazoe {word}") });
    }
    match base {
        2000 => Some("mangan".into()),
        3000 => Some("haneman".into()),
        4000 => Some("baiman".into()),
        6000 => Some("sanbaiman".into()),
        _ => None,
    }
}
