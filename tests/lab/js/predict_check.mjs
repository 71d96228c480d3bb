// Evaluate generated prediction code against the kernel's numbers (tests/lab/test_predict_js.py writes the cases).
// Usage: node predict_check.mjs cases.json  → prints {lab: {cases, worst: {channel, error, case}}} as JSON.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const source = readFileSync(join(here, "..", "..", "..", "course_lib", "lab", "predict.js"), "utf8");
const { Prediction, curvePoints } = await import("data:text/javascript;base64," + Buffer.from(source).toString("base64"));

const labs = JSON.parse(readFileSync(process.argv[2], "utf8"));
const out = {};
for (const [name, lab] of Object.entries(labs)) {
  const pred = new Prediction(lab.spec, lab.channels);
  let worst = { error: 0, channel: null, case: -1 }, compared = 0, curveWorst = { error: 0 }, curveCompared = 0,
    dragWorst = { error: 0 }, dragCompared = 0;
  const perChannel = {};
  lab.cases.forEach((c, n) => {
    pred.params = c.params;
    const inputs = pred.inputsOf(c.values), predicted = pred.fn(inputs, pred.params);
    for (const [id, [x, y, want]] of Object.entries(c.drags ?? {})) {   // a drag: the angle it turns to (mod 360)
      const d = pred.drags.get(id), got = d.fn(inputs, pred.params, [x, y])[0];
      let error = Math.abs(got - want) % 360; error = Math.min(error, 360 - error);
      dragCompared++;
      if (!(error <= dragWorst.error)) dragWorst = { error, handle: id, case: n, got, want };
    }
    if (pred.curveFn) {                                 // the kernel sends its curves rounded to 5 decimals
      const curves = curvePoints(pred.curveFn, pred.curveIds, pred.directions, inputs, pred.params);
      for (const [id, want] of Object.entries(c.curves)) {
        const got = curves.get(id);
        for (const axis of ["xs", "ys"]) want[axis].forEach((w, k) => {
          const error = Number.isFinite(got[axis][k]) ? Math.abs(got[axis][k] - w) : Infinity;
          curveCompared++;
          if (!(error <= curveWorst.error)) curveWorst = { error, curve: id, axis, point: k, case: n };
        });
      }
    }
    pred.outputs.forEach((ch, k) => {
      const want = c.values[ch], got = predicted[k];
      const error = Number.isFinite(got) ? Math.abs(got - want) / (1 + Math.abs(want)) : Infinity;
      compared++;
      const name = lab.channels[ch];
      if (!(error <= (perChannel[name] ?? -1))) perChannel[name] = error;
      if (!(error <= worst.error)) worst = { error, channel: name, case: n, got, want };
    });
  });
  out[name] = { cases: lab.cases.length, compared, worst, perChannel, curves: { compared: curveCompared, worst: curveWorst },
    drags: { compared: dragCompared, worst: dragWorst } };
}
console.log(JSON.stringify(out));
