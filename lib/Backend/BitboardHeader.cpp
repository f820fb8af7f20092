//===- BitboardHeader.cpp - The text of bitboard headers ------------------===//
//
// Writes tabulated parts as C: declarations and inline functions for every
// translation unit, table definitions for the one that defines
// FAIRY_TABLES_IMPLEMENTATION (as stb's single-file libraries do). A White
// and a Black piece of one family whose parts are looked up alike store
// each part as one array of two rows, White's then Black's, so that an
// engine indexes by side (t[side][sq]) instead of choosing between arrays:
// the perft of examples/perft gains 3 % from that alone.
//
//===----------------------------------------------------------------------===//
#include "BitboardTables.h"
#include "fairy/Support/Escape.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <set>

using namespace fairy;
using namespace fairy::bitboard;

namespace {

/// Where a part's tables are: an array of the piece's own, or one row of an
/// array of two (a family's White and Black).
struct Place {
  std::string Array; ///< fairy_pawn_leaps0, fairy_rook_part0
  std::string Row;   ///< "", or "[0]" / "[1]"
};

/// 0x<hex>ULL, as fmt's "0x{:x}ULL" writes it: the tables' millions of
/// literals are a good part of a header's time.
void hexLiteral(std::string &D, uint64_t V) {
  char Buf[16];
  char *End = Buf + sizeof Buf, *P = End;
  do {
    *--P = "0123456789abcdef"[V & 15];
    V >>= 4;
  } while (V);
  D += "0x";
  D.append(P, End);
  D += "ULL";
}

/// One set as a C constant: a plain literal, or FAIRY_BB(high, low) on
/// boards of more than 64 squares (C has no 128-bit literals).
void formatSet(std::string &D, Bits V, bool Wide) {
  if (Wide) {
    D += "FAIRY_BB(";
    hexLiteral(D, hi(V));
    D += ", ";
    hexLiteral(D, lo(V));
    D += ")";
  } else {
    hexLiteral(D, lo(V));
  }
}

/// The functions' terms for the parts of one piece (or one family).
struct Terms {
  std::vector<std::string> Attacks, Quiets, Captures;
  /// Whether a part needs same_type, the pieces of the mover's type.
  bool SameType = false;

  /// A part of kind \p K (not Mixed) whose stored set is the expression S.
  void add(Kind K, const std::string &S) {
    switch (K) {
    case Kind::Plain:
      Attacks.push_back(S);
      Quiets.push_back("(" + S + " & ~occupied)");
      Captures.push_back("(" + S + " & occupied)");
      break;
    case Kind::QuietOnly:
      Attacks.push_back("(" + S + " & ~occupied)");
      Quiets.push_back("(" + S + " & ~occupied)");
      break;
    case Kind::CaptureOnly:
      Attacks.push_back("(" + S + " & occupied)");
      Captures.push_back("(" + S + " & occupied)");
      break;
    case Kind::Mixed:
      break;
    }
  }
};

class HeaderWriter {
public:
  HeaderWriter(const std::vector<TabulatedPiece> &Pieces, const Board &B,
               BitboardIndex Index);
  std::string write(const std::string &Comment, const BitboardRules &Rules);

private:
  const std::vector<TabulatedPiece> &Pieces;
  const Board &B;
  BitboardIndex Index;
  bool Wide;
  unsigned SetBytes;
  /// Per piece: its family's other piece and whether their parts are
  /// stored as rows of one array.
  std::vector<std::optional<size_t>> Partner;
  std::vector<bool> Paired;
  std::vector<std::vector<Place>> Places;
  std::vector<size_t> Entries, Bytes;
  /// Leaper arrays written so far, by contents: equal ones are one array
  /// (the unmoved pawn's step is the pawn's).
  std::vector<std::pair<std::vector<Bits>, Place>> Leaps;
  std::string Body, Definitions;

  std::string name(size_t P) const { return Pieces[P].Piece->Name; }
  std::string family(size_t P) const { return Pieces[P].Piece->Family; }
  static bool alike(const TabulatedPiece &A, const TabulatedPiece &B);
  void findPartners();
  void tables(size_t P);
  void functions(size_t P);
  void ownTables(size_t P, size_t I);
  void pairTables(size_t White, size_t Black, size_t I);
  void leaps(const std::vector<size_t> &Rows, size_t I, const std::string &Id);
  void blockers(const std::vector<size_t> &Rows, size_t I,
                const std::string &Id);
  void magics(const std::vector<size_t> &Rows, size_t I, const std::string &Id);
  void declare(const std::string &Type, const std::string &Id, size_t Rows,
               size_t N);
  void addTerms(const PartTables &T, const Place &Pl, const std::string &Row,
                Terms &Out) const;
  void functions(const std::string &Name, bool BySide, const Terms &T);
  void familyFunctions(size_t White, size_t Black);
  std::string common() const;
  /// Whether piece \p P's functions take same_type.
  bool sameType(size_t P) const {
    for (const PartTables &T : Pieces[P].Tables)
      if (T.SameType)
        return true;
    return false;
  }
  const char *entryFunction() const {
    return Index == BitboardIndex::Pext ? "fairy_pext_entry"
                                        : "fairy_magic_entry";
  }
  /// The set at \p Entry, a pointer a magic lookup returned.
  std::string set(const std::string &Entry) const {
    return Wide ? "fairy_set(" + Entry + ")" : "*" + Entry;
  }
  std::string bySide(const std::string &Name, const SquareSet &White,
                     const SquareSet &Black) const;
  void rules(const BitboardRules &Rules);
  void pieceApi(const BitboardRules &Rules);
};

HeaderWriter::HeaderWriter(const std::vector<TabulatedPiece> &Pieces,
                           const Board &B, BitboardIndex Index)
    : Pieces(Pieces), B(B), Index(Index), Wide(B.numSquares() > 64),
      SetBytes(Wide ? 16 : 8), Partner(Pieces.size()),
      Paired(Pieces.size(), false), Places(Pieces.size()),
      Entries(Pieces.size(), 0), Bytes(Pieces.size(), 0) {
  for (size_t P = 0; P < Pieces.size(); ++P)
    Places[P].resize(Pieces[P].Tables.size());
  findPartners();
}

/// Whether two pieces' parts are looked up alike, part by part, so that
/// each can be one array of two rows.
bool HeaderWriter::alike(const TabulatedPiece &A, const TabulatedPiece &B) {
  if (A.Tables.size() != B.Tables.size())
    return false;
  for (size_t I = 0; I < A.Tables.size(); ++I) {
    const PartTables &X = A.Tables[I], &Y = B.Tables[I];
    if (X.How != Y.How || X.K != Y.K || X.How == Lookup::Shared ||
        X.SameType != Y.SameType)
      return false;
    // Masks over one table: the masks are the two rows.
    if (X.How == Lookup::Subset &&
        (X.SharedPiece != Y.SharedPiece || X.SharedPart != Y.SharedPart))
      return false;
  }
  return true;
}

/// A family is one White and one Black piece, named so that no piece's
/// functions or arrays have its name.
void HeaderWriter::findPartners() {
  std::map<std::string, std::vector<size_t>> Members;
  for (size_t P = 0; P < Pieces.size(); ++P)
    if (!family(P).empty())
      Members[family(P)].push_back(P);
  for (const auto &Member : Members) {
    // (clang 14 cannot capture structured bindings in lambdas)
    const std::string &Family = Member.first;
    const std::vector<size_t> &M = Member.second;
    bool Clash = std::any_of(Pieces.begin(), Pieces.end(), [&](const auto &T) {
      return T.Piece->Name == Family;
    });
    if (Clash || M.size() != 2 ||
        Pieces[M[0]].Piece->Side == Pieces[M[1]].Piece->Side)
      continue;
    Partner[M[0]] = M[1];
    Partner[M[1]] = M[0];
    Paired[M[0]] = Paired[M[1]] = alike(Pieces[M[0]], Pieces[M[1]]);
  }
}

void HeaderWriter::declare(const std::string &Type, const std::string &Id,
                           size_t Rows, size_t N) {
  std::string Dims =
      Rows == 1 ? fmt::format("[{}]", N) : fmt::format("[{}][{}]", Rows, N);
  Body += fmt::format("extern const {} {}{};\n", Type, Id, Dims);
  Definitions += fmt::format("const {} {}{} = {{", Type, Id, Dims);
}

/// A leaper part of the pieces \p Rows (one, or a family's White and
/// Black): one set per square.
void HeaderWriter::leaps(const std::vector<size_t> &Rows, size_t I,
                         const std::string &Id) {
  std::vector<std::vector<Bits>> Sets;
  std::vector<Bits> All;
  for (size_t P : Rows) {
    const PartTables &T = Pieces[P].Tables[I];
    Sets.emplace_back();
    for (const Entry &En : T.Squares)
      Sets.back().push_back(stored(En, 0, T.K));
    All.insert(All.end(), Sets.back().begin(), Sets.back().end());
  }
  // Equal arrays are one: the pair of rows if both match, else each row.
  auto Find = [&](const std::vector<Bits> &S) {
    return std::find_if(Leaps.begin(), Leaps.end(),
                        [&](const auto &L) { return L.first == S; });
  };
  if (Rows.size() == 2 && Find(All) != Leaps.end()) {
    const Place &Pair = Find(All)->second;
    Places[Rows[0]][I] = {Pair.Array, "[0]"};
    Places[Rows[1]][I] = {Pair.Array, "[1]"};
    return;
  }
  if (Rows.size() == 1 && Find(All) != Leaps.end()) {
    Places[Rows[0]][I] = Find(All)->second;
    return;
  }
  declare("fairy_bb", Id, Rows.size(), B.numSquares());
  for (size_t R = 0; R < Rows.size(); ++R) {
    Definitions += Rows.size() == 1 ? "" : R ? " {" : "\n {";
    for (size_t S = 0; S < Sets[R].size(); ++S) {
      Definitions += S % 4 ? " " : "\n  ";
      formatSet(Definitions, Sets[R][S], Wide);
      Definitions += ",";
    }
    Definitions += Rows.size() == 1 ? "" : "\n },";
    std::string Row = Rows.size() == 1 ? "" : fmt::format("[{}]", R);
    Places[Rows[R]][I] = {Id, Row};
    Leaps.push_back({Sets[R], Places[Rows[R]][I]});
    Entries[Rows[R]] += Sets[R].size();
    Bytes[Rows[R]] += Sets[R].size() * SetBytes;
  }
  Definitions += "\n};\n";
  if (Rows.size() == 2)
    Leaps.push_back({All, {Id, ""}});
}

/// A one-blocker part: per square {mask, free, blocked}.
void HeaderWriter::blockers(const std::vector<size_t> &Rows, size_t I,
                            const std::string &Id) {
  declare("fairy_blocker", Id, Rows.size(), B.numSquares());
  for (size_t R = 0; R < Rows.size(); ++R) {
    const PartTables &T = Pieces[Rows[R]].Tables[I];
    Definitions += Rows.size() == 1 ? "" : R ? " {" : "\n {";
    for (size_t S = 0; S < T.Squares.size(); ++S) {
      const Entry &En = T.Squares[S];
      Definitions += S % 2 ? " {" : "\n  {";
      formatSet(Definitions, En.Mask, Wide);
      Definitions += ", ";
      formatSet(Definitions, stored(En, 0, T.K), Wide);
      Definitions += ", ";
      formatSet(Definitions, stored(En, En.Mask ? 1 : 0, T.K), Wide);
      Definitions += "},";
    }
    Definitions += Rows.size() == 1 ? "" : "\n },";
    Places[Rows[R]][I] = {Id, Rows.size() == 1 ? "" : fmt::format("[{}]", R)};
    Entries[Rows[R]] += T.Squares.size();
    Bytes[Rows[R]] += T.Squares.size() * 3 * SetBytes;
  }
  Definitions += "\n};\n";
}

/// A magic part: the sets of every square and row in one array, and per
/// square a fairy_magic struct {mask, multiplier(s), pointer to the
/// square's sets, shift}.
void HeaderWriter::magics(const std::vector<size_t> &Rows, size_t I,
                          const std::string &Id) {
  Kind Kd = Pieces[Rows[0]].Tables[I].K;
  std::vector<Bits> Set, Quiet, Capture, Hurdle;
  std::vector<std::string> Structs;
  bool SameType = Pieces[Rows[0]].Tables[I].SameType;
  for (size_t R = 0; R < Rows.size(); ++R) {
    const PartTables &T = Pieces[Rows[R]].Tables[I];
    size_t First = Set.size();
    for (const Entry &En : T.Squares) {
      std::string S = "{";
      formatSet(S, En.Mask, Wide);
      S += Wide ? fmt::format(", 0x{:x}ULL, 0x{:x}ULL", En.MagicLo, En.MagicHi)
                : fmt::format(", 0x{:x}ULL", En.MagicLo);
      S += fmt::format(", {}_set + {}, {}}},", Id, Set.size() * (Wide ? 2 : 1),
                       En.Shift);
      Structs.push_back(std::move(S));
      for (size_t K = 0; K < En.All.size(); ++K) {
        Set.push_back(stored(En, K, Kd));
        if (SameType)
          Hurdle.push_back(En.Hurdle[K]);
        if (Kd == Kind::Mixed) {
          Quiet.push_back(En.Quiet[K]);
          Capture.push_back(En.Capture[K]);
        }
      }
    }
    size_t Own = Set.size() - First;
    Places[Rows[R]][I] = {Id, Rows.size() == 1 ? "" : fmt::format("[{}]", R)};
    Entries[Rows[R]] += Own;
    // A fairy_magic is 32 bytes (48 with 128-bit sets).
    Bytes[Rows[R]] += Own * SetBytes * (Kd == Kind::Mixed ? 3 : 1) +
                      T.Squares.size() * (Wide ? 48 : 32);
  }
  // The sets first: the structs point into them.
  auto Sets = [&](const std::string &Suffix, const std::vector<Bits> &V) {
    declare(Wide ? "uint64_t" : "fairy_bb", Id + Suffix, 1,
            V.size() * (Wide ? 2 : 1));
    for (size_t K = 0; K < V.size(); ++K) {
      Definitions += K % 4 ? " " : "\n  ";
      if (Wide) {
        hexLiteral(Definitions, lo(V[K]));
        Definitions += ", ";
        hexLiteral(Definitions, hi(V[K]));
      } else {
        formatSet(Definitions, V[K], Wide);
      }
      Definitions += ",";
    }
    Definitions += "\n};\n";
  };
  Sets("_set", Set);
  if (SameType)
    Sets("_hurdle", Hurdle);
  if (Kd == Kind::Mixed) {
    Sets("_quiet", Quiet);
    Sets("_capture", Capture);
  }
  declare("fairy_magic", Id + "_magics", Rows.size(), B.numSquares());
  size_t N = B.numSquares();
  for (size_t K = 0; K < Structs.size(); ++K) {
    if (Rows.size() == 2 && K % N == 0)
      Definitions += K ? "\n }, {" : "\n {";
    Definitions += (K % N) % 2 ? " " : "\n  ";
    Definitions += Structs[K];
  }
  Definitions += Rows.size() == 2 ? "\n }\n};\n" : "\n};\n";
}

void HeaderWriter::ownTables(size_t P, size_t I) {
  const PartTables &T = Pieces[P].Tables[I];
  std::string Id = fmt::format("fairy_{}_", name(P));
  switch (T.How) {
  case Lookup::Leaper:
    return leaps({P}, I, Id + fmt::format("leaps{}", I));
  case Lookup::OneBlocker:
    return blockers({P}, I, Id + fmt::format("blockers{}", I));
  case Lookup::Magic:
    return magics({P}, I, Id + fmt::format("part{}", I));
  case Lookup::Shared:
    Places[P][I] = Places[T.SharedPiece][T.SharedPart];
    return;
  case Lookup::Subset:
    return leaps({P}, I, Id + fmt::format("rays{}", I));
  }
}

void HeaderWriter::pairTables(size_t White, size_t Black, size_t I) {
  std::string Id = fmt::format("fairy_{}_", family(White));
  switch (Pieces[White].Tables[I].How) {
  case Lookup::Leaper:
    return leaps({White, Black}, I, Id + fmt::format("leaps{}", I));
  case Lookup::OneBlocker:
    return blockers({White, Black}, I, Id + fmt::format("blockers{}", I));
  case Lookup::Magic:
    return magics({White, Black}, I, Id + fmt::format("part{}", I));
  case Lookup::Subset:
    return leaps({White, Black}, I, Id + fmt::format("rays{}", I));
  case Lookup::Shared:
    return; // not alike: never paired
  }
}

/// The terms of part \p T stored at \p Pl, looked up in row \p Row.
void HeaderWriter::addTerms(const PartTables &T, const Place &Pl,
                            const std::string &Row, Terms &Out) const {
  switch (T.How) {
  case Lookup::Leaper:
    return Out.add(T.K, Pl.Array + Row + "[sq]");
  case Lookup::OneBlocker:
    return Out.add(T.K, "fairy_blocked(&" + Pl.Array + Row + "[sq], occupied)");
  case Lookup::Subset: {
    // The wider part's set, masked by this part's squares.
    const Place &Wider = Places[T.SharedPiece][T.SharedPart];
    return Out.add(T.K, fmt::format("({} & {}{}[sq])",
                                    set(fmt::format("{}(&{}_magics{}[sq], "
                                                    "occupied)",
                                                    entryFunction(),
                                                    Wider.Array, Wider.Row)),
                                    Pl.Array, Row));
  }
  case Lookup::Magic:
  case Lookup::Shared:
    break;
  }
  std::string Found = fmt::format("{}(&{}_magics{}[sq], occupied)",
                                  entryFunction(), Pl.Array, Row);
  if (T.SameType) {
    // The hurdle is at the same index as the set.
    std::string Hurdle =
        Wide ? fmt::format("fairy_set({0}_hurdle + ({1} - {0}_set))", Pl.Array,
                           Found)
             : fmt::format("{0}_hurdle[{1} - {0}_set]", Pl.Array, Found);
    Out.SameType = true;
    return Out.add(T.K, fmt::format("(({} & same_type) ? FAIRY_CAST(fairy_bb, "
                                    "0) : ({} & ~same_type))",
                                    Hurdle, set(Found)));
  }
  if (T.K != Kind::Mixed)
    return Out.add(T.K, set(Found));
  // The quiet and capture sets are at the same index as the attacks.
  Out.Attacks.push_back(set(Found));
  Out.Quiets.push_back(
      Wide ? fmt::format("fairy_set({0}_quiet + ({1} - {0}_set))", Pl.Array,
                         Found)
           : fmt::format("{0}_quiet[{1} - {0}_set]", Pl.Array, Found));
  Out.Captures.push_back(
      Wide ? fmt::format("fairy_set({0}_capture + ({1} - {0}_set))", Pl.Array,
                         Found)
           : fmt::format("{0}_capture[{1} - {0}_set]", Pl.Array, Found));
}

std::string join(const std::vector<std::string> &Terms) {
  if (Terms.empty())
    return "FAIRY_CAST(fairy_bb, 0)";
  std::string J;
  for (size_t I = 0; I < Terms.size(); ++I)
    J += (I ? "\n      | " : "") + Terms[I];
  return J;
}

/// fairy_attacks_, fairy_quiets_ and fairy_captures_ of \p Name.
void HeaderWriter::functions(const std::string &Name, bool BySide,
                             const Terms &T) {
  std::string Params = BySide ? "int side, int sq, fairy_bb occupied"
                              : "int sq, fairy_bb occupied";
  // A part may not need them all (a knight ignores the occupancy).
  std::string Unused = BySide
                           ? "  (void)side;\n  (void)sq;\n  (void)occupied;\n"
                           : "  (void)sq;\n  (void)occupied;\n";
  // A janggi cannon's moves depend on where the pieces of its type stand.
  if (T.SameType) {
    Params += ", fairy_bb same_type";
    Unused += "  (void)same_type;\n";
  }
  for (auto [Fn, List] :
       {std::pair<const char *, const std::vector<std::string> *>{"attacks",
                                                                  &T.Attacks},
        {"quiets", &T.Quiets},
        {"captures", &T.Captures}})
    Body += fmt::format(
        "static inline fairy_bb fairy_{}_{}({}) {{\n{}  return {};\n}}\n", Fn,
        Name, Params, Unused, join(*List));
}

/// The family's functions taking the side (0 White, 1 Black): a row of
/// each part's array, or a choice between the two pieces' functions when
/// their parts are not alike.
void HeaderWriter::familyFunctions(size_t White, size_t Black) {
  if (Paired[White]) {
    Terms T;
    for (size_t I = 0; I < Pieces[White].Tables.size(); ++I)
      addTerms(Pieces[White].Tables[I], Places[White][I], "[side]", T);
    functions(family(White), true, T);
    return;
  }
  bool Same = sameType(White) || sameType(Black);
  auto Args = [&](size_t P) {
    return sameType(P) ? "sq, occupied, same_type" : "sq, occupied";
  };
  for (const char *Fn : {"attacks", "quiets", "captures"})
    Body += fmt::format(
        "static inline fairy_bb fairy_{0}_{1}({2}) {{\n{5}"
        "  return side ? fairy_{0}_{3}({6})\n"
        "              : fairy_{0}_{4}({7});\n}}\n",
        Fn, family(White),
        Same ? "int side, int sq, fairy_bb occupied, fairy_bb same_type"
             : "int side, int sq, fairy_bb occupied",
        name(Black), name(White), Same ? "  (void)same_type;\n" : "",
        Args(Black), Args(White));
}

void HeaderWriter::tables(size_t P) {
  const TabulatedPiece &TP = Pieces[P];
  bool White = TP.Piece->Side == Color::White;
  if (Paired[P] && *Partner[P] > P) {
    for (size_t I = 0; I < TP.Tables.size(); ++I)
      pairTables(White ? P : *Partner[P], White ? *Partner[P] : P, I);
  } else if (!Paired[P]) {
    for (size_t I = 0; I < TP.Tables.size(); ++I)
      ownTables(P, I);
  }
}

void HeaderWriter::functions(size_t P) {
  const TabulatedPiece &TP = Pieces[P];
  bool White = TP.Piece->Side == Color::White;
  Terms T;
  for (size_t I = 0; I < TP.Tables.size(); ++I)
    addTerms(TP.Tables[I], Places[P][I], Places[P][I].Row, T);
  functions(name(P), false, T);
  if (Partner[P] && *Partner[P] < P)
    familyFunctions(White ? P : *Partner[P], White ? *Partner[P] : P);
  Body += "\n";
}

/// What every header has once per translation unit: the set type, the
/// lookup structs and their functions.
std::string HeaderWriter::common() const {
  // C++ warns of C casts (-Wold-style-cast); C has no other.
  std::string Cast = "#ifdef __cplusplus\n"
                     "#define FAIRY_CAST(T, x) static_cast<T>(x)\n"
                     "#else\n"
                     "#define FAIRY_CAST(T, x) ((T)(x))\n"
                     "#endif\n";
  std::string Blocker =
      "/* A part whose moves depend on one square at most. */\n"
      "typedef struct {\n"
      "  fairy_bb mask, free, blocked;\n"
      "} fairy_blocker;\n"
      "static inline fairy_bb fairy_blocked(const fairy_blocker *b,\n"
      "                                     fairy_bb occupied) {\n"
      "  return (occupied & b->mask) ? b->blocked : b->free;\n"
      "}\n";
  // Stockfish's layout: mask, multiplier, pointer and shift of a lookup
  // share a cache line, and the pointer saves adding an offset.
  std::string Types =
      Wide ? "__extension__ typedef unsigned __int128 fairy_bb;\n"
             "#define FAIRY_BB(hi, lo) \\\n"
             "  ((FAIRY_CAST(fairy_bb, hi) << 64) | FAIRY_CAST(fairy_bb, lo))\n"
             "/* One square's magic lookup. The table index of a relevant\n"
             " * occupancy: each half times its own multiplier, combined. */\n"
             "typedef struct {\n"
             "  fairy_bb mask;\n"
             "  uint64_t lo, hi;\n"
           : "typedef uint64_t fairy_bb;\n"
             "/* One square's magic lookup, laid out as Stockfish's. */\n"
             "typedef struct {\n"
             "  fairy_bb mask, magic;\n";
  // On boards of more than 64 squares the sets of magic tables are pairs
  // of uint64_t (low half first): plain literals compile as fast per byte
  // as a 64-square header's, where FAIRY_BB expressions took three times
  // as long and as much memory in g++ -O2.
  Types += Wide ? "  const uint64_t *attacks; /* sets: low half, high half */\n"
                : "  const fairy_bb *attacks;\n";
  Types += "  unsigned shift;\n"
           "} fairy_magic;\n";
  Types += Wide ? "static inline const uint64_t *fairy_magic_entry(const "
                  "fairy_magic *m,\n"
                  "                                                "
                  "fairy_bb occupied) {\n"
                  "  fairy_bb occ = occupied & m->mask;\n"
                  "  return m->attacks + 2 * ((FAIRY_CAST(uint64_t, occ) * "
                  "m->lo ^\n"
                  "                            FAIRY_CAST(uint64_t, occ >> 64) "
                  "* m->hi) >>\n"
                  "                           m->shift);\n"
                  "}\n"
                  "/* The set a magic lookup found. */\n"
                  "static inline fairy_bb fairy_set(const uint64_t *s) {\n"
                  "  return FAIRY_BB(s[1], s[0]);\n"
                  "}\n"
                : "static inline const fairy_bb *fairy_magic_entry(const "
                  "fairy_magic *m,\n"
                  "                                                "
                  "fairy_bb occupied) {\n"
                  "  return m->attacks + (((occupied & m->mask) * m->magic) >> "
                  "m->shift);\n"
                  "}\n";
  // Once per translation unit; headers of the two widths define fairy_bb
  // differently and must not meet.
  const char *Common = Wide ? "2" : "1";
  std::string Out = std::string("#ifndef FAIRY_BITBOARD_COMMON\n"
                                "#define FAIRY_BITBOARD_COMMON ") +
                    Common + "\n#include <stdint.h>\n" + Cast + Types +
                    Blocker + "#elif FAIRY_BITBOARD_COMMON != " + Common +
                    "\n#error \"bitboard headers for boards of up to 64 "
                    "squares and of more cannot be mixed\"\n#endif\n\n";
  if (Index == BitboardIndex::Pext)
    Out +=
        "#ifndef __BMI2__\n#error \"this header indexes its tables with "
        "PEXT: compile for a BMI2 CPU (-mbmi2 or -march=native), or "
        "generate it with --bitboard-index=magic\"\n#endif\n"
        "#include <immintrin.h>\n"
        "#ifndef FAIRY_BITBOARD_PEXT\n#define FAIRY_BITBOARD_PEXT\n"
        "/* The magic struct's mask picks the index bits; no multiplier. */\n"
        "static inline const fairy_bb *fairy_pext_entry(const fairy_magic "
        "*m,\n"
        "                                               fairy_bb occupied) "
        "{\n"
        "  return m->attacks + _pext_u64(occupied, m->mask);\n"
        "}\n#endif\n\n";
  return Out;
}

/// fairy_<Name>(side): White's set or Black's, folded by the compiler
/// where the side is known.
std::string HeaderWriter::bySide(const std::string &Name,
                                 const SquareSet &White,
                                 const SquareSet &Black) const {
  auto Set = [&](const SquareSet &S) {
    std::string Out;
    Bits V = 0;
    for (unsigned W = 0; W < std::min<size_t>(S.numWords(), 2); ++W)
      V |= Bits(S.word(W)) << (64 * W);
    formatSet(Out, V, Wide);
    return Out;
  };
  return fmt::format("static inline fairy_bb fairy_{}(int side) {{\n"
                     "  return side ? {} : {};\n}}\n",
                     Name, Set(Black), Set(White));
}

/// The rules of the game the piece file states: where each piece starts,
/// where pawns promote.
void HeaderWriter::rules(const BitboardRules &Rules) {
  if (!Rules.Start.empty())
    Body += "/* The start position: the squares each piece stands on, by "
            "side\n * (0 White, 1 Black). */\n";
  for (const auto &[Name, Squares] : Rules.Start)
    Body += bySide("start_" + Name, Squares[0], Squares[1]);
  if (Rules.Promotion) {
    Body += "/* The promotion zone of each side. */\n";
    Body +=
        bySide("promotion_zone", (*Rules.Promotion)[0], (*Rules.Promotion)[1]);
  }
  if (!Rules.Start.empty() || Rules.Promotion)
    Body += "\n";
}

/// A char constant: the letter itself when it is a letter or a digit,
/// else its value.
std::string charConstant(char C) {
  if (std::isalnum((unsigned char)C))
    return std::string("'") + C + "'";
  return std::to_string((int)C);
}

/// FAIRY_PIECE_<IDENTIFIER> of each piece: the identifier upper-cased,
/// followed by _<index> where that would be FAIRY_PIECE_COUNT or another
/// piece's (rook and Rook).
std::vector<std::string>
pieceMacros(const std::vector<BitboardPieceInfo> &Infos) {
  std::vector<std::string> Macros;
  std::set<std::string> Taken = {"FAIRY_PIECE_COUNT"};
  for (size_t I = 0; I < Infos.size(); ++I) {
    std::string M = "FAIRY_PIECE_" + Infos[I].Identifier;
    for (char &C : M)
      C = (char)std::toupper((unsigned char)C);
    if (Taken.count(M))
      M += "_" + std::to_string(I);
    Taken.insert(M);
    Macros.push_back(M);
  }
  return Macros;
}

/// The pieces of a piece set by index: their table, and the functions of
/// a piece given by its index (a switch over the pieces' own functions),
/// with what pieces promote to when the file states it.
void HeaderWriter::pieceApi(const BitboardRules &Rules) {
  const std::vector<BitboardPieceInfo> &Infos = Rules.Pieces;
  if (Infos.empty())
    return;
  std::vector<std::string> Macro = pieceMacros(Infos);
  // fairy_attacks_initial, unless a piece (or family) of the header is
  // called initial: then initial_, and so on.
  std::string Initial = "initial";
  auto Taken = [&](const std::string &Name) {
    for (size_t P = 0; P < Pieces.size(); ++P)
      if (name(P) == Name || family(P) == Name)
        return true;
    return false;
  };
  while (Taken(Initial))
    Initial += "_";
  Body += "/* The pieces of the header by index, in the set's order:\n"
          " *   FAIRY_PIECE_<P>, fairy_pieces[i], and fairy_attacks(piece, "
          "side, sq,\n"
          " *   occupied), fairy_quiets, fairy_captures: the functions of "
          "the piece\n"
          " *   of that index, side 0 White, 1 Black; 0 for an unknown "
          "index.\n"
          " * fairy_attacks_" +
          Initial +
          " (quiets, captures): those of a piece that has not\n"
          " *   moved, the same as fairy_attacks for a piece without "
          "initial moves. */\n";
  Body += fmt::format("#define FAIRY_PIECE_COUNT {}\n", Infos.size());
  for (size_t I = 0; I < Infos.size(); ++I)
    Body += fmt::format("#define {} {}\n", Macro[I], I);
  Body += "typedef struct {\n"
          "  char letter;            /* White's; Black's is its lower case "
          "*/\n"
          "  const char *name;       /* as the piece file writes it */\n"
          "  const char *identifier; /* its C identifier */\n"
          "  int royal;\n"
          "  int side_specific;      /* White's and Black's moves differ */\n"
          "} fairy_piece_info;\n"
          "static const fairy_piece_info fairy_pieces[FAIRY_PIECE_COUNT] = "
          "{\n";
  for (const BitboardPieceInfo &P : Infos)
    Body += fmt::format("  {{{}, {}, {}, {}, {}}},\n", charConstant(P.Letter),
                        cStringLiteral(P.Name), cStringLiteral(P.Identifier),
                        P.Royal ? 1 : 0, P.SideSpecific ? 1 : 0);
  Body += "};\n";
  // Functions taking same_type (a janggi cannon's) make the lookups by
  // index take it too: the pieces of the type looked up.
  auto Same = [&](const std::string &Name) {
    for (size_t P = 0; P < Pieces.size(); ++P)
      if ((name(P) == Name || family(P) == Name) && sameType(P))
        return true;
    return false;
  };
  bool AnySame = false;
  for (size_t P = 0; P < Pieces.size(); ++P)
    AnySame |= sameType(P);
  if (AnySame)
    Body += "/* same_type: the pieces (of either side) of the type looked "
            "up. */\n";
  for (bool Unmoved : {false, true})
    for (const char *Fn : {"attacks", "quiets", "captures"}) {
      Body += fmt::format("static inline fairy_bb fairy_{}{}(int piece, int "
                          "side, int sq, fairy_bb occupied{}) {{\n"
                          "  (void)side;\n  (void)sq;\n  (void)occupied;\n{}"
                          "  switch (piece) {{\n",
                          Fn, Unmoved ? "_" + Initial : "",
                          AnySame ? ", fairy_bb same_type" : "",
                          AnySame ? "  (void)same_type;\n" : "");
      for (size_t I = 0; I < Infos.size(); ++I) {
        const BitboardPieceInfo &P = Infos[I];
        const std::array<std::string, 2> &Of = Unmoved ? P.Initial : P.Moves;
        auto Call = [&](const std::string &Name) {
          return Name.empty()
                     ? std::string("FAIRY_CAST(fairy_bb, 0)")
                     : fmt::format("fairy_{}_{}(sq, occupied{})", Fn, Name,
                                   Same(Name) ? ", same_type" : "");
        };
        Body += fmt::format("  case {}:\n", Macro[I]);
        if (Of[0] == Of[1])
          Body += fmt::format("    return {};\n", Call(Of[0]));
        else
          Body += fmt::format("    return side ? {}\n                : {};\n",
                              Call(Of[1]), Call(Of[0]));
      }
      Body += "  default:\n    return FAIRY_CAST(fairy_bb, 0);\n  }\n}\n";
    }
  if (Rules.PromotionTypes) {
    Body += "/* What pieces promote to (`promote ... to ...`), -1 "
            "terminated, and\n"
            " * whether a piece promotes in fairy_promotion_zone. */\n"
            "static const int fairy_promotion_types[] = {";
    for (int I : *Rules.PromotionTypes)
      Body += Macro[I] + ", ";
    Body += "-1};\n"
            "static inline int fairy_promotes(int piece) {\n"
            "  switch (piece) {\n";
    for (size_t I = 0; I < Infos.size(); ++I)
      if (Infos[I].Promotes)
        Body += fmt::format("  case {}:\n", Macro[I]);
    if (std::any_of(Infos.begin(), Infos.end(),
                    [](const BitboardPieceInfo &P) { return P.Promotes; }))
      Body += "    return 1;\n";
    Body += "  default:\n    return 0;\n  }\n}\n";
  }
  Body += "\n";
}

std::string HeaderWriter::write(const std::string &Comment,
                                const BitboardRules &Rules) {
  // Every table first: a part may look up a later piece's (a lance
  // masks the rook's).
  for (size_t P = 0; P < Pieces.size(); ++P)
    tables(P);
  Body += "\n";
  for (size_t P = 0; P < Pieces.size(); ++P)
    functions(P);
  rules(Rules);
  pieceApi(Rules);
  std::string Sizes;
  size_t Total = 0;
  for (size_t P = 0; P < Pieces.size(); ++P) {
    Total += Bytes[P];
    Sizes +=
        fmt::format(" *   {}: {} part(s), {} table entries, {} bytes\n",
                    name(P), Pieces[P].Tables.size(), Entries[P], Bytes[P]);
  }
  std::string Families;
  for (size_t P = 0; P < Pieces.size(); ++P)
    if (Partner[P] && *Partner[P] > P)
      Families += " " + family(P);
  std::string Out = "/* " + escapeForCComment(Comment) + " */\n";
  Out += fmt::format(
      "/* Squares are bits of fairy_bb ({}): file + {} * (rank + {} * "
      "level),\n"
      " *   a1 = bit 0.\n"
      " * fairy_attacks_<p>(sq, occupied): every destination of the piece on\n"
      " *   sq when `occupied` holds all pieces; occupied squares count as\n"
      " *   capturable, so mask captures with the opponent's pieces.\n"
      " * fairy_quiets_<p>, fairy_captures_<p>: the destinations of moves "
      "that\n"
      " *   capture nothing, and of capturing moves.\n{}"
      " * Define FAIRY_TABLES_IMPLEMENTATION before including this header in\n"
      " *   exactly one translation unit: the tables are defined there.\n"
      " * Table sizes:\n{} *   total: {} bytes */\n",
      Wide ? "unsigned __int128; FAIRY_BB(high, low) builds one" : "uint64_t",
      B.width(), B.height(),
      Families.empty()
          ? ""
          : " * The same three taking the side first (0 White, 1 Black),\n"
            " *   fairy_attacks_<f>(side, sq, occupied), for the families:" +
                Families + ".\n",
      Sizes, Total);
  // The common part once per translation unit, each piece once: several
  // generated headers can be included together.
  std::string Guard = "FAIRY_BITBOARD";
  for (const TabulatedPiece &TP : Pieces)
    Guard += "_" + TP.Piece->Name;
  for (char &C : Guard)
    C = std::toupper((unsigned char)C);
  Out += "#ifndef " + Guard + "_H\n#define " + Guard + "_H\n\n" + common();
  return Out + Body + "#endif\n\n#ifdef FAIRY_TABLES_IMPLEMENTATION\n" +
         "#ifndef " + Guard + "_TABLES\n#define " + Guard + "_TABLES\n" +
         Definitions + "#endif\n#endif\n";
}

} // namespace

std::string
fairy::bitboard::writeHeader(const std::vector<TabulatedPiece> &Pieces,
                             const Board &B, const std::string &Comment,
                             BitboardIndex Index, const BitboardRules &Rules) {
  return HeaderWriter(Pieces, B, Index).write(Comment, Rules);
}
