//===- BetzaIdioms.cpp - Betza as people write it
//---------------------------===//
//
// The Betza writer builds a string from the moveset's shapes: correct, but
// not what people write -- a queen comes out BR, a king FW, a nightrider
// N0. This rewrites the string token by token (modifiers, an atom, a range)
// into the conventional spelling; irToBetza reads the result back and keeps
// it only if it means the same moves.
//
//===----------------------------------------------------------------------===//
#include "fairy/Notation/BetzaWriter.h"

#include <algorithm>
#include <cctype>
#include <vector>

using namespace fairy;

namespace {

struct Token {
  std::string Mods; ///< lower-case modifiers, in the writer's order
  char Atom;
  std::string Range; ///< digits; "0" for an unlimited rider
};

bool isRange(const std::string &R) {
  return !R.empty() && R != "0" && R != "1";
}

/// The atoms in the order people list them: the compound pieces, the
/// riders, the steps, then the leapers by distance.
int rank(char Atom) {
  static const std::string Order = "KQRBWFNADCZHG";
  size_t At = Order.find(Atom);
  return At == std::string::npos ? int(Order.size()) + Atom : int(At);
}

std::optional<std::vector<Token>> tokens(const std::string &Betza) {
  std::vector<Token> Out;
  size_t I = 0;
  while (I < Betza.size()) {
    Token T;
    while (I < Betza.size() && std::islower((unsigned char)Betza[I]))
      T.Mods += Betza[I++];
    if (I == Betza.size() || !std::isupper((unsigned char)Betza[I]))
      return std::nullopt; // something else than atoms: leave it
    T.Atom = Betza[I++];
    while (I < Betza.size() && std::isdigit((unsigned char)Betza[I]))
      T.Range += Betza[I++];
    Out.push_back(T);
  }
  return Out;
}

/// F and W riders as B and R (F0 = B, F4 = B4), a one-step range dropped.
void riders(Token &T) {
  if (T.Range == "1")
    T.Range.clear();
  bool Rides = T.Range == "0" || isRange(T.Range);
  if (Rides && (T.Atom == 'F' || T.Atom == 'W')) {
    T.Atom = T.Atom == 'F' ? 'B' : 'R';
    if (T.Range == "0")
      T.Range.clear();
  }
}

/// Two tokens with the same modifiers and range as one compound: F and W a
/// K, B and R a Q.
void compounds(std::vector<Token> &Ts) {
  auto Merge = [&](char A, char B, char Into, bool Leaps) {
    for (size_t I = 0; I < Ts.size(); ++I)
      for (size_t J = 0; J < Ts.size(); ++J) {
        if (I == J || Ts[I].Atom != A || Ts[J].Atom != B ||
            Ts[I].Mods != Ts[J].Mods || Ts[I].Range != Ts[J].Range ||
            (Leaps && !Ts[I].Range.empty()))
          continue;
        Ts[I].Atom = Into;
        Ts.erase(Ts.begin() + J);
        return true;
      }
    return false;
  };
  while (Merge('F', 'W', 'K', true) || Merge('B', 'R', 'Q', false)) {
  }
}

} // namespace

const std::vector<const char *> &fairy::famousBetza() {
  static const std::vector<const char *> Known = {
      "KNADcaKmcabK", // Chu Shogi's lion
      "mafsW",        // the xiangqi horse
  };
  return Known;
}

std::string fairy::idiomaticBetza(const std::string &Betza, bool XBoard) {
  auto Ts = tokens(Betza);
  if (!Ts)
    return Betza;
  for (Token &T : *Ts)
    riders(T);
  compounds(*Ts);
  std::stable_sort(Ts->begin(), Ts->end(), [](const Token &A, const Token &B) {
    bool AMods = !A.Mods.empty(), BMods = !B.Mods.empty();
    if (AMods != BMods)
      return !AMods;
    return rank(A.Atom) < rank(B.Atom);
  });
  std::string Out;
  for (const Token &T : *Ts) {
    Out += T.Mods + T.Atom;
    // A leaper's unlimited rider is written doubled (NN), as
    // Fairy-Stockfish's files do; XBoard reads only N0.
    Out += T.Range == "0" && !XBoard ? std::string(1, T.Atom) : T.Range;
  }
  return Out;
}
