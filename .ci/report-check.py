#!/usr/bin/env python3
"""Open pages of the HTML report in headless Chromium, save a screenshot of
each, and fail on any console error, uncaught exception or resource that
does not load.

Usage: report-check.py [de:]PAGE=SCREENSHOT.png [[de:]PAGE=SCREENSHOT.png ...]
       report-check.py --site DIR [--site-en DIR] [--shots DIR]
       report-check.py --self-test

With --site-en DIR (an English site, `report --lang en`) the legend check
runs on its pages too: the letters drawn in each language against that
language's legend.

--self-test runs each site check on a tiny site made to pass it and on
tiny sites made to fail it (English prose, a letter missing from the
legend, a diagram without legend, a clause without verdict, no feedback
report, a sheet on two pages, a sheet on Letter paper): a check that
cannot fail fails this.

With --site DIR (a German site written by `regelwerk report --html DIR`,
issue 45) it checks, besides the pages given:
- every finding sheet (`*/sheet-*.html`) prints on exactly one A4
  portrait page (headless Chromium --print-to-pdf, pages counted and the
  page size read by pdfinfo, or from the PDF's /Type /Page objects and
  /MediaBox);
- the English share of function words over every German page of all
  variants (visible text: without code, pre, svg, script, style) is
  printed; it fails at the issue's target of 2 % (SITE_ENGLISH_LIMIT);
- every page with a diagram has the legend, and every letter drawn on a
  piece (inline or in the page's img/*.svg) is in that legend;
- every variant has its feedback report (`rueckmeldung.html`) with a
  verdict for every clause its clause pages name.
With --shots DIR it saves PNGs of one sheet (PDF to PNG by pdftoppm) and
of a page of the feedback report there.

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
import html.parser
import shutil
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
# The English share over every German page of all variants: issue 45's
# target is 2 %, and the check fails at it (measured 0.00 % on 7 Dec
# 2026, 5 English of about 102,000 function words, after the scenario
# sources, engine messages, Sovereign's colours and events were said in
# German; 12.42 % before the scenario descriptions were translated).
SITE_ENGLISH_TARGET = 2.0
SITE_ENGLISH_LIMIT = SITE_ENGLISH_TARGET

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


class Visible(html.parser.HTMLParser):
    """The visible text of a page, without code, pre, svg, script, style."""

    SKIP = {"code", "pre", "svg", "script", "style", "title"}

    def __init__(self):
        super().__init__()
        self.depth = 0
        self.parts = []

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.depth += 1

    def handle_endtag(self, tag):
        if tag in self.SKIP and self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if not self.depth:
            self.parts.append(data)


def visible_text(text):
    parser = Visible()
    parser.feed(text)
    return " ".join(parser.parts)


def pdf_pages(pdf):
    if shutil.which("pdfinfo"):
        out = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if line.startswith("Pages:"):
                return int(line.split()[1])
    return len(re.findall(rb"/Type\s*/Page[^s]", Path(pdf).read_bytes()))


def pdf_is_a4_portrait(pdf):
    """Whether the PDF's pages are A4 portrait (595 x 842 points): from
    pdfinfo's page size, else the first /MediaBox."""
    size = None
    if shutil.which("pdfinfo"):
        out = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
        found = re.search(r"Page size:\s*([\d.]+) x ([\d.]+) pts", out)
        if found:
            size = (float(found.group(1)), float(found.group(2)))
    if size is None:
        found = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", Path(pdf).read_bytes())
        if found:
            size = (float(found.group(1)), float(found.group(2)))
    return size is not None and abs(size[0] - 595.3) < 2 and abs(size[1] - 841.9) < 2


def print_pdf(page, pdf):
    subprocess.run(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
         "--user-data-dir=" + tempfile.mkdtemp(prefix="report-print-"),
         "--print-to-pdf=" + str(pdf), Path(page).resolve().as_uri()],
        capture_output=True, timeout=120, check=False,
    )


def check_sheets(site, shots):
    problems = []
    sheets = sorted(Path(site).glob("*/sheet-*.html"))
    if not sheets:
        return ["no finding sheet in " + str(site)]
    out = Path(tempfile.mkdtemp(prefix="report-sheets-"))
    for sheet in sheets:
        pdf = out / (sheet.parent.name + "-" + sheet.stem + ".pdf")
        print_pdf(sheet, pdf)
        pages = pdf_pages(pdf) if pdf.exists() else 0
        if pages != 1:
            problems.append(f"{sheet}: prints on {pages} pages, not one A4 page")
        elif not pdf_is_a4_portrait(pdf):
            problems.append(f"{sheet}: prints on one page, but not A4 portrait")
    print(f"sheets: {len(sheets)} printed, {len(sheets) - len(problems)} on one A4 page")
    if shots and sheets:
        first = out / (sheets[0].parent.name + "-" + sheets[0].stem + ".pdf")
        if shutil.which("pdftoppm") and first.exists():
            subprocess.run(["pdftoppm", "-png", "-r", "80", "-singlefile", str(first),
                            str(Path(shots) / "sheet")], check=False)
    return problems


def check_german(site):
    problems = []
    english = german = 0
    worst = (0.0, "")
    pages = (sorted(Path(site).glob("*.html")) + sorted(Path(site).glob("*/*.html"))
             + sorted(Path(site).glob("*/figures/index.html")))
    for page in pages:
        e, g = function_words(visible_text(page.read_text(encoding="utf-8")))
        english += e
        german += g
        share = 100.0 * e / max(1, e + g)
        if share > worst[0] and e + g >= 20:
            worst = (share, str(page))
    if german == 0:
        problems.append("no German prose on the German pages")
    share = 100.0 * english / max(1, english + german)
    print(f"German pages: {len(pages)}, English share {share:.2f} % "
          f"({english} English, {german} German function words; worst page {worst[1]} at {worst[0]:.1f} %)")
    if share >= SITE_ENGLISH_LIMIT:
        problems.append(f"English share {share:.2f} % >= {SITE_ENGLISH_LIMIT} % (issue 45's limit)")
    return problems


LETTER = re.compile(r'<text class="k"[^>]*>(.)<tspan class="q" dy="1">(.)</tspan>')
LEGEND = re.compile(r'<div class="legend">(.*?)</div>', re.S)
LEGEND_LETTER = re.compile(r'<b class="letter">(.)</b>')


def check_legends(site):
    problems = []
    checked = 0
    for page in sorted(Path(site).glob("*/*.html")) + sorted(Path(site).glob("*/figures/index.html")):
        text = page.read_text(encoding="utf-8")
        svgs = re.findall(r"<svg.*?</svg>", text, re.S)
        for src in re.findall(r'<img src="([^"]+\.svg)"', text):
            target = page.parent / src
            if target.exists():
                svgs.append(target.read_text(encoding="utf-8"))
        drawn = {pair for svg in svgs for pair in LETTER.findall(svg)}
        if not drawn:
            continue
        checked += 1
        legend = LEGEND.search(text)
        if not legend:
            problems.append(f"{page}: diagrams without the legend")
            continue
        known = set(LEGEND_LETTER.findall(legend.group(1)))
        for piece, party in sorted(drawn):
            for letter in (piece, party):
                if letter not in known:
                    problems.append(f"{page}: drawn letter {letter} is not in the legend")
    print(f"legends: {checked} pages with diagrams checked")
    return problems


def check_feedback(site):
    problems = []
    for variant in sorted(p for p in Path(site).iterdir() if p.is_dir()):
        clauses = sorted(p.stem.removeprefix("clause-") for p in variant.glob("clause-*.html"))
        if not clauses:
            continue
        page = variant / "rueckmeldung.html"
        if not page.exists():
            problems.append(f"{variant.name}: no feedback report")
            continue
        text = page.read_text(encoding="utf-8")
        judged = set(re.findall(r'<section class="clause" id="([^"]+)">\s*<h2>[^<]*<span class="verdict">[^<]+</span>', text))
        for clause in clauses:
            if clause not in judged:
                problems.append(f"{variant.name}: clause {clause} has no verdict")
        print(f"{variant.name}: feedback report with {len(judged)} clauses judged of {len(clauses)}")
    return problems


def self_test():
    """Each site check on a tiny site made to pass it and on one made to
    fail it: a check that cannot fail would pass both."""
    root = Path(tempfile.mkdtemp(prefix="report-check-self-"))

    def site(name, pages):
        base = root / name
        for path, text in pages.items():
            (base / path).parent.mkdir(parents=True, exist_ok=True)
            (base / path).write_text(text, encoding="utf-8")
        return base

    german = "<p>Der König steht auf dem Feld und die Dame zieht über die Linie, wenn sie nicht gebunden ist.</p>" * 3
    english = "<p>The king stands on the square and the queen moves along the line when it is not pinned.</p>" * 3
    drawn = ('<svg><text class="k" x="1" y="1" fill="#111">D<tspan class="q" dy="1">s</tspan></text>'
             '<text class="k" x="2" y="2" fill="#111">K<tspan class="q" dy="1">w</tspan></text></svg>')

    def legend(letters):
        return '<div class="legend">' + ", ".join(f'<b class="letter">{c}</b>&nbsp;x' for c in letters) + "</div>"

    def feedback(clauses):
        return "".join(f'<section class="clause" id="{c}">\n<h2>{c} Titel – <span class="verdict">Beispiel</span></h2></section>'
                       for c in clauses)

    one_page = "<!DOCTYPE html><html lang=\"de\"><head><style>@page{size:A4;margin:15mm}</style></head><body>" + german + "</body></html>"
    two_pages = one_page.replace(german, german + '<div style="height:400mm">zu lang</div>')
    good = site("good", {
        "v/clause-v.1.html": german + legend("DKsw") + drawn,
        "v/clause-v.2.html": german,
        "v/rueckmeldung.html": german + feedback(["v.1", "v.2"]),
        "v/sheet-F-X.html": one_page,
    })
    cases = [
        ("the English share", check_german, site("english", {"v/clause-v.1.html": english * 40 + german})),
        ("a drawn letter missing from the legend", check_legends,
         site("legend", {"v/clause-v.1.html": german + legend("Ksw") + drawn})),
        ("a diagram without a legend", check_legends, site("nolegend", {"v/clause-v.1.html": german + drawn})),
        ("a clause without a verdict", check_feedback,
         site("verdict", {"v/clause-v.1.html": german, "v/clause-v.2.html": german,
                          "v/rueckmeldung.html": german + feedback(["v.1"])})),
        ("no feedback report", check_feedback, site("nofeedback", {"v/clause-v.1.html": german})),
        ("a sheet on two pages", lambda s: check_sheets(s, None), site("sheet", {"v/sheet-F-X.html": two_pages})),
        ("a sheet on Letter paper", lambda s: check_sheets(s, None),
         site("letter", {"v/sheet-F-X.html": one_page.replace("size:A4", "size:letter")})),
    ]
    failed = []
    for check in (check_german, check_legends, check_feedback, lambda s: check_sheets(s, None)):
        if check(good):
            failed.append(f"a good site fails {check.__name__}")
    for name, check, bad in cases:
        if not check(bad):
            failed.append(f"{name} is not found")
        else:
            print(f"self-test: {name} is found")
    shutil.rmtree(root, ignore_errors=True)
    for problem in failed:
        print("self-test:", problem, file=sys.stderr)
    return 1 if failed else 0


def main():
    if "--self-test" in sys.argv:
        return self_test()
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    arguments = sys.argv[1:]
    site = shots = None
    if "--site" in arguments:
        i = arguments.index("--site")
        site = arguments[i + 1]
        del arguments[i:i + 2]
    english_site = None
    if "--site-en" in arguments:
        i = arguments.index("--site-en")
        english_site = arguments[i + 1]
        del arguments[i:i + 2]
    if "--shots" in arguments:
        i = arguments.index("--shots")
        shots = arguments[i + 1]
        del arguments[i:i + 2]
    failed = False
    if english_site:
        for problem in check_legends(english_site):
            print(problem, file=sys.stderr)
            failed = True
    if site:
        for problem in check_german(site) + check_legends(site) + check_feedback(site) + check_sheets(site, shots):
            print(problem, file=sys.stderr)
            failed = True
    if not arguments:
        return 1 if failed else 0
    browser = Browser()
    try:
        for argument in arguments:
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
