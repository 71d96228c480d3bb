"""What went wrong in a page, gathered as it happens, and how long each phase of a browser test took.

Everything a learner can break shows up in one of four places, and
:class:`Problems` watches all four:

* the page's uncaught JavaScript errors (``pageerror``);
* console errors from the widget stack ("Error displaying widget", a missing
  widget model or module);
* the kernel's own messages, read off the notebook's websocket: an ``error``
  message is a Python exception, in a cell *or* in a widget callback (which
  never reaches a cell's output);
* the rendered outputs: a traceback or "Error displaying widget" text
  (:meth:`~tests.browser.notebook_page.NotebookPage.output_errors` reads those).
"""

from __future__ import annotations

import json
import re
import struct
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Playwright is imported only when a browser test runs
    from playwright.sync_api import Page

#: console errors that point at the widget stack, worth failing on
_CONSOLE_FAIL = re.compile(
    r"Error displaying widget|Could not create (a )?(model|view)|Class \S+ not found|"
    r"Module \S+ not found|jupyter-matplotlib|ipympl|@jupyter-widgets|widget manager|Traceback",
    re.IGNORECASE,
)

#: uncaught page errors of the Jupyter apps themselves, not of the course:
#: (app, message fragment, stack fragment). Each is an upstream bug, seen
#: before any cell runs; anything else fails the test.
KNOWN_APP_ERRORS = [
    # Notebook 7.6: the keyboard-shortcuts plugin reads the schema of a plugin
    # that this app does not load, on every page load (notebook_core bundle).
    ("notebook", "reading 'schema'", "notebook_core"),
    # Notebook 7.6 opened from a `jupyter lab` server (the "Notebook" button, or two views on one
    # kernel): its tree plugin calls a JupyterLab file-browser command that this page does not load.
    ("notebook", "Command 'filebrowser:open-path' not registered", "notebook_core"),
]

def parse_kernel_frame(payload: str | bytes) -> dict | None:
    """Decode one kernel websocket frame (JSON, or the v1 binary protocol).

    Args:
        payload: the frame as Playwright hands it over.

    Returns:
        ``{"channel", "msg_type", "content"}``, or None for a frame that is not a kernel message.
    """
    try:
        if isinstance(payload, str):
            msg = json.loads(payload)
            return {"channel": msg.get("channel"), "msg_type": msg.get("header", {}).get("msg_type"),
                    "content": msg.get("content", {})}
        # v1.kernel.websocket.jupyter.org: n (uint64), n offsets (uint64), then
        # channel, header, parent_header, metadata, content, buffers...
        (n,) = struct.unpack_from("<Q", payload, 0)
        offsets = struct.unpack_from(f"<{n}Q", payload, 8)
        parts = [payload[offsets[i]:offsets[i + 1]] for i in range(n - 1)]
        channel = parts[0].decode()
        header = json.loads(parts[1])
        content = json.loads(parts[4]) if len(parts) > 4 else {}
        return {"channel": channel, "msg_type": header.get("msg_type"), "content": content}
    except (ValueError, struct.error, IndexError, UnicodeDecodeError):
        return None


@dataclass
class Problems:
    """Everything that went wrong in the page, gathered as it happens."""

    app: str
    page_errors: list[str] = field(default_factory=list)
    known_app_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    other_console_errors: list[str] = field(default_factory=list)
    kernel_errors: list[str] = field(default_factory=list)

    def attach(self, page: Page) -> None:
        page.on("pageerror", self._on_page_error)
        page.on("console", self._on_console)
        page.on("websocket", self._on_websocket)

    def _on_page_error(self, err) -> None:
        text, stack = str(err), getattr(err, "stack", "") or ""
        for app, msg, where in KNOWN_APP_ERRORS:
            if app == self.app and msg in text and where in stack:
                self.known_app_errors.append(text)
                return
        self.page_errors.append(f"{text}\n{stack[:800]}")

    def _on_console(self, msg) -> None:
        if msg.type != "error":
            return
        (self.console_errors if _CONSOLE_FAIL.search(msg.text) else self.other_console_errors).append(msg.text[:600])

    def _on_websocket(self, ws) -> None:
        if "/api/kernels/" in ws.url:
            ws.on("framereceived", self._on_frame)

    def _on_frame(self, payload) -> None:
        msg = parse_kernel_frame(payload)
        if not msg or msg["channel"] != "iopub":
            return
        c = msg["content"]
        if msg["msg_type"] == "error":
            tb = "\n".join(c.get("traceback", []))
            tb = re.sub(r"\x1b\[[0-9;]*m", "", tb)
            self.kernel_errors.append(f"{c.get('ename')}: {c.get('evalue')}\n{tb[-1500:]}")
        elif msg["msg_type"] == "stream" and c.get("name") == "stderr" and "Traceback" in c.get("text", ""):
            self.kernel_errors.append("stderr: " + c["text"][-1500:])

    def failures(self) -> list[str]:
        out = [f"uncaught page error: {e}" for e in self.page_errors]
        out += [f"console error: {e}" for e in self.console_errors]
        out += [f"Python exception in the kernel: {e}" for e in self.kernel_errors]
        return list(dict.fromkeys(out))  # each distinct problem once


@dataclass
class Timings:
    """Seconds spent in each phase of one test."""

    phases: dict[str, float] = field(default_factory=dict)
    _t: float = field(default_factory=time.monotonic)

    def mark(self, name: str) -> None:
        now = time.monotonic()
        self.phases[name] = round(now - self._t, 2)
        self._t = now
