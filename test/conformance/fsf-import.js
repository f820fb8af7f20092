// Asks Fairy-Stockfish (ffish) for the moves of pieces in variants it loads
// from a variants.ini. Reads {ini, requests: [{variant, fen, from}]} as JSON
// from stdin; writes, for each request, the target squares of the legal
// moves that start on `from`.
globalThis.fetch = undefined; // Node 20: otherwise the wasm will not load
const ffish = require('ffish');

let input = '';
let inputDone = false, runtimeReady = false;
ffish['onRuntimeInitialized'] = () => {
  runtimeReady = true;
  run();
};
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => {
  inputDone = true;
  run();
});

function run() {
  if (!inputDone || !runtimeReady)
    return;
  const job = JSON.parse(input);
  ffish.loadVariantConfig(job.ini);
  const out = [];
  for (const r of job.requests) {
    const board = new ffish.Board(r.variant, r.fen);
    const moves = board.legalMoves().split(' ').filter((m) => m.length);
    board.delete();
    const targets = new Set();
    for (const m of moves) {
      const parts = m.match(/^([a-z]\d+)([a-z]\d+)/);
      if (parts && parts[1] === r.from) targets.add(parts[2]);
    }
    out.push([...targets].sort());
  }
  process.stdout.write(JSON.stringify(out));
}
