// Evaluate generated prediction code against the kernel's numbers (tests/lab/test_predict_js.py writes the cases).
// Usage: node predict_check.mjs cases.json  → prints {lab: {cases, worst: {channel, error, case}}} as JSON.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const source = readFileSync(join(here, "..", "..", "..", "course_lib", "lab", "predict.js"), "utf8");
const { Prediction } = await import("data:text/javascript;base64," + Buffer.from(source).toString("base64"));

const labs = JSON.parse(readFileSync(process.argv[2], "utf8"));
const out = {};
for (const [name, lab] of Object.entries(labs)) {
  const pred = new Prediction(lab.spec, lab.channels);
  let worst = { error: 0, channel: null, case: -1 }, compared = 0;
  lab.cases.forEach((c, n) => {
    pred.params = c.params;
    const predicted = pred.fn(pred.inputsOf(c.values), pred.params);
    pred.outputs.forEach((ch, k) => {
      const want = c.values[ch], got = predicted[k];
      const error = Number.isFinite(got) ? Math.abs(got - want) / (1 + Math.abs(want)) : Infinity;
      compared++;
      if (!(error <= worst.error)) worst = { error, channel: lab.channels[ch], case: n, got, want };
    });
  });
  out[name] = { cases: lab.cases.length, compared, worst };
}
console.log(JSON.stringify(out));
