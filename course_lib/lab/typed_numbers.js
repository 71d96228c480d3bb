// Browser side of typed_numbers.py (anywidget ES module, shipped as is: no build step).
//
// A lab slider's number box (ipywidgets 8: a contenteditable ".widget-readout") is read by
// ipywidgets with parseFloat when the learner presses Enter or leaves the box. This module
// installs, once per page, capture-phase listeners that run before ipywidgets' own and rewrite
// the box's text: characters an input method types become ASCII (the table comes from the
// kernel: the helper widget's "chars"), spaces go, and a lone decimal comma becomes a point.
// Text that is still no number is emptied, so that ipywidgets shows the slider's value again
// (its rule for any text it cannot parse), and the kernel is told, to say so in the lab.

/** A number as ipywidgets can read it in full: sign, digits with an optional point, optional exponent. */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
/** One to three digits (no leading 0), a comma, three digits: a thousands group, 1.25 or 1250? */
const THOUSANDS = /^[+-]?[1-9]\d{0,2},\d{3}$/;

/**
 * What was typed into a slider's box, read as ASCII.
 * @param {string} raw the box's text
 * @param {Object<string, string>} chars full-width character -> ASCII (from the kernel)
 * @returns {{text: string, ok: boolean}} the rewritten text, and whether it is a number
 */
export function readTyped(raw, chars) {
  let s = "";
  for (const c of String(raw)) s += Object.prototype.hasOwnProperty.call(chars, c) ? chars[c] : c;
  s = s.trim().replace(/^([+-])\s+/, "$1");      // spaces around it and after a sign go; "1 2" stays unreadable
  if ((s.match(/,/g) || []).length === 1 && !s.includes(".") && !THOUSANDS.test(s)) s = s.replace(",", ".");
  return { text: s, ok: NUMBER.test(s) };
}

const HELPER = "cl-typed-numbers";

/** The box's text is being confirmed: rewrite it for ipywidgets, or empty it and tell the kernel. */
function confirm(box) {
  if (!(box instanceof Element) || !box.classList.contains("widget-readout")) return;
  const helper = box.closest(".cl-lab")?.querySelector(`.${HELPER}`);
  const hub = helper?.__clTyped;
  if (!hub) return;                                  // not a lab's slider: left to ipywidgets as it is
  const raw = box.textContent ?? "";
  const { text, ok } = readTyped(raw, hub.chars());
  if (ok) { if (text !== raw) box.textContent = text; return; }
  box.textContent = "";                              // ipywidgets: no number -> shows the slider's value again
  if (raw.trim()) {
    const label = box.closest(".widget-slider")?.querySelector(".widget-label")?.textContent ?? "";
    hub.send({ type: "unreadable", label, text: raw });
  }
}

function install() {
  if (window.__clTypedNumbers) return;
  window.__clTypedNumbers = true;
  // capture phase on the document: before the slider's own keydown / blur handlers read the text
  document.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.isComposing) confirm(e.target);   // the Enter that ends a composition is not a confirm
  }, true);
  document.addEventListener("blur", (e) => confirm(e.target), true);
}

function render({ model, el }) {
  el.classList.add(HELPER);
  el.__clTyped = { chars: () => model.get("chars") || {}, send: (m) => model.send(m) };
  install();
  return () => { delete el.__clTyped; };
}

export default { render };
