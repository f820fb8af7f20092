// The 10x10 reference counts of examples/perft/CMakeLists.txt, from
// Fairy-Stockfish itself (npm package ffish, as the conformance tests
// install it into build/test/conformance):
//
//   NODE_PATH=build/test/conformance/node_modules \
//     node examples/perft/fsf-perft.js FEN DEPTH
//
// The variant: orthodox chess pieces on 10x10, pawns stepping twice from
// their first rank, promoting on the last, no castling.
globalThis.fetch = undefined;
const ffish = require('ffish');
ffish['onRuntimeInitialized'] = () => {
  const ini = `
[tenbyten:chess]
maxFile = j
maxRank = 10
startFen = rnbqkbqbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQKBQBNR w - - 0 1
castling = false
promotionRank = 10
promotionRegionWhite = *10
promotionRegionBlack = *1
doubleStepRank = 2
doubleStepRegionWhite = *2
doubleStepRegionBlack = *9
`;
  ffish.loadVariantConfig(ini);
  const fen = process.argv[2];
  const depth = parseInt(process.argv[3]);
  const board = new ffish.Board('tenbyten', fen);
  function perft(d) {
    const moves = board.legalMoves().split(' ').filter((m) => m.length);
    if (d === 1) return moves.length;
    let n = 0;
    for (const m of moves) { board.push(m); n += perft(d - 1); board.pop(); }
    return n;
  }
  console.log(perft(depth));
  board.delete();
};
