"""Headless Chromium for the tests and benchmark of the HTML view: where it is, its
flags (no network, no sandbox: CI runs as root), and a small DevTools-protocol client over
``--remote-debugging-pipe`` (standard library only)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time


def find_chromium() -> str | None:
    """Path of a Chromium / Chrome executable (``NX_ORDINAL_CHROMIUM`` first), or None."""
    for name in (os.environ.get("NX_ORDINAL_CHROMIUM"), "chromium", "chromium-browser",
                 "google-chrome", "google-chrome-stable"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--host-resolver-rules=MAP * ~NOTFOUND",
         "--window-size=1200,900", "--hide-scrollbars"]


class Browser:
    """Headless Chromium spoken to over ``--remote-debugging-pipe`` (fds 3 and 4,
    NUL-terminated JSON messages)."""

    def __init__(self, exe: str, profile: str) -> None:
        r_in, w_in = os.pipe()    # we write, Chromium reads on fd 3
        r_out, w_out = os.pipe()  # Chromium writes on fd 4, we read

        def fds() -> None:  # in the child: its ends as fds 3 and 4, kept across exec
            a, b = os.dup(r_in), os.dup(w_out)  # (r_in may already be fd 3)
            os.dup2(a, 3)
            os.dup2(b, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self.proc = subprocess.Popen([exe, *FLAGS, f"--user-data-dir={profile}",
                                      "--remote-debugging-pipe", "about:blank"],
                                     close_fds=False, preexec_fn=fds,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # the child holds its ends as fds 3 and 4
        os.close(r_in)
        os.close(w_out)
        self.w = os.fdopen(w_in, "wb", buffering=0)
        self.r = os.fdopen(r_out, "rb", buffering=0)
        self.buf = b""
        self.next_id = 0
        self.events: list[dict] = []

    def _read(self) -> dict:
        while b"\0" not in self.buf:
            chunk = self.r.read(1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method: str, params: dict | None = None, session: str | None = None
             ) -> dict:
        self.next_id += 1
        msg: dict = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        self.w.write(json.dumps(msg).encode() + b"\0")
        while True:
            reply = self._read()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_event(self, name: str, timeout: float = 120) -> dict:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for i, ev in enumerate(self.events):
                if ev.get("method") == name:
                    return self.events.pop(i)
            self.events.append(self._read())
        raise TimeoutError(name)

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except (RuntimeError, OSError):
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()

    def open_page(self, url: str) -> str:
        """Load ``url`` in the browser's page; returns the session id once it has loaded."""
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        session = self.call("Target.attachToTarget", {"targetId": page["targetId"],
                                                      "flatten": True})["sessionId"]
        self.call("Page.enable", session=session)
        self.call("Page.navigate", {"url": url}, session=session)
        self.wait_event("Page.loadEventFired")
        return session

    def mouse(self, session: str, kind: str, x: float, y: float, **params) -> None:
        """A real mouse event (``kind``: ``mouseMoved``, ``mousePressed``, ...) at ``(x, y)``
        in the page's CSS pixels, with more event ``params`` (button, clickCount, deltaY)."""
        self.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, **params},
                  session=session)

    def evaluate(self, session: str, expression: str):
        """The JSON value of ``expression`` in the page (promises awaited)."""
        res = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                             "returnByValue": True}, session=session)
        if "exceptionDetails" in res:
            raise RuntimeError(f"page error: {res['exceptionDetails']}")
        return res["result"].get("value")
