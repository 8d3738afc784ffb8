// The peer of bench_batch.py: majiang-core's Util.hule on each JSON line of a file, one JSON line
// out per line (the result, or null when the hand does not win), as `mjrules batch` does.
//
//   node bench/majiang_hule.js MODULE_DIR IN.jsonl OUT.jsonl
//
// MODULE_DIR is the folder npm installed @kobalab/majiang-core 1.4.1 into (its node_modules/..).
// A line is a majiang `in` object or a {"in": …, "rule": …} object, as `mjrules batch` reads.
"use strict";

const fs = require("fs");
const path = require("path");

const [moduleDir, input, output] = process.argv.slice(2);
const Majiang = require(path.join(path.resolve(moduleDir), "node_modules", "@kobalab", "majiang-core"));

const defaultRule = Majiang.rule();
const rules = new Map();  // a rule object's text -> the rule, built once

function ruleOf(overrides) {
    if (!overrides) return defaultRule;
    const key = JSON.stringify(overrides);
    let rule = rules.get(key);
    if (rule === undefined) {
        rule = Majiang.rule(overrides);
        rules.set(key, rule);
    }
    return rule;
}

function score(line) {
    let obj = JSON.parse(line);
    let overrides = null;
    if (obj.in) {
        overrides = obj.rule;
        obj = obj.in;
    }
    const p = obj.param;
    const hupai = p.hupai || {};
    const param = {
        rule: ruleOf(overrides),
        zhuangfeng: p.zhuangfeng,
        menfeng: p.menfeng,
        hupai: {
            lizhi: hupai.lizhi || 0,
            yifa: hupai.yifa || false,
            qianggang: hupai.qianggang || false,
            lingshang: hupai.lingshang || false,
            haidi: hupai.haidi || 0,
            tianhu: hupai.tianhu || 0,
        },
        baopai: p.baopai,
        fubaopai: p.fubaopai && p.fubaopai.length ? p.fubaopai : null,
        jicun: p.jicun,
    };
    const result = Majiang.Util.hule(Majiang.Shoupai.fromString(obj.shoupai), obj.rongpai, param);
    return JSON.stringify(result === undefined ? null : result);
}

const lines = fs.readFileSync(input, "utf8").split("\n");
if (lines[lines.length - 1] === "") lines.pop();
const out = fs.openSync(output, "w");
let chunk = [];
for (const line of lines) {
    chunk.push(score(line));
    if (chunk.length === 1000) {
        fs.writeSync(out, chunk.join("\n") + "\n");
        chunk = [];
    }
}
if (chunk.length) fs.writeSync(out, chunk.join("\n") + "\n");
fs.closeSync(out);
