// Asks Fairy-Stockfish (ffish) for the moves of pieces in variants it knows
// or loads from a variants.ini. Reads {ini, requests: [{variant, fen, from}]}
// as JSON from stdin; writes, for each request, the target squares of the
// legal moves that start on `from` -- or, with `detail`, {targets, over}
// (whether the side to move has no legal move on the board -- the game is
// over by a rule of the variant, or pieces in hand must be dropped first --
// so that nothing can be compared), and `check`: whether in any of the
// request's `checks` positions the side to move is in check.
// With `inCheck` ([{variant, fen}]), writes for each position whether the
// side to move is in check. With `list`, writes Fairy-Stockfish's variants and their start positions
// instead: [[name, startingFen], ...].
const {session, targetsFrom} = require('./ffish-session.js');

session((ffish, input) => {
  const job = JSON.parse(input);
  if (job.list) {
    new ffish.Board('chess').delete(); // the variants are made on first use
    if (job.ini) ffish.loadVariantConfig(job.ini);
    return ffish.variants().split(' ').filter((v) => v.length).map(
        (v) => [v, ffish.startingFen(v)]);
  }
  if (job.ini) ffish.loadVariantConfig(job.ini);
  if (job.inCheck) {
    return job.inCheck.map((r) => {
      const b = new ffish.Board(r.variant, r.fen);
      const c = b.isCheck();
      b.delete();
      return c;
    });
  }
  return job.requests.map((r) => {
    const board = new ffish.Board(r.variant, r.fen);
    const targets = targetsFrom(board, r.from);
    // Any of `checks` (positions) with a king in check: not comparable.
    const check = (r.checks || []).some((f) => {
      const b = new ffish.Board(r.variant, f);
      const c = b.isCheck();
      b.delete();
      return c;
    });
    const over = job.detail &&
        !board.legalMoves().split(' ').some((m) => /^[a-z]\d+[a-z]\d+/.test(m));
    board.delete();
    return job.detail ? {targets, over, check} : targets;
  });
});
