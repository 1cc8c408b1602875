#!/usr/bin/env node
// ffish (npm, pinned 0.7.10: Fairy-Stockfish compiled to WebAssembly) as a
// regelwerk engine for Grand Chess and Racing Kings, answered by ffish's
// Board alone.
//
// Usage: node implementations/ffish/adapter.mjs
//
// Packaging pitfalls handled here (README.md): ffish.js is an Emscripten
// build that, under Node 18+, sees the global fetch() and tries to fetch()
// its .wasm file by path, which fails; fetch is hidden while it loads, so
// it reads the file with fs. The module starts itself and is ready only
// after `onRuntimeInitialized`. validateFen() answers -10 until one Board
// was built, so a Board is built (and deleted) before anything else.
// Whatever the native code prints goes to stderr.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { run } from '../common/protocol.mjs';

const require = createRequire(import.meta.url);
const { version } = JSON.parse(readFileSync(require.resolve('ffish/package.json'), 'utf8'));

const realFetch = globalThis.fetch;
delete globalThis.fetch;
console.log = (...words) => process.stderr.write(`[ffish] ${words.join(' ')}\n`);
const ffish = require('ffish');
await new Promise((resolve) => {
  if (ffish.calledRun) resolve();
  else ffish.onRuntimeInitialized = resolve;
});
globalThis.fetch = realFetch;
new ffish.Board('chess').delete();
// Our own answers go through the saved stdout writer; console.log stays
// pointed at stderr for the native code.
const send = (line) => process.stdout.write(line);

function kings(fen) {
  const top = fen.split('/')[0];
  return [top.includes('K'), top.includes('k')];
}

const backend = {
  name: 'ffish',
  version,
  language: 'C++ (Fairy-Stockfish) as WebAssembly',
  variants: ['grand', 'racingkings'],
  open(variant, fen) {
    const verdict = ffish.validateFen(fen, variant);
    if (verdict !== 1) throw new Error(`ffish.validateFen answers ${verdict}`);
    return { variant, board: new ffish.Board(variant, fen) };
  },
  drop(state) {
    if (state.board) {
      state.board.delete();
      state.board = null;
    }
  },
  legal(state) {
    if (state.board.isGameOver(false)) return [];
    const moves = state.board.legalMoves().trim();
    return moves ? moves.split(' ') : [];
  },
  play(state, move) {
    // Pushed on the request's one Board, so that a repetition within one
    // request counts (and no Board is rebuilt per move).
    state.board.push(move);
    return state;
  },
  fen(state) {
    return state.board.fen();
  },
  piece(state, square) {
    const rows = state.board.fen().split(' ')[0].split('/');
    const row = rows[rows.length - Number(square.slice(1))];
    const column = square.charCodeAt(0) - 97;
    let at = 0;
    for (const token of row.match(/[0-9]+|[A-Za-z]/g) ?? []) {
      if (/[0-9]/.test(token)) {
        at += Number(token);
        if (at > column) return null;
        continue;
      }
      if (at === column) return [token.toLowerCase(), token === token.toUpperCase() ? 'white' : 'black'];
      at += 1;
    }
    return null;
  },
  inCheck(state) {
    return state.board.isCheck();
  },
  status(state) {
    // ffish's result(): "1-0", "0-1", "1/2-1/2" or "*". The reason is named
    // the only way each variant allows (docs/uci.md has the same rule).
    const board = state.board;
    if (!board.isGameOver(false)) return { result: 'ongoing' };
    const result = board.result(false);
    // own answer: status.reason: ffish's result() gives only the score; the reason is named the one way each variant allows
    const winner = result === '1-0' ? 'white' : result === '0-1' ? 'black' : null;
    if (state.variant === 'racingkings') {
      if (winner) return { result: 'won', winners: [winner], reason: 'goal' };
      const [white, black] = kings(board.fen());
      return { result: 'drawn', reason: white && black ? 'goal-tie' : 'stalemate' };
    }
    if (winner) return { result: 'won', winners: [winner], reason: 'checkmate' };
    // ffish names this end itself (Board.isInsufficientMaterial).
    if (board.isInsufficientMaterial()) return { result: 'drawn', reason: 'insufficient-material' };
    return { result: 'drawn', reason: 'stalemate' };
  },
  claim(state) {
    const board = state.board;
    if (!board.isGameOver(true) || board.isGameOver(false)) return null;
    // own answer: claim.reason: ffish says a draw may be claimed, not why; the half-move clock tells the two apart
    return board.halfmoveClock() >= 100 ? 'fifty-move' : 'threefold';
  },
  perft(state, depth) {
    // own answer: perft: ffish has no perft; counted by recursion over its legal moves, with
    // push and pop on one Board.
    const board = state.board;
    const walk = (left) => {
      if (left === 0) return 1;
      if (board.isGameOver(false)) return 0;
      const text = board.legalMoves().trim();
      const moves = text ? text.split(' ') : [];
      if (left === 1) return moves.length;
      let nodes = 0;
      for (const move of moves) {
        board.push(move);
        nodes += walk(left - 1);
        board.pop();
      }
      return nodes;
    };
    return walk(depth);
  },
};

run(backend, send);
