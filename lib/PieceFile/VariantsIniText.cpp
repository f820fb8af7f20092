//===- VariantsIniText.cpp - A variants.ini split into sections -----------===//
#include "VariantsIniText.h"

#include <algorithm>

using namespace fairy;
using namespace fairy::ini;
using llvm::StringRef;

const char *const ini::BuiltinName = "<Fairy-Stockfish's built-in variants>";

/// Splits \p Text into sections of key = value entries, as Fairy-Stockfish
/// reads them: blank lines and # or ; comments skipped, a line that is
/// neither a header nor has an '=' ignored, entries before the first header
/// too.
IniText::IniText(StringRef Text, bool Builtin) : Text(Text) {
  Section *Current = nullptr;
  size_t Pos = 0;
  unsigned Line = 0;
  while (Pos <= Text.size()) {
    ++Line;
    LineStarts.push_back(Pos);
    size_t End = Text.find('\n', Pos);
    if (End == StringRef::npos)
      End = Text.size();
    StringRef Whole = Text.slice(Pos, End);
    size_t Indent = Whole.size() - Whole.ltrim().size();
    StringRef Body = Whole.trim();
    size_t Begin = Pos + Indent;
    Pos = End + 1;
    if (Body.empty() || Body[0] == '#' || Body[0] == ';')
      continue;
    if (Body.startswith("[") && Body.endswith("]")) {
      StringRef Header = Body.drop_front().drop_back();
      auto [Name, Parent] = Header.split(':');
      if (Current)
        Current->LastLine = Line - 1;
      Section &S = All.emplace_back();
      S.Name = Name.trim();
      S.Parent = Parent.trim();
      S.Builtin = Builtin;
      S.HeaderBegin = Begin;
      S.HeaderEnd = Begin + Body.size();
      S.ParentBegin = Begin + 1 + Name.size() + 1;
      S.FirstLine = Line;
      S.ParentRef.Key = S.ParentRef.Value = S.Parent;
      S.ParentRef.Builtin = Builtin;
      S.ParentRef.KeyBegin = S.ParentRef.ValueBegin = S.ParentBegin;
      S.ParentRef.In = &S;
      ByName[S.Name] = &S;
      Current = &S;
      continue;
    }
    auto [Key, Value] = Body.split('=');
    if (!Current || !Body.contains('='))
      continue; // not an entry Fairy-Stockfish would read either
    Entry E;
    E.Key = Key.trim();
    E.Value = Value.trim();
    E.Builtin = Builtin;
    E.KeyBegin = Begin;
    E.ValueBegin = E.Value.data() - Text.data();
    E.In = Current;
    Current->Entries.push_back(E);
  }
  // A final line break ends the last line; it starts none.
  unsigned Last = Text.endswith("\n") ? Line - 1 : Line;
  if (Current)
    Current->LastLine = std::max(Current->FirstLine, Last);
}

const Section *IniText::find(StringRef Name) const {
  auto It = ByName.find(Name);
  return It == ByName.end() ? nullptr : It->second;
}

unsigned IniText::lineOf(size_t Offset) const {
  return unsigned(
      std::upper_bound(LineStarts.begin(), LineStarts.end(), Offset) -
      LineStarts.begin());
}

void IniText::linkParents(const IniText *Builtins) {
  for (Section &S : All) {
    if (S.Parent.empty())
      continue;
    const Section *P = find(S.Parent);
    if (!P && Builtins)
      P = Builtins->find(S.Parent);
    S.ParentSection = P;
    if (P && P->Builtin == S.Builtin)
      const_cast<Section *>(P)->HasChildren = true;
  }
}

namespace {
/// Fairy-Stockfish's built-in variants as variants.ini sections
/// (BuiltinVariants.ini): the parents a section may name besides its own
/// file's sections.
StringRef builtinVariantsText() {
  static const char Text[] =
#include "BuiltinVariants.inc"
      ;
  return StringRef(Text, sizeof(Text) - 1);
}
} // namespace

const IniText &ini::builtinVariants() {
  static const IniText *Builtins = [] {
    auto *T = new IniText(builtinVariantsText(), true);
    T->linkParents(nullptr);
    return T;
  }();
  return *Builtins;
}
