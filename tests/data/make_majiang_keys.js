// Expected values for tests/test_majiang_keys.py: the public conformance hands scored by
// majiang-core 1.4.1 under rule objects that flip the keys 赤牌, 一発あり, 裏ドラあり, カンドラあり
// and カン裏あり, each hand given to hule() as majiang-core's own game (lib/game.js, lib/shan.js)
// would pass it under that rule.
//
// Re-run (node 18+; majiang-core installed outside the repository):
//   mkdir -p /tmp/node-majiang && (cd /tmp/node-majiang && npm install @kobalab/majiang-core@1.4.1)
//   NODE_PATH=/tmp/node-majiang/node_modules node tests/data/make_majiang_keys.js \
//       tests/data/majiang-hule-public.jsonl | gzip -9n > tests/data/majiang-keys-public.jsonl.gz
//
// Output: one JSON line per (rule, hand) pair where the rule bears on the hand,
//   {"line": N, "rule": {…}, "out": {…} | null}
// N is the 1-based line of the input file, whose "in" object is the table as it stands (every
// indicator shown, the ippatsu chance, the red fives held); "out" is what hule() returns for the
// input the game would pass under "rule". The script first checks that it reproduces every "out"
// of the input file under the default rules, so the way it calls hule() is the data's own.

"use strict";

const fs = require("fs");
const Majiang = require("@kobalab/majiang-core");

const VARIANTS = [
    { "一発あり": false },
    { "裏ドラあり": false },
    { "カンドラあり": false },
    { "カン裏あり": false },
    { "赤牌": { m: 0, p: 0, s: 0 } },
    { "赤牌": { m: 0, p: 1, s: 1 } },
    { "赤牌": { m: 1, p: 0, s: 1 } },
    { "赤牌": { m: 1, p: 1, s: 0 } },
    { "赤牌": { m: 2, p: 3, s: 4 } },
    // JPML-like: every one of them off at once
    { "一発あり": false, "裏ドラあり": false, "カンドラあり": false, "赤牌": { m: 0, p: 0, s: 0 } },
];

// Red fives beyond the set's count of their suit are plain fives: the wall (shan.js) deals
// rule['赤牌'][s] red fives of suit s, so a table under that rule shows no more.
function capReds(text, allowed, seen) {
    let suit = null, out = "";
    for (const ch of text) {
        if ("mpsz".includes(ch)) suit = ch;
        if (ch === "0" && suit) {
            seen[suit] = (seen[suit] || 0) + 1;
            out += seen[suit] > (allowed[suit] || 0) ? "5" : "0";
        }
        else out += ch;
    }
    return out;
}

// The input lib/game.js hule() builds under `rule` for the table described by `input`.
function gameInput(input, rule) {
    const p = input.param;
    let shoupai = input.shoupai, rongpai = input.rongpai;
    const seen = {};
    shoupai = capReds(shoupai, rule["赤牌"], seen);
    if (rongpai) rongpai = capReds(rongpai, rule["赤牌"], seen);
    const hupai = Object.assign({}, p.hupai);
    if (!rule["一発あり"] && hupai.yifa) hupai.yifa = 0;  // game.js sets _yifa from 一発あり
    // shan.js: no kan dora → the kan never reveals a new indicator, nor a kan ura
    const baopai = rule["カンドラあり"] ? p.baopai : p.baopai.slice(0, 1);
    let fubaopai = p.fubaopai;
    if (fubaopai && fubaopai.length) {
        if (!rule["裏ドラあり"]) fubaopai = null;
        else if (!(rule["カンドラあり"] && rule["カン裏あり"])) fubaopai = fubaopai.slice(0, 1);
    }
    return { shoupai, rongpai, param: Object.assign({}, p, { hupai, baopai, fubaopai }) };
}

function score(input, rule) {
    const p = input.param;
    const param = Majiang.Util.hule_param({
        rule,
        zhuangfeng: p.zhuangfeng, menfeng: p.menfeng,
        lizhi: p.hupai.lizhi, yifa: p.hupai.yifa, qianggang: p.hupai.qianggang,
        lingshang: p.hupai.lingshang, haidi: p.hupai.haidi, tianhu: p.hupai.tianhu,
        baopai: p.baopai, fubaopai: p.fubaopai,
        changbang: p.jicun.changbang, lizhibang: p.jicun.lizhibang,
    });
    const shoupai = Majiang.Shoupai.fromString(input.shoupai);
    return Majiang.Util.hule(shoupai, input.rongpai, param) || null;
}

function same(a, b) { return JSON.stringify(a) === JSON.stringify(b) }

const lines = fs.readFileSync(process.argv[2], "utf8").split("\n").filter(l => l.trim()).map(l => JSON.parse(l));
const defaults = Majiang.rule();
lines.forEach((line, i) => {
    const out = score(line.in, defaults);
    const want = line.out;
    const got = out && { hupai: out.hupai, fu: out.fu, fanshu: out.fanshu, damanguan: out.damanguan,
                         defen: out.defen, fenpei: out.fenpei };
    if (!same(got && [got.defen, got.fenpei, got.fanshu, got.fu], want && [want.defen, want.fenpei, want.fanshu, want.fu]))
        throw new Error(`line ${i + 1}: the default rules do not reproduce the data's out`);
});

for (const variant of VARIANTS) {
    const rule = Majiang.rule(JSON.parse(JSON.stringify(variant)));
    lines.forEach((line, i) => {
        const input = gameInput(line.in, rule);
        // Only the hands the rule bears on; for a set with more red fives than the default, the
        // hands holding red fives of two or three suits.
        const tiles = line.in.shoupai + (line.in.rongpai || "");
        const redSuits = ["m", "p", "s"].filter(s => new RegExp(`${s}[^mpsz,]*0`).test(tiles)).length;
        if (same(input, line.in) && !("赤牌" in variant && redSuits >= 2)) return;
        const out = score(input, rule);
        const keep = out && { fu: out.fu, fanshu: out.fanshu, damanguan: out.damanguan, defen: out.defen,
                              fenpei: out.fenpei, hupai: out.hupai };
        process.stdout.write(JSON.stringify({ line: i + 1, rule: variant, out: keep }) + "\n");
    });
}
