// Asks Fairy-Stockfish (the ffish WebAssembly build) for the moves of one
// custom piece in given positions on a 10x10 board. Reads a JSON list of
// {betza, fen, from} from stdin; writes, for each, the list of target
// squares of the moves starting on `from`.
const {session, targetsFrom} = require('./ffish-session.js');

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

session((ffish, input) => {
  const out = [];
  let loaded = null, count = 0, name = '';
  for (const r of JSON.parse(input)) {
    if (r.betza !== loaded) {
      name = 'fairyc' + count++;
      ffish.loadVariantConfig(variant(name, r.betza));
      loaded = r.betza;
    }
    const board = new ffish.Board(name, r.fen);
    out.push(targetsFrom(board, r.from));
    board.delete();
  }
  return out;
});
