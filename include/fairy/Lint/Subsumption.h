//===- Subsumption.h - One alternative's paths inside others' -*- C++ -*-===//
//
// -Wsubsumed-alternative asks whether every move of one alternative is a
// move of the others. Comparing canonical forms shows it only when the
// passes fold the one into the others, which they never do for a step
// inside a slide: the wazir's leg(1,0; notfriend) is the rook's
// seq(ride<0..>(leg(1,0; empty)), leg(1,0; notfriend)) with no empty
// step, but alt(rook, wazir) stays as it is. So the paths are compared as
// words: each alternative becomes an automaton whose letters are legs, and
// the question is an inclusion of languages, answered by the subset
// construction. A leg of the tested alternative is read square state by
// square state (leg(v; notfriend) is leg(v; empty) or leg(v; enemy)), so a
// rook is covered by a move-only and a capture-only rook together.
//
// The claim is sound: a path matched letter by letter with legs of the
// same vector and effect whose conditions allow at least as much is valid
// wherever the tested one is, reaches the same squares and captures the
// same pieces. A guard is a letter of its predicate where its operand
// starts (the square it tests), matched only by the same test there: 'iW'
// is in 'iR', and 'W' is never in a guarded alternative. What else the
// words cannot show (filters, prio, ahead, borrow) is a letter of its
// own, matched only by the same subtree, and
// anything larger than the budgets is not claimed. The tested alternative
// may also be added "relaxed", with more paths than its own (its guards
// left out, its legs on the way to a leap's square left out): if those
// are the others', so are its own.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LINT_SUBSUMPTION_H
#define FAIRY_LINT_SUBSUMPTION_H

#include "fairy/IR/Node.h"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace fairy {

/// Alternatives as path automata, compared for inclusion.
class PathInclusion {
public:
  /// The most automaton states one alternative may have (a ride<..4096>
  /// is 4096 copies of its step); a larger one is not modelled.
  static constexpr size_t MaxStatesPerAlternative = 20000;
  /// The most work (states of the sets looked at, per letter) of one
  /// inclusion test; past it the answer is "not proven".
  static constexpr size_t MaxSteps = 50000;
  /// The most work of all the tests of one PathInclusion; past it every
  /// later test answers "not proven" and exhausted() says so, so that a
  /// caller can treat a whole list alike.
  static constexpr size_t MaxTotalSteps = 10000000;

  /// Adds alternative \p IR (best canonical); returns its number. With
  /// \p Relaxed, its guards and filters are left out: a guarded path is
  /// one of the paths of the guard's operand, so an alternative is
  /// contained in others if its relaxed form is ('iW' in 'W'). A relaxed
  /// alternative is to be tested only, never passed among \p Others.
  unsigned add(const NodeRef &IR, bool Relaxed = false);
  /// \p IR's paths each made one leap to where they end, when it has a
  /// few concrete paths (no repetition, guard or other test) whose legs
  /// before the last do nothing but test their squares: more paths than
  /// \p IR's (the squares on the way are no longer tested), so, added
  /// Relaxed, it finds a lame leap ('mafsW', 'nN') inside the leap ('N').
  static std::optional<NodeRef> collapsedLeaps(const NodeRef &IR);

  /// Whether alternative \p I could be modelled within the budget.
  bool modelled(unsigned I) const { return Alts[I].Modelled; }
  /// The states of every alternative added.
  size_t states() const { return States.size(); }

  /// Whether every path of alternative \p I is a path of one of the
  /// alternatives \p Others, proven within MaxSteps. \p By, when given,
  /// receives the alternatives of \p Others whose paths were used.
  bool includedIn(unsigned I, const std::vector<unsigned> &Others,
                  std::vector<unsigned> *By = nullptr) const;
  /// Whether the tests so far went past MaxTotalSteps.
  bool exhausted() const { return TotalSteps > MaxTotalSteps; }

private:
  struct Letter {
    bool Opaque = false;
    Vec V;
    uint8_t Mask = 0;
    Effect E = Effect::None;
    unsigned Key = 0; ///< an opaque letter's subtree, interned
  };
  struct State {
    unsigned Owner = 0;
    std::vector<unsigned> Eps;
    std::vector<std::pair<unsigned, unsigned>> Out; ///< (letter, state)
  };
  struct Alternative {
    unsigned Start = 0, Accept = 0;
    bool Modelled = false;
    std::vector<bool> Live; ///< by state - First: reaches Accept
    unsigned First = 0;     ///< its first state
    bool AcceptsEmpty = false;
  };

  static std::tuple<bool, int, int, int, unsigned> vectorKey(const Letter &L);
  unsigned newState(unsigned Owner);
  bool build(const NodeRef &N, unsigned From, unsigned To, unsigned Owner,
             size_t Limit);
  bool buildRepeat(const RangeList &R, const NodeRef &Body, unsigned From,
                   unsigned To, unsigned Owner, size_t Limit);
  unsigned letter(const Letter &L);
  unsigned opaque(const NodeRef &N);
  unsigned opaqueKey(const std::string &Key);
  void closure(std::vector<unsigned> &Set) const;

  std::vector<State> States;
  /// closure()'s marks: a state is in the set being made when its mark is
  /// the current epoch, so no set of every state is cleared per call.
  mutable std::vector<unsigned> Mark;
  mutable unsigned Epoch = 0;
  mutable size_t TotalSteps = 0;
  bool Relaxing = false; ///< add()'s Relaxed, while it builds
  std::vector<Letter> Letters;
  std::map<std::tuple<bool, int, int, int, uint8_t, uint8_t, unsigned>,
           unsigned>
      LetterIds;
  std::map<std::string, unsigned> OpaqueIds;
  std::vector<Alternative> Alts;
  /// The alternatives with a letter of each vector (or opaque subtree):
  /// the only ones whose paths can match a path with that letter, so a
  /// test looks at those, not at every alternative of a long list.
  std::map<std::tuple<bool, int, int, int, unsigned>, std::vector<unsigned>>
      ByVector;
};

} // namespace fairy

#endif
