// The scene widget's browser side (anywidget ES module, shipped as is: no build step).
//
// Part 1 is pure logic with no DOM, exported for Node's unit tests (tests/js/):
// the frame queue, interpolation, bindings, text formatting, ticks, panel
// transforms, the playback clock and the drag throttle. Part 2 draws on a
// <canvas> and talks to the kernel (model.send / msg:custom).

// ---------------------------------------------------------------- part 1: logic

/** Frames received from the kernel: segments of n frames, frame i at t0 + i*dt. */
export class FrameQueue {
  constructor(nch) { this.nch = nch; this.segments = []; this.final = false; }
  get empty() { return this.segments.length === 0; }
  get start() { return this.empty ? NaN : this.segments[0].t0; }
  get end() { const s = this.segments[this.segments.length - 1]; return s ? s.t0 + (s.n - 1) * s.dt : NaN; }
  clear() { this.segments = []; this.final = false; }
  /** Add a chunk; queued frames at times >= min(t0, replaceFrom) are dropped first. */
  add(t0, dt, n, data, replaceFrom = null, final = false, seek = false) {
    if (!(dt > 0) || n < 1 || data.length < n * this.nch) throw new Error(`bad chunk t0=${t0} dt=${dt} n=${n}`);
    const cut = replaceFrom === null || replaceFrom === undefined ? t0 : Math.min(t0, replaceFrom);
    if (seek) this.clear(); else this.truncate(cut);
    this.segments.push({ t0, dt, n, data });
    this.segments.sort((a, b) => a.t0 - b.t0);
    this.final = final;
  }
  /** Drop frames at times >= cut (a little tolerance for rounding). */
  truncate(cut) {
    const kept = [];
    for (const s of this.segments) {
      const keep = Math.max(0, Math.min(s.n, Math.ceil((cut - s.t0) / s.dt - 1e-6)));
      if (keep > 0) kept.push(keep === s.n ? s : { ...s, n: keep, data: s.data.subarray(0, keep * this.nch) });
    }
    this.segments = kept;
    this.final = false;
  }
  /** Forget frames older than the one just before t (they can no longer be shown). */
  forgetBefore(t) {
    while (this.segments.length > 1 && this.segments[1].t0 <= t) this.segments.shift();
    const s = this.segments[0];
    if (!s) return;
    const drop = Math.floor((t - s.t0) / s.dt) - 1;
    if (drop > 0 && drop < s.n) this.segments[0] = { ...s, t0: s.t0 + drop * s.dt, n: s.n - drop,
      data: s.data.subarray(drop * this.nch) };
  }
  /** Frames around t: {a, b, f} (b null: hold a), or null when empty. Never extrapolates. */
  locate(t) {
    if (this.empty) return null;
    const segs = this.segments;
    if (t <= segs[0].t0) return { a: this.frame(segs[0], 0), b: null, f: 0 };
    for (let k = 0; k < segs.length; k++) {
      const s = segs[k], last = s.t0 + (s.n - 1) * s.dt;
      if (t <= last) {
        const i = Math.min(s.n - 2, Math.floor((t - s.t0) / s.dt));
        if (i < 0) return { a: this.frame(s, 0), b: null, f: 0 };
        return { a: this.frame(s, i), b: this.frame(s, i + 1), f: (t - (s.t0 + i * s.dt)) / s.dt };
      }
      const next = segs[k + 1];
      if (next && t < next.t0) {
        const gap = next.t0 - last;
        if (gap <= 2.5 * s.dt) return { a: this.frame(s, s.n - 1), b: this.frame(next, 0), f: (t - last) / gap };
        return { a: this.frame(s, s.n - 1), b: null, f: 0 };
      }
    }
    const s = segs[segs.length - 1];
    return { a: this.frame(s, s.n - 1), b: null, f: 0 };
  }
  frame(s, i) { return s.data.subarray(i * this.nch, (i + 1) * this.nch); }
}

/**
 * Generations of the state shown: a Reset starts a new one (the kernel's "clear" message). Every chunk and
 * static frame carries the generation it belongs to; the browser drops those of an older generation, so a
 * frame from before a Reset can never be queued or drawn after it, whatever order the messages arrive in.
 */
export class Generations {
  constructor() { this.current = 0; }
  /** "old": drop the message; "new": a newer generation begins (drop everything queued first); "same": use it. */
  admit(gen) {
    if (!Number.isFinite(gen)) return "same";        // a message without a generation (older kernels)
    if (gen < this.current) return "old";
    if (gen === this.current) return "same";
    this.current = gen;
    return "new";
  }
}

/**
 * What the kernel's messages do to the queue and the playhead, generation-checked (mount() wires it to the page).
 * Each method returns what happened: "old" (dropped, from before a Reset), "new" (a Reset was passed: the
 * queue was emptied and the playhead moved; the caller clears its traces) or "same".
 */
export class Feed {
  constructor(queue, player) { this.queue = queue; this.player = player; this.generations = new Generations(); this.stale = 0; }
  restart(t) { this.queue.clear(); this.player.t = t; this.player.needFor = null; }
  /** A chunk {t0, dt, n, replace_from, final, seek, gen} with its frames `data`. */
  chunk(msg, data) {
    const age = this.generations.admit(msg.gen);
    if (age === "old") { this.stale++; return age; }
    if (age === "new") this.restart(msg.t0);
    const wasEmpty = this.queue.empty;
    this.queue.add(msg.t0, msg.dt, msg.n, data, msg.replace_from, msg.final, msg.seek);
    this.player.chunkAdded(wasEmpty, msg.t0, msg.seek);
    return age;
  }
  /** The kernel's Reset {gen, t}: nothing queued before it is played after it. */
  clear(msg) {
    const age = this.generations.admit(msg.gen);
    if (age === "old") { this.stale++; return age; }
    this.restart(Number.isFinite(msg.t) ? msg.t : this.player.t);
    return "new";
  }
  /** A static frame {seq, gen, values}: shown when not older than the generation; it empties the queue. */
  frame(f) {
    const age = this.generations.admit(f.gen);
    if (age === "old") { this.stale++; return age; }
    this.queue.clear();
    return age;
  }
}

/** Linear interpolation; on a circle of the given period when period > 0 (shortest way). */
export function lerp(a, b, f, period = 0) {
  if (!(period > 0)) return a + (b - a) * f;
  let d = (b - a) % period;
  if (d > period / 2) d -= period; else if (d < -period / 2) d += period;
  return a + d * f;
}

/** The state at t into out (Float64Array); returns false when there is nothing to show. */
export function sampleAt(queue, t, out, periods) {
  const at = queue.locate(t);
  if (at === null) return false;
  for (let c = 0; c < out.length; c++) {
    out[c] = at.b === null ? at.a[c] : lerp(at.a[c], at.b[c], at.f, periods[c]);
  }
  return true;
}

/** A property's value: a number, or {ch, k, c} = k * values[ch] + c. */
export function resolve(prop, values) {
  if (prop !== null && typeof prop === "object" && "ch" in prop) return prop.k * values[prop.ch] + prop.c;
  return prop;
}

/** `digits` significant digits; beyond 10⁴ or below 10⁻³ as a power of ten ("−3.82×10⁶"). */
function significant(v, digits) {
  if (v === 0) return "0";
  const e = Math.floor(Math.log10(Math.abs(Number(v.toPrecision(digits)))));
  if (e >= -3 && e < 4) return v.toFixed(Math.max(0, digits - 1 - e));
  const sup = (n) => String(n).replace(/[-0-9]/g, (c) => "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"["-0123456789".indexOf(c)]);
  return `${(v / 10 ** e).toFixed(digits - 1)}×10${sup(e)}`;
}

/** "θ = {theta:.1f}°" with channel values; {name}, {name:.Nf}, {name:+.Nf}, {name:.Ng} (N significant digits); unknown names stay as typed. */
export function formatText(template, channels, values) {
  return String(template).replace(/\{([^{}:]+)(?::(\+)?\.(\d+)([fg]))?\}/g, (whole, name, plus, digits, kind) => {
    const i = channels.indexOf(name.trim());
    if (i < 0) return whole;
    const v = values[i];
    if (!Number.isFinite(v)) return "–";
    let s = digits === undefined ? String(Math.round(v * 1e6) / 1e6)
      : kind === "g" ? significant(v, Math.max(1, Number(digits))) : v.toFixed(Number(digits));
    if (/^-0(\.0*)?$/.test(s)) s = s.slice(1);                     // no "-0.0"
    return (plus && v >= 0 ? "+" : "") + s.replace("-", "−");
  });
}

/** Round tick positions covering [lo, hi], about `count` of them. */
export function niceTicks(lo, hi, count = 5) {
  const span = hi - lo;
  if (!(span > 0) || !Number.isFinite(span)) return [];
  const raw = span / Math.max(1, count), mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const out = [];
  for (let v = Math.ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step) {
    out.push(Math.abs(v) < step * 1e-9 ? 0 : Number(v.toPrecision(12)));
  }
  return out;
}

/** Tick label text: as few decimals as the step needs, a real minus sign. */
export function tickLabel(v, ticks) {
  const step = ticks.length > 1 ? Math.abs(ticks[1] - ticks[0]) : 1;
  const decimals = Math.max(0, Math.min(6, -Math.floor(Math.log10(step) + 1e-9)));
  const s = v.toFixed(step % 1 === 0 ? 0 : decimals + (Math.abs(step * 10 ** decimals % 1) > 1e-6 ? 1 : 0));
  return s.replace("-", "−");
}

/** Where a panel's data lands on the canvas (CSS px). */
export function panelTransform(p, W, H) {
  const box = { x: p.x * W, y: p.y * H, w: p.w * W, h: p.h * H };
  const m = p.axes ? { l: p.ylabel ? 58 : 44, r: 12, t: p.title ? 26 : 10, b: p.xlabel ? 42 : 26 }
                   : { l: 4, r: 4, t: p.title ? 24 : 4, b: 4 };
  const area = { x: box.x + m.l, y: box.y + m.t, w: Math.max(10, box.w - m.l - m.r), h: Math.max(10, box.h - m.t - m.b) };
  let [x0, x1] = p.xlim, [y0, y1] = p.ylim;
  if (p.equal) {                                  // one data unit = same px along x and y: widen one range
    const sx = area.w / (x1 - x0), sy = area.h / (y1 - y0);
    if (sx > sy) { const c = (x0 + x1) / 2, half = area.w / sy / 2; x0 = c - half; x1 = c + half; }
    else { const c = (y0 + y1) / 2, half = area.h / sx / 2; y0 = c - half; y1 = c + half; }
  }
  const kx = area.w / (x1 - x0), ky = area.h / (y1 - y0);
  return { box, area, xlim: [x0, x1], ylim: [y0, y1], kx, ky,
    px: (x) => area.x + (x - x0) * kx, py: (y) => area.y + area.h - (y - y0) * ky,
    dataX: (px) => x0 + (px - area.x) / kx, dataY: (py) => y0 + (area.y + area.h - py) / ky };
}

/** Sends at most one message per `interval` ms; the last one offered is never lost (poll / flush). */
export class Throttle {
  constructor(interval) { this.interval = interval; this.last = -Infinity; this.pending = null; }
  offer(now, msg) {
    if (now - this.last >= this.interval) { this.last = now; this.pending = null; return msg; }
    this.pending = msg; return null;
  }
  poll(now) {
    if (this.pending === null || now - this.last < this.interval) return null;
    const m = this.pending; this.pending = null; this.last = now; return m;
  }
  flush() { const m = this.pending; this.pending = null; return m; }
}

/** Where a dragged handle goes: the pointer, kept on its axis or circle. */
/** Points (data units) of the ellipse centred at (x, y) with semi-axis a along (ux, uy) and b across it, closed. */
export function ellipsePoints(x, y, a, b, ux, uy, n = 72) {
  const len = Math.hypot(ux, uy), cx = len > 0 ? ux / len : 1, cy = len > 0 ? uy / len : 0;
  const xs = [], ys = [];
  for (let i = 0; i <= n; i++) {
    const t = (2 * Math.PI * i) / n, p = a * Math.cos(t), q = b * Math.sin(t);
    xs.push(x + p * cx - q * cy); ys.push(y + p * cy + q * cx);
  }
  return { xs, ys };
}

export function constrainDrag(handle, start, x, y) {
  const [lo, hi] = Array.isArray(handle.limits) ? handle.limits : [-Infinity, Infinity];
  if (handle.axis === "x") return [Math.min(hi, Math.max(lo, x)), start[1]];
  if (handle.axis === "y") return [start[0], Math.min(hi, Math.max(lo, y))];
  if (Array.isArray(handle.circle)) {
    const [cx, cy] = handle.circle, r = Math.hypot(start[0] - cx, start[1] - cy), d = Math.hypot(x - cx, y - cy);
    return d > 1e-12 ? [cx + (x - cx) * r / d, cy + (y - cy) * r / d] : [start[0], start[1]];
  }
  return [x, y];
}

/**
 * Where the arrow `key` moves a handle at `at` from the keyboard (the same constraint as a drag).
 * A step is the handle's `key_step` (data units; degrees about its circle), else 1/50 of the panel's
 * range (2° about a circle); `fine` (Shift) is a fifth of it. → and ↑ go up the axis (anticlockwise on a circle).
 */
export function keyStep(props, panel, at, key, fine) {
  const sign = key === "ArrowRight" || key === "ArrowUp" ? 1 : -1, scale = fine ? 0.2 : 1;
  if (Array.isArray(props.circle)) {
    const [cx, cy] = props.circle, r = Math.hypot(at[0] - cx, at[1] - cy), a = Math.atan2(at[1] - cy, at[0] - cx);
    const da = sign * scale * (props.key_step ?? 2) * Math.PI / 180;
    return [cx + r * Math.cos(a + da), cy + r * Math.sin(a + da)];
  }
  const across = props.axis === "x" || (props.axis !== "y" && (key === "ArrowLeft" || key === "ArrowRight"));
  const [lo, hi] = across ? panel.xlim : panel.ylim, step = sign * scale * (props.key_step ?? (hi - lo) / 50);
  return constrainDrag(props, at, across ? at[0] + step : at[0], across ? at[1] : at[1] + step);
}

/**
 * The playback clock. tick(nowMs) advances the playhead at `speed` while playing,
 * holds the last frame when the queue runs out ("waiting", never extrapolates),
 * and returns the messages to send: need (queue low) and playhead (10 Hz, pause).
 */
export class Player {
  constructor(queue, { lead = 1.0, reportMs = 100 } = {}) {
    Object.assign(this, { queue, lead, reportMs, t: 0, speed: 1, playing: false, waiting: false,
      lastWall: null, lastReport: -Infinity, needFor: null, needWall: -Infinity, heldSince: null });
  }
  setPlaying(on, nowMs) {
    const out = [];
    if (on && !this.playing) { this.lastWall = nowMs; if (!this.queue.empty && this.t < this.queue.start) this.t = this.queue.start; }
    if (!on && this.playing) { out.push({ type: "playhead", t: this.t, reason: "pause" }); this.waiting = false; }
    this.playing = on;
    return out;
  }
  /** A chunk arrived: with seek, or into an empty queue, the playhead jumps to its start; never before the queue. */
  chunkAdded(wasEmpty, t0, seek = false) {
    if (seek || wasEmpty) this.t = t0;
    else if (this.t < this.queue.start) this.t = this.queue.start;
    this.needFor = null;
  }
  tick(nowMs) {
    const out = [];
    if (!this.playing) { this.lastWall = nowMs; return out; }
    const wall = Math.min(0.25, Math.max(0, (nowMs - (this.lastWall ?? nowMs)) / 1000));
    this.lastWall = nowMs;
    const q = this.queue;
    if (q.empty) {
      this.waiting = true;                          // nothing queued: ask from the playhead (once a second)
      if (nowMs - this.needWall > 1000) { this.needWall = nowMs; this.needFor = null; out.push({ type: "need", t: this.t, t_last: this.t }); }
    } else {
      if (this.t < q.start) this.t = q.start;
      const target = this.t + wall * this.speed;
      this.waiting = target > q.end && !q.final;
      const ended = target >= q.end && q.final && this.t < q.end;
      this.t = Math.min(target, q.end);
      if (ended) out.push({ type: "playhead", t: this.t, reason: "end" });
      q.forgetBefore(this.t);
      const ahead = (q.end - this.t) / this.speed;
      if (!q.final && ahead < this.lead && (this.needFor !== q.end || nowMs - this.needWall > 1000)) {
        this.needFor = q.end; this.needWall = nowMs;
        out.push({ type: "need", t: this.t, t_last: q.end });
      }
    }
    this.heldSince = this.waiting ? (this.heldSince ?? nowMs) : null;
    if (nowMs - this.lastReport >= this.reportMs) { this.lastReport = nowMs; out.push({ type: "playhead", t: this.t, reason: "tick" }); }
    return out;
  }
  /** Show "waiting" only after the last frame has been held a moment (a chunk a few ms late is no news). */
  showWaiting(nowMs, afterMs = 150) { return this.waiting && this.heldSince !== null && nowMs - this.heldSince >= afterMs; }
}

/** The values a shape is drawn with: the state, with a dragged handle's channels overridden. */
export function applyOverride(values, override) {
  if (!override) return values;
  const v = Float64Array.from(values);
  for (const [ch, val] of override) v[ch] = val;
  return v;
}

/** Which channels to override so a handle bound to (x, y) sits at (hx, hy): [[ch, value], ...]. */
export function handleOverride(props, hx, hy) {
  const out = [];
  for (const [p, val] of [[props.x, hx], [props.y, hy]]) {
    if (p && typeof p === "object" && "ch" in p && p.k !== 0) out.push([p.ch, (val - p.c) / p.k]);
  }
  return out;
}

/** A trace's points, kept in the browser: the last `max` (x, y), skipping repeats. */
export class TraceBuffer {
  constructor(max) { this.max = Math.max(2, max | 0); this.xs = []; this.ys = []; }
  push(x, y) {
    const n = this.xs.length;
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    if (n && this.xs[n - 1] === x && this.ys[n - 1] === y) return;
    this.xs.push(x); this.ys.push(y);
    if (this.xs.length > this.max) { this.xs.shift(); this.ys.shift(); }
  }
  clear() { this.xs = []; this.ys = []; }
}

/** Copy a msg:custom buffer (DataView, possibly unaligned) into a Float64Array. */
export function floatsOf(buffer) {
  const view = buffer instanceof DataView ? buffer : new DataView(buffer.buffer ?? buffer);
  const out = new Float64Array(view.byteLength / 8);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat64(i * 8, true);
  return out;
}

/** A formula's parts as shown: each text with its live fields filled in, its term and colour. */
export function formulaParts(formula, channels, values) {
  if (!formula) return [];
  return formula.parts.map((p) => ({ text: formatText(p.text, channels, values), term: p.term ?? null,
    color: p.color ?? null, live: /\{[^{}]+\}/.test(p.text) }));
}

export const FALLBACK = "The lab's drawing could not start in this page: ";
export const FIX = "reload the page; if it persists, run `pip install -U anywidget` where Jupyter runs and restart it.";

// ---------------------------------------------------------------- part 2: drawing

/** The course's web font for θ̇ and friends (course_lib/ui/dot_font.py FAMILY), defined by the labs' page style. */
export const DOT_FONT = "Course Dots";

const STYLE = `
.cl-scene { display: flex; flex-wrap: wrap; gap: 6px 16px; align-items: flex-start;
  font-family: var(--jp-ui-font-family, system-ui, sans-serif); color: var(--jp-ui-font-color1, #24292f); }
.cl-scene-stage { position: relative; outline: none; border-radius: 4px; }
.cl-scene-stage:focus-visible { box-shadow: 0 0 0 2px var(--jp-brand-color1, #1f6fb4); }
.cl-scene canvas { display: block; touch-action: none; }
.cl-scene-banner { position: absolute; left: 8px; bottom: 6px; font-size: 12px; padding: 2px 6px;
  background: rgba(255,255,255,0.85); color: #24292f; border-radius: 3px; pointer-events: none; }
.cl-scene-banner:empty { display: none; }
.cl-scene-formula { font-size: 16px; line-height: 1.8; padding: 8px 4px; max-width: 360px; white-space: pre-wrap; }
.cl-scene-formula span[data-term] { border-bottom: 2px dotted currentColor; cursor: help; padding: 0 2px; border-radius: 3px; }
.cl-scene-formula span[data-term].cl-on { background: #fdf0c2; color: #24292f !important; }
.cl-scene-description { font-size: 12px; line-height: 1.35; padding-top: 4px; width: 0; min-width: 100%; overflow-wrap: anywhere; }
.cl-scene-buttons { display: flex; gap: 8px; padding-top: 6px; }
.cl-scene-buttons button { font: inherit; font-size: 13px; padding: 4px 14px; border-radius: 4px; touch-action: none;
  border: 1px solid var(--jp-border-color1, #bbb); background: var(--jp-layout-color2, #f3f4f6); cursor: pointer; user-select: none; }
.cl-scene-buttons button { color: inherit; }
.cl-scene-buttons button.cl-on { background: #dbe8f6; border-color: #1f6fb4; color: #24292f; }`;

function drawArrowHead(ctx, x, y, ang, size) {
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x - size * Math.cos(ang - 0.4), y - size * Math.sin(ang - 0.4));
  ctx.lineTo(x - size * Math.cos(ang + 0.4), y - size * Math.sin(ang + 0.4));
  ctx.closePath(); ctx.fill();
}

/** Draw one shape; `v` are the channel values, `T` the panel transform, `hl` true when highlighted. */
function drawShape(ctx, s, v, T, env, hl) {
  const { color, font, traces, channels, curves } = env;
  const p = s.props, r = (k) => resolve(p[k], v);
  const stroke = color(p.color);
  ctx.strokeStyle = stroke; ctx.fillStyle = stroke; ctx.globalAlpha = p.alpha ?? 1;
  ctx.lineWidth = (p.width ?? 2) + (hl ? 3 : 0); ctx.setLineDash(p.dash ? [6, 4] : []);
  ctx.lineCap = "round"; ctx.lineJoin = "round";
  if (hl) { ctx.shadowColor = color("highlight"); ctx.shadowBlur = 12; }
  const line = (xs, ys) => { ctx.beginPath(); xs.forEach((x, i) => (i ? ctx.lineTo : ctx.moveTo).call(ctx, T.px(x), T.py(ys[i]))); ctx.stroke(); };
  switch (s.kind) {
    case "link": line([r("x0"), r("x1")], [r("y0"), r("y1")]); break;
    case "disc": case "handle": {
      const rad = s.kind === "handle" ? p.r_px : (p.r_px ?? Math.abs(r("r")) * T.kx);
      ctx.beginPath(); ctx.arc(T.px(r("x")), T.py(r("y")), rad, 0, 2 * Math.PI);
      if (s.kind === "handle") { ctx.globalAlpha = 0.25; ctx.fill(); ctx.globalAlpha = 1; ctx.lineWidth = 1.5; ctx.stroke(); }
      else { ctx.fillStyle = p.fill ? color(p.fill) : stroke; ctx.fill(); }
      break;
    }
    case "spring": {
      const [ax, ay, bx, by] = [T.px(r("x0")), T.py(r("y0")), T.px(r("x1")), T.py(r("y1"))];
      const len = Math.hypot(bx - ax, by - ay) || 1, nx = -(by - ay) / len, ny = (bx - ax) / len, n = 2 * p.coils;
      ctx.beginPath(); ctx.moveTo(ax, ay);
      for (let i = 1; i < n; i++) { const f = i / n, side = i % 2 ? 1 : -1;
        ctx.lineTo(ax + (bx - ax) * f + side * p.amplitude * nx, ay + (by - ay) * f + side * p.amplitude * ny); }
      ctx.lineTo(bx, by); ctx.stroke(); break;
    }
    case "cart": {
      const x = T.px(r("x") - r("w") / 2), y = T.py(r("y") + r("h")), w = r("w") * T.kx, h = r("h") * T.ky;
      const wheel = Math.max(3, Math.min(h * 0.22, 9));
      ctx.fillRect(x, y - wheel, w, h - wheel);
      ctx.fillStyle = color("ink");
      for (const fx of [0.25, 0.75]) { ctx.beginPath(); ctx.arc(x + fx * w, y + h - wheel, wheel, 0, 2 * Math.PI); ctx.fill(); }
      break;
    }
    case "rail": {
      const y = T.py(r("y")), a = T.px(r("x0")), b = T.px(r("x1"));
      line([r("x0"), r("x1")], [r("y"), r("y")]); ctx.lineWidth = 1;
      ctx.beginPath(); for (let x = a; x < b; x += 10) { ctx.moveTo(x + 6, y); ctx.lineTo(x, y + 6); } ctx.stroke(); break;
    }
    case "arrow": {
      const x = T.px(r("x")), y = T.py(r("y")), ex = x + p.scale * r("dx") * T.kx, ey = y - p.scale * r("dy") * T.ky;
      const len = Math.hypot(ex - x, ey - y);
      if (!(len >= p.min_px)) break;
      const ang = Math.atan2(ey - y, ex - x), head = Math.min(12, 0.45 * len + 4);
      ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(ex - 0.8 * head * Math.cos(ang), ey - 0.8 * head * Math.sin(ang)); ctx.stroke();
      drawArrowHead(ctx, ex, ey, ang, head);
      if (p.label) { ctx.font = font(12); ctx.textAlign = Math.cos(ang) < -0.3 ? "right" : "left"; ctx.textBaseline = "middle"; ctx.fillStyle = env.ink(p.color);
        ctx.fillText(p.label, ex + 6 * Math.cos(ang) + (Math.abs(Math.cos(ang)) < 0.3 ? 6 : 0), ey + 8 * Math.sin(ang)); }
      break;
    }
    case "polyline": { const c = curves?.get(s.id) ?? p; if (c.xs.length > 1) line(c.xs, c.ys); break; }
    case "ellipse": { const e = ellipsePoints(r("x"), r("y"), r("a"), r("b"), r("ux"), r("uy"), p.n ?? 72); line(e.xs, e.ys); break; }
    case "trace": { const tb = traces.get(s.id); if (tb && tb.xs.length > 1) line(tb.xs, tb.ys); break; }
    case "text": {
      ctx.font = font(p.size); ctx.fillStyle = env.ink(p.color); ctx.textAlign = p.anchor === "middle" ? "center" : p.anchor === "end" ? "right" : "left";
      ctx.textBaseline = "middle"; ctx.fillText(formatText(p.text, channels, v), T.px(r("x")) + p.dx_px, T.py(r("y")) + p.dy_px); break;
    }
    case "bar": {
      const x = T.px(r("x") - p.bar_width / 2), y0 = T.py(r("base")), y1 = T.py(r("base") + r("height"));
      ctx.fillRect(x, Math.min(y0, y1), p.bar_width * T.kx, Math.abs(y1 - y0));
      if (p.label) {                                 // 11 px: two rows fit the bottom margin
        ctx.fillStyle = color("ink"); ctx.font = font(11); ctx.textAlign = "center"; ctx.textBaseline = "top";
        ctx.fillText(p.label, T.px(r("x")), T.area.y + T.area.h + 3 + 13 * (p.label_row ?? 0)); }
      break;
    }
    case "band": {
      const [lo, hi] = [r("lo"), r("hi")], A = T.area, hz = p.orient !== "v";
      const a = hz ? T.py(hi) : T.px(lo), b = hz ? T.py(lo) : T.px(hi);
      ctx.globalAlpha = 0.12 * (p.alpha ?? 1);
      if (hz) ctx.fillRect(A.x, a, A.w, b - a); else ctx.fillRect(a, A.y, b - a, A.h);
      ctx.globalAlpha = p.alpha ?? 1; ctx.beginPath();
      for (const u of [a, b]) { if (hz) { ctx.moveTo(A.x, u); ctx.lineTo(A.x + A.w, u); } else { ctx.moveTo(u, A.y); ctx.lineTo(u, A.y + A.h); } }
      ctx.stroke();
      if (p.label) { ctx.font = font(11); ctx.fillStyle = env.ink(p.color); ctx.textAlign = "right"; ctx.textBaseline = "bottom"; ctx.fillText(p.label, A.x + A.w - 4, hz ? a - 2 : A.y + 12); }
      break;
    }
    case "grid": {
      const [x0, x1] = T.xlim, [y0, y1] = T.ylim, sy = p.step_y ?? p.step; ctx.beginPath();
      for (let x = Math.ceil(x0 / p.step) * p.step; x <= x1; x += p.step) { ctx.moveTo(T.px(x), T.area.y); ctx.lineTo(T.px(x), T.area.y + T.area.h); }
      for (let y = Math.ceil(y0 / sy) * sy; y <= y1; y += sy) { ctx.moveTo(T.area.x, T.py(y)); ctx.lineTo(T.area.x + T.area.w, T.py(y)); }
      ctx.stroke(); break;
    }
  }
  ctx.shadowBlur = 0; ctx.globalAlpha = 1; ctx.setLineDash([]);
}

/** Frame, grid, ticks, labels and title of a plot panel. */
// The box (CSS px from the canvas's top left) of a text as drawn, and the box it is clipped to: the layout test's view.
function textBox(ctx, text, x, y, clip) {
  const m = ctx.measureText(text), t = ctx.getTransform(), dpr = window.devicePixelRatio || 1;
  const us = [x - m.actualBoundingBoxLeft, x + m.actualBoundingBoxRight], vs = [y - m.actualBoundingBoxAscent, y + m.actualBoundingBoxDescent];
  const xs = [], ys = [];
  for (const u of us) for (const v of vs) { xs.push((t.a * u + t.c * v + t.e) / dpr); ys.push((t.b * u + t.d * v + t.f) / dpr); }
  return { text: String(text), left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys), clip };
}

function drawAxes(ctx, p, T, color, font) {
  const A = T.area;
  ctx.font = font(p.axes ? 15 : 14); ctx.fillStyle = color("ink"); ctx.textAlign = "center"; ctx.textBaseline = "top";
  if (p.title) ctx.fillText(p.title, A.x + A.w / 2, T.box.y + 4);
  if (!p.axes) return;
  const xt = (p.xticks ?? niceTicks(T.xlim[0], T.xlim[1], Math.max(3, Math.round(A.w / 80)))).filter((x) => x >= T.xlim[0] && x <= T.xlim[1]);
  const yt = (p.yticks ?? niceTicks(T.ylim[0], T.ylim[1], Math.max(3, Math.round(A.h / 45)))).filter((y) => y >= T.ylim[0] && y <= T.ylim[1]);
  ctx.lineWidth = 1;
  if (p.grid) { ctx.strokeStyle = color("grid"); ctx.beginPath();
    for (const x of xt) { ctx.moveTo(Math.round(T.px(x)) + 0.5, A.y); ctx.lineTo(Math.round(T.px(x)) + 0.5, A.y + A.h); }
    for (const y of yt) { ctx.moveTo(A.x, Math.round(T.py(y)) + 0.5); ctx.lineTo(A.x + A.w, Math.round(T.py(y)) + 0.5); }
    ctx.stroke(); }
  ctx.strokeStyle = color("muted"); ctx.strokeRect(Math.round(A.x) + 0.5, Math.round(A.y) + 0.5, Math.round(A.w), Math.round(A.h));
  ctx.font = font(12); ctx.fillStyle = color("ink"); ctx.beginPath();
  for (const x of xt) { const u = Math.round(T.px(x)) + 0.5; ctx.moveTo(u, A.y + A.h); ctx.lineTo(u, A.y + A.h + 4); ctx.fillText(tickLabel(x, xt), u, A.y + A.h + 6); }
  ctx.textAlign = "right"; ctx.textBaseline = "middle";
  for (const y of yt) { const u = Math.round(T.py(y)) + 0.5; ctx.moveTo(A.x - 4, u); ctx.lineTo(A.x, u); ctx.fillText(tickLabel(y, yt), A.x - 6, u); }
  ctx.stroke(); ctx.font = font(13); ctx.textAlign = "center";
  if (p.xlabel) { ctx.textBaseline = "bottom"; ctx.fillText(p.xlabel, A.x + A.w / 2, T.box.y + T.box.h - 2); }
  if (p.ylabel) { ctx.save(); ctx.translate(T.box.x + 12, A.y + A.h / 2); ctx.rotate(-Math.PI / 2); ctx.textBaseline = "middle";
    ctx.fillText(p.ylabel, 0, 0); ctx.restore(); }
}

// ---------------------------------------------------------------- part 3: the widget

const KEYS = ["ArrowLeft", "ArrowRight", " "];
// how long (ms) a released or keyed handle is drawn where it was put while the kernel's answer is on its way;
// the answer ends it sooner (frame.answers), and a lab that never answers is shown as it is after this
const ANSWER_MS = 3000;
const make = (tag, cls, parent) => { const n = document.createElement(tag); if (cls) n.className = cls; if (parent) parent.appendChild(n); return n; };

function mount(model, el) {
  if (!document.getElementById("cl-scene-style")) { const st = make("style"); st.id = "cl-scene-style"; st.textContent = STYLE; document.head.appendChild(st); }
  const root = make("div", "cl-scene"), column = make("div", "", root), stage = make("div", "cl-scene-stage", column);
  const canvas = make("canvas", "", stage), banner = make("div", "cl-scene-banner", stage);
  const formulaBox = make("div", "cl-scene-formula", root), buttonBox = make("div", "cl-scene-buttons", column);
  el.replaceChildren(root);
  root.dataset.sceneId = model.get("scene_id") ?? "";
  const ctx = canvas.getContext("2d"), send = (m) => model.send(m), handlers = [];
  // a drag names this view and counts up: the kernel's frames say which one they answer (protocol.py)
  const view = Math.random().toString(36).slice(2, 12);
  let inputs = 0, waitingFor = 0;                     // the last input sent; the one the picture's override waits for
  let keyed = null;                                    // {id, at, n, until}: the last keyed position, until the kernel has answered it
  const sendInput = (m) => { send({ ...m, view, n: ++inputs }); return inputs; };
  /** Whether the kernel's frame `f` answers an input of this view older than `n` (its answer to `n` is still on its way). */
  const behind = (f, n) => n > 0 && !!f.answers && f.answers.view === view && f.answers.n < n;
  const texts = [], fillText = ctx.fillText.bind(ctx);   // every text of the last frame, with its box
  let clipBox = null;
  ctx.fillText = (text, x, y) => { fillText(text, x, y); texts.push(textBox(ctx, text, x, y, clipBox)); };
  const on = (name, fn) => { model.on(name, fn); handlers.push([name, fn]); };
  let channels = [], queue = null, player = null, feed = null, periods = [], values = new Float64Array(0), shapes = [];
  let panels = new Map(), transforms = new Map(), palette = {}, fontFamily = "", seq = -1;
  let override = null, overrideUntil = null, dragging = null, highlight = new Set(), dirty = true, raf = 0, alive = true;
  const traces = new Map(), throttle = new Throttle(33), held = new Set(), stats = { draws: 0, played: 0 };
  // for tests and benchmarks: counters, the clock, and data -> page coordinates
  canvas.__scene = { stats, font: (px) => font(px), get texts() { return texts.map((b) => ({ ...b })); }, get player() { return player; }, get feed() { return feed; }, get values() { return Array.from(values); },
    get shown() { return Array.from(shown()); }, get prediction() { return prediction.current(); },
    toPage(panel, x, y) { const T = transforms.get(panel), r = canvas.getBoundingClientRect(); return [r.left + T.px(x), r.top + T.py(y)]; } };

  const color = (name) => palette[name] ?? name ?? palette.ink;
  // a text's colour: its series colour made readable on the canvas, or in the page's theme (ink.py)
  const ink = (name) => model.get("text_colors")?.canvas?.[color(name)] ?? color(name);
  const pageInk = (name) => model.get("text_colors")?.[document.body.dataset.jpThemeLight === "false" ? "dark" : "light"]?.[color(name)] ?? color(name);
  const font = (px) => `${px}px ${fontFamily}`;
  // the prediction (predict.js, shipped in front of this module): drawn at once, until the kernel's frame settles it
  const prediction = attachPrediction(model, { channels: () => channels, kernel: () => values,
    redraw: () => { if (fontFamily && alive) { draw(); dirty = false; } else kick(); } });
  const shown = () => applyOverride(prediction.shown(values), override);
  const kick = () => { dirty = true; if (!raf && alive) raf = requestAnimationFrame(loop); };

  function setup() {
    const W = model.get("width"), H = model.get("height");
    palette = model.get("palette");
    const names = model.get("channels");
    if (names.join("\u0000") !== channels.join("\u0000") || queue === null) {
      channels = names; queue = new FrameQueue(channels.length); player = new Player(queue); values = new Float64Array(channels.length);
      const generation = feed ? feed.generations.current : 0;   // new channels: a new queue, the same generation
      feed = new Feed(queue, player); feed.generations.current = generation;
      player.speed = model.get("speed"); player.playing = false;
      prediction.rebuild();   // its channel indices are these channels' (a new range or shape keeps it and its counts)
    }
    const per = model.get("periodic"); periods = channels.map((c) => per[c] ?? 0);
    panels = new Map(model.get("panels").map((p) => [p.id, p]));
    transforms = new Map([...panels.values()].map((p) => [p.id, panelTransform(p, W, H)]));
    shapes = model.get("shapes");
    for (const s of shapes) if (s.kind === "trace" && !traces.has(s.id)) traces.set(s.id, new TraceBuffer(s.props.max_points));
    canvas.style.width = `${W}px`; canvas.style.height = `${H}px`;
    if (model.get("keyboard")) { stage.tabIndex = 0; stage.setAttribute("data-lm-suppress-shortcuts", "true");
      stage.setAttribute("data-p-suppress-shortcuts", "true"); stage.title = "Click here, then use ← → (and space)"; }
    a11ySetup();
    kick();
  }

  let liveSpans = [];                                // [span, part] whose text has live fields
  function buildFormula() {
    const f = model.get("formula");
    formulaBox.replaceChildren(); formulaBox.style.display = f ? "" : "none"; liveSpans = [];
    if (!f) return;
    (f.below ? column : root).appendChild(formulaBox);  // under the drawing, or beside it
    formulaBox.style.maxWidth = f.below ? `${model.get("width")}px` : "";  // below: as wide as the drawing, rows unwrapped
    const shownParts = formulaParts(f, channels, shown());
    f.parts.forEach((part, i) => {
      const span = make("span", "", formulaBox); span.textContent = shownParts[i].text;
      if (shownParts[i].live) liveSpans.push([span, part]);
      if (part.color) span.style.color = pageInk(part.color);
      if (!part.term) return;
      span.dataset.term = part.term;
      span.addEventListener("pointerenter", () => { highlight = new Set(f.terms[part.term] ?? []); span.classList.add("cl-on"); kick(); });
      span.addEventListener("pointerleave", () => { highlight = new Set(); span.classList.remove("cl-on"); kick(); });
    });
  }

  function updateFormula(v) {                        // live numbers, written only when they change
    for (const [span, part] of liveSpans) {
      const text = formatText(part.text, channels, v);
      if (span.textContent !== text) span.textContent = text;
    }
  }

  function buildButtons() {
    buttonBox.replaceChildren();
    for (const b of model.get("buttons")) {
      const btn = make("button", "", buttonBox); btn.type = "button"; btn.textContent = b.label; btn.dataset.hold = b.id;
      let down = false;
      const press = () => { if (!down) { down = true; btn.classList.add("cl-on"); send({ type: "hold", id: b.id, phase: "down" }); } };
      const release = () => { if (down) { down = false; btn.classList.remove("cl-on"); send({ type: "hold", id: b.id, phase: "up" }); } };
      btn.addEventListener("pointerdown", (e) => { e.preventDefault(); btn.setPointerCapture?.(e.pointerId); press(); });
      for (const ev of ["pointerup", "pointercancel", "lostpointercapture", "blur"]) btn.addEventListener(ev, release);
      btn.addEventListener("keydown", (e) => { if ((e.key === " " || e.key === "Enter") && !e.repeat) { e.preventDefault(); e.stopPropagation(); press(); } });
      btn.addEventListener("keyup", (e) => { if (e.key === " " || e.key === "Enter") { e.stopPropagation(); release(); } });
    }
    buttonBox.style.display = model.get("buttons").length ? "" : "none";
  }

  function pushTraces(v) {
    for (const s of shapes) if (s.kind === "trace") traces.get(s.id)?.push(resolve(s.props.x, v), resolve(s.props.y, v));
  }

  const clearTraces = () => { for (const tb of traces.values()) tb.clear(); };

  function showFrame() {
    const f = model.get("frame");
    if (!f || f.seq === seq || !f.values || f.values.length !== channels.length) return;
    const age = feed.frame(f);
    if (age === "old") return;                       // a state from before a Reset the browser already heard of
    if (age === "new") clearTraces();
    seq = f.seq; values = Float64Array.from(f.values);
    prediction.frame(values);
    if (overrideUntil !== null && !behind(f, waitingFor)) { override = null; overrideUntil = null; }
    // the kernel has answered the last press: the next one starts from what it holds (a lab may constrain a
    // handle more than its shape says, e.g. the arm's tip)
    if (keyed && f.answers && f.answers.view === view && !behind(f, keyed.n)) keyed = null;
    pushTraces(values);
    if (fontFamily) { draw(); dirty = false; } else kick();   // the kernel's answer is drawn at once
  }

  function draw() {
    const W = model.get("width"), H = model.get("height"), dpr = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(W * dpr) || canvas.height !== Math.round(H * dpr)) { canvas.width = Math.round(W * dpr); canvas.height = Math.round(H * dpr); }
    if (!fontFamily) {                               // the course's dot font first, where the page has it (glyph_style.py)
      const page = getComputedStyle(root).getPropertyValue("--jp-ui-font-family").trim() || "system-ui, -apple-system, 'Segoe UI', sans-serif";
      fontFamily = page.includes(DOT_FONT) ? page : `'${DOT_FONT}', ${page}`;
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    texts.length = 0;
    ctx.textRendering = "geometricPrecision";       // no hinting: keeps the dot of θ̇ above the θ (glyph_style.py)
    ctx.fillStyle = color("background"); ctx.fillRect(0, 0, W, H);
    const v = shown(), env = { color, font, traces, channels, ink, curves: prediction.curves() };
    updateFormula(v);
    for (const p of panels.values()) drawAxes(ctx, p, transforms.get(p.id), color, font);
    for (const pass of [true, false]) {              // highlighted shapes' glow first, then every shape
      for (const s of shapes) {
        if (s.props.visible === false || (pass && !highlight.has(s.id))) continue;
        const T = transforms.get(s.panel), A = T.area;
        ctx.save(); ctx.beginPath(); ctx.rect(T.box.x, T.box.y, T.box.w, T.box.h); ctx.clip();
        if (s.kind === "grid" || s.kind === "trace" || s.kind === "polyline" || s.kind === "ellipse" || s.kind === "band") { ctx.beginPath(); ctx.rect(A.x, A.y, A.w, A.h); ctx.clip(); }
        clipBox = { left: T.box.x, right: T.box.x + T.box.w, top: T.box.y, bottom: T.box.y + T.box.h };
        drawShape(ctx, s, v, T, env, pass);
        clipBox = null;
        ctx.restore();
      }
    }
    drawKeyFocus();
    banner.textContent = model.get("message") || (player.showWaiting(performance.now()) ? "waiting for the kernel…" : "");
    stats.draws++;
  }

  function loop(now) {
    raf = 0;
    if (!alive) return;
    for (const m of player.tick(now)) send(m);
    const late = throttle.poll(now); if (late) sendInput(late);
    if (player.playing && !queue.empty) {
      const next = new Float64Array(channels.length);
      if (sampleAt(queue, player.t, next, periods) && next.some((x, i) => x !== values[i])) { values = next; pushTraces(values); dirty = true; stats.played++; }
    }
    if (overrideUntil !== null && now > overrideUntil) { override = null; overrideUntil = null; dirty = true; }
    const waitingChanged = player.showWaiting(now) !== (banner.textContent === "waiting for the kernel…");
    if (dirty || waitingChanged) { dirty = false; draw(); }
    if (player.playing || dragging || throttle.pending || overrideUntil !== null) raf = requestAnimationFrame(loop);
  }

  // ---- dragging handles
  const pointerData = (e, T) => { const r = canvas.getBoundingClientRect(); return [T.dataX(e.clientX - r.left), T.dataY(e.clientY - r.top)]; };
  function handleAt(e) {
    const r = canvas.getBoundingClientRect(), x = e.clientX - r.left, y = e.clientY - r.top, v = shown();
    let best = null, bestD = Infinity;
    for (const s of shapes) {
      if (s.kind !== "handle" || s.props.visible === false) continue;
      const T = transforms.get(s.panel), d = Math.hypot(T.px(resolve(s.props.x, v)) - x, T.py(resolve(s.props.y, v)) - y);
      if (d <= s.props.r_px + 6 && d < bestD) { best = s; bestD = d; }
    }
    return best;
  }
  canvas.addEventListener("pointerdown", (e) => {
    if (model.get("keyboard")) stage.focus({ preventScroll: true });
    const s = handleAt(e);
    if (!s || dragging) return;
    e.preventDefault(); canvas.setPointerCapture?.(e.pointerId);
    const v = shown(), start = [resolve(s.props.x, v), resolve(s.props.y, v)];
    dragging = { s, T: transforms.get(s.panel), start, at: start, pointerId: e.pointerId }; prediction.grab(true);
    overrideUntil = null; canvas.style.cursor = "grabbing";
    sendInput({ type: "drag", id: s.id, phase: "start", x: start[0], y: start[1] });
  });
  canvas.addEventListener("pointermove", (e) => {
    if (!dragging) { canvas.style.cursor = handleAt(e) ? "grab" : ""; return; }
    if (e.pointerId !== dragging.pointerId) return;
    const [x, y] = constrainDrag(dragging.s.props, dragging.start, ...pointerData(e, dragging.T));
    dragging.at = [x, y]; override = handleOverride(dragging.s.props, x, y);
    prediction.drag(dragging.s.id, x, y);                     // the rest of the picture, where the lab predicts it
    draw();                                                   // at once, not at the next frame
    const m = throttle.offer(e.timeStamp, { type: "drag", id: dragging.s.id, phase: "move", x, y });
    if (m) sendInput(m); else kick();
  });
  const endDrag = (e) => {
    if (!dragging || (e && e.pointerId !== undefined && e.pointerId !== dragging.pointerId)) return;
    const d = dragging; dragging = null; canvas.style.cursor = ""; prediction.grab(false);
    const late = throttle.flush(); if (late) sendInput(late);
    waitingFor = sendInput({ type: "drag", id: d.s.id, phase: "end", x: d.at[0], y: d.at[1] });
    overrideUntil = performance.now() + ANSWER_MS;            // until the kernel's answer to the release arrives
    kick();
  };
  for (const ev of ["pointerup", "pointercancel", "lostpointercapture"]) canvas.addEventListener(ev, endDrag);
  const onBlur = () => endDrag(null);
  window.addEventListener("blur", onBlur);

  // ---- keyboard (when the scene has focus)
  stage.addEventListener("keydown", (e) => {
    if (!model.get("keyboard") || !KEYS.includes(e.key)) return;
    e.preventDefault(); e.stopPropagation();
    if (!e.repeat && !held.has(e.key)) { held.add(e.key); send({ type: "key", key: e.key, phase: "down" }); }
  });
  stage.addEventListener("keyup", (e) => {
    if (!held.has(e.key)) return;
    e.stopPropagation(); held.delete(e.key); send({ type: "key", key: e.key, phase: "up" });
  });
  stage.addEventListener("blur", () => { for (const k of held) send({ type: "key", key: k, phase: "up" }); held.clear(); });

  // ---- accessibility: the scene's role, name and description; its handles and Play from the keyboard.
  // A focused scene: Tab / Shift+Tab move between its handles (a `keyboard` scene's own keys first),
  // the arrows move the focused handle (Shift: a fine step) through the drag messages a pointer sends,
  // Space plays and pauses a simulated lab (`play_key`). The handle is ringed on the canvas.
  const describe = make("div", "cl-scene-description", column);
  describe.id = `cl-scene-desc-${Math.random().toString(36).slice(2)}`;
  let keyHandle = -1;                                // index in keyHandles() of the handle the arrows move; -1: none
  const keyHandles = () => shapes.filter((s) => s.kind === "handle" && s.props.visible !== false);
  canvas.__scene.keyHandle = () => keyHandles()[keyHandle]?.id ?? null;   // for tests: the handle the arrows move
  canvas.__scene.dragging = () => dragging?.s.id ?? null;                  // for tests: the handle the pointer holds
  const firstKeyHandle = () => (model.get("keyboard") ? -1 : 0);
  function a11ySetup() {
    const focusable = model.get("keyboard") || model.get("play_key") || keyHandles().length > 0;
    if (focusable) {                                 // JupyterLab's shortcuts (arrows, Space) stay out of a focused scene
      stage.tabIndex = 0; stage.setAttribute("data-lm-suppress-shortcuts", "true"); stage.setAttribute("data-p-suppress-shortcuts", "true");
    } else stage.removeAttribute("tabindex");
    stage.setAttribute("role", focusable ? "application" : "img");
    const titles = [...panels.values()].map((p) => p.title).filter(Boolean);
    stage.setAttribute("aria-label", model.get("label") || titles.join("; ") || "scene");
    stage.setAttribute("aria-describedby", describe.id);
    if (keyHandle >= keyHandles().length) keyHandle = -1;
  }
  function a11yDescribe() {
    const d = model.get("description") || "";
    if (describe.textContent !== d) describe.textContent = d;
    describe.style.display = d ? "" : "none";
  }
  function drawKeyFocus() {
    const s = keyHandles()[keyHandle];
    if (!s || document.activeElement !== stage) return;
    const T = transforms.get(s.panel), v = shown();
    ctx.save(); ctx.strokeStyle = color("ink"); ctx.lineWidth = 2; ctx.setLineDash([4, 3]); ctx.beginPath();
    ctx.arc(T.px(resolve(s.props.x, v)), T.py(resolve(s.props.y, v)), s.props.r_px + 5, 0, 2 * Math.PI); ctx.stroke(); ctx.restore();
  }
  function keyMove(s, key, fine) {
    const v = shown(), now = performance.now();
    const at = keyed && keyed.id === s.id && now < keyed.until ? keyed.at : [resolve(s.props.x, v), resolve(s.props.y, v)];
    const [x, y] = keyStep(s.props, panels.get(s.panel), at, key, fine);
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    override = handleOverride(s.props, x, y); overrideUntil = now + ANSWER_MS; draw();
    sendInput({ type: "drag", id: s.id, phase: "start", x: at[0], y: at[1] });
    sendInput({ type: "drag", id: s.id, phase: "move", x, y });
    waitingFor = sendInput({ type: "drag", id: s.id, phase: "end", x, y });
    keyed = { id: s.id, at: [x, y], n: waitingFor, until: now + ANSWER_MS };   // presses quicker than the kernel's answers add up
    kick();
  }
  stage.addEventListener("focus", (e) => {           // by keys: at the first handle, or the last when entered backwards;
    const back = e.relatedTarget instanceof Node && (stage.compareDocumentPosition(e.relatedTarget) & Node.DOCUMENT_POSITION_FOLLOWING);
    const byKeys = stage.matches(":focus-visible");  // by a click (the cart-pole's "click, then ← →"): no handle
    keyHandle = !byKeys || model.get("keyboard") ? -1 : back ? keyHandles().length - 1 : firstKeyHandle(); kick();
  });
  stage.addEventListener("blur", () => { keyHandle = -1; kick(); });
  stage.addEventListener("keydown", (e) => {          // capture: before the `keyboard` scene's own keys
    const hs = keyHandles();
    if (e.key === "Tab" && hs.length) {
      const next = keyHandle + (e.shiftKey ? -1 : 1);
      if (next >= firstKeyHandle() && next < hs.length) { keyHandle = next; e.preventDefault(); e.stopImmediatePropagation(); kick(); }
      return;                                        // past the last (or first) handle: Tab leaves the scene
    }
    if (e.key.startsWith("Arrow") && hs[keyHandle]) {
      e.preventDefault(); e.stopImmediatePropagation(); keyMove(hs[keyHandle], e.key, e.shiftKey); return;
    }
    if (e.key === " " && model.get("play_key") && !model.get("keyboard")) {
      e.preventDefault(); e.stopImmediatePropagation();
      if (!e.repeat) send({ type: "key", key: " ", phase: "down" });
    }
  }, true);
  stage.addEventListener("keyup", (e) => {
    if (e.key === " " && model.get("play_key") && !model.get("keyboard")) { e.stopImmediatePropagation(); send({ type: "key", key: " ", phase: "up" }); }
  }, true);
  on("change:description", a11yDescribe); on("change:label", a11ySetup); on("change:play_key", a11ySetup);
  a11yDescribe();

  // ---- the kernel
  on("msg:custom", (msg, buffers) => {
    if (msg.type === "chunk") {                      // one from before a Reset is dropped (never played after it)
      if (feed.chunk(msg, floatsOf(buffers[0])) === "new") clearTraces();
      kick();
    } else if (msg.type === "clear") {
      if (feed.clear(msg) === "new") clearTraces();
      kick();
    } else if (msg.type === "clear_traces") { for (const tb of traces.values()) tb.clear(); kick(); }
    else if (msg.type === "ask_playhead") send({ type: "playhead", t: player.t, reason: "ask" });
  });
  on("change:frame", showFrame);
  on("change:playing", () => { for (const m of player.setPlaying(model.get("playing"), performance.now())) send(m); kick(); });
  on("change:speed", () => { player.speed = model.get("speed"); });
  on("change:message", kick);
  for (const name of ["width", "height", "panels", "shapes", "channels", "periodic", "palette", "keyboard"]) on(`change:${name}`, setup);
  on("change:formula", buildFormula); on("change:buttons", buildButtons);

  // the formula's coloured terms follow JupyterLab's theme when it switches (their readable colour differs)
  const themeWatch = new MutationObserver(buildFormula);
  themeWatch.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light"] });
  setup(); buildFormula(); buildButtons(); showFrame();
  player.setPlaying(model.get("playing"), performance.now());
  kick();
  const onFonts = () => kick();                      // a web font (the dot font) arrived: draw the labels with it
  document.fonts?.addEventListener?.("loadingdone", onFonts);
  document.fonts?.load?.(`13px '${DOT_FONT}'`, "\u03b8\u0307").then(onFonts, () => {});
  return () => {
    alive = false; if (raf) cancelAnimationFrame(raf); prediction.detach();
    document.fonts?.removeEventListener?.("loadingdone", onFonts);
    for (const [name, fn] of handlers) model.off(name, fn);
    window.removeEventListener("blur", onBlur);
    themeWatch.disconnect();
  };
}

function render({ model, el }) {
  try {
    return mount(model, el);
  } catch (err) {
    el.textContent = FALLBACK + (err && err.message ? err.message : String(err)) + ". Fix: " + FIX;
    try { model.send({ type: "error", text: String((err && err.stack) || err) }); } catch (_) { /* no kernel */ }
    return undefined;
  }
}

export default { render };
