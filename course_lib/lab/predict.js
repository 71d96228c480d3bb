// The scene's prediction (course_lib/lab/predict.py): a posture lab's picture drawn the moment a control moves,
// from JavaScript generated out of the course's sympy expressions, then replaced by the kernel's frame.
// Shipped in front of scene.js as one ES module (Scene's _esm); it imports nothing.
//
// Rule: the kernel's numbers win. A prediction is shown until a kernel frame computed for the same inputs
// arrives (it replaces the prediction, whatever the two say), or until the kernel has answered for inputs the
// controls never held (it constrained them) and then been quiet for `quietMs` (its own answer is shown then),
// or after `expireMs` at most. An answer for inputs the controls passed through on the way is the kernel
// catching up, however slowly: the prediction stays.

/** The generated program, `(I, P) => [channel values]` (I: inputs, P: parameters). */
export function compilePrediction(source) {
  return new Function("I", "P", `"use strict";\n${source}`);
}

/** A generated curve program, `(I, P, D) => [x, y of each curve]` at the direction D = [cos φ, sin φ]. */
export function compileCurves(source) {
  return new Function("I", "P", "D", `"use strict";\n${source}`);
}

/** Each curve's points {xs, ys} over `directions` ([cosines, sines]), by shape id. */
export function curvePoints(fn, ids, directions, inputs, params) {
  const out = new Map(ids.map((id) => [id, { xs: [], ys: [] }]));
  const [cs, ss] = directions;
  for (let k = 0; k < cs.length; k++) {
    const p = fn(inputs, params, [cs[k], ss[k]]);
    ids.forEach((id, j) => { const c = out.get(id); c.xs.push(p[2 * j]); c.ys.push(p[2 * j + 1]); });
  }
  return out;
}

/** Whether two input lists are the same posture: equal to 1e-9, angles modulo their period. */
export function sameInputs(a, b, inputs) {
  if (!a || !b || a.length !== b.length) return false;
  return a.every((x, k) => {
    let d = Math.abs(x - b[k]);
    const period = inputs[k].period;
    if (period > 0) d = Math.min(d % period, period - (d % period));
    return d <= 1e-9 * (1 + Math.abs(x));
  });
}

/** Inputs remembered on the way to the prediction shown (a slider's arrow press passes ten). */
const PATH_MAX = 64;

/** One view's prediction: what it predicted, for which inputs, and whether the kernel has answered it. */
export class Prediction {
  constructor(spec, channels, { quietMs = 300, expireMs = 3000 } = {}) {
    this.fn = compilePrediction(spec.source);
    this.curveFn = spec.curve_source ? compileCurves(spec.curve_source) : null;
    this.curveIds = spec.curves ?? []; this.directions = spec.directions ?? [[], []]; this.curves = null;
    this.drags = new Map(Object.entries(spec.drags ?? {}).map(([id, d]) => [id, { fn: compileCurves(d.source), inputs: d.inputs }]));
    this.byDrag = false;                                  // the prediction shown comes from a drag
    this.outputs = spec.outputs.map((name) => channels.indexOf(name));
    this.inputs = spec.inputs.map((inp) => ({ ...inp, index: channels.indexOf(inp.channel) }));
    const missing = [...spec.outputs, ...spec.inputs.map((i) => i.channel)].filter((n) => !channels.includes(n));
    if (missing.length) throw new Error(`prediction: ${missing.join(", ")} are not channels of the scene`);
    Object.assign(this, { quietMs, expireMs, params: [], perturb: 1, predicted: null, current: null, since: null,
      answeredAt: null, path: [], counts: { predicted: 0, confirmed: 0, stale: 0, behind: 0, expired: 0, unchanged: 0 },
      lastMove: null, lastConfirm: null, lastPredicted: null });
  }
  /** The inputs a channel vector was computed for. */
  inputsOf(values) { return this.inputs.map((inp) => values[inp.index]); }
  /** The predicted channels over `base` (the kernel's last frame): a new Float64Array. */
  overlay(base) {
    const out = Float64Array.from(base);
    this.outputs.forEach((c, k) => { if (Number.isFinite(this.predicted[k])) out[c] = this.predicted[k]; });
    return out;
  }
  /** The channel vector to show (a prediction over the kernel's frame), or null: show the kernel's frame. */
  shown(kernel) { return this.predicted === null ? null : this.overlay(kernel); }
  /**
   * A control moved: `controls[k]` is input k's value from its control (undefined: the kernel's frame holds it).
   * Returns true when a prediction is now shown, false when the kernel's frame already shows these inputs.
   */
  move(now, controls, kernel) {
    const inputs = this.inputs.map((inp, k) => (Number.isFinite(controls[k]) ? controls[k] : kernel[inp.index]));
    this.lastMove = now;
    this.byDrag = false;
    if (sameInputs(inputs, this.inputsOf(kernel), this.inputs)) {
      this.settle(); this.counts.unchanged++; return false;
    }
    const params = this.perturb === 1 ? this.params : this.params.map((p) => p * this.perturb);
    this.predicted = Array.from(this.fn(inputs, params));
    if (this.curveFn) this.curves = curvePoints(this.curveFn, this.curveIds, this.directions, inputs, params);
    this.lastPredicted = this.overlay(kernel);          // what this move drew (for tests)
    if (this.path.length >= PATH_MAX) this.path.shift();
    this.path.push(inputs);
    Object.assign(this, { current: inputs, since: now, answeredAt: null });
    this.counts.predicted++;
    return true;
  }
  /** A handle `id` dragged to (x, y): the inputs it sets, from the inputs shown now; false when not predicted. */
  drag(now, id, x, y, kernel) {
    const d = this.drags.get(id);
    if (!d) return false;
    const params = this.perturb === 1 ? this.params : this.params.map((p) => p * this.perturb);
    const base = this.predicted !== null ? this.current.slice() : this.inputsOf(kernel);
    const values = d.fn(base, params, [x, y]);
    d.inputs.forEach((k, j) => { if (Number.isFinite(values[j])) base[k] = values[j]; });
    const shown = this.move(now, base, kernel);
    this.byDrag = shown;
    return shown;
  }
  /** A kernel frame arrived: true when it settles the prediction (it is shown as it is). */
  kernelFrame(now, values) {
    if (this.predicted === null) return true;
    const answered = this.inputsOf(values);
    if (sameInputs(this.current, answered, this.inputs)) {
      this.settle(); this.counts.confirmed++; this.lastConfirm = now; return true;
    }
    if (this.path.some((p) => sameInputs(p, answered, this.inputs))) this.counts.behind++;   // catching up
    else { this.answeredAt = now; this.counts.stale++; }  // inputs never moved to: quiet from here on
    return false;
  }
  /** Drop a prediction the kernel has not confirmed: quiet since its last answer, or too old. True when dropped. */
  expire(now) {
    if (this.predicted === null) return false;
    const quiet = this.answeredAt !== null && now - this.answeredAt >= this.quietMs && this.answeredAt >= this.since;
    if (!quiet && now - this.since < this.expireMs) return false;
    this.settle(); this.counts.expired++;
    return true;
  }
  /** Show the kernel's frame again: no prediction, no path. */
  settle() { this.predicted = null; this.curves = null; this.path = []; }
}

/**
 * Wire a scene view to its prediction: the `predict` and `predict_params` traits, and its controls' models.
 * `channels()` and `kernel()` give the scene's channel names and the kernel's last frame; `redraw()` draws.
 * Returns {current(): the Prediction or null, frame(values): a kernel frame arrived, detach()}.
 */
export function attachPrediction(model, { channels, kernel, redraw }) {
  let pred = null, timer = 0, generation = 0;
  const listeners = [];
  const detachControls = () => { for (const [m, name, fn] of listeners.splice(0)) m.off(name, fn); };
  const schedule = () => {
    clearTimeout(timer);
    if (pred && pred.predicted !== null) timer = setTimeout(() => { if (pred && pred.expire(performance.now())) redraw(); else schedule(); }, 50);
  };
  const controls = [];
  let dragging = false;
  function moved() {   // during a drag, and until its prediction is settled, the controls only echo the kernel
    if (!pred || model.get("playing") || dragging || (pred.byDrag && pred.predicted !== null)) return;
    const values = pred.inputs.map((inp, k) => {
      const m = controls[k];
      if (!m) return undefined;
      return inp.choices ? inp.choices[m.get("index")] : m.get("value");
    });
    try { pred.move(performance.now(), values, kernel()); } catch (err) { pred.settle(); console.warn(err); }
    redraw(); schedule();
  }
  function build() {
    detachControls(); controls.length = 0; pred = null; generation++;
    const spec = model.get("predict");
    if (!spec || !spec.source) return;
    try { pred = new Prediction(spec, channels()); } catch (err) {   // no prediction: the kernel's frames still draw
      console.warn("course_lib scene: prediction disabled:", err); return;
    }
    pred.params = model.get("predict_params") ?? [];
    const mine = generation, manager = model.widget_manager;
    spec.inputs.forEach((inp, k) => {
      if (!inp.model || !manager) return;
      manager.get_model(inp.model).then((m) => {
        if (mine !== generation || !m) return;
        const name = inp.choices ? "change:index" : "change:value";
        controls[k] = m; m.on(name, moved); listeners.push([m, name, moved]);
      }, () => {});
    });
  }
  const onSpec = () => build(), onParams = () => { if (pred) pred.params = model.get("predict_params") ?? []; };
  model.on("change:predict", onSpec); model.on("change:predict_params", onParams);
  return {
    current: () => pred,
    rebuild: build,
    /** A handle is grabbed (true) or released (false). */
    grab(on) { dragging = on; },
    /** The handle `id` is dragged to (x, y) (panel units): predict what the kernel will show. */
    drag(id, x, y) {
      if (!pred || model.get("playing")) return;
      try { if (pred.drag(performance.now(), id, x, y, kernel())) schedule(); } catch (err) { pred.settle(); console.warn(err); }
    },
    /** A kernel frame: settles (or not) the prediction. */
    frame(values) { if (pred) { pred.kernelFrame(performance.now(), values); schedule(); } },
    /** The values to draw: the prediction over the kernel's frame, or the kernel's frame itself. */
    shown(values) { return pred ? pred.shown(values) ?? values : values; },
    /** Predicted polylines {xs, ys} by shape id, or null. */
    curves() { return pred ? pred.curves : null; },
    detach() { clearTimeout(timer); detachControls(); model.off("change:predict", onSpec); model.off("change:predict_params", onParams); },
  };
}
