// The scene widget's browser side (placeholder while the full module is written).
function render({ model, el }) {
  el.textContent = "scene: " + model.get("channels").join(", ");
}
export default { render };
