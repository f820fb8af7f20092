// A long-lived Fairy-Stockfish (ffish) worker for fsf_games.py: reads one
// JSON request a line from stdin and writes one JSON answer a line to
// stdout, so that one process plays many variants (the WebAssembly build
// takes a second to start). What Fairy-Stockfish prints itself (a section
// "already exists", an unknown parent...) is captured and returned with the
// answer to the request that made it print, never mixed into stdout.
//
// Requests ({op, ...}):
//   load     {ini}                  -> {variants, said}: loadVariantConfig
//   variants {}                     -> {variants}
//   start    {variant}              -> {startingFen, fen}: ffish.startingFen
//                                      and new Board(variant).fen()
//   position {variant, moves}       -> {pushed, legal, fen, over, result,
//                                      check}: the start position after the
//                                      moves (pushed: how many went in),
//                                      its sorted legal moves
//   perft    {variant, moves, depth, sample?}
//                                   -> {legal, nodes, divide}: leaves at
//                                      depth (legalMoves counted at the last
//                                      level, push/pop above), per first
//                                      move; with sample (a list of first
//                                      moves) only their subtrees
// Every answer also has `said`: what Fairy-Stockfish printed meanwhile.
// What the wasm prints goes to `said` (bound when ffish loads: first).
let said = [];
for (const k of ['log', 'info', 'warn', 'error']) {
  console[k] = (...args) => said.push(args.join(' '));
}
require('./ffish-session.js'); // Node 20's fetch kept from the wasm loader
const ffish = require('ffish');
const readline = require('readline');

function legalOf(board) {
  return board.legalMoves().split(' ').filter((m) => m.length).sort();
}

function count(board) {
  let n = 0;
  for (const m of board.legalMoves().split(' ')) if (m.length) n++;
  return n;
}

function leaves(board, depth) {
  if (depth <= 1) return depth === 1 ? count(board) : 1;
  let n = 0;
  for (const m of legalOf(board)) {
    board.push(m);
    n += leaves(board, depth - 1);
    board.pop();
  }
  return n;
}

// A board at the start position of `variant` after `moves`; `pushed` is
// how many of the moves were legal there (the first illegal one stops).
function boardAfter(variant, moves) {
  const board = new ffish.Board(variant);
  let pushed = 0;
  for (const m of moves) {
    if (!board.push(m)) break;
    pushed++;
  }
  return {board, pushed};
}

let kept = null; // {variant, moves, board, pushed}: position's last board

const ops = {
  load(r) {
    // A section loaded anew may redefine a name: no board kept across.
    if (kept) kept.board.delete();
    kept = null;
    ffish.loadVariantConfig(r.ini);
    return ops.variants();
  },
  variants() {
    return {variants: ffish.variants().split(' ').filter((v) => v.length)};
  },
  start(r) {
    const board = new ffish.Board(r.variant);
    const out = {startingFen: ffish.startingFen(r.variant), fen: board.fen()};
    board.delete();
    return out;
  },
  position(r) {
    // A playout asks for one position after another: the board of the
    // last request is kept, and moved on where the moves go on from it.
    const moves = r.moves || [];
    const last = kept;
    if (last && last.variant === r.variant &&
        last.moves.length <= moves.length &&
        last.moves.every((m, i) => m === moves[i])) {
      for (const m of moves.slice(last.moves.length)) {
        if (!last.board.push(m)) break;
        last.pushed++;
      }
      last.moves = moves.slice(0, last.pushed);
    } else {
      if (last) last.board.delete();
      const {board, pushed} = boardAfter(r.variant, moves);
      kept = {variant: r.variant, moves: moves.slice(0, pushed), board,
              pushed};
    }
    const board = kept.board;
    return {pushed: kept.pushed, legal: legalOf(board), fen: board.fen(),
            over: board.isGameOver(), result: board.result(),
            check: board.isCheck()};
  },
  perft(r) {
    const {board, pushed} = boardAfter(r.variant, r.moves || []);
    const legal = legalOf(board);
    const divide = {};
    let nodes = 0;
    if (pushed === (r.moves || []).length) {
      const first = r.sample ? r.sample.filter((m) => legal.includes(m))
                             : legal;
      for (const m of first) {
        board.push(m);
        divide[m] = leaves(board, r.depth - 1);
        nodes += divide[m];
        board.pop();
      }
    }
    board.delete();
    return {pushed, legal, nodes, divide};
  },
};

let ready = false;
const pending = [];
function answer(line) {
  if (!line.trim()) return;
  const r = JSON.parse(line);
  said = [];
  let out;
  try {
    out = ops[r.op](r);
  } catch (e) {
    out = {error: String(e && e.message || e)};
  }
  out.said = said;
  process.stdout.write(JSON.stringify(out) + '\n');
}
ffish['onRuntimeInitialized'] = () => {
  said = [];
  new ffish.Board('chess').delete(); // the variants are made on first use
  ready = true;
  pending.splice(0).forEach(answer);
};
const rl = readline.createInterface({input: process.stdin});
rl.on('line', (line) => (ready ? answer(line) : pending.push(line)));
rl.on('close', () => {
  const wait = () => (ready ? process.exit(0) : setTimeout(wait, 50));
  wait();
});
