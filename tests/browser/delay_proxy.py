"""A TCP proxy on 127.0.0.1 that delays the kernel's websocket, to measure a lab over a slow link.

Chromium talks to the proxy instead of the Jupyter server. A connection
whose first request is a kernel websocket (``GET /api/kernels/<id>/channels``)
has every byte held for ``delay_s`` before it is passed on, in each
direction, in order (a steady 2 × delay round trip, like a far-away Binder).
Every other connection (pages, REST calls) passes undelayed, so the page
loads as fast as usual.

Usage::

    with DelayProxy(target_port=8888, delay_s=0.1) as proxy:
        page.goto(f"http://127.0.0.1:{proxy.port}/lab/...")
"""

from __future__ import annotations

import asyncio
import threading
import time


class DelayProxy:
    """Run the proxy in a background thread with its own event loop.

    Args:
        target_port: the Jupyter server's port on 127.0.0.1.
        delay_s: one-way delay added to kernel websocket traffic (s).

    Attributes:
        port: where the proxy listens (set by ``start``).
        delayed_connections: how many kernel websockets went through it.
    """

    def __init__(self, target_port: int, delay_s: float = 0.1):
        if not (0 <= delay_s <= 5):
            raise ValueError(f"delay_s is a one-way delay in seconds from 0 to 5, got {delay_s}")
        self.target_port, self.delay_s = target_port, delay_s
        self.port = 0
        self.delayed_connections = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.base_events.Server | None = None
        self._thread: threading.Thread | None = None

    def __enter__(self) -> "DelayProxy":
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        """Listen on a free port of 127.0.0.1 (returns once listening)."""
        ready = threading.Event()

        def run() -> None:
            self._loop = asyncio.new_event_loop()
            asyncio.set_event_loop(self._loop)
            self._server = self._loop.run_until_complete(asyncio.start_server(self._client, "127.0.0.1", 0))
            self.port = self._server.sockets[0].getsockname()[1]
            ready.set()
            self._loop.run_forever()

        self._thread = threading.Thread(target=run, name="delay-proxy", daemon=True)
        self._thread.start()
        if not ready.wait(10):
            raise RuntimeError("the delay proxy did not start within 10 s")

    def stop(self) -> None:
        """Close the listener and every connection, and end the thread."""
        if self._loop is None:
            return

        async def close() -> None:
            self._server.close()
            for task in asyncio.all_tasks():
                if task is not asyncio.current_task():
                    task.cancel()

        asyncio.run_coroutine_threadsafe(close(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop = None

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.close()
            return
        first = await reader.read(65536)
        request_line = first.split(b"\r\n", 1)[0]
        delayed = b"/api/kernels/" in request_line and b"/channels" in request_line
        delay = self.delay_s if delayed else 0.0
        self.delayed_connections += int(delayed)
        if not delay:
            up_writer.write(first)
        pumps = [self._pump(reader, up_writer, delay, first if delay else b""),
                 self._pump(up_reader, writer, delay, b"")]
        await asyncio.gather(*pumps, return_exceptions=True)
        for w in (writer, up_writer):
            w.close()

    async def _pump(self, src: asyncio.StreamReader, dst: asyncio.StreamWriter, delay: float, first: bytes) -> None:
        """Copy src to dst; with a delay, each piece goes out `delay` s after it came in, in order."""
        if not delay:
            while data := await src.read(65536):
                dst.write(data)
                await dst.drain()
            if dst.can_write_eof():
                dst.write_eof()
            return
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def sender() -> None:
            while True:
                due, data = await queue.get()
                if not data:
                    break
                wait = due - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                dst.write(data)
                await dst.drain()
            if dst.can_write_eof():
                dst.write_eof()

        task = asyncio.ensure_future(sender())
        if first:
            queue.put_nowait((time.monotonic() + delay, first))
        while data := await src.read(65536):
            queue.put_nowait((time.monotonic() + delay, data))
        queue.put_nowait((time.monotonic() + delay, b""))
        await task
