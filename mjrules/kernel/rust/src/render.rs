//! A batch line's output text, as `mjrules.tools.batch.LineScorer.result_json` writes it.

use crate::fu::tile_text;
use crate::pay;
use crate::plan::{Cand, Job};
use crate::readings::{Reading, CHIITOITSU, KOKUSHI};

/// An int in decimal, without a formatter's machinery: a line writes a dozen.
pub fn int(out: &mut String, v: i64) {
    if v < 0 {
        out.push('-');
    }
    let mut n = v.unsigned_abs();
    let mut digits = [0u8; 20];
    let mut k = digits.len();
    loop {
        k -= 1;
        digits[k] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // SAFETY: ASCII digits.
    out.push_str(unsafe { std::str::from_utf8_unchecked(&digits[k..]) });
}

fn number(out: &mut String, v: Option<i64>) {
    match v {
        Some(v) => int(out, v),
        None => out.push_str("null"),
    }
}

fn set_text(seq: bool, first: u8, concealed: bool, kan: bool, out: &mut String) {
    let n = b'1' + first % 9;
    let suit = ['m', 'p', 's', 'z'][(first / 9) as usize];
    if seq {
        out.push(n as char);
        out.push((n + 1) as char);
        out.push((n + 2) as char);
    } else {
        for _ in 0..if kan { 4 } else { 3 } {
            out.push(n as char);
        }
    }
    out.push(suit);
    if !concealed {
        out.push_str("(open)");
    }
}

/// `Reading.describe`.
pub fn describe(job: &Job, r: &Reading, out: &mut String) {
    if r.form == KOKUSHI {
        out.push_str("thirteen orphans");
        return;
    }
    if r.form == CHIITOITSU {
        out.push_str("seven pairs:");
        for k in 0..34u8 {
            if job.st.hand.counts[k as usize] > 0 {
                out.push(' ');
                tile_text(k, out);
                tile_text(k, out);
            }
        }
        return;
    }
    for (i, s) in r.sets().iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        set_text(s.seq, s.first, s.concealed, s.kan, out);
    }
    out.push(' ');
    let p = r.pair as u8;
    let n = (b'1' + p % 9) as char;
    out.push(n);
    out.push(n);
    out.push(['m', 'p', 's', 'z'][(p / 9) as usize]);
    out.push_str(" pair, ");
    out.push_str(["ryanmen", "kanchan", "penchan", "shanpon", "tanki", "kokushi"][r.wait as usize]);
    out.push_str(" wait on ");
    tile_text(job.st.hand.win, out);
}

/// The result line of a winning candidate; None where a Python part's text could not be had.
pub fn result(job: &Job, cand: &Cand) -> Option<String> {
    let mut out = String::with_capacity(512);
    let natural = cand.fu.is_none();
    out.push_str("{\"win\": true, \"han\": ");
    number(&mut out, cand.han);
    out.push_str(", \"fu\": ");
    number(&mut out, cand.fu.as_ref().map(|f| f.total()));
    out.push_str(", \"yakuman\": ");
    int(&mut out, if natural { cand.multiple } else { 0 });
    out.push_str(", \"limit\": ");
    match pay::limit_name(cand.multiple, cand.base, natural) {
        Some(name) => {
            out.push('"');
            out.push_str(&name);
            out.push('"');
        }
        None => out.push_str("null"),
    }
    out.push_str(", \"base\": ");
    int(&mut out, i64::try_from(cand.base).ok()?);
    out.push_str(", \"points\": ");
    int(&mut out, cand.paid.value);
    out.push_str(", \"payments\": [");
    let players = job.plan.players();
    for (s, p) in cand.paid.pay[..players].iter().enumerate() {
        if s > 0 {
            out.push_str(", ");
        }
        int(&mut out, *p);
    }
    out.push_str("], \"liable\": ");
    number(&mut out, cand.liable.first().map(|l| l.seat as i64));
    out.push_str(", \"liable_seats\": [");
    for (k, l) in cand.liable.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        int(&mut out, l.seat as i64);
    }
    out.push_str("], \"yaku\": [");
    for (k, s) in cand.yaku().iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        out.push_str(&job.plan.table.yaku[s.yaku].json);
        out.push_str(if s.yakuman { "\"yakuman\": " } else { "\"han\": " });
        int(&mut out, s.value);
        out.push('}');
    }
    out.push_str("], \"fu_detail\": [");
    if let Some(fu) = &cand.fu {
        job.fu_json(fu, &mut out)?;
    }
    out.push_str("], \"reading\": \"");
    describe(job, &job.st.readings[cand.reading], &mut out);
    out.push_str("\"}");
    Some(out)
}
