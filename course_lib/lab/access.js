// Browser side of access.py (anywidget ES module, shipped as is: no build step).
//
// ipywidgets 8 draws a slider's label as a separate <label> element that is not tied to the slider
// (a noUiSlider handle with role="slider"), so assistive technology reads "slider" with no name.
// This module, one hidden helper per lab, names the lab's controls by their visible labels (their units
// in words, as the kernel spelt them: the helper's `names`) and gives
// the lab's parts their roles: the checklist a list, the announcer a polite live region, the
// message line an alert. A dropdown keeps its arrow keys from JupyterLab's notebook shortcuts, and a
// button's icon is hidden from its name. It watches the lab's box and names again what a relabel or a redraw made.

const HELPER = "cl-access";
const SR_STYLE = "cl-access-style";
/** visually hidden, still read (the usual "screen-reader only" rule) */
const CSS = `.cl-sr-only{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}`;

const setAttr = (el, name, value) => { if (el && el.getAttribute(name) !== value) el.setAttribute(name, value); };
const labelOf = (control) => (control.querySelector(":scope > .widget-label")?.textContent ?? "").trim();

const KEY_STEPS = "cl-key-steps-";
const ARROWS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]);
/**
 * One arrow press moves a slider by its keyboard step (controls.py ``key_step``), that many of its steps: the
 * press goes on to the slider as it is, after as many more presses less one. Shift + arrow moves one step.
 * @param {Element} control a ``.widget-slider`` whose class ``cl-key-steps-N`` says N
 */
function keySteps(control) {
  const cls = [...control.classList].find((c) => c.startsWith(KEY_STEPS));
  const steps = cls ? parseInt(cls.slice(KEY_STEPS.length), 10) : 1;
  for (const handle of control.querySelectorAll(".noUi-handle")) {
    if (handle.dataset.clKeySteps === String(steps)) continue;
    const first = handle.dataset.clKeySteps === undefined;
    handle.dataset.clKeySteps = String(steps);
    if (!first) continue;
    handle.addEventListener("keydown", (event) => {
      const n = parseInt(handle.dataset.clKeySteps, 10);
      if (!event.isTrusted || event.shiftKey || !ARROWS.has(event.key) || !(n > 1)) return;
      for (let i = 1; i < n; i++) handle.dispatchEvent(new KeyboardEvent("keydown", { key: event.key, bubbles: true, cancelable: true }));
    }, true);
  }
}

/**
 * Name and role every part of one lab's box (idempotent: an attribute is written only when it changes).
 * @param {Element} root the lab's ``cl-lab`` box
 * @param {Object<string, string>} texts the kit's words ({value_of: "… {label}"}) in the language in force
 * @param {Object<string, string>} names the controls' accessible names by visible label (units in words)
 */
export function label(root, texts, names = {}) {
  const spoken = (shown) => names[shown] ?? shown;
  for (const control of root.querySelectorAll(".widget-slider")) {
    const name = spoken(labelOf(control));
    if (!name) continue;
    for (const handle of control.querySelectorAll(".noUi-handle")) setAttr(handle, "aria-label", name);
    keySteps(control);
    const box = control.querySelector(".widget-readout");
    if (box) { setAttr(box, "role", "textbox"); setAttr(box, "aria-label", (texts.value_of ?? "{label}").replace("{label}", name)); }
  }
  for (const control of root.querySelectorAll(".widget-dropdown")) {
    const select = control.querySelector("select"), name = spoken(labelOf(control) || (select?.title ?? "").trim());
    if (name && select) setAttr(select, "aria-label", name);   // no visible label: the tooltip the lab gave it
    // ↓ / ↑ change a focused dropdown's choice, not the notebook's selected cell (JupyterLab's shortcuts stay out)
    if (select) { setAttr(select, "data-lm-suppress-shortcuts", "true"); setAttr(select, "data-p-suppress-shortcuts", "true"); }
  }
  // a button's icon is a private-use glyph of the icon font: not part of the button's name
  for (const icon of root.querySelectorAll("button .fa, button i")) setAttr(icon, "aria-hidden", "true");
  for (const list of root.querySelectorAll(".cl-task-list")) {
    setAttr(list, "role", "list");
    for (const item of list.children) setAttr(item, "role", "listitem");
  }
  for (const live of root.querySelectorAll(".cl-announce")) { setAttr(live, "role", "status"); setAttr(live, "aria-live", "polite"); live.classList.add("cl-sr-only"); }
  for (const line of root.querySelectorAll(".cl-message")) setAttr(line, "role", "alert");
}

function render({ model, el }) {
  el.classList.add(HELPER);
  if (!document.getElementById(SR_STYLE)) { const st = document.createElement("style"); st.id = SR_STYLE; st.textContent = CSS; document.head.appendChild(st); }
  let root = null, observer = null, raf = 0, alive = true;
  const texts = () => model.get("texts") || {};
  const run = () => { raf = 0; if (alive && root) label(root, texts(), model.get("names") || {}); };
  const later = () => { if (!raf && alive) raf = requestAnimationFrame(run); };
  const attach = () => {                             // the helper is put in the page before its lab's box is
    if (!alive) return;
    root = el.closest(".cl-lab");
    if (!root) { requestAnimationFrame(attach); return; }
    observer = new MutationObserver(later);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    run();
  };
  attach();
  model.on("change:texts", later);
  model.on("change:names", later);
  return () => { alive = false; observer?.disconnect(); if (raf) cancelAnimationFrame(raf); };
}

export default { render };
