"use strict";
// The explorer page: it holds the game (start, actions, rulings, faults)
// and asks the server for everything else; the server replays the game
// for every answer (docs/explorer.md).

const WORDS = {
  en: {
    variant: "Rule system", bottom: "At the bottom", language: "Language", labels: "cell labels",
    choose: "Choose:", undo: "Undo", redo: "Redo", restart: "Back to the start", report: "Report",
    position: "Position and actions", set_position: "Play from this position", copy: "Copy",
    actions: "Actions", rulings: "Rulings", misreadings: "Misreadings", scenarios: "Scenarios by clause",
    save: "Save as scenario", clauses: "Clauses", description: "Description", save_button: "Save",
    save_note: "The engine's outcome is written as proposed expectations (review: proposed); check lists the file as awaiting review until a person has reasoned each one from the rules.",
    reference: "(reference view)", to_move: "to move", legal: "legal moves", none: "none",
    appeared: "Moves that appear", vanished: "Moves that vanish", flips: "Scenarios whose outcome flips",
    against: "against", no_misreading: "(no misreading)", caught_by: "Caught by", step_through: "step through",
    no_rulings: "This rule system has no switchable ruling.", no_misreadings: "No misreading is catalogued for this rule system.",
    moves_of: "Moves of", step: "Step", expected: "Expected", engine: "Engine", next_step: "Next step",
    prev_step: "Previous step", close: "Close", passes: "passes", fails: "fails", saved: "Saved", refused: "refused",
    start_scenario: "Scenario", playing_fault: "The engine plays the misreading", filter: "clause or ID",
    defaults: "the default rulings", default_option: "default",
    flip: "Rotate the board", copy_link: "Copy link", export_svg: "Board as SVG", export_png: "Board as PNG",
    export_scenario: "Line as scenario draft", export_record: "Line as game record", link_copied: "Link copied",
    captured: "Captured", eliminated: "eliminated", changed: "Changed by the switch", no_change: "nothing else changes",
    next_to_move: "next to move", in_check: "in check", status: "status", legal_count: "legal moves",
    end_of_scenario: "The scenario has no further step.", passed_refused: "The engine refuses this action; the board stays as it was",
    resign: "resign", timeout: "timeout", leave: "leave", actions_of: "Actions of", download: "Download",
    check_word: "check", before: "before", after: "after", renamed: "Moves only renamed by the switch",
    refused_at: "Refused under the rulings now switched: action", refused_keep: "The whole line is kept: the actions from here on are greyed out in the move list, and switching the ruling back plays them again.",
    hint: "Click a piece to see its moves, then a dot to play one. Rulings switch how a disputed rule is read; Misreadings let the engine play a typical reading error and show which scenarios catch it.",
    hint_close: "Got it", report_link: "Report", offers: "Special actions", impossible: "impossible position (the engine must refuse it)",
    png_failed: "PNG export failed", scenario_count: "scenarios", redo_refused: "Redo stops before an action the rulings refuse",
  },
  de: {
    variant: "Regelwerk", bottom: "Unten", language: "Sprache", labels: "Feldnummern",
    choose: "Wählen:", undo: "Zurück", redo: "Vor", restart: "Zur Ausgangsstellung", report: "Bericht",
    position: "Stellung und Aktionen", set_position: "Von dieser Stellung spielen", copy: "Kopieren",
    actions: "Aktionen", rulings: "Auslegungen", misreadings: "Fehllesarten", scenarios: "Szenarien nach Klausel",
    save: "Als Szenario speichern", clauses: "Klauseln", description: "Beschreibung", save_button: "Speichern",
    save_note: "Das Ergebnis der Engine wird als vorgeschlagene Erwartung geschrieben (review: proposed); check führt die Datei als ungeprüft, bis ein Mensch jede Erwartung aus den Regeln begründet hat.",
    reference: "(Referenzansicht)", to_move: "am Zug", legal: "legale Züge", none: "keine",
    appeared: "Züge, die hinzukommen", vanished: "Züge, die wegfallen", flips: "Szenarien, deren Ergebnis kippt",
    against: "gegenüber", no_misreading: "(keine Fehllesart)", caught_by: "Entdeckt von", step_through: "durchgehen",
    no_rulings: "Dieses Regelwerk hat keine umschaltbare Auslegung.", no_misreadings: "Für dieses Regelwerk ist keine Fehllesart verzeichnet.",
    moves_of: "Züge von", step: "Schritt", expected: "Erwartet", engine: "Engine", next_step: "Nächster Schritt",
    prev_step: "Voriger Schritt", close: "Schließen", passes: "besteht", fails: "scheitert", saved: "Gespeichert", refused: "abgelehnt",
    start_scenario: "Szenario", playing_fault: "Die Engine spielt die Fehllesart", filter: "Klausel oder ID",
    defaults: "Standardauslegungen", default_option: "Standard",
    flip: "Brett drehen", copy_link: "Link kopieren", export_svg: "Brett als SVG", export_png: "Brett als PNG",
    export_scenario: "Zugfolge als Szenario-Entwurf", export_record: "Zugfolge als Partieaufzeichnung", link_copied: "Link kopiert",
    captured: "Geschlagen", eliminated: "ausgeschieden", changed: "Durch die Umstellung geändert", no_change: "sonst ändert sich nichts",
    next_to_move: "am Zug", in_check: "im Schach", status: "Stand", legal_count: "zulässige Züge",
    end_of_scenario: "Das Szenario hat keinen weiteren Schritt.", passed_refused: "Die Engine lehnt diese Aktion ab; das Brett bleibt, wie es war",
    resign: "aufgeben", timeout: "Zeitablauf", leave: "verlassen", actions_of: "Aktionen von", download: "Herunterladen",
    check_word: "Schach", before: "vorher", after: "nachher", renamed: "Züge, die die Umstellung nur umbenennt",
    refused_at: "Unter der jetzt geschalteten Auslegung abgelehnt: Aktion", refused_keep: "Die ganze Zugfolge bleibt erhalten: die Aktionen ab hier sind in der Zugliste grau, und wer die Auslegung zurückschaltet, spielt sie wieder.",
    hint: "Klicken Sie eine Figur an, um ihre Züge zu sehen, dann einen Punkt, um zu ziehen. „Auslegungen“ schalten um, wie eine strittige Regel gelesen wird; bei „Fehllesarten“ spielt die Engine einen typischen Lesefehler und zeigt, welche Szenarien ihn entdecken.",
    hint_close: "Verstanden", report_link: "Bericht", offers: "Besondere Aktionen", impossible: "unmögliche Stellung (die Engine muss sie ablehnen)",
    png_failed: "PNG-Export fehlgeschlagen", scenario_count: "Szenarien", redo_refused: "Vor stoppt vor einer Aktion, die die Auslegung ablehnt",
  },
};

const S = {
  info: null, variant: "monarchie", start: null, actions: [], redo: [], rulings: [], faults: [],
  bottom: null, lang: "en", labels: false, select: null, compare: null, last: null,
  scenario: null, scenarioStep: 0, busy: 0, clause: "",
};

const $ = (id) => document.getElementById(id);
const w = (key) => (WORDS[S.lang] || WORDS.en)[key] || key;
const el = (tag, attrs, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "onclick") node.addEventListener("click", v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const child of children) node.append(child);
  return node;
};

async function api(path, body) {
  S.busy += 1;
  document.body.dataset.busy = S.busy;
  try {
    const response = await fetch(path, body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    const value = await response.json();
    if (!response.ok) throw new Error(value.error || response.statusText);
    return value;
  } finally {
    S.busy -= 1;
    document.body.dataset.busy = S.busy;
  }
}

function variantInfo() { return S.info.variants.find((v) => v.id === S.variant); }
function partyName(key) {
  const party = variantInfo().parties.find((p) => p.key === key);
  return party ? party[S.lang] : key;
}

function gameRequest() {
  return {
    variant: S.variant, start: S.start, actions: S.actions, ahead: S.redo.slice().reverse(), rulings: S.rulings, faults: S.faults,
    bottom: S.bottom, lang: S.lang, select: S.select, compare: S.compare, labels: S.labels,
  };
}

function message(text) { $("message").textContent = text || ""; }

async function refresh() {
  let state;
  try {
    state = await api("/api/state", gameRequest());
  } catch (error) {
    message(error.message);
    return;
  }
  const previous = S.last;
  S.last = state;
  // A ruling may refuse an action of the line: the line is kept whole
  // (and in the address), the board stands before the refused action,
  // and the box above the board says which action and why.
  drawRefusal(state);
  drawBoard(state);
  drawHistory(state);
  drawDiff(state);
  drawChangeLine(previous, state);
  drawCaptured(state);
  drawScenarioView();
  syncAddress();
  document.body.dataset.ready = "1";
}

function drawRefusal(state) {
  const box = $("refusal");
  const r = state.refused;
  if (!r) { box.hidden = true; box.replaceChildren(); return; }
  const reason = r.detail ? `${r.reason} – ${r.detail}` : r.reason;
  box.replaceChildren(
    el("b", { text: `${w("refused_at")} ${r.index + 1} (${r.action})` }), `: ${reason}. `,
    el("span", { class: "keep", text: w("refused_keep") }));
  box.dataset.index = String(r.index + 1);
  box.dataset.code = r.code;
  box.hidden = false;
}

// How many actions of the line the board shows played.
function played() { return S.last ? S.last.history.length : S.actions.length; }

// After a ruling switch: every change of the position's report in words
// ("next to move: Gelb -> Lila"), besides the moves that appear and vanish.
function drawChangeLine(previous, state) {
  const box = $("change-line");
  if (!S.switched || !previous) { if (!S.switched) box.textContent = ""; return; }
  S.switched = false;
  const changes = [];
  const words = (list) => list.length ? list.map(partyName).join(", ") : w("none");
  if (previous.to_move !== state.to_move)
    changes.push(`${w("next_to_move")}: ${previous.to_move ? partyName(previous.to_move) : "–"} -> ${state.to_move ? partyName(state.to_move) : "–"}`);
  if (words(previous.in_check) !== words(state.in_check))
    changes.push(`${w("in_check")}: ${words(previous.in_check)} -> ${words(state.in_check)}`);
  if (previous.status !== state.status) changes.push(`${w("status")}: ${previous.status} -> ${state.status}`);
  if (previous.legal !== state.legal) changes.push(`${w("legal_count")}: ${previous.legal} -> ${state.legal}`);
  if (previous.history.length !== state.history.length)
    changes.push(`${w("actions")}: ${previous.history.length} -> ${state.history.length}`);
  else state.history.forEach((entry, i) => {
    if (previous.history[i] && previous.history[i].words !== entry.words)
      changes.push(`${i + 1}. ${previous.history[i].words} -> ${entry.words}`);
  });
  box.dataset.changes = changes.length;
  box.textContent = `${w("changed")}: ${changes.length ? changes.join("; ") : w("no_change")}`;
}

// Captured and eliminated material, from the engine's reports.
function drawCaptured(state) {
  const lost = new Map();
  const out = [];
  for (const entry of state.history) {
    const report = entry.report || {};
    if (report.capture && !report.capture.dead) {
      const list = lost.get(report.capture.owner) || [];
      list.push(report.capture.kind);
      lost.set(report.capture.owner, list);
    }
    for (const e of report.eliminations || []) out.push(`${partyName(e.party)} ${w("eliminated")}`);
  }
  const parts = [...lost].map(([party, kinds]) => `${partyName(party)}: ${kinds.map(pieceName).join(", ")}`);
  $("captured").textContent = parts.length || out.length ? `${w("captured")}: ${parts.concat(out).join(" · ")}` : "";
}

// Piece names come from the variant's data (/api/info), German beside English.
function pieceName(kind) {
  const names = (variantInfo().pieces || []).find((p) => p.kind === kind);
  return names ? names[S.lang] || names.en : kind;
}

// The address holds the whole state: variant, position, actions, rulings,
// scenario and step, language, the party at the bottom.
function addressQuery() {
  const q = new URLSearchParams();
  q.set("variant", S.variant);
  if (S.scenario) {
    q.set("scenario", S.scenario.id);
    q.set("step", String(currentScenarioStep() + 1));
  } else {
    if (S.start) q.set("position", S.start);
    for (const action of S.actions) q.append("action", action);
  }
  for (const setting of S.rulings) q.append("ruling", setting);
  if (S.compare) for (const setting of S.compare) q.append("against", setting);
  if (S.compare && !S.compare.length) q.set("against", "");
  for (const fault of S.faults) q.append("fault", fault);
  if (S.bottom) q.set("bottom", S.bottom);
  if (S.clause) q.set("clause", S.clause);
  q.set("lang", S.lang);
  return q;
}

function syncAddress() {
  const url = `${location.pathname}?${addressQuery().toString()}`;
  history.replaceState(null, "", url);
  $("share-link").value = location.href;
}

function drawBoard(state) {
  const board = $("board");
  board.innerHTML = state.svg;
  const svg = board.querySelector("svg");
  const ns = "http://www.w3.org/2000/svg";
  const occupied = new Map(state.pieces);
  const targets = new Map(state.targets.map((t) => [t.to, t.moves]));
  const movable = new Set(state.movable);
  const layer = document.createElementNS(ns, "g");
  layer.setAttribute("class", "hits");
  for (const [name, x, y] of state.board.places) {
    const hit = document.createElementNS(ns, "circle");
    hit.setAttribute("class", movable.has(name) && !state.selected ? "hit movable" : "hit");
    hit.setAttribute("cx", x);
    hit.setAttribute("cy", y);
    hit.setAttribute("r", state.board.radius * 0.9);
    hit.dataset.square = name;
    if (occupied.has(name)) hit.dataset.occupant = occupied.get(name);
    if (movable.has(name)) hit.dataset.movable = "1";
    if (targets.has(name)) hit.dataset.target = targets.get(name).join(" ");
    if (state.last_move && state.last_move.includes(name)) hit.classList.add("last");
    hit.addEventListener("click", () => onSquare(name));
    layer.append(hit);
  }
  svg.append(layer);
  let status = state.over ? state.status : `${partyName(state.to_move)} ${w("to_move")} · ${state.legal} ${w("legal")}`;
  if (state.in_check.length) status += ` · ${w("check_word")}: ${state.in_check.map(partyName).join(", ")}`;
  if (S.faults.length) status += ` · ${w("playing_fault")} ${S.faults.join(", ")}`;
  $("status").textContent = status;
  const special = $("special");
  special.replaceChildren(...specialControls(state.offers || []));
  const moves = state.targets.flatMap((t) => t.moves);
  $("selected-moves").textContent = state.selected ? `${w("moves_of")} ${state.selected}: ${moves.join(" ") || w("none")}` : "";
  $("selected-moves").dataset.moves = moves.join(" ");
  $("undo").disabled = state.history.length === 0;
  $("redo").disabled = S.redo.length === 0 || Boolean(state.refused);
  $("redo").title = state.ahead_refused ? w("redo_refused") : "";
  $("chooser").hidden = true;
}

// The actions offered beside the board, named by the server in the
// page's language (special actions such as resign, claim or swap, and
// Sovereign Chess's defections): one button each, or, where several
// parties have them (Three Kingdoms), one menu per party, or one menu
// when there are many (the defections to each free colour).
function specialControls(offers) {
  const byParty = new Map();
  for (const offer of offers) {
    const key = offer.party || "";
    if (!byParty.has(key)) byParty.set(key, []);
    byParty.get(key).push(offer);
  }
  const button = (offer) => el("button", { class: "special", "data-action": offer.action, title: offer.action, text: offer.text, onclick: () => play(offer.action) });
  if (offers.length <= 3) return offers.map(button);
  return [...byParty].map(([party, list]) => {
    const select = el("select", { class: party ? "party-menu" : "offer-menu", "data-party": party });
    select.append(el("option", { value: "", text: party ? `${w("actions_of")} ${partyName(party)}` : `${w("offers")} (${list.length})…` }));
    for (const offer of list) select.append(el("option", { value: offer.action, "data-action": offer.action, text: `${offer.text} (${offer.action})` }));
    select.addEventListener("change", () => { if (select.value) play(select.value); });
    return select;
  });
}

function drawHistory(state) {
  const list = $("history");
  list.replaceChildren(...state.history.map((entry, index) =>
    el("li", { class: index === state.history.length - 1 ? "report last" : "report", "data-action": entry.action }, entry.words)));
  if (list.lastChild) list.lastChild.scrollIntoView({ block: "nearest" });
  $("action-list").textContent = state.history.map((entry) => entry.action).join(" ");
  // The compact move list in the variant's notation (SAN where the
  // variant's records use it): a click jumps there; the moves Redo would
  // play are shown lighter.
  const done = state.history.length;
  $("move-list").replaceChildren(...state.line.map((ply, index) => el("span", {
    class: ["ply", index === done - 1 ? "current" : "", index >= done ? "ahead" : "", ply.state !== "played" ? ply.state : ""].join(" ").trim(),
    "data-ply": index + 1, "data-action": ply.action, "data-state": ply.state,
    title: ply.state === "refused" && state.refused ? `${w("refused")}: ${state.refused.reason}` : `${ply.actor ? partyName(ply.actor) + ": " : ""}${ply.action}`,
    onclick: () => jumpTo(index + 1),
  }, ply.label ? el("span", { class: "num", text: ply.label }) : "", el("span", { class: "text", text: ply.text }))));
  $("position-text").value = state.position;
}

function onSquare(name) {
  const state = S.last;
  const target = state && state.targets.find((t) => t.to === name);
  if (target) {
    if (target.moves.length === 1) return play(target.moves[0]);
    const chooser = $("chooser-moves");
    chooser.replaceChildren(...target.moves.map((mv) =>
      el("button", { class: "choice", "data-action": mv, text: mv, onclick: () => play(mv) })));
    $("chooser").hidden = false;
    return;
  }
  // A click on an empty square or on a piece that cannot move deselects
  // quietly (no request for the moves of nothing).
  const selectable = state && (state.movable.includes(name) || new Map(state.pieces).has(name));
  S.select = !selectable || S.select === name ? null : name;
  S.compare = null;
  message("");
  refresh();
}

function jumpTo(ply) {
  const all = S.actions.concat(S.redo.slice().reverse());
  S.actions = all.slice(0, ply);
  S.redo = all.slice(ply).reverse();
  S.select = null;
  S.compare = null;
  refresh();
}

function onKey(event) {
  const tag = (event.target && event.target.tagName) || "";
  if (["INPUT", "TEXTAREA", "SELECT"].includes(tag)) return;
  const all = S.actions.length + S.redo.length;
  const now = played();
  // Not past an action the rulings refuse (the line after it is kept).
  const last = S.last && S.last.refused ? now : all;
  const moves = { ArrowLeft: now - 1, ArrowRight: now + 1, Home: 0, End: last };
  if (!(event.key in moves)) return;
  event.preventDefault();
  const ply = Math.max(0, Math.min(last, moves[event.key]));
  if (ply !== now) jumpTo(ply);
}

function play(action) {
  // A move from the board replaces what followed it (a refused tail too).
  S.actions = S.actions.slice(0, played());
  S.actions.push(action);
  S.redo = [];
  S.select = null;
  S.compare = null;
  message("");
  refresh();
}

function undo() {
  if (!played()) return;
  jumpTo(played() - 1);
}

function redo() {
  if (!S.redo.length || (S.last && S.last.refused)) return;
  jumpTo(played() + 1);
}

function drawRulings() {
  const box = $("rulings");
  const rulings = variantInfo().rulings;
  if (!rulings.length) {
    box.replaceChildren(el("p", { class: "muted", text: w("no_rulings") }));
    return;
  }
  box.replaceChildren(...rulings.map((ruling) => {
    const current = S.rulings.find((s) => s.startsWith(`${ruling.id}=`));
    const de = S.lang === "de";
    // Each reading by its name in the page's language; the key it is
    // switched by (R-PAWN-DIR=single-side) in small print beside it.
    const select = el("select", { "data-ruling": ruling.id, title: de ? ruling.default_de : ruling.default });
    select.append(el("option", { value: "", text: de ? ruling.default_label_de : ruling.default_label, title: de ? ruling.default_de : ruling.default }));
    let key = "";
    for (const option of ruling.options) {
      const label = (de ? option.label_de : option.label) || option.key;
      const node = el("option", { value: option.key, text: label, title: de ? option.description_de : option.description });
      if (current === `${ruling.id}=${option.key}`) { node.selected = true; key = option.key; }
      select.append(node);
    }
    select.addEventListener("change", () => switchRuling(ruling.id, select.value));
    return el("div", { class: current ? "ruling changed" : "ruling" },
      el("span", { class: "title", title: de ? ruling.default_de : ruling.default, text: `${de ? ruling.title_de : ruling.title} (${ruling.clauses.join(", ")})` }),
      el("span", { class: "choice" }, select,
        el("small", { class: "key", "data-setting": key ? `${ruling.id}=${key}` : ruling.id, text: key ? `${ruling.id}=${key}` : ruling.id })));
  }));
}

function switchRuling(id, key) {
  const before = S.rulings.slice();
  S.rulings = S.rulings.filter((s) => !s.startsWith(`${id}=`));
  if (key) S.rulings.push(`${id}=${key}`);
  S.compare = before;
  S.switched = true;
  drawRulings();
  // An open scenario's step table is recomputed under the new rulings.
  if (S.scenario) reloadScenario();
  else refresh();
}

async function reloadScenario() {
  const sc = S.scenario;
  const forced = S.rulings.filter((s) => !sc.ruleset.includes(s));
  let answer;
  try {
    answer = await api("/api/scenario", { variant: S.variant, id: sc.id, faults: S.faults, lang: S.lang, rulings: forced });
  } catch (error) { message(error.message); return; }
  answer.ruleset = sc.ruleset;
  S.scenario = answer;
  S.plays = answer.steps.map((s, index) => [index, s.play, s.accepted]).filter(([, p, ok]) => p && ok);
  standBefore(Math.min(currentScenarioStep(), answer.steps.length));
  refresh();
}

function drawDiff(state) {
  const box = $("diff");
  if (!state.diff) { box.replaceChildren(); return; }
  const d = state.diff;
  const against = d.against.length ? d.against.join(", ") : w("defaults");
  const list = (moves, cls) => el("ul", { class: cls }, ...moves.map((m) => el("li", { text: m })));
  // Each flipped scenario with what the engine does at its differing
  // step before and after the switch, in words.
  const flips = el("ul", { class: "flips" }, ...d.flips.map((f) => el("li", { "data-step": f.step },
    el("button", { class: "link", "data-scenario": f.id, text: f.id, onclick: () => openScenario(f.id, []) }),
    ` (${f.clause}) ${f.passed_before ? w("passes") : w("fails")} → ${f.passed_after ? w("passes") : w("fails")}: ${w("step")} ${f.step}, ${f.what}`,
    el("div", { class: "before", text: `${w("before")}: ${f.before_words}` }),
    el("div", { class: "after", text: `${w("after")}: ${f.after_words}` }))));
  const renamed = d.renamed || [];
  box.replaceChildren(
    el("p", { class: "muted", text: `${S.rulings.join(", ") || w("defaults")} ${w("against")} ${against}` }),
    el("p", { class: "appeared", "data-count": d.appeared.length, "data-moves": d.appeared.join(" "), text: `${w("appeared")} (${d.appeared.length}):` }),
    list(d.appeared, "appeared"),
    el("p", { class: "vanished", "data-count": d.vanished.length, "data-moves": d.vanished.join(" "), text: `${w("vanished")} (${d.vanished.length}):` }),
    list(d.vanished, "vanished"),
    el("p", { class: "renamed", "data-count": renamed.length, "data-pairs": renamed.map(([a, b]) => `${a}>${b}`).join(" "), text: `${w("renamed")} (${renamed.length}):` }),
    el("ul", { class: "renamed" }, ...renamed.map(([a, b]) => el("li", { text: `${a} → ${b}` }))),
    el("p", { class: "flips-head", "data-count": d.flips.length, text: `${w("flips")} (${d.flips.length}):` }),
    flips);
}

function drawMisreadings() {
  const select = $("misreading");
  const list = variantInfo().misreadings;
  select.replaceChildren(el("option", { value: "", text: list.length ? w("no_misreading") : w("no_misreadings") }),
    ...list.map((m) => el("option", { value: m.id, text: `${m.id} (${m.clauses.join(", ")})`, title: m.wrong })));
  select.value = S.faults[0] || "";
  $("misreading-info").replaceChildren();
}

async function pickMisreading() {
  const id = $("misreading").value;
  const box = $("misreading-info");
  if (!id) { S.faults = []; box.replaceChildren(); refresh(); return; }
  box.replaceChildren(el("p", { class: "muted", text: "…" }));
  let answer;
  try { answer = await api("/api/misreading", { variant: S.variant, id }); } catch (error) { message(error.message); return; }
  box.replaceChildren(
    el("p", { text: S.lang === "de" && answer.misreading.de ? answer.misreading.de.wrong : answer.misreading.wrong }),
    el("p", { "data-count": answer.caught_by.length, text: `${w("caught_by")} (${answer.caught_by.length}):` }),
    el("ul", {}, ...answer.caught_by.map((sid) => el("li", {},
      el("button", { class: "link", "data-scenario": sid, text: `${sid} – ${w("step_through")}`, onclick: () => openScenario(sid, [id]) })))));
}

async function loadScenarioList() {
  let answer;
  try { answer = await api("/api/scenarios", { variant: S.variant, lang: S.lang }); } catch (error) { message(error.message); return; }
  S.scenarioList = answer.scenarios;
  drawScenarioList();
}

// Clause IDs as people count them: m.2 before m.10, m.6.6.start after
// m.6.6 (each dotted part by number where it is one).
function clauseOrder(a, b) {
  const pa = a.split("."), pb = b.split(".");
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    if (pa[i] === undefined) return -1;
    if (pb[i] === undefined) return 1;
    const na = /^\d+$/.test(pa[i]), nb = /^\d+$/.test(pb[i]);
    const order = na && nb ? Number(pa[i]) - Number(pb[i]) : na !== nb ? (na ? -1 : 1) : pa[i].localeCompare(pb[i]);
    if (order) return order;
  }
  return 0;
}

function drawScenarioList() {
  const filter = $("scenario-filter").value.trim().toLowerCase();
  if (S.clause !== filter) { S.clause = filter; syncAddress(); }
  const groups = new Map();
  for (const sc of S.scenarioList || []) {
    const clause = sc.clauses[0] || "?";
    if (filter && !clause.toLowerCase().startsWith(filter) && !sc.id.toLowerCase().includes(filter)) continue;
    if (!groups.has(clause)) groups.set(clause, []);
    groups.get(clause).push(sc);
  }
  const nodes = [];
  for (const clause of [...groups.keys()].sort(clauseOrder)) {
    const list = groups.get(clause);
    nodes.push(el("h4", { "data-clause": clause }, el("span", { text: clause }),
      el("span", { class: "count", "data-count": list.length, text: `${list.length} ${w("scenario_count")}` })));
    nodes.push(el("ul", {}, ...list.map((sc) => el("li", {},
      el("button", { class: sc.passed ? "link" : "link failed", "data-scenario": sc.id, text: sc.id, onclick: () => openScenario(sc.id, []) }),
      ` ${sc.description}`))));
  }
  $("scenario-list").replaceChildren(...nodes);
}

async function openScenario(id, faults, step) {
  let answer;
  try {
    answer = await api("/api/scenario", { variant: S.variant, id, faults, lang: S.lang });
  } catch (error) { message(error.message); return; }
  $("scenarios-panel").open = true;
  S.scenario = answer;
  S.faults = faults;
  $("misreading").value = faults[0] || "";
  S.start = answer.start;
  S.rulings = answer.ruleset.slice();
  S.compare = null;
  S.select = null;
  // The actions the engine accepts (a refused one leaves the position).
  S.plays = answer.steps.map((s, index) => [index, s.play, s.accepted]).filter(([, p, ok]) => p && ok);
  // Stand before `step` (1-based) or at the start.
  standBefore(Math.max(0, Math.min(answer.steps.length, step ? step - 1 : 0)));
  drawRulings();
  message(answer.invalid_position ? w("impossible") : "");
  refresh();
}

// The step (0-based) the board stands before: every step is visited in
// turn, a refused action or a `moves`, `perft` or `state` step too (the
// board does not change across those).
function currentScenarioStep() {
  return S.scenarioStep;
}

// Stands before step `at` (0-based): the accepted actions before it played.
function standBefore(at) {
  S.scenarioStep = at;
  S.actions = S.plays.filter(([index]) => index < at).map(([, p]) => p);
  S.redo = S.plays.filter(([index]) => index >= at).map(([, p]) => p).reverse();
}

function scenarioStep(delta) {
  const steps = S.scenario.steps;
  if (delta > 0 && S.scenarioStep >= steps.length) {
    message(w("end_of_scenario"));
    return;
  }
  const next = Math.max(0, Math.min(steps.length, S.scenarioStep + delta));
  // Passing an action the engine refuses leaves the board as it is; say so.
  const passed = delta > 0 ? steps[next - 1] : null;
  message(passed && passed.play && !passed.accepted ? `${w("passed_refused")}: ${passed.play}` : "");
  standBefore(next);
  S.select = null;
  S.compare = null;
  refresh();
}

function drawScenarioView() {
  const box = $("scenario-view");
  const sc = S.scenario;
  if (!sc) { box.replaceChildren(); return; }
  // The step the board stands before: after the last accepted action played.
  const currentStep = currentScenarioStep();
  const rows = sc.steps.map((step, index) => el("tr", {
    class: [index === currentStep ? "current" : "", step.differs ? "differs" : ""].join(" ").trim(),
    "data-step": index + 1,
  }, el("td", { text: String(index + 1) }), el("td", { text: step.expected || "" }), el("td", { class: "engine", text: step.engine || "" })));
  box.replaceChildren(
    el("p", {}, el("b", { text: `${w("start_scenario")} ${sc.id}` }), ` (${sc.clauses.join(", ")}) ${sc.description}`),
    el("p", { class: "muted" }, el("code", { text: sc.command })),
    el("div", {},
      el("button", { id: "scenario-prev", text: w("prev_step"), onclick: () => scenarioStep(-1) }),
      el("button", { id: "scenario-next", text: w("next_step"), onclick: () => scenarioStep(1) }),
      el("button", { text: w("close"), onclick: () => { S.scenario = null; drawScenarioView(); syncAddress(); } })),
    el("table", {}, el("tr", {}, el("th", { text: w("step") }), el("th", { text: w("expected") }), el("th", { text: w("engine") })), ...rows));
}

function drawSaveClauses() {
  const select = $("save-clauses");
  select.replaceChildren(...variantInfo().clauses.map((c) =>
    el("option", { value: c.id, text: `${c.id} ${S.lang === "en" && c.heading_en ? c.heading_en : c.heading}` })));
  // A scenario names at least one clause: the first until one is chosen.
  if (select.options.length) select.options[0].selected = true;
}

// Exports: the board as SVG and PNG, the line as a scenario draft and as
// a game record; each shown as a download link (and the text itself).
function download(name, href, bytes) {
  const link = el("a", { id: "export-link", href, download: name, "data-bytes": String(bytes), text: `${w("download")} ${name}` });
  $("export-result").replaceChildren(link);
  return link;
}

function boardSvgText() {
  const svg = $("board").querySelector("svg").cloneNode(true);
  svg.querySelectorAll(".hits").forEach((node) => node.remove());
  svg.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  return new XMLSerializer().serializeToString(svg);
}

function exportSvg() {
  const text = boardSvgText();
  download(`${S.variant}.svg`, `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`, text.length);
}

function exportPng() {
  const text = boardSvgText();
  const image = new Image();
  image.onload = () => {
    const canvas = document.createElement("canvas");
    const box = $("board").querySelector("svg").viewBox.baseVal;
    const scale = 1200 / Math.max(box.width || 800, 1);
    canvas.width = Math.round((box.width || 800) * scale);
    canvas.height = Math.round((box.height || 800) * scale);
    const context = canvas.getContext("2d");
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const url = canvas.toDataURL("image/png");
    download(`${S.variant}.png`, url, url.length);
  };
  image.onerror = () => message(w("png_failed"));
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
}

async function exportText(which) {
  const request = { game: gameRequest(), id: $("save-id").value.trim() || `${S.variant}-explored`,
    clauses: Array.from($("save-clauses").selectedOptions).map((o) => o.value), description: $("save-description").value.trim() || "explored line", draft: true };
  // A draft needs a clause: the first of the variant until one is chosen.
  if (!request.clauses.length) request.clauses = [variantInfo().clauses[0].id];
  request.game.compare = null;
  let answer;
  try { answer = await api("/api/save", request); } catch (error) { message(error.message); return; }
  const text = which === "record" ? answer.record : answer.text;
  const name = which === "record" ? `${S.variant}-line.txt` : `${request.id}.yaml`;
  download(name, `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`, text.length);
  $("export-result").append(el("pre", { id: "export-text", text }));
}

function copyLink() {
  syncAddress();
  const field = $("share-link");
  field.select();
  if (navigator.clipboard) navigator.clipboard.writeText(field.value).catch(() => document.execCommand("copy"));
  else document.execCommand("copy");
  message("");
  $("export-result").replaceChildren(el("span", { id: "link-copied", text: w("link_copied") }));
}

function flipBoard() {
  const keys = variantInfo().parties.map((p) => p.key);
  const index = S.bottom ? keys.indexOf(S.bottom) : -1;
  S.bottom = keys[(index + 1) % keys.length];
  $("bottom").value = S.bottom;
  refresh();
}

async function save() {
  const clauses = Array.from($("save-clauses").selectedOptions).map((o) => o.value);
  const request = { game: gameRequest(), id: $("save-id").value.trim(), clauses, description: $("save-description").value.trim() };
  request.game.compare = null;
  try {
    const answer = await api("/api/save", request);
    $("save-result").replaceChildren(`${w("saved")}: `, el("code", { id: "saved-file", text: answer.file }), " · ", el("code", { text: answer.check }));
    message("");
  } catch (error) {
    $("save-result").textContent = error.message;
  }
}

function translate() {
  document.documentElement.lang = S.lang;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = w(node.dataset.t);
  $("scenario-filter").placeholder = w("filter");
}

// The page's language: the address's `lang`, else the command line's
// `--lang`, else the browser's (navigator.languages, then the language
// the server read from Accept-Language), else English.
function pickLanguage(query, initial) {
  const known = (code) => (code && WORDS[code] ? code : null);
  if (known(query.get("lang"))) return query.get("lang");
  if (known(initial.lang)) return initial.lang;
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const code = known(String(tag).toLowerCase().split("-")[0]);
    if (code) return code;
  }
  return known(document.documentElement.lang) || "en";
}

// A first-time visitor is told in one line what to do; "Got it" keeps it
// away on this browser.
function drawHint() {
  const box = $("hint");
  let seen = false;
  try { seen = localStorage.getItem("regelwerk-explore-hint") === "seen"; } catch (error) { seen = false; }
  box.hidden = seen;
  $("hint-text").textContent = w("hint");
  $("hint-close").textContent = w("hint_close");
}

function drawVariant() {
  const v = variantInfo();
  $("variant").value = S.variant;
  const bottom = $("bottom");
  bottom.replaceChildren(el("option", { value: "", text: w("reference") }),
    ...v.parties.map((p) => el("option", { value: p.key, text: p[S.lang] })));
  bottom.value = S.bottom || "";
  drawRulings();
  drawMisreadings();
  drawSaveClauses();
  $("save-id").value = `${v.id}-explored-${Date.now() % 100000}`;
  S.scenarioList = null;
  $("scenario-list").replaceChildren();
  if ($("scenarios-panel").open) loadScenarioList();
}

function switchVariant(id) {
  Object.assign(S, { variant: id, start: null, actions: [], redo: [], rulings: [], faults: [], bottom: null, select: null, compare: null, scenario: null, clause: "" });
  $("scenario-filter").value = "";
  message("");
  drawVariant();
  refresh();
}

async function init() {
  S.info = await api("/api/info");
  const select = $("variant");
  select.replaceChildren(...S.info.variants.map((v) => el("option", { value: v.id, text: v.title })));
  const query = new URLSearchParams(location.search);
  const initial = query.has("variant") ? {
    variant: query.get("variant"), start: query.get("position"), rulings: query.getAll("ruling"),
    scenario: query.get("scenario"), step: query.get("step") ? Number(query.get("step")) : null,
    actions: query.getAll("action"), against: query.has("against") ? query.getAll("against").filter((s) => s) : null,
    faults: query.getAll("fault"), bottom: query.get("bottom"),
  } : await api("/api/initial");
  const served = query.has("variant") ? await api("/api/initial") : initial;
  S.lang = pickLanguage(query, served);
  $("lang").value = S.lang;
  if (served.report) { $("report-link").href = served.report; $("report-link").hidden = false; }
  S.clause = query.get("clause") || "";
  $("scenario-filter").value = S.clause;
  if (S.clause) $("scenarios-panel").open = true;
  drawHint();
  $("hint-close").addEventListener("click", () => {
    try { localStorage.setItem("regelwerk-explore-hint", "seen"); } catch (error) { /* private mode: hide for now */ }
    $("hint").hidden = true;
  });
  S.variant = S.info.variants.some((v) => v.id === initial.variant) ? initial.variant : "monarchie";
  S.start = initial.start || null;
  S.rulings = initial.rulings || [];
  if (S.rulings.length) S.compare = [];
  if (initial.against) S.compare = initial.against;
  S.actions = initial.actions || [];
  S.faults = initial.faults || [];
  S.bottom = initial.bottom || null;
  translate();
  drawVariant();
  select.addEventListener("change", () => switchVariant(select.value));
  $("bottom").addEventListener("change", () => { S.bottom = $("bottom").value || null; refresh(); });
  $("lang").addEventListener("change", () => { S.lang = $("lang").value; translate(); drawHint(); drawVariant(); refresh(); if (S.scenario) openScenario(S.scenario.id, S.faults, null); });
  $("labels").addEventListener("change", () => { S.labels = $("labels").checked; refresh(); });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("restart").addEventListener("click", () => jumpTo(0));
  $("set-position").addEventListener("click", () => { S.start = $("position-text").value.trim(); S.actions = []; S.redo = []; S.select = null; S.compare = null; S.scenario = null; refresh(); });
  $("copy-position").addEventListener("click", () => {
    const area = $("position-text");
    area.select();
    if (navigator.clipboard) navigator.clipboard.writeText(area.value).catch(() => document.execCommand("copy"));
    else document.execCommand("copy");
  });
  $("misreading").addEventListener("change", pickMisreading);
  $("scenarios-panel").addEventListener("toggle", () => { if ($("scenarios-panel").open && !S.scenarioList) loadScenarioList(); });
  $("scenario-filter").addEventListener("input", drawScenarioList);
  $("save").addEventListener("click", save);
  $("flip").addEventListener("click", flipBoard);
  $("copy-link").addEventListener("click", copyLink);
  $("export-svg").addEventListener("click", exportSvg);
  $("export-png").addEventListener("click", exportPng);
  $("export-scenario").addEventListener("click", () => exportText("scenario"));
  $("export-record").addEventListener("click", () => exportText("record"));
  document.addEventListener("keydown", onKey);
  if (initial.scenario) {
    await openScenario(initial.scenario, initial.faults || [], initial.step);
    // Rulings switched in the address apply on top of the scenario's.
    const wanted = initial.rulings || [];
    if (wanted.length && wanted.join(" ") !== S.rulings.join(" ")) {
      S.rulings = wanted;
      S.compare = initial.against || S.scenario.ruleset.slice();
      drawRulings();
      await reloadScenario();
    }
  } else await refresh();
}

init().catch((error) => message(error.message));
