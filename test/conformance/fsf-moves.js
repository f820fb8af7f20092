// Asks Fairy-Stockfish (the ffish WebAssembly build) for the moves of one
// custom piece in given positions on a 10x10 board. Reads a JSON list of
// {betza, fen, from} from stdin; writes, for each, the list of target
// squares of the moves starting on `from`.
globalThis.fetch = undefined; // Node 20: otherwise the wasm will not load
const ffish = require('ffish');

// Each piece gets a variant of its own: Fairy-Stockfish keeps the first
// definition of a variant name.
function variant(name, betza) {
  return `
[${name}:chess]
maxRank = 10
maxFile = 10
customPiece1 = a:${betza}
king = -
castling = false
doubleStepRegionWhite = *2
doubleStepRegionBlack = *9
promotionRegionWhite = *10
promotionRegionBlack = *1
startFen = 10/10/10/10/10/10/10/10/10/10 w - - 0 1
`;
}

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
  {
    const requests = JSON.parse(input);
    const out = [];
    let loaded = null, count = 0, name = '';
    for (const r of requests) {
      if (r.betza !== loaded) {
        name = 'fairyc' + count++;
        ffish.loadVariantConfig(variant(name, r.betza));
        loaded = r.betza;
      }
      const board = new ffish.Board(name, r.fen);
      const moves = board.legalMoves().split(' ').filter((m) => m.length);
      board.delete();
      const targets = [];
      for (const m of moves) {
        const parts = m.match(/^([a-z]\d+)([a-z]\d+)/);
        if (parts && parts[1] === r.from) targets.push(parts[2]);
      }
      out.push(targets);
    }
    process.stdout.write(JSON.stringify(out));
  }
}
