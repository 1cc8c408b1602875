#!/usr/bin/env python3
"""Open pages of the HTML report in headless Chromium, save a screenshot of
each, and fail on any console error, uncaught exception or resource that
does not load.

Usage: report-check.py [de:]PAGE=SCREENSHOT.png [[de:]PAGE=SCREENSHOT.png ...]

A page given as `de:PAGE` is a German page: its visible prose (the text
the browser renders, without code, pre, svg, script and style) must hold
under 3 % English function words, counted as `src/report/texts.rs`
counts them (issue 36); the share is printed for every such page.

Chromium's stderr log does not report a missing image under file://, so
this talks to the browser over the DevTools pipe (--remote-debugging-pipe:
JSON messages separated by NUL bytes, we write on fd 3, it writes on fd 4)
and listens to the Log, Runtime and Network events of each page.
"""

import base64
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TIMEOUT = 60.0
ENGLISH_LIMIT = 3.0

# The word lists of src/report/texts.rs (words that are also German, such
# as "in", "an", "was", "also", and the side letter "a", are left out).
ENGLISH = set("""the of and to is are be been it its by with for from that this which not or on at as
into than then there their they them these those has have had does do if when where who whose what may
can must only each every any after before under over other but would could should""".split())
GERMAN = set("""der die das den dem des und zu ist sind ein eine einen einem einer eines nicht oder auf
mit von für aus bei nach vor über unter wird werden kann darf muss nur jede jeder jedes sich als wenn
dass wie auch noch schon keine kein seine ihre sein ihr im am zum zur vom beim dieser diese dieses""".split())

# The page's visible prose: a copy of the body without code and drawings.
PROSE = """(() => { const body = document.body.cloneNode(true);
  body.querySelectorAll('code, pre, svg, script, style').forEach((n) => n.remove());
  return body.innerText; })()"""


def function_words(text):
    english = german = 0
    for token in re.split(r"[^\w\-.=&;']+", text):
        word = token.rstrip(".;").lower()
        if not word or any(c in word for c in "-.=_&"):
            continue
        if word in ENGLISH:
            english += 1
        elif word in GERMAN:
            german += 1
    return english, german


class Browser:
    def __init__(self):
        to_child_read, self.to_child = os.pipe()
        self.from_child, from_child_write = os.pipe()
        profile = tempfile.mkdtemp(prefix="report-check-")

        def plumbing():
            # Copy first: a pipe end may already be fd 3 or 4, and dup2
            # onto itself would keep its close-on-exec flag.
            reading, writing = os.dup(to_child_read), os.dup(from_child_write)
            os.dup2(reading, 3)
            os.dup2(writing, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self.process = subprocess.Popen(
            [
                "chromium",
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + profile,
                "--remote-debugging-pipe",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=open(os.environ.get("REPORT_CHECK_LOG", os.devnull), "w"),
            preexec_fn=plumbing,
            close_fds=False,
        )
        os.close(to_child_read)
        os.close(from_child_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_child, json.dumps(message).encode() + b"\0")
        return self.wait(lambda m: m.get("id") == self.next_id)

    def read_message(self, deadline):
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                raise TimeoutError("no answer from chromium")
            chunk = os.read(self.from_child, 65536)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(raw)

    def wait(self, matches, timeout=TIMEOUT):
        deadline = time.time() + timeout
        while True:
            message = self.read_message(deadline)
            if "id" not in message:
                self.events.append(message)
            if matches(message):
                if "error" in message:
                    raise RuntimeError(f"DevTools error: {message['error']}")
                return message

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def problems_in(events):
    found = []
    for event in events:
        method = event.get("method")
        params = event.get("params", {})
        if method == "Log.entryAdded":
            entry = params.get("entry", {})
            if entry.get("level") in ("error", "warning"):
                found.append(f"log {entry.get('level')}: {entry.get('text')} {entry.get('url', '')}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "warning", "assert"):
            texts = [str(a.get("value", a.get("description", ""))) for a in params.get("args", [])]
            found.append(f"console.{params.get('type')}: {' '.join(texts)}")
        elif method == "Runtime.exceptionThrown":
            found.append(f"exception: {params.get('exceptionDetails', {}).get('text')}")
        elif method == "Network.loadingFailed":
            found.append(f"Failed to load resource: {params.get('errorText')} (request {params.get('requestId')})")
    return found


def check(browser, url, screenshot, german=False):
    target = browser.send("Target.createTarget", {"url": "about:blank"})["result"]["targetId"]
    session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["result"]["sessionId"]
    for domain in ("Page", "Runtime", "Log", "Network"):
        browser.send(f"{domain}.enable", session=session)
    browser.send(
        "Emulation.setDeviceMetricsOverride",
        {"width": 1200, "height": 1500, "deviceScaleFactor": 1, "mobile": False},
        session=session,
    )
    browser.events.clear()
    browser.send("Page.navigate", {"url": url}, session=session)
    loaded = lambda m: m.get("method") == "Page.loadEventFired" and m.get("sessionId") == session
    if not any(loaded(e) for e in browser.events):
        browser.wait(loaded)
    # Let late image decodes and log entries arrive.
    time.sleep(1.0)
    shot = browser.send("Page.captureScreenshot", {"format": "png"}, session=session)
    Path(screenshot).write_bytes(base64.b64decode(shot["result"]["data"]))
    problems = problems_in(e for e in browser.events if e.get("sessionId") == session)
    if german:
        answer = browser.send("Runtime.evaluate", {"expression": PROSE, "returnByValue": True}, session=session)
        english, german_words = function_words(answer["result"]["result"].get("value", ""))
        share = 100.0 * english / max(1, english + german_words)
        print(f"{url}: English share {share:.1f} % ({english} English, {german_words} German function words)")
        if german_words == 0:
            problems.append("no German prose on a German page")
        elif share >= ENGLISH_LIMIT:
            problems.append(f"English share {share:.1f} % >= {ENGLISH_LIMIT} %")
    browser.send("Target.closeTarget", {"targetId": target})
    return problems


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    browser = Browser()
    failed = False
    try:
        for argument in sys.argv[1:]:
            page, screenshot = argument.split("=", 1)
            german = page.startswith("de:")
            page = page.removeprefix("de:")
            url = Path(page).resolve().as_uri()
            problems = check(browser, url, screenshot, german)
            for problem in problems:
                print(f"{page}: {problem}", file=sys.stderr)
            failed |= bool(problems)
            status = "FAILED" if problems else "ok"
            print(f"{page}: {status}, screenshot {screenshot}")
    finally:
        browser.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
