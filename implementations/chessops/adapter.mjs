#!/usr/bin/env node
// chessops (npm, pinned 0.15.1) as a regelwerk engine: Racing Kings,
// answered by chessops' RacingKings position alone. ESM on purpose: the
// package's CommonJS build does not load under Node 20 (README.md).
//
// Usage: node implementations/chessops/adapter.mjs

import { readFileSync } from 'node:fs';
import { makeFen, parseFen } from 'chessops/fen';
import { setupPosition } from 'chessops/variant';
import { makeSquare, parseSquare, parseUci } from 'chessops/util';
import { perft } from 'chessops/debug';
import { Skip, run } from '../common/protocol.mjs';

const { version } = JSON.parse(readFileSync(new URL('./node_modules/chessops/package.json', import.meta.url), 'utf8'));

const ROLE_LETTERS = { pawn: 'p', knight: 'n', bishop: 'b', rook: 'r', queen: 'q', king: 'k' };

const backend = {
  name: 'chessops',
  version,
  language: 'TypeScript (JavaScript)',
  variants: ['racingkings'],
  open(variant, fen) {
    const setup = parseFen(fen);
    if (setup.isErr) throw new Error(`chessops refuses the FEN: ${setup.error.message}`);
    const position = setupPosition(variant, setup.value);
    if (position.isErr) throw new Error(`chessops refuses the position: ${position.error.message}`);
    return position.value;
  },
  legal(pos) {
    if (pos.isEnd()) return [];
    const moves = [];
    for (const [from, targets] of pos.allDests()) {
      for (const to of targets) moves.push(makeSquare(from) + makeSquare(to));
    }
    return moves;
  },
  play(pos, move) {
    const next = pos.clone();
    next.play(parseUci(move));
    return next;
  },
  fen(pos) {
    return makeFen(pos.toSetup());
  },
  piece(pos, square) {
    const piece = pos.board.get(parseSquare(square));
    return piece ? [ROLE_LETTERS[piece.role], piece.color] : null;
  },
  inCheck(pos) {
    return pos.isCheck();
  },
  status(pos) {
    // chessops' end of a game: the race (variantOutcome), checkmate,
    // stalemate; it has no insufficient-material end in Racing Kings and
    // keeps no history (no repetition, no claims).
    if (!pos.isEnd()) return { result: 'ongoing' };
    const outcome = pos.outcome();
    if (pos.isVariantEnd()) {
      return outcome?.winner
        ? { result: 'won', winners: [outcome.winner], reason: 'goal' }
        : { result: 'drawn', reason: 'goal-tie' };
    }
    if (outcome?.winner) return { result: 'won', winners: [outcome.winner], reason: 'checkmate' };
    if (pos.isInsufficientMaterial()) return { result: 'drawn', reason: 'insufficient-material' };
    // own answer: status.reason: chessops has no word for stalemate; a drawn end that is neither the race nor material is one
    return { result: 'drawn', reason: 'stalemate' };
  },
  claim(pos) {
    // chessops keeps no move history: only the fifty-move count can be
    // read off the position (its halfmove clock); a repetition claim is
    // not judged but answered `skipped`.
    // own answer: claim: chessops has no claims; the fifty-move claim is read off its half-move clock
    if (pos.halfmoves >= 100) return 'fifty-move';
    throw new Skip('chessops keeps no move history, so a threefold-repetition claim cannot be judged');
  },
  perft(pos, depth) {
    return pos.isEnd() && depth > 0 ? 0 : perft(pos, depth, false);
  },
};

run(backend);
