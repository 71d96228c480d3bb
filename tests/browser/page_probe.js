// Helpers the browser tests install in the page (window.__bt).
// Canvases under watch carry the attribute data-bt-watch; their pixels are
// read with getImageData and compared as 32-bit words.
(() => {
  if (window.__bt) return;
  const snap = (c) => {
    if (!c.width || !c.height) return null;
    const ctx = c.getContext('2d');
    if (!ctx) return null;
    return new Uint32Array(ctx.getImageData(0, 0, c.width, c.height).data.buffer);
  };
  const same = (a, b) => {
    if (a === null || b === null) return a === b;
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  };
  const watched = () => [...document.querySelectorAll('canvas[data-bt-watch]')];
  const snapAll = () => watched().map(snap);
  const differs = (base) => {
    const cs = watched();
    if (cs.length !== base.length) return true;
    for (let i = 0; i < cs.length; i++) if (!same(snap(cs[i]), base[i])) return true;
    return false;
  };
  const frame = () => new Promise((r) => requestAnimationFrame(r));

  window.__bt = {
    // a 32-bit digest of all watched canvases' pixels (and their sizes)
    digest() {
      let h = 2166136261 >>> 0;
      for (const c of watched()) {
        const d = snap(c);
        h = Math.imul(h ^ c.width, 16777619) >>> 0;
        h = Math.imul(h ^ c.height, 16777619) >>> 0;
        if (d) for (let i = 0; i < d.length; i++) h = Math.imul(h ^ d[i], 16777619) >>> 0;
      }
      return h;
    },
    // count of non-background pixels of the watched canvases (is anything drawn?)
    inked() {
      let n = 0;
      for (const c of watched()) {
        const d = snap(c);
        if (!d) continue;
        const bg = d[0];
        for (let i = 0; i < d.length; i++) if (d[i] !== bg) n++;
      }
      return n;
    },
    // resolves true once no watched pixel changed for quietMs, false after timeoutMs
    async waitStable(quietMs, timeoutMs) {
      const t0 = performance.now();
      let base = snapAll(), last = t0;
      for (;;) {
        await frame();
        const now = performance.now();
        if (differs(base)) { base = snapAll(); last = now; }
        if (now - last >= quietMs) return true;
        if (now - t0 >= timeoutMs) return false;
      }
    },
    // Arm one latency measurement. The start time is the timestamp of the
    // input event (eventType: 'keydown' or 'pointermove') that changed the
    // value of the slider handle marked data-bt-handle; then every animation
    // frame is polled for the first change of the watched pixels.
    // window.__bt.pending resolves {tKey, tChange} (tChange null on timeout).
    arm(timeoutMs, eventType) {
      const h = document.querySelector('[data-bt-handle]');
      const v0 = h ? h.getAttribute('aria-valuenow') : null;
      let base = snapAll(), tKey = null, tFirst = null;
      // capture phase: before the slider sees the event; bubble phase: after it did
      const onFirst = (e) => { if (tFirst === null) tFirst = e.timeStamp; };
      const onAfter = (e) => {
        if (tKey === null && (!h || h.getAttribute('aria-valuenow') !== v0)) tKey = e.timeStamp;
      };
      window.addEventListener(eventType, onFirst, true);
      window.addEventListener(eventType, onAfter, false);
      const done = () => {
        window.removeEventListener(eventType, onFirst, true);
        window.removeEventListener(eventType, onAfter, false);
        // an event the slider consumed (stopPropagation) never bubbles: use the capture time
        if (tKey === null) tKey = tFirst;
      };
      const t0 = performance.now();
      this.pending = new Promise((resolve) => {
        const tick = () => {
          if (differs(base)) {
            if (tKey === null && tFirst === null) { base = snapAll(); }   // a stray frame before the input: re-baseline
            else { done(); resolve({ tKey, tChange: performance.now() }); return; }
          }
          if (performance.now() - t0 > timeoutMs) { done(); resolve({ tKey, tChange: null }); return; }
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      return true;
    },
    // Distinct frames of the first scene canvas (.cl-scene canvas) in `ms`: every
    // animation frame its pixels are hashed; a frame counts when its hash differs
    // from the previous one. Resolves {distinct, frames, seconds, fps, draws}.
    async distinctFrames(ms, selector = '.cl-scene canvas') {
      const c = document.querySelector(selector);
      if (!c) return null;
      const hash = () => {
        const d = snap(c);
        let h = 2166136261 >>> 0;
        if (d) for (let i = 0; i < d.length; i++) h = Math.imul(h ^ d[i], 16777619) >>> 0;
        return h;
      };
      const draws0 = c.__scene ? c.__scene.stats.draws : 0;
      let last = hash(), distinct = 0, frames = 0;
      const t0 = performance.now();
      while (performance.now() - t0 < ms) {
        await frame();
        frames++;
        const h = hash();
        if (h !== last) { distinct++; last = h; }
      }
      const seconds = (performance.now() - t0) / 1000;
      return { distinct, frames, seconds, fps: distinct / seconds,
               draws: c.__scene ? c.__scene.stats.draws - draws0 : null };
    },
    // the text a learner reads in an output area, without slider readouts
    labText(el) {
      const c = el.cloneNode(true);
      c.querySelectorAll('.widget-slider, .widget-readout, canvas, style, script').forEach((n) => n.remove());
      return c.textContent.replace(/\s+/g, ' ').trim();
    },
  };
})();
