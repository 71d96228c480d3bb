// Import course_lib/lab/scene.js as the ES module it is, without a package.json:
// its source is handed to Node as a data: URL (the module imports nothing, so this works).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const SCENE_JS = join(here, "..", "..", "..", "..", "course_lib", "lab", "scene.js");
const source = readFileSync(SCENE_JS, "utf8");
export const scene = await import("data:text/javascript;base64," + Buffer.from(source).toString("base64"));
