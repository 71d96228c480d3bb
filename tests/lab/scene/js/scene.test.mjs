// Unit tests of the scene widget's pure logic (no DOM): node --test tests/js/
import test from "node:test";
import assert from "node:assert/strict";
import { scene } from "./load_scene.mjs";

const { FrameQueue, Player, Throttle, TraceBuffer, applyOverride, constrainDrag, ellipsePoints, floatsOf, formatText,
  handleOverride, keyStep, lerp, niceTicks, panelTransform, resolve, sampleAt, tickLabel } = scene;

/** A queue of one channel whose value equals the frame's time × 10 (so values name their times). */
function timeQueue() { return new FrameQueue(1); }
function chunk(q, t0, dt, n, opts = {}) {
  const data = Float64Array.from({ length: n }, (_, i) => 10 * (t0 + i * dt));
  q.add(t0, dt, n, data, opts.replaceFrom ?? null, opts.final ?? false);
}
const times = (q) => q.segments.flatMap((s) => Array.from(s.data).map((v) => Math.round(v) / 10));

test("chunks queue in time order; start, end and final", () => {
  const q = timeQueue();
  assert.ok(q.empty && Number.isNaN(q.end));
  chunk(q, 0, 0.1, 5);
  chunk(q, 0.5, 0.1, 5, { final: true });
  assert.equal(q.start, 0);
  assert.ok(Math.abs(q.end - 0.9) < 1e-12);
  assert.equal(q.final, true);
  assert.deepEqual(times(q), [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]);
});

test("replace_from drops queued frames at and after it, and splices the new chunk in", () => {
  const q = timeQueue();
  chunk(q, 0, 0.1, 10);                               // 0.0 .. 0.9
  const fresh = Float64Array.from([-1, -2, -3]);      // the re-simulated future
  q.add(0.4, 0.1, 3, fresh, 0.4);
  assert.deepEqual(times(q).slice(0, 4), [0, 0.1, 0.2, 0.3], "frames before replace_from are kept");
  assert.deepEqual(Array.from(q.segments[1].data), [-1, -2, -3]);
  assert.ok(Math.abs(q.end - 0.6) < 1e-12, "the old frames after 0.6 are gone too");
  assert.equal(times(q).length, 4 + 3, "no old frame at or after 0.4 s is left in the queue");
  const out = new Float64Array(1);
  sampleAt(q, 0.45, out, [0]);
  assert.ok(Math.abs(out[0] - -1.5) < 1e-9, `at 0.45 s the new frames are shown (got ${out[0]})`);
});

test("a chunk always supersedes what overlaps it: a repeated chunk (two views asking) is harmless", () => {
  const q = timeQueue();
  chunk(q, 0, 0.1, 5);
  chunk(q, 0.5, 0.1, 5);
  chunk(q, 0.5, 0.1, 5);
  assert.equal(times(q).length, 10, "no frame is queued twice");
});

test("replace_from earlier than the chunk drops the frames in between (nothing stale is shown)", () => {
  const q = timeQueue();
  chunk(q, 0, 0.1, 10);
  q.add(0.6, 0.1, 2, Float64Array.from([6, 7]), 0.3);
  assert.deepEqual(times(q).slice(0, 3), [0, 0.1, 0.2]);
  const at = q.locate(0.45);
  assert.equal(at.b, null, "inside the gap the last kept frame is held, not blended over 0.4 s");
  assert.equal(at.a[0], 2);
});

test("interpolation between frames is linear; at the ends it holds, never extrapolates", () => {
  const q = timeQueue();
  chunk(q, 1, 0.1, 3);                                // values 10, 11, 12
  const out = new Float64Array(1), at = (t) => (sampleAt(q, t, out, [0]), out[0]);
  assert.ok(Math.abs(at(1.05) - 10.5) < 1e-9);
  assert.ok(Math.abs(at(1.175) - 11.75) < 1e-9);
  assert.equal(at(0.5), 10, "before the first frame: the first frame");
  assert.equal(at(5.0), 12, "after the last frame: the last frame, not 12 + slope × 3.8 s");
  assert.equal(sampleAt(new FrameQueue(1), 0, out, [0]), false, "nothing to show from an empty queue");
});

test("interpolation across two chunks that follow each other", () => {
  const q = timeQueue();
  chunk(q, 0, 0.1, 3);
  chunk(q, 0.3, 0.1, 3);
  const out = new Float64Array(1);
  sampleAt(q, 0.25, out, [0]);
  assert.ok(Math.abs(out[0] - 2.5) < 1e-9);
});

test("a periodic channel is interpolated the short way round the circle", () => {
  assert.ok(Math.abs(lerp(170, -170, 0.5, 360) - 180) < 1e-9, "170° → −170° passes through 180°, not 0°");
  assert.equal(lerp(170, -170, 0.5, 0), 0, "without a period it is plain linear");
  assert.ok(Math.abs(lerp(-3.1, 3.1, 0.5, 2 * Math.PI) - (-3.1 - (2 * Math.PI - 6.2) / 2)) < 1e-9);
});

test("forgetBefore keeps the frame just before the playhead, so interpolation still works", () => {
  const q = timeQueue();
  chunk(q, 0, 0.1, 10);
  q.forgetBefore(0.55);
  assert.ok(q.start <= 0.5 && q.start >= 0.4 - 1e-9, `start ${q.start}`);
  const out = new Float64Array(1);
  sampleAt(q, 0.55, out, [0]);
  assert.ok(Math.abs(out[0] - 5.5) < 1e-9);
});

test("bindings: numbers stay, {ch, k, c} reads the channel", () => {
  const v = [2, -3];
  assert.equal(resolve(0.5, v), 0.5);
  assert.equal(resolve({ ch: 1, k: -1, c: 0 }, v), 3);
  assert.equal(resolve({ ch: 0, k: 2, c: 0.5 }, v), 4.5);
});

test("text templates take channel values with a format, and unknown names stay visible", () => {
  const ch = ["theta", "T"];
  assert.equal(formatText("θ = {theta:.1f}°", ch, [12.345, 0]), "θ = 12.3°");
  assert.equal(formatText("T = {T:+.2f} N", ch, [0, -4.5]), "T = −4.50 N", "a real minus sign");
  assert.equal(formatText("T = {T:+.2f} N", ch, [0, 4.5]), "T = +4.50 N");
  assert.equal(formatText("{theta:.1f}", ch, [-0.01, 0]), "0.0", "no −0.0");
  assert.equal(formatText("{nope:.1f}", ch, [1, 2]), "{nope:.1f}");
  assert.equal(formatText("{T:.1f}", ch, [0, NaN]), "–", "a non-finite value is never printed as NaN");
});

test("a {name:.3g} field shows three significant digits at any size, powers of ten beyond 10⁴ and below 10⁻³", () => {
  const ch = ["gap"], f = (v) => formatText("gap = {gap:.3g} J", ch, [v]);
  assert.equal(f(-3824588.323), "gap = −3.82×10⁶ J", "not −3824588.323");
  assert.equal(f(37.81), "gap = 37.8 J");
  assert.equal(f(0.0123456), "gap = 0.0123 J");
  assert.equal(f(2.5e-9), "gap = 2.50×10⁻⁹ J");
  assert.equal(f(9999.6), "gap = 1.00×10⁴ J", "rounding up to the next power of ten");
  assert.equal(f(0), "gap = 0 J");
});

test("drag throttling: at most one move per interval, the last one is never lost", () => {
  const th = new Throttle(33);
  assert.deepEqual(th.offer(0, "a"), "a", "the first move goes at once");
  assert.equal(th.offer(10, "b"), null);
  assert.equal(th.offer(20, "c"), null, "c replaces b (only the newest pending move matters)");
  assert.equal(th.poll(30), null, "not yet: 30 ms after the last send");
  assert.equal(th.poll(34), "c", "the trailing move goes when the interval has passed");
  assert.equal(th.poll(100), null);
  th.offer(200, "d"); th.offer(205, "e");
  assert.equal(th.flush(), "e", "on release the pending move is flushed before the end");
  assert.equal(th.flush(), null);
  let sent = 0;
  for (let t = 0; t < 1000; t += 4) if (th.offer(1000 + t, t) !== null) sent++;
  // moves come every 4 ms, so a send happens 33–36 ms after the previous one: 28–31 in a second
  assert.ok(sent <= 31 && sent >= 27, `250 pointer moves in 1 s send ${sent} messages (≈ 30 Hz)`);
});

test("a dragged handle is kept on its axis or circle, and moves the channels it is bound to", () => {
  assert.deepEqual(constrainDrag({ axis: "x" }, [0, 1], 3, 7), [3, 1]);
  assert.deepEqual(constrainDrag({ axis: "x", limits: [-1.5, 1.5] }, [0, 1], 3, 7), [1.5, 1]);   // a cart at its end stop
  assert.deepEqual(constrainDrag({ axis: "y", limits: [-1, 2] }, [0, 1], 3, -7), [0, -1]);
  const [x, y] = constrainDrag({ circle: [0, 0] }, [0, -1], 3, 0);
  assert.ok(Math.abs(x - 1) < 1e-12 && Math.abs(y) < 1e-12, "projected onto the unit circle through the start");
  assert.deepEqual(constrainDrag({ circle: [0, 0] }, [0, -1], 0, 0), [0, -1], "the centre itself: stay put");
  const ov = handleOverride({ x: { ch: 2, k: 2, c: 1 }, y: 0.5 }, 5, 9);
  assert.deepEqual(ov, [[2, 2]], "x = 2·v + 1 = 5 → v = 2; an unbound y overrides nothing");
  assert.deepEqual(Array.from(applyOverride(Float64Array.from([1, 1, 1]), ov)), [1, 1, 2]);
});

test("an arrow key moves a handle by 1/50 of its panel (Shift: a fifth), along its axis or its circle", () => {
  const panel = { xlim: [-2, 2], ylim: [-1, 1] };
  const close = (a, b) => a.every((v, i) => Math.abs(v - b[i]) < 1e-12);
  assert.ok(close(keyStep({}, panel, [0, 0], "ArrowRight", false), [0.08, 0]), "4 / 50 to the right");
  assert.ok(close(keyStep({}, panel, [0, 0], "ArrowDown", true), [0, -0.008]), "Shift: 2 / 50 / 5 down");
  assert.ok(close(keyStep({ axis: "x", limits: [-1, 1] }, panel, [0.98, 0], "ArrowUp", false), [1, 0]),
    "an x-handle: ↑ goes along x, stopped at its limit");
  assert.ok(close(keyStep({ key_step: 0.5 }, panel, [0, 0], "ArrowLeft", false), [-0.5, 0]), "the handle's own step");
  const [x, y] = keyStep({ circle: [0, 0] }, panel, [1, 0], "ArrowRight", false);
  assert.ok(Math.abs(Math.hypot(x, y) - 1) < 1e-12 && Math.abs(Math.atan2(y, x) * 180 / Math.PI - 2) < 1e-9,
    "about its circle: 2° anticlockwise, on the circle");
});

test("the player advances at speed, holds and says waiting when a chunk is late, and asks ahead", () => {
  const q = timeQueue(), p = new Player(q, { lead: 1.0, reportMs: 100 });
  p.speed = 1;
  chunk(q, 0, 0.1, 21);                               // 0 .. 2 s
  p.chunkAdded(true, 0);
  p.setPlaying(true, 0);
  let msgs = [];
  for (let now = 0; now <= 1500; now += 16) msgs = msgs.concat(p.tick(now));
  assert.ok(Math.abs(p.t - 1.5) < 0.02, `after 1.5 s of wall time t = ${p.t}`);
  const needs = msgs.filter((m) => m.type === "need");
  assert.equal(needs.length, 1, "asked once for the same queue end");
  assert.ok(needs[0].t >= 0.99 && needs[0].t <= 1.02 && Math.abs(needs[0].t_last - 2) < 1e-9, JSON.stringify(needs[0]));
  assert.ok(msgs.filter((m) => m.type === "playhead").length >= 14, "reports the playhead ~10 Hz");
  for (let now = 1516; now <= 3000; now += 16) p.tick(now);
  assert.ok(Math.abs(p.t - 2) < 1e-9, "the last frame is held: t stops at the queue's end");
  assert.equal(p.waiting, true);
  assert.equal(p.showWaiting(3000), true, "held for more than 150 ms: 'waiting' is shown");
  chunk(q, 2.1, 0.1, 10);                             // the late chunk
  p.chunkAdded(false, 2.1);
  p.tick(3016);
  assert.equal(p.waiting, false);
  assert.ok(p.t > 2 && p.t < 2.1, "continues from where it held, without a jump");
});

test("a chunk only a few ms late does not flash 'waiting'", () => {
  const q = timeQueue(), p = new Player(q);
  chunk(q, 0, 0.1, 2);
  p.chunkAdded(true, 0);
  p.setPlaying(true, 0);
  p.tick(50); p.tick(150);
  assert.equal(p.waiting, true);
  assert.equal(p.showWaiting(200), false);
});

test("pause reports the playhead; a final chunk ends the play without 'waiting'", () => {
  const q = timeQueue(), p = new Player(q);
  chunk(q, 5, 0.1, 3, { final: true });
  p.chunkAdded(true, 5);
  assert.equal(p.t, 5, "a chunk into an empty queue moves the playhead to it");
  p.setPlaying(true, 0);
  const msgs = [];
  for (let now = 0; now <= 1000; now += 16) msgs.push(...p.tick(now));
  assert.ok(msgs.some((m) => m.type === "playhead" && m.reason === "end"));
  assert.ok(!msgs.some((m) => m.type === "need"), "nothing is asked after the final chunk");
  assert.equal(p.waiting, false);
  const out = p.setPlaying(false, 1100);
  assert.deepEqual(out.map((m) => m.reason), ["pause"]);
  assert.ok(Math.abs(out[0].t - 5.2) < 1e-9);
});

test("a long stall of the page (hidden tab) does not fast-forward the playhead", () => {
  const q = timeQueue(), p = new Player(q);
  chunk(q, 0, 0.1, 100);
  p.chunkAdded(true, 0);
  p.setPlaying(true, 0);
  p.tick(16);
  p.tick(60_000);
  assert.ok(p.t <= 0.3, `one tick advances at most 0.25 s of wall time, t = ${p.t}`);
});

test("ticks are round numbers covering the range; labels use the digits the step needs", () => {
  assert.deepEqual(niceTicks(0, 45000, 5), [0, 10000, 20000, 30000, 40000]);
  assert.deepEqual(niceTicks(-1, 1, 4), [-1, -0.5, 0, 0.5, 1]);
  assert.deepEqual(niceTicks(1, 1, 4), [], "an empty range has no ticks");
  assert.equal(tickLabel(-0.5, [-1, -0.5, 0]), "−0.5");
  assert.equal(tickLabel(2, [0, 2, 4]), "2");
  assert.equal(tickLabel(0.25, [0, 0.25, 0.5]), "0.25");
});

test("panel transforms map data to pixels; equal aspect keeps one unit the same length", () => {
  const T = panelTransform({ x: 0, y: 0, w: 0.5, h: 1, xlim: [-1, 1], ylim: [-1, 1], equal: true, axes: false }, 800, 400);
  assert.ok(Math.abs(T.kx - T.ky) < 1e-9, `kx ${T.kx} ky ${T.ky}`);
  assert.ok(Math.abs(T.px(0) - (T.area.x + T.area.w / 2)) < 1e-9 && Math.abs(T.py(0) - (T.area.y + T.area.h / 2)) < 1e-9);
  assert.ok(T.py(1) < T.py(0), "y grows upwards");
  assert.ok(Math.abs(T.dataX(T.px(0.3)) - 0.3) < 1e-12 && Math.abs(T.dataY(T.py(-0.7)) + 0.7) < 1e-12);
  const P = panelTransform({ x: 0.5, y: 0, w: 0.5, h: 1, xlim: [0, 10], ylim: [0, 1], axes: true, xlabel: "t" }, 800, 400);
  assert.ok(P.area.x > 400 && P.area.x + P.area.w <= 800, "a plot's area sits inside its box, margins for ticks");
});

test("traces keep the last max_points, skip repeats and non-finite points", () => {
  const tb = new TraceBuffer(3);
  for (const [x, y] of [[0, 0], [0, 0], [1, 1], [NaN, 2], [2, 2], [3, 3]]) tb.push(x, y);
  assert.deepEqual(tb.xs, [1, 2, 3]);
});

test("binary chunks are read as little-endian float64, also from an unaligned view", () => {
  const buf = new ArrayBuffer(8 * 3 + 4);
  const view = new DataView(buf, 4, 24);
  [1.5, -2, 1e-300].forEach((v, i) => view.setFloat64(i * 8, v, true));
  assert.deepEqual(Array.from(floatsOf(view)), [1.5, -2, 1e-300]);
});

test("a late answer to an old need cannot be played in place of a new Play (seek)", () => {
  const q = timeQueue(), p = new Player(q);
  chunk(q, 3, 0.1, 10);                               // frames of an old run, arriving after the pause
  p.chunkAdded(false, 3);
  // a Play from t = 1 s, with seek (replace_from 5 s would keep the frames before 5 s without it)
  q.add(1, 0.1, 10, Float64Array.from({ length: 10 }, (_, i) => 10 * (1 + i * 0.1)), 5, false, true);
  p.chunkAdded(false, 1, true);
  assert.equal(p.t, 1, "the playhead is at the new run's start");
  assert.deepEqual([q.start, Math.round(q.end * 10) / 10], [1, 1.9], "only the new run is queued");
});

test("playing with nothing queued asks for frames from the playhead, at most once a second", () => {
  const q = timeQueue(), p = new Player(q);
  p.t = 2;
  p.setPlaying(true, 0);
  const needs = [];
  for (let now = 0; now <= 2500; now += 16) needs.push(...p.tick(now).filter((m) => m.type === "need"));
  assert.ok(needs.length >= 2 && needs.length <= 3, `${needs.length} needs in 2.5 s`);
  assert.deepEqual([needs[0].t, needs[0].t_last], [2, 2]);
  assert.equal(p.t, 2, "the playhead does not move without frames");
});

test("if the drawing cannot start, the view says so in plain text with the fix, and tells the kernel", () => {
  const sent = [], el = { textContent: "" };
  const model = { get: () => { throw new Error("no canvas here"); }, send: (m) => sent.push(m), on() {}, off() {} };
  scene.default.render({ model, el });                // Node has no DOM: mounting fails like a broken front end
  assert.match(el.textContent, /could not start/);
  assert.match(el.textContent, /Fix: reload the page; if it persists, run `pip install -U anywidget`/);
  assert.equal(sent.length, 1);
  assert.equal(sent[0].type, "error");
});

test("an ellipse's points satisfy its equation, its long axis lies along (ux, uy), and it closes", () => {
  const [x, y, a, b, ux, uy] = [0.5, -1, 3, 1, 1, 1];           // a = 3 along the diagonal, b = 1 across
  const { xs, ys } = ellipsePoints(x, y, a, b, ux, uy, 40);
  assert.equal(xs.length, 41);
  assert.ok(Math.abs(xs[0] - xs[40]) < 1e-12 && Math.abs(ys[0] - ys[40]) < 1e-12, "closed");
  const c = Math.SQRT1_2;
  for (let i = 0; i < xs.length; i++) {
    const dx = xs[i] - x, dy = ys[i] - y, p = dx * c + dy * c, q = -dx * c + dy * c;
    assert.ok(Math.abs((p / a) ** 2 + (q / b) ** 2 - 1) < 1e-12, `point ${i} off the ellipse`);
  }
  assert.ok(Math.abs(xs[0] - (x + 3 * c)) < 1e-12 && Math.abs(ys[0] - (y + 3 * c)) < 1e-12, "first point at the tip of a");
  const flat = ellipsePoints(0, 0, 2, 1, 0, 0, 4);                 // no direction: along +x
  assert.deepEqual(flat.xs.map((v) => Math.round(v * 1e9) / 1e9 + 0), [2, 0, -2, 0, 2]);
});

test("a formula's live fields show the current channel values, each term keeping its colour and hover link", () => {
  const f = { parts: [{ text: "M q̈ = {mqdd:.2f}", term: "inertia", color: "#1597a8" }, { text: " + " },
    { text: "g = {g1:.1f}", term: "gravity", color: "#d48806" }], terms: { inertia: ["link1"], gravity: ["w1"] } };
  const parts = scene.formulaParts(f, ["g1", "mqdd"], [30.41, -1.005]);
  assert.deepEqual(parts.map((p) => p.text), ["M q̈ = −1.00", " + ", "g = 30.4"]);
  assert.deepEqual(parts.map((p) => p.color), ["#1597a8", null, "#d48806"]);
  assert.deepEqual(parts.map((p) => p.term), ["inertia", null, "gravity"]);
  assert.deepEqual(parts.map((p) => p.live), [true, false, true], "only texts with fields are rewritten per frame");
  const later = scene.formulaParts(f, ["g1", "mqdd"], [5.89, NaN]);
  assert.deepEqual(later.map((p) => p.text), ["M q̈ = –", " + ", "g = 5.9"], "a missing number shows a dash, never NaN");
  assert.deepEqual(scene.formulaParts(null, [], []), []);
});

// ---- generations: nothing sent before a Reset is drawn after it

/** A chunk message of one channel whose values are 10 × time + offset (offset tells trajectories apart). */
function chunkMsg(t0, n, gen, { offset = 0, dt = 0.25 / 15, seek = false } = {}) {
  const data = Float64Array.from({ length: n }, (_, i) => 10 * (t0 + i * dt) + offset);
  return [{ type: "chunk", t0, dt, n, replace_from: t0, final: false, seek, gen }, data];
}

test("after a Reset's clear, chunks and frames sent before it are dropped and never played", () => {
  const { Feed } = scene;
  const q = new FrameQueue(1), player = new Player(q), feed = new Feed(q, player);
  feed.chunk(...chunkMsg(2.0, 15, 0, { offset: 1000 }));          // pre-Reset frames at 2.0 .. 2.233 s
  player.setPlaying(true, 0);
  player.tick(100);
  assert.equal(feed.clear({ type: "clear", gen: 1, t: 0 }), "new");
  assert.ok(q.empty && player.t === 0, "the Reset empties the queue and puts the playhead at its time");
  feed.chunk(...chunkMsg(0, 15, 1, { seek: true }));              // the first chunk of the Play after Reset
  // late arrivals from before the Reset: an answer to an old need, at times the new run reaches too
  assert.equal(feed.chunk(...chunkMsg(0.25, 15, 0, { offset: 1000 })), "old");
  assert.equal(feed.frame({ seq: 7, gen: 0, values: [1234] }), "old");
  assert.equal(feed.stale, 2);
  feed.chunk(...chunkMsg(0.25, 15, 1));
  const out = new Float64Array(1);
  for (const t of [0, 0.1, 0.25, 0.3, 0.45]) {
    sampleAt(q, t, out, [0]);
    assert.ok(Math.abs(out[0] - 10 * t) < 1e-9, `at ${t} s the post-Reset frame is drawn (got ${out[0]})`);
  }
  assert.ok(Math.abs(q.end - (0.25 + 14 * 0.25 / 15)) < 1e-12);
});

test("a chunk of a newer generation restarts the queue at its t0 even if the clear was missed", () => {
  const { Feed } = scene;
  const q = new FrameQueue(1), player = new Player(q), feed = new Feed(q, player);
  feed.chunk(...chunkMsg(5.0, 15, 3, { offset: 1000 }));
  player.t = 5.1;
  assert.equal(feed.chunk(...chunkMsg(0.5, 15, 4)), "new");
  assert.equal(player.t, 0.5, "the playhead starts at the new generation's first frame");
  assert.deepEqual(q.segments.map((s) => s.t0), [0.5], "no frame of the older generation is left");
  assert.equal(feed.frame({ seq: 1, gen: 4, values: [0] }), "same");
  assert.ok(q.empty, "a static frame of the current generation empties the queue (the kernel's state is shown)");
});

test("a Play's seek chunk moves the playhead to its start even when frames are still queued", () => {
  const { Feed } = scene;
  const q = new FrameQueue(1), player = new Player(q), feed = new Feed(q, player);
  feed.chunk(...chunkMsg(2.0, 15, 0));
  player.t = 2.2;
  feed.chunk(...chunkMsg(1.0, 15, 0, { seek: true }));
  assert.equal(player.t, 1.0);
  assert.deepEqual(q.segments.map((s) => s.t0), [1.0]);
});

test("messages without a generation (an older kernel) are used as before", () => {
  const { Generations } = scene;
  const g = new Generations();
  assert.equal(g.admit(undefined), "same");
  assert.equal(g.admit(2), "new");
  assert.equal(g.admit(undefined), "same");
  assert.equal(g.admit(1), "old");
  assert.equal(g.admit(2), "same");
});
