// Asks Fairy-Stockfish (ffish) for the moves of pieces in variants it loads
// from a variants.ini. Reads {ini, requests: [{variant, fen, from}]} as JSON
// from stdin; writes, for each request, the target squares of the legal
// moves that start on `from`.
const {session, targetsFrom} = require('./ffish-session.js');

session((ffish, input) => {
  const job = JSON.parse(input);
  ffish.loadVariantConfig(job.ini);
  return job.requests.map((r) => {
    const board = new ffish.Board(r.variant, r.fen);
    const targets = targetsFrom(board, r.from);
    board.delete();
    return targets;
  });
});
