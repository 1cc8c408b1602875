// The protocol side shared by the JavaScript adapters of implementations/
// (the twin of protocol.py): it speaks version 2.2 of the regelwerk engine
// protocol (docs/protocol.md) on stdin/stdout and turns each request into
// questions to a backend, the outside library. The report of an action is
// put together from the library's answers alone; the reference engine is
// never asked. A refusal is answered `illegal` (refused, reason not given):
// the libraries know legality, not the rules' refusal reasons.

import { createInterface } from 'node:readline';

const PROTOCOL = '2.2';

/** Promotion letters of the coordinate notation and the protocol's kinds. */
export const KINDS = {
  k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn', c: 'marshal', a: 'cardinal',
};

/** Thrown by a backend for a request it cannot judge: answered `skipped`. */
export class Skip extends Error {}

/** One line on stderr (stdout carries protocol messages only). */
export function log(name, message) {
  process.stderr.write(`[${name}] ${message}\n`);
}

/** The from-square, to-square and promotion letter of a coordinate move. */
export function splitMove(move) {
  const match = /^([a-z][0-9]+)([a-z][0-9]+)(.*)$/.exec(move);
  return match ? [match[1], match[2], match[3]] : [move, '', ''];
}

/** perft by recursion over the library's legal moves. */
export function count(backend, state, depth) {
  if (depth === 0) return 1;
  const moves = backend.legal(state);
  if (depth === 1) return moves.length;
  let nodes = 0;
  for (const move of moves) {
    const next = backend.play(state, move);
    nodes += count(backend, next, depth - 1);
    if (next !== state) backend.drop?.(next);
  }
  return nodes;
}

function report(action, actor, capture, promotion, checks, next, status, events, position) {
  return {
    result: 'legal',
    report: {
      action, actor, capture, promotion, checks, eliminations: [], control: [], next, status, events, clocks: {}, position,
    },
    position,
  };
}

function captured(backend, state, origin, target) {
  const mover = backend.piece(state, origin);
  const taken = backend.piece(state, target);
  if (taken && mover && taken[1] !== mover[1]) return { kind: KINDS[taken[0]], owner: taken[1], at: target };
  // own answer: capture: the taken piece is read off the library's board before the move; en passant by the pawn's diagonal step to an empty square
  if (mover && mover[0] === 'p' && !taken && origin[0] !== target[0]) {
    const passed = target[0] + origin.slice(1);
    const pawn = backend.piece(state, passed);
    if (pawn && pawn[0] === 'p' && pawn[1] !== mover[1]) return { kind: 'pawn', owner: pawn[1], at: passed };
  }
  return null;
}

// The results of `actions`; with `settle`, the state after them and the
// status a granted claim gave are put there (for `status`) and the state
// is kept, else it is freed.
function apply(backend, state, actions, settle = null) {
  const results = [];
  let claimed = false;
  for (const raw of actions) {
    const action = String(raw).trim().toLowerCase();
    const before = backend.fen(state);
    if (claimed) {
      results.push({ result: 'illegal', position: before });
      continue;
    }
    const side = before.split(' ')[1] === 'w' ? 'white' : 'black';
    const other = side === 'white' ? 'black' : 'white';
    const legal = backend.legal(state);
    if (action === 'claim') {
      const reason = legal.length > 0 ? backend.claim(state) : null;
      if (!reason) {
        results.push({ result: 'illegal', position: before });
        continue;
      }
      results.push(report(action, side, null, null, [], null, { result: 'drawn', reason }, [{ kind: 'drawn' }], before));
      claimed = true;
      if (settle) settle.drawn = { result: 'drawn', reason };
      continue;
    }
    if (!legal.includes(action)) {
      // own answer: refusal: the libraries give no refusal reason; a refused move is `illegal`
      results.push({ result: 'illegal', position: before });
      continue;
    }
    const [origin, target, letter] = splitMove(action);
    const capture = captured(backend, state, origin, target);
    const next = backend.play(state, action);
    if (next !== state) backend.drop?.(state);
    state = next;
    const after = backend.fen(state);
    const checks = backend.inCheck(state) ? [other] : [];
    const status = backend.status(state);
    const events = [{ kind: 'moved', party: side }];
    if (capture) events.push({ kind: 'captured', party: capture.owner, at: capture.at, piece: capture.kind });
    const promotion = letter ? KINDS[letter] ?? null : null;
    if (promotion) events.push({ kind: 'promoted', piece: promotion });
    if (checks.length) events.push({ kind: 'check', parties: checks });
    if (status.result === 'won') events.push({ kind: 'won', party: status.winners[0] });
    if (status.result === 'drawn') events.push({ kind: 'drawn' });
    results.push(report(action, side, capture, promotion, checks, status.result === 'ongoing' ? other : null, status, events, after));
  }
  if (settle) settle.state = state;
  else backend.drop?.(state);
  return results;
}

// The `status` request (2.2): the actions played as `apply` plays them,
// then the library's own status of the game (a granted claim is the draw
// it granted) and who moves next.
function statusOf(backend, seq, state, actions) {
  const settle = { state, drawn: null };
  apply(backend, state, actions, settle);
  const status = settle.drawn ?? backend.status(settle.state);
  const side = backend.fen(settle.state).split(' ')[1] === 'w' ? 'white' : 'black';
  backend.drop?.(settle.state);
  return { type: 'status', seq, status, to_move: status.result === 'ongoing' ? side : null };
}

function answer(backend, kind, seq, request) {
  const variant = request.variant;
  if (!backend.variants.includes(variant)) return { type: 'skipped', seq, reason: `${backend.name} does not play ${variant}` };
  if (Array.isArray(request.rulings) && request.rulings.length > 0) {
    return { type: 'skipped', seq, reason: `${backend.name} has no ruling settings` };
  }
  let state;
  try {
    state = backend.open(variant, String(request.position ?? '').trim());
  } catch (error) {
    return { type: 'errored', seq, context: `cannot read position: ${error.message}` };
  }
  if (kind === 'moves') {
    let moves = backend.legal(state);
    if (request.from != null) moves = moves.filter((move) => splitMove(move)[0] === request.from);
    backend.drop?.(state);
    return { type: 'moves', seq, moves };
  }
  if (kind === 'perft') {
    const nodes = backend.perft(state, Number(request.depth ?? 0));
    backend.drop?.(state);
    return { type: 'perft', seq, nodes };
  }
  if (kind === 'status') {
    try {
      return statusOf(backend, seq, state, request.actions ?? []);
    } catch (error) {
      if (error instanceof Skip) return { type: 'skipped', seq, reason: error.message };
      throw error;
    }
  }
  if (kind === 'apply') {
    try {
      return { type: 'applied', seq, results: apply(backend, state, request.actions ?? []) };
    } catch (error) {
      if (error instanceof Skip) return { type: 'skipped', seq, reason: error.message };
      throw error;
    }
  }
  backend.drop?.(state);
  return { type: 'skipped', seq, reason: `unknown request type ${kind}` };
}

/**
 * Runs the protocol loop on stdin/stdout. `out` writes one answer line to
 * the protocol stream (by default stdout).
 */
export async function run(backend, out = (line) => process.stdout.write(line)) {
  const send = (message) => out(`${JSON.stringify(message)}\n`);
  let started = false;
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    let request;
    try {
      request = JSON.parse(line);
    } catch (error) {
      send({ type: 'errored', seq: 0, context: `cannot read request: ${error.message}` });
      continue;
    }
    if (request === null || typeof request !== 'object') {
      send({ type: 'errored', seq: 0, context: 'cannot read request: not an object' });
      continue;
    }
    if (request.type === 'stop') break;
    if (request.type === 'start') {
      if (started) {
        send({ type: 'errored', seq: 0, context: 'this session is already started' });
      } else if (String(request.protocol ?? '').split('.')[0] !== PROTOCOL.split('.')[0]) {
        send({ type: 'refused', reason: `the harness speaks protocol ${request.protocol}; this adapter speaks ${PROTOCOL}` });
      } else {
        started = true;
        send({
          type: 'ready', protocol: PROTOCOL, name: backend.name, version: backend.version, language: backend.language,
          capabilities: ['apply', 'moves', 'perft', 'status'], variants: backend.variants,
        });
      }
      continue;
    }
    const seq = Number.isInteger(request.seq) ? request.seq : 0;
    try {
      send(answer(backend, request.type, seq, request));
    } catch (error) {
      send({ type: 'errored', seq, context: `${error.name}: ${error.message}` });
    }
  }
  process.exit(0);
}
