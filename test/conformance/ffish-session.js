// The part both conformance scripts share: load Fairy-Stockfish (the ffish
// WebAssembly build, found through NODE_PATH), read all of stdin, and once
// both are ready call `run(ffish, input)` and write its result as JSON.
globalThis.fetch = undefined; // Node 20: otherwise the wasm will not load
const ffish = require('ffish');

// The targets of the legal moves in `board` that start on square `from`.
function targetsFrom(board, from) {
  const moves = board.legalMoves().split(' ').filter((m) => m.length);
  const targets = new Set();
  for (const m of moves) {
    const parts = m.match(/^([a-z]\d+)([a-z]\d+)/);
    if (parts && parts[1] === from) targets.add(parts[2]);
  }
  return [...targets].sort();
}

function session(run) {
  let input = '';
  let inputDone = false, runtimeReady = false;
  const go = () => {
    if (inputDone && runtimeReady)
      process.stdout.write(JSON.stringify(run(ffish, input)));
  };
  ffish['onRuntimeInitialized'] = () => {
    runtimeReady = true;
    go();
  };
  process.stdin.on('data', (d) => (input += d));
  process.stdin.on('end', () => {
    inputDone = true;
    go();
  });
}

module.exports = {session, targetsFrom};
