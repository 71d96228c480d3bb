// Unit tests of the prediction's logic (course_lib/lab/predict.js): the kernel's frame always wins.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const lab = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..", "course_lib", "lab");
const asModule = (src) => import("data:text/javascript;base64," + Buffer.from(src).toString("base64"));
const predictSource = readFileSync(join(lab, "predict.js"), "utf8");
const { Prediction, sameInputs, curvePoints, compileCurves } = await asModule(predictSource);

// channels [a, twice, other]; input a (period 360); output twice = 2·a·P[0]
const CHANNELS = ["a", "twice", "other"];
const SPEC = { source: "const a = I[0]; return [2 * a * P[0]];", outputs: ["twice"], inputs: [{ channel: "a", period: 360 }] };
const make = () => { const p = new Prediction(SPEC, CHANNELS, { quietMs: 300, expireMs: 3000 }); p.params = [1]; return p; };
const kernelAt = (a, twice = 2 * a) => Float64Array.from([a, twice, 7]);

test("a move predicts over the kernel's frame; the frame for the same inputs replaces it, even when it disagrees", () => {
  const p = make();
  assert.equal(p.move(0, [10], kernelAt(5)), true);
  assert.deepEqual(Array.from(p.shown(kernelAt(5))), [5, 20, 7]);
  assert.equal(p.kernelFrame(40, kernelAt(10, 99)), true);      // the kernel says 99: it wins
  assert.equal(p.shown(kernelAt(10, 99)), null);
  assert.equal(p.counts.confirmed, 1);
});

test("an answer to an older move keeps the prediction, however slowly the kernel catches up", () => {
  const p = make();
  p.move(0, [10], kernelAt(5));
  p.move(10, [11], kernelAt(5));
  assert.equal(p.kernelFrame(50, kernelAt(10)), false);         // the answer to 10 while the slider shows 11
  assert.deepEqual(Array.from(p.shown(kernelAt(10))), [10, 22, 7]);
  assert.equal(p.expire(2000), false);                           // a loaded kernel, still on its way to 11
  assert.equal(p.counts.behind, 1);
  assert.equal(p.kernelFrame(2500, kernelAt(11)), true);
  assert.equal(p.counts.confirmed, 1);
});

test("an answer for inputs the controls never held (the kernel constrained them) is shown after quietMs", () => {
  const p = make();
  p.move(0, [10], kernelAt(5));
  p.move(10, [11], kernelAt(5));
  assert.equal(p.kernelFrame(50, kernelAt(10.5)), false);       // the kernel snapped 11 to 10.5
  assert.equal(p.counts.stale, 1);
  assert.equal(p.expire(200), false);
  assert.equal(p.expire(351), true);                             // quiet 300 ms after that answer
  assert.equal(p.shown(kernelAt(10.5)), null);
});

test("a settled prediction forgets its path: an old value is not taken for catching up next time", () => {
  const p = make();
  p.move(0, [10], kernelAt(5));
  p.kernelFrame(40, kernelAt(10));                               // confirmed
  p.move(100, [12], kernelAt(10));
  assert.equal(p.kernelFrame(150, kernelAt(5)), false);          // 5 was never on this prediction's way
  assert.equal(p.counts.behind, 0);
  assert.equal(p.counts.stale, 1);
});

test("a prediction the kernel never answers is dropped after expireMs", () => {
  const p = make();
  p.move(0, [10], kernelAt(5));
  assert.equal(p.expire(2999), false);
  assert.equal(p.expire(3000), true);
  assert.equal(p.counts.expired, 1);
});

test("a move to what the kernel already shows predicts nothing; −180° and 180° are one angle", () => {
  const p = make();
  assert.equal(p.move(0, [180], kernelAt(-180)), false);
  assert.equal(p.shown(kernelAt(-180)), null);
  assert.equal(sameInputs([-180], [180], [{ period: 360 }]), true);
  assert.equal(sameInputs([-180], [180], [{}]), false);
  assert.equal(sameInputs([1], [1 + 1e-7], [{}]), false);
});

test("the test hook scales the parameters: the prediction is wrong, and the kernel's frame still replaces it", () => {
  const p = make();
  p.perturb = 1.5;
  p.move(0, [10], kernelAt(5));
  assert.equal(p.lastPredicted[1], 30);
  assert.equal(p.kernelFrame(30, kernelAt(10)), true);
  assert.equal(p.shown(kernelAt(10)), null);
});

test("a channel a prediction names but the scene lacks is refused", () => {
  assert.throws(() => new Prediction({ ...SPEC, outputs: ["nope"] }, CHANNELS), /nope are not channels/);
});

test("curves: each point from its direction, and dropped with the prediction", () => {
  const fn = compileCurves("return [D[0] * I[0], D[1] * P[0]];");
  const pts = curvePoints(fn, ["ring"], [[1, 0], [0, 1]], [2], [3]);
  assert.deepEqual(pts.get("ring"), { xs: [2, 0], ys: [0, 3] });
  const p = new Prediction({ ...SPEC, curve_source: "return [D[0] * I[0], D[1]];", curves: ["ring"], directions: [[1], [0]] }, CHANNELS);
  p.params = [1];
  p.move(0, [4], kernelAt(1));
  assert.deepEqual(p.curves.get("ring"), { xs: [4], ys: [0] });
  p.kernelFrame(10, kernelAt(4));
  assert.equal(p.curves, null);
});

test("the scene's module is predict.js then scene.js, and it loads as one module", async () => {
  const both = await asModule(predictSource + "\n" + readFileSync(join(lab, "scene.js"), "utf8"));
  assert.equal(typeof both.default.render, "function");
  assert.equal(typeof both.attachPrediction, "function");
});
