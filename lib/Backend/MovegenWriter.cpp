//===- MovegenWriter.cpp - The C text of a move generator -----------------===//
//
// Writes a movegen::Model as one C99 file (it compiles as C++17): the
// bitboard header's tables, the declarations of the position and its
// functions, and -- in the one translation unit that defines
// FAIRY_MOVEGEN_IMPLEMENTATION -- the generator. What depends on the
// variant is written here (constants, one block per piece type, the
// attackers of a square); the rest is the fixed runtime of
// MovegenRuntime.cpp, which reads them.
//
//===----------------------------------------------------------------------===//
#include "MovegenModel.h"
#include "MovegenRuntime.h"

#include "fairy/Support/Escape.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

using namespace fairy;
using namespace fairy::movegen;

namespace {

struct Writer {
  const Model &M;
  std::string Out;
  bool Wide;

  explicit Writer(const Model &M) : M(M), Wide(M.B.numSquares() > 64) {}

  template <typename... Args>
  void line(fmt::format_string<Args...> F, Args &&...A) {
    Out += fmt::format(F, std::forward<Args>(A)...);
    Out += '\n';
  }

  std::string bits(Bits B) const {
    if (!Wide)
      return fmt::format("0x{:x}ULL", uint64_t(B));
    return fmt::format("FAIRY_BB(0x{:x}ULL, 0x{:x}ULL)", uint64_t(B >> 64),
                       uint64_t(B));
  }

  /// A table of one set per side and square.
  void sideTable(const std::string &Name,
                 const std::array<std::vector<Bits>, 2> &T) {
    unsigned N = M.B.numSquares();
    line("static const fairy_bb {}[2][{}] = {{", Name, N);
    for (int S = 0; S < 2; ++S) {
      Out += " {";
      for (unsigned Q = 0; Q < N; ++Q) {
        Bits B = Q < T[S].size() ? T[S][Q] : 0;
        Out += (Q % 4 ? " " : "\n  ") + bits(B) + ",";
      }
      Out += "\n },\n";
    }
    line("}};");
  }

  /// The call of a view's lookup \p What (quiets, captures).
  std::string call(const PieceType &T, int Side, const char *What,
                   const char *Unmoved) const {
    // A janggi cannon's functions also take the pieces of its type.
    auto One = [&](const std::string &View) {
      return fmt::format("fairy_{}_{}(sq, occ{})", What, View,
                         T.SameType ? ", same" : "");
    };
    if (T.Unmoved[Side].empty())
      return One(T.Moved[Side]);
    return fmt::format("({} ? {} : {})", Unmoved, One(T.Unmoved[Side]),
                       One(T.Moved[Side]));
  }
  std::string sided(const PieceType &T, const char *What,
                    const char *Unmoved) const {
    std::string W = call(T, 0, What, Unmoved), B = call(T, 1, What, Unmoved);
    return W == B ? W : fmt::format("(side ? {} : {})", B, W);
  }

  void declarations() {
    const Board &B = M.B;
    unsigned N = B.numSquares();
    unsigned Factor =
        unsigned(M.PromotionChoices.size()) + (M.MandatoryPromotion ? 0 : 1);
    if (Factor == 0)
      Factor = 1;
    line("#ifndef FAIRY_MOVEGEN_H");
    line("#define FAIRY_MOVEGEN_H");
    line("#include <stddef.h>");
    line("#include <stdint.h>");
    line("#define FAIRY_FILES {}", B.width());
    line("#define FAIRY_RANKS {}", B.height());
    line("#define FAIRY_SQUARES {}", N);
    line("#define FAIRY_TYPES {}", M.Types.size());
    line("#define FAIRY_WIDE {}", Wide ? 1 : 0);
    line("#define FAIRY_NO_SQUARE 255");
    line("/* Every (from, to) pair at most once -- k pieces reach at most");
    line(" * k * (squares - k) squares -- times the promotion choices, and en");
    line(" * passant and castling moves. */");
    line("#define FAIRY_MAX_MOVES {}", N * N / 4 * Factor + N + 8);
    Out += MovegenDeclarations;
    line("#endif");
  }

  void constants() {
    const Board &B = M.B;
    line("#define FAIRY_MG_FAST {}", M.Fast ? 1 : 0);
    size_t Legs = 1;
    bool Locust = false;
    for (const PieceType &T : M.Types)
      for (const auto &Side : T.Locust)
        for (const auto &Paths : Side)
          for (const LocustPath &P : Paths) {
            Legs = std::max(Legs, P.Squares.size());
            Locust = true;
          }
    line("#define FAIRY_MG_LOCUST {}", Locust ? 1 : 0);
    line("#define FAIRY_MG_MAX_LEGS {}", Legs);
    if (!M.Fast)
      line("/* Legality by making each move and testing the royal pieces: "
           "{}. */",
           escapeForCComment(M.WhyNotFast));
    line("#define FAIRY_MG_FLYING_GENERAL {}", M.FlyingGeneral ? 1 : 0);
    line("#define FAIRY_MG_MUST_CAPTURE {}", M.MustCapture ? 1 : 0);
    line("#define FAIRY_MG_CHECKING {}", M.Checking ? 1 : 0);
    line("#define FAIRY_MG_PASS {}", M.Pass ? 1 : 0);
    line("#define FAIRY_MG_HAS_START {}", M.HasStart ? 1 : 0);
    line("#define FAIRY_MG_CASTLING_KING {}", M.CastlingKing);
    line("#define FAIRY_MG_KINGSIDE_FILE {}", M.KingsideFile);
    line("#define FAIRY_MG_QUEENSIDE_FILE {}", M.QueensideFile);
    line("#define FAIRY_MG_MANDATORY_PROMOTION {}",
         M.MandatoryPromotion ? 1 : 0);
    line("#define FAIRY_MG_PROMOTION_CHOICES {}", M.PromotionChoices.size());
    line("#define FAIRY_MG_PROMOTION_MOVES {}",
         M.PromotionChoices.size() + (M.MandatoryPromotion ? 0 : 1));
    line("static const fairy_bb fairy_mg_board = {};",
         bits(bitboard::Bits(0) | boardBits()));
    line("static const fairy_bb fairy_mg_zone[2] = {{{}, {}}};",
         bits(M.PromotionZone[0]), bits(M.PromotionZone[1]));
    line("static const fairy_bb fairy_mg_ep_region[2] = {{{}, {}}};",
         bits(M.EnPassantRegion[0] & boardBits()),
         bits(M.EnPassantRegion[1] & boardBits()));
    std::string Choices, Rooks = "0", Royal, Promotes, MakesEp, Letters;
    for (int C : M.PromotionChoices)
      Choices += std::to_string(C) + ", ";
    line("static const int fairy_mg_choices[] = {{{}-1}};", Choices);
    for (size_t T = 0; T < M.Types.size(); ++T) {
      const PieceType &P = M.Types[T];
      bool Rook =
          std::count(M.CastlingRooks.begin(), M.CastlingRooks.end(), int(T));
      Royal += P.Royal ? "1, " : "0, ";
      Promotes += P.Promotes ? "1, " : "0, ";
      MakesEp += P.MakesEnPassant ? "1, " : "0, ";
      Rooks += fmt::format(" | ({}u << {})", Rook ? 1 : 0, T);
      Letters += P.Letter;
    }
    line("static const unsigned char fairy_mg_royal[FAIRY_TYPES] = {{{}}};",
         Royal);
    line("static const unsigned char fairy_mg_promotes[FAIRY_TYPES] = {{{}}};",
         Promotes);
    line("static const unsigned char fairy_mg_makes_ep[FAIRY_TYPES] = {{{}}};",
         MakesEp);
    line("static const unsigned fairy_mg_castling_rooks = {};", Rooks);
    line("static const char fairy_mg_letters[] = {};", cStringLiteral(Letters));
    Out += "static const fairy_bb fairy_mg_start[FAIRY_TYPES][2] = {";
    for (size_t T = 0; T < M.Types.size(); ++T)
      Out +=
          fmt::format("{{{}, {}}}, ", bits(M.Start[T][0]), bits(M.Start[T][1]));
    Out += "};\n";
    line("static const char fairy_mg_start_fen[] = {};",
         cStringLiteral(M.StartFEN));
    (void)B;
  }

  Bits boardBits() const {
    Bits R = 0;
    for (unsigned S : M.B.squares().toVector())
      R |= Bits(1) << S;
    return R;
  }

  /// fairy_mg_quiets/captures(type, side, sq, occ, unmoved) and the en
  /// passant tables.
  void dispatch() {
    for (const char *What : {"quiets", "captures"}) {
      line("static inline fairy_bb fairy_mg_{}(int type, int side, int sq, "
           "fairy_bb occ, int unmoved, fairy_bb same) {{",
           What);
      line("  (void)side; (void)occ; (void)unmoved; (void)same;");
      line("  switch (type) {{");
      for (size_t T = 0; T < M.Types.size(); ++T)
        line("  case {}: return {};", T, sided(M.Types[T], What, "unmoved"));
      line("  }}");
      line("  return 0;");
      line("}}");
    }
    for (size_t T = 0; T < M.Types.size(); ++T)
      if (M.Types[T].hasLocust())
        locustTables(T);
    for (size_t T = 0; T < M.Types.size(); ++T) {
      const PieceType &P = M.Types[T];
      if (!P.EnPassant[0].empty() || !P.EnPassant[1].empty())
        sideTable(fmt::format("fairy_mg_ep_{}", T), P.EnPassant);
    }
    if (!M.Fast) {
      relevantTables();
      return;
    }
    typeSideTable("fairy_mg_rider_from", &PieceType::RiderFrom);
    typeSideTable("fairy_mg_leaper_from", &PieceType::LeaperFrom);
  }

  /// A table of one set per type, side and square.
  void typeSideTable(const char *Name,
                     std::array<std::vector<Bits>, 2> PieceType::*Sets) {
    line("static const fairy_bb {}[FAIRY_TYPES][2][FAIRY_SQUARES] = {{", Name);
    for (const PieceType &P : M.Types) {
      Out += "{";
      for (int S = 0; S < 2; ++S) {
        const std::vector<Bits> &Set = (P.*Sets)[S];
        Out += "{";
        for (unsigned Q = 0; Q < M.B.numSquares(); ++Q)
          Out += bits(Q < Set.size() ? Set[Q] : 0) + ",";
        Out += "},\n";
      }
      Out += "},\n";
    }
    line("}};");
  }

  /// The paths of type \p T's moves that take on the way: per side, all of
  /// them by square, and where each square's begin.
  void locustTables(size_t T) {
    const PieceType &P = M.Types[T];
    for (int S = 0; S < 2; ++S) {
      const auto &BySquare = P.Locust[S].empty() ? P.Locust[!S] : P.Locust[S];
      std::string Paths, First;
      size_t Count = 0;
      for (unsigned Q = 0; Q < M.B.numSquares(); ++Q) {
        First += std::to_string(Count) + (Q % 16 == 15 ? ",\n  " : ", ");
        if (Q >= BySquare.size())
          continue;
        for (const LocustPath &L : BySquare[Q]) {
          std::string Sq, Land, Takes;
          for (size_t K = 0; K < L.Squares.size(); ++K) {
            Sq += std::to_string(L.Squares[K]) + ",";
            Land += std::to_string(L.Lands[K]) + ",";
            Takes += L.Takes[K] ? "1," : "0,";
          }
          Paths += fmt::format("  {{{}, {{{}}}, {{{}}}, {{{}}}}},\n",
                               L.Squares.size(), Sq, Land, Takes);
          ++Count;
        }
      }
      First += std::to_string(Count);
      if (!Count)
        Paths = "  {0, {0}, {0}, {0}},\n";
      line("static const fairy_mg_path fairy_mg_paths_{}_{}[] = {{", T, S);
      Out += Paths;
      line("}};");
      line("static const unsigned fairy_mg_first_{}_{}[FAIRY_SQUARES + 1] = "
           "{{\n  {}}};",
           T, S, First);
    }
  }

  /// fairy_mg_relevant(p, sq, by): the squares whose occupancy may decide
  /// whether a piece of side `by` captures on sq.
  void relevantTables() {
    for (size_t T = 0; T < M.Types.size(); ++T) {
      const PieceType &P = M.Types[T];
      sideTable(fmt::format("fairy_mg_maybe_from_{}", T), P.MaybeFrom);
      if (!P.Linear)
        sideTable(fmt::format("fairy_mg_relevant_{}", T), P.RelevantTo);
    }
    line("static inline fairy_bb fairy_mg_relevant(const fairy_position *p, "
         "int sq, int by) {{");
    line("  fairy_bb r = 0, b;");
    line("  (void)b;");
    for (size_t T = 0; T < M.Types.size(); ++T) {
      if (!M.Types[T].Linear) {
        line("  if (p->pieces[{0}][by]) r |= fairy_mg_relevant_{0}[by][sq];",
             T);
        continue;
      }
      line("  b = fairy_mg_maybe_from_{0}[by][sq] & p->pieces[{0}][by];", T);
      line("  while (b)");
      line("    r |= fairy_mg_between[sq][fairy_mg_pop(&b)];");
    }
    line("  return r;");
    line("}}");
  }

  /// fairy_mg_exposes(p, sq, by, occ, changed, gone): out of check, whether
  /// a move that changed the occupancy of `changed` (taking `gone`) lets a
  /// piece of `by` capture on sq: only pieces whose paths to sq cross
  /// `changed` are asked.
  void exposes() {
    line("static int fairy_mg_exposes(const fairy_position *p, int sq, int "
         "by, fairy_bb occ, fairy_bb changed, fairy_bb gone) {{");
    line("  fairy_bb b;");
    for (size_t T = 0; T < M.Types.size(); ++T) {
      const PieceType &P = M.Types[T];
      std::string Test = fmt::format(
          "fairy_mg_captures({0}, by, f, occ | fairy_mg_bit(sq), "
          "FAIRY_CAST(int, (p->unmoved >> f) & 1), p->pieces[{0}][0] | "
          "p->pieces[{0}][1]) & fairy_mg_bit(sq)",
          T);
      line("  b = fairy_mg_maybe_from_{0}[by][sq] & p->pieces[{0}][by] & "
           "~gone;",
           T);
      if (P.Linear) {
        line("  while (b) {{");
        line("    const int f = fairy_mg_pop(&b);");
        line("    if ((fairy_mg_between[sq][f] & changed) && ({}))", Test);
        line("      return 1;");
        line("  }}");
      } else {
        line("  if (fairy_mg_relevant_{}[by][sq] & changed)", T);
        line("    while (b) {{");
        line("      const int f = fairy_mg_pop(&b);");
        line("      if ({})", Test);
        line("        return 1;");
        line("    }}");
      }
    }
    if (M.FlyingGeneral)
      line("  if (fairy_mg_faces(sq, fairy_mg_royals(p, by) & ~gone, occ)) "
           "return 1;");
    line("  return 0;");
    line("}}");
  }

  /// The pieces of side `by` that capture on sq when the board holds occ.
  void attackers() {
    line("static fairy_bb fairy_mg_attackers(const fairy_position *p, int sq, "
         "int by, fairy_bb occ) {{");
    line("  fairy_bb a = 0, b;");
    line("  int side = !by; /* the lookups turned half round */");
    line("  (void)b; (void)side;");
    for (size_t T = 0; T < M.Types.size(); ++T) {
      const PieceType &P = M.Types[T];
      if (P.Reversible) {
        if (!P.CoveredBy.empty())
          continue; // counted with the types that cover it
        std::string Mask = fmt::format("p->pieces[{}][by]", T);
        for (size_t C = 0; C < M.Types.size(); ++C)
          if (std::count(M.Types[C].CoveredBy.begin(),
                         M.Types[C].CoveredBy.end(), int(T)))
            Mask += fmt::format(" | p->pieces[{}][by]", C);
        line("  b = {};", Mask);
        line("  if (b)");
        line("    a |= {} & b;", sided(P, "captures", "0"));
        continue;
      }
      line("  b = fairy_mg_maybe_from_{}[by][sq] & p->pieces[{}][by];", T, T);
      line("  while (b) {{");
      line("    int f = fairy_mg_pop(&b);");
      // Whether it would take a piece on sq: an empty square the king
      // passes when castling counts as occupied (a grasshopper lands on
      // it only then).
      line("    if (fairy_mg_captures({0}, by, f, occ | fairy_mg_bit(sq), "
           "FAIRY_CAST(int, (p->unmoved >> f) & 1), p->pieces[{0}][0] | "
           "p->pieces[{0}][1]) & fairy_mg_bit(sq))",
           T);
      line("      a |= fairy_mg_bit(f);");
      line("  }}");
    }
    for (size_t T = 0; T < M.Types.size(); ++T) {
      if (!M.Types[T].hasLocust())
        continue;
      // Each piece's paths, with sq taken to hold one of the other side's.
      line("  b = p->pieces[{}][by];", T);
      line("  while (b) {{");
      line("    const int f = fairy_mg_pop(&b);");
      line("    const fairy_bb own = p->by_side[by] & occ;");
      line("    const fairy_mg_path *path = by ? fairy_mg_paths_{0}_1 : "
           "fairy_mg_paths_{0}_0;",
           T);
      line("    const unsigned *first = by ? fairy_mg_first_{0}_1 : "
           "fairy_mg_first_{0}_0;",
           T);
      line("    unsigned i;");
      line("    for (i = first[f]; i < first[f + 1]; ++i) {{");
      line("      int taken, to = fairy_mg_follow(&path[i], f, own, "
           "(occ & ~own) | fairy_mg_bit(sq), &taken);");
      line("      if (to >= 0 && (to == sq || taken == sq)) {{");
      line("        a |= fairy_mg_bit(f);");
      line("        break;");
      line("      }}");
      line("    }}");
      line("  }}");
    }
    line("  return a;");
    line("}}");
  }

  /// The moves of every piece of the side to move (royal ones too unless
  /// skip_royal) to the squares of `target`, a pinned piece's only along
  /// its pin; and its en passant captures.
  /// The loop over type \p T's pieces of `side` down to `to`, the squares
  /// each goes to in `target` (along its pin if pinned): shared by the
  /// moves' and the count's functions.
  void pieceDestinations(size_t T) {
    const PieceType &P = M.Types[T];
    line("    b = p->pieces[{}][side];", T);
    line("    while (b) {{");
    line("      int sq = fairy_mg_pop(&b);");
    if (!P.Unmoved[0].empty() || !P.Unmoved[1].empty())
      line("      int unmoved = FAIRY_CAST(int, (p->unmoved >> sq) & 1);");
    else
      line("      const int unmoved = 0;");
    if (P.SameType)
      line("      const fairy_bb same = p->pieces[{0}][0] | "
           "p->pieces[{0}][1];",
           T);
    if (P.Plain[0] && P.Plain[1])
      line("      fairy_bb to = {} & target;", sided(P, "attacks", "unmoved"));
    else
      line("      fairy_bb to = ({} | ({} & enemy)) & target;",
           sided(P, "quiets", "unmoved"), sided(P, "captures", "unmoved"));
    line("      (void)unmoved;");
    line("      if (pins->pinned & fairy_mg_bit(sq))");
    line("        to &= fairy_mg_pin_segment(pins, sq);");
  }

  /// fairy_mg_side_count: how many of those moves are legal, without
  /// writing them -- perft's last ply. `free`: where a piece that stands
  /// on none of `unsure` may go without a test; the others' moves are
  /// tested one by one (fairy_mg_count_test). Not for pieces that capture
  /// on the way (their moves are counted from the list).
  void pieceCount() {
    line("static inline FAIRY_MG_ALWAYS_INLINE uint64_t fairy_mg_side_count("
         "const fairy_position *p, fairy_bb target, const fairy_mg_pins "
         "*pins, int skip_royal, const int side, fairy_bb free, fairy_bb "
         "unsure, int safe) {{");
    line("  const fairy_bb occ = p->by_side[0] | p->by_side[1];");
    line("  const fairy_bb enemy = p->by_side[!side];");
    line("  fairy_bb b;");
    line("  uint64_t count = 0;");
    line("  (void)skip_royal; (void)safe; (void)enemy;");
    for (size_t T = 0; T < M.Types.size(); ++T) {
      const PieceType &P = M.Types[T];
      line(P.Royal ? "  if (!skip_royal) {{" : "  {{");
      pieceDestinations(T);
      line("      {{");
      line("        const fairy_bb zone = fairy_mg_promotes[{}] ? "
           "fairy_mg_zone[side] : 0;",
           T);
      line("        const fairy_bb sure = (unsure & fairy_mg_bit(sq)) ? 0 : "
           "to & free;");
      line("        fairy_bb rest = to & ~sure;");
      line("        count += FAIRY_CAST(uint64_t, fairy_mg_popcount(sure & "
           "~zone) + fairy_mg_popcount(sure & zone) * "
           "FAIRY_MG_PROMOTION_MOVES);");
      line("        while (rest) {{");
      line("          const int t = fairy_mg_pop(&rest);");
      line("          if (fairy_mg_count_test(p, sq, t, safe))");
      line("            count += (zone & fairy_mg_bit(t)) ? "
           "FAIRY_MG_PROMOTION_MOVES : 1;");
      line("        }}");
      line("      }}");
      line("    }}");
      line("  }}");
    }
    line("  return count;");
    line("}}");
  }

  void pieceMoves() {
    // Written once, made twice: each side's copy has its lookups chosen
    // at compile time.
    line("static inline FAIRY_MG_ALWAYS_INLINE int fairy_mg_side_moves("
         "const fairy_position *p, fairy_move *list, int n, fairy_bb "
         "target, const fairy_mg_pins *pins, int skip_royal, const int "
         "side) {{");
    line("  const fairy_bb occ = p->by_side[0] | p->by_side[1];");
    line("  const fairy_bb enemy = p->by_side[!side];");
    line("  fairy_bb b;");
    line("  (void)skip_royal; (void)enemy;");
    for (size_t T = 0; T < M.Types.size(); ++T) {
      const PieceType &P = M.Types[T];
      if (P.Royal)
        line("  if (!skip_royal) {{");
      else
        line("  {{");
      pieceDestinations(T);
      if (P.hasLocust()) {
        line("      {{");
        line("        const int start = n;");
        line("        const fairy_mg_path *path = side ? fairy_mg_paths_{0}_1 "
             ": fairy_mg_paths_{0}_0;",
             T);
        line("        const unsigned *first = side ? fairy_mg_first_{0}_1 : "
             "fairy_mg_first_{0}_0;",
             T);
        line("        fairy_bb done = to;");
        line("        unsigned i;");
        line("        n = fairy_mg_add(list, n, sq, to, {}, side);", T);
        line("        for (i = first[sq]; i < first[sq + 1]; ++i) {{");
        line("          int taken, k, dest = fairy_mg_follow(&path[i], sq, "
             "p->by_side[side], enemy, &taken);");
        line("          fairy_move m;");
        line(
            "          if (dest < 0 || (!(target & fairy_mg_bit(dest)) && dest "
            "!= sq))");
        line("            continue;");
        line("          if (taken == FAIRY_NO_SQUARE) {{");
        line("            if (dest == sq || (done & fairy_mg_bit(dest)))");
        line("              continue;");
        line("            done |= fairy_mg_bit(dest);");
        line(
            "            n = fairy_mg_add(list, n, sq, fairy_mg_bit(dest), {}, "
            "side);",
            T);
        line("            continue;");
        line("          }}");
        line("          m = fairy_mg_make(sq, dest, -1, FAIRY_MOVE_LOCUST, "
             "taken);");
        line("          for (k = start; k < n && list[k] != m; ++k)");
        line("            ;");
        line("          if (k == n)");
        line("            list[n++] = m;");
        line("        }}");
        line("      }}");
      } else {
        line("      n = fairy_mg_add(list, n, sq, to, {}, side);", T);
      }
      line("    }}");
      line("  }}");
    }
    line("  return n;");
    line("}}");
    line("static int fairy_mg_piece_moves(const fairy_position *p, "
         "fairy_move *list, int n, fairy_bb target, const fairy_mg_pins "
         "*pins, int skip_royal) {{");
    line("  return p->side ? fairy_mg_side_moves(p, list, n, target, pins, "
         "skip_royal, 1)");
    line("                 : fairy_mg_side_moves(p, list, n, target, pins, "
         "skip_royal, 0);");
    line("}}");
    line("static int fairy_mg_en_passant(const fairy_position *p, fairy_move "
         "*list, int n) {{");
    line("  const int side = p->side;");
    line("  fairy_bb b;");
    line("  (void)b; (void)side; (void)list;");
    line("  if (!p->ep_squares || p->ep_victim == FAIRY_NO_SQUARE) return n;");
    for (size_t T = 0; T < M.Types.size(); ++T) {
      const PieceType &P = M.Types[T];
      if (P.EnPassant[0].empty() && P.EnPassant[1].empty())
        continue;
      line("  b = p->pieces[{}][side];", T);
      line("  while (b) {{");
      line("    int sq = fairy_mg_pop(&b);");
      line("    fairy_bb to = fairy_mg_ep_{}[side][sq] & p->ep_squares & "
           "~(p->by_side[0] | p->by_side[1]);",
           T);
      line("    while (to)");
      line("      list[n++] = fairy_mg_make(sq, fairy_mg_pop(&to), -1, "
           "FAIRY_MOVE_EN_PASSANT, 0);");
      line("  }}");
    }
    line("  return n;");
    line("}}");
    // The snipers of the fast path: the other side's riders on the
    // royal's lines, with its leapers' squares for check evasions.
    line("#if FAIRY_MG_FAST");
    line("static inline fairy_bb fairy_mg_snipers(const fairy_position *p, "
         "int ksq, int by) {{");
    line("  fairy_bb s = 0;");
    line("  (void)p; (void)ksq; (void)by;");
    for (size_t T = 0; T < M.Types.size(); ++T) {
      bool Any = false;
      for (int S = 0; S < 2; ++S)
        for (Bits B : M.Types[T].RiderFrom[S])
          Any |= B != 0;
      if (Any)
        line("  s |= fairy_mg_rider_from[{}][by][ksq] & p->pieces[{}][by];", T,
             T);
    }
    line("  return s;");
    line("}}");
    line("#endif");
  }

  std::string write() {
    // The tables' own comment begins the file; the overview after the
    // tables says what the generator adds.
    // The tables' first comment says what was generated from what; the
    // implementation of the generator defines the tables.
    size_t Title = M.Tables.find("*/\n");
    Title = Title == std::string::npos ? 0 : Title + 3;
    Out += M.Tables.substr(0, Title);
    line("#if defined(FAIRY_MOVEGEN_IMPLEMENTATION) && "
         "!defined(FAIRY_TABLES_IMPLEMENTATION)");
    line("#define FAIRY_TABLES_IMPLEMENTATION");
    line("#endif");
    Out += M.Tables.substr(Title);
    Out += MovegenOverview;
    declarations();
    line("#ifdef FAIRY_MOVEGEN_IMPLEMENTATION");
    line("#ifndef FAIRY_MOVEGEN_IMPLEMENTED");
    line("#define FAIRY_MOVEGEN_IMPLEMENTED");
    constants();
    Out += MovegenRuntimeBase;
    dispatch();
    attackers();
    if (!M.Fast)
      exposes();
    pieceMoves();
    Out += MovegenRuntimeCountTest;
    pieceCount();
    Out += MovegenRuntimeGenerate;
    line("#endif");
    line("#endif");
    return Out;
  }
};

} // namespace

std::string fairy::movegen::writeMovegen(const Model &M) {
  return Writer(M).write();
}
