//===- Lint.cpp - A document's diagnostics, a variants.ini's by section ---===//
//
// A notation or a piece file is linted by the driver, as `fairyc --lint`
// does. A variants.ini is imported section by section from memory (no
// temporary file) and each section's movements linted, as `fairyc
// --import=FILE --variant=NAME --lint` does; what a section reports depends
// on its text and its ancestors' only, so it is cached under a hash of
// them. A cached diagnostic remembers the section it is in (by that
// section's hash) and its line there, and is moved to where that section
// is now.
//
//===----------------------------------------------------------------------===//
#include "Features.h"

#include "fairy/Driver/Driver.h"
#include "fairy/Eval/Board.h"
#include "fairy/Lint/Lint.h"
#include "fairy/PieceFile/PieceSet.h"
#include "fairy/Support/LargeStack.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/SHA1.h"

#include <set>
#include <tuple>

using namespace fairy;
using namespace fairy::lsp;
using namespace llvm;

namespace {

/// The name the document's text is registered under: diagnostics located
/// elsewhere (in the built-in variants) are not the document's.
constexpr const char *DocumentBuffer = "<input>";

/// A section of the variants.ini as the importer splits it, with its text
/// (the header to the next header).
struct IniSection {
  std::string Name, Parent;
  unsigned FirstLine = 0; ///< 1-based, the header's
  StringRef Text;
  /// The hash of the section's text and its ancestors' in the file; empty
  /// when the chain of parents loops (never cached).
  std::string Key;
};

std::vector<IniSection>
sectionsOf(StringRef Text,
           const std::vector<VariantsIniImporter::SectionInfo> &Infos) {
  std::vector<size_t> LineStarts = {0};
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      LineStarts.push_back(I + 1);
  auto Start = [&](unsigned Line) {
    return Line - 1 < LineStarts.size() ? LineStarts[Line - 1] : Text.size();
  };
  std::vector<IniSection> Out;
  for (const VariantsIniImporter::SectionInfo &Info : Infos) {
    IniSection S;
    S.Name = Info.Name;
    S.Parent = Info.Parent;
    S.FirstLine = Info.FirstLine;
    S.Text = Text.slice(Start(Info.FirstLine), Start(Info.LastLine + 1));
    Out.push_back(std::move(S));
  }
  return Out;
}

/// Fills each section's Key, without recursion: the chain of parents is
/// walked until a section whose key is known, then hashed back down.
void hashSections(std::vector<IniSection> &Sections) {
  StringMap<size_t> ByName; // the last section of a name is the one read
  for (size_t I = 0; I < Sections.size(); ++I)
    ByName[Sections[I].Name] = I;
  enum State : char { New, Walking, Done };
  std::vector<State> States(Sections.size(), New);
  std::vector<size_t> Walk;
  for (size_t I = 0; I < Sections.size(); ++I) {
    Walk.clear();
    std::optional<size_t> At = I;
    while (At && States[*At] == New) {
      States[*At] = Walking;
      Walk.push_back(*At);
      const IniSection &S = Sections[*At];
      auto P = S.Parent.empty() ? ByName.end() : ByName.find(S.Parent);
      At = P == ByName.end() ? std::nullopt : std::optional<size_t>(P->second);
    }
    // A loop, or a chain that ends in one: never cached.
    bool Loops = At && (States[*At] == Walking || Sections[*At].Key.empty());
    std::string Base = At && !Loops ? Sections[*At].Key : std::string();
    for (auto It = Walk.rbegin(); It != Walk.rend(); ++It) {
      IniSection &S = Sections[*It];
      States[*It] = Done;
      if (Loops)
        continue;
      SHA1 H;
      H.update(S.Text);
      H.update(StringRef("\0", 1));
      H.update(Base);
      S.Key = H.final().str();
      Base = S.Key;
    }
  }
}

} // namespace

/// One section's diagnostics, each with the section it is in (by key) and
/// its line there.
struct VariantsIniLinter::Cached {
  struct Item {
    /// Its lines counted from its section's header, which is line 1 (line 0
    /// stays "unlocated").
    Diagnostic D;
    std::string Anchor; ///< the key of its section; empty if unlocated
  };
  std::vector<Item> Items;
};

VariantsIniLinter::VariantsIniLinter() = default;
VariantsIniLinter::~VariantsIniLinter() = default;

unsigned VariantsIniLinter::imports() const {
  std::lock_guard<std::mutex> G(Lock);
  return Imports;
}

namespace {

/// Moves every line of \p D by \p Delta.
void shiftLines(Diagnostic &D, int Delta) {
  auto Shift = [&](SourcePoint &P) {
    if (P.Line)
      P.Line = unsigned(int(P.Line) + Delta);
  };
  if (D.Line)
    D.Line = unsigned(int(D.Line) + Delta);
  for (auto &R : D.Ranges) {
    Shift(R.first);
    Shift(R.second);
  }
  for (auto &F : D.FixIts) {
    Shift(F.Begin);
    Shift(F.End);
  }
}

/// The name of the scratch buffer a movement is linted in alone.
constexpr const char *MovementBuffer = "<movement>";

} // namespace

std::shared_ptr<const std::vector<Diagnostic>>
VariantsIniLinter::movementLint(const NotationInfo &N, StringRef Text,
                                const Board &B, const FrontendOptions &FOpts) {
  std::string Key = std::string(N.Name) + '\0' + B.str() + '\0' + Text.str();
  {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Movements.find(Key);
    if (It != Movements.end())
      return It->second;
  }
  DiagnosticEngine Scratch(nullptr, "fairyc");
  lintMovement(Scratch, N, Scratch.addBuffer(Text, MovementBuffer), B, FOpts);
  auto Found =
      std::make_shared<const std::vector<Diagnostic>>(Scratch.diagnostics());
  std::lock_guard<std::mutex> G(Lock);
  if (Movements.size() >= MaxMovements)
    Movements.clear();
  Movements[Key] = Found;
  return Found;
}

std::vector<Diagnostic>
VariantsIniLinter::importSection(DiagnosticEngine &Diags,
                                 VariantsIniImporter &Importer,
                                 const std::string &Name) {
  size_t Before = Diags.diagnostics().size();
  unsigned Errors = Diags.errorCount();
  std::optional<PieceSet> Set = Importer.import(Name);
  std::vector<Diagnostic> Lint;
  if (Set && Diags.errorCount() == Errors) {
    FrontendOptions FOpts;
    FOpts.FairyStockfishLetters = true; // as the import reads them
    FOpts.BoardWidth = Set->board().width();
    FOpts.BoardMaxSide = Set->board().maxSide();
    // Only the movements written in the document: what the lint says of
    // a built-in piece, or of one's moves with the section's rules (a
    // buffer of their own), is not located in it and is not shown. The
    // same piece in many sections is linted once per board: its lint is
    // kept with its places counted in its text, and moved to where the
    // text is written.
    SourceMgr &SM = Diags.sourceMgr();
    for (const PieceDef &D : Set->Pieces)
      for (const PieceMovement &M : D.Moves) {
        StringRef Text = Diags.bufferText(M.Buffer);
        if (SM.getMemoryBuffer(M.Buffer)->getBufferIdentifier() !=
            DocumentBuffer)
          continue;
        if (!M.Range.Start.isValid() || Text.contains('\n') ||
            Set->board().shape().HasHoles) {
          lintMovement(Diags, *M.Notation, M.Buffer, Set->board(), FOpts);
          continue;
        }
        std::pair<unsigned, unsigned> At = SM.getLineAndColumn(M.Range.Start);
        unsigned Line = At.first, Column = At.second;
        for (Diagnostic D :
             *movementLint(*M.Notation, Text, Set->board(), FOpts)) {
          auto Place = [&](SourcePoint &P) {
            if (P.Line) {
              P.Line = Line;
              P.Column += Column - 1;
            }
          };
          if (D.File == MovementBuffer) {
            D.File = DocumentBuffer;
            SourcePoint At{D.Line, D.Column};
            Place(At);
            D.Line = At.Line;
            D.Column = At.Column;
            for (auto &R : D.Ranges) {
              Place(R.first);
              Place(R.second);
            }
            for (auto &F : D.FixIts) {
              Place(F.Begin);
              Place(F.End);
            }
          }
          Lint.push_back(std::move(D));
        }
      }
  }
  std::vector<Diagnostic> Out;
  const std::vector<Diagnostic> &All = Diags.diagnostics();
  for (size_t I = Before; I < All.size(); ++I)
    if (All[I].File == DocumentBuffer)
      Out.push_back(All[I]);
  for (Diagnostic &D : Lint)
    if (D.File == DocumentBuffer)
      Out.push_back(std::move(D));
  return Out;
}

namespace {} // namespace

std::optional<std::vector<Diagnostic>>
VariantsIniLinter::lint(const std::string &Text,
                        const std::function<bool()> &Stale) {
  // The text split once, the built-in variants parsed once per process;
  // each section imported only when its diagnostics are not cached.
  DiagnosticEngine Diags(nullptr, "fairyc");
  PieceFileOptions Opts;
  VariantsIniImporter Importer(Diags, Text, DocumentBuffer, Opts);
  std::vector<IniSection> Sections = sectionsOf(Text, Importer.sections());
  hashSections(Sections);
  StringMap<unsigned> FirstLineOf; // by key
  for (const IniSection &S : Sections)
    if (!S.Key.empty())
      FirstLineOf[S.Key] = S.FirstLine;
  StringMap<size_t> ByName;
  for (size_t I = 0; I < Sections.size(); ++I)
    ByName[Sections[I].Name] = I;
  // The section a line is in (sections are in line order).
  auto SectionAt = [&](unsigned Line) -> const IniSection * {
    auto It = std::upper_bound(
        Sections.begin(), Sections.end(), Line,
        [](unsigned L, const IniSection &S) { return L < S.FirstLine; });
    return It == Sections.begin() ? nullptr : &*std::prev(It);
  };

  std::vector<Diagnostic> Out;
  std::set<std::tuple<unsigned, unsigned, std::string>> Seen;
  std::set<std::string> Used;
  StringMap<bool> Done;
  for (const IniSection &First : Sections) {
    if (!Done.try_emplace(First.Name, true).second)
      continue; // a name is read once: its last section
    const IniSection &S = Sections[ByName[First.Name]];
    std::shared_ptr<const Cached> Entry;
    if (!S.Key.empty()) {
      std::lock_guard<std::mutex> G(Lock);
      auto It = Cache.find(S.Key);
      if (It != Cache.end())
        Entry = It->second;
    }
    // A cached item whose section is gone cannot be placed: import again.
    if (Entry)
      for (const Cached::Item &I : Entry->Items)
        if (!I.Anchor.empty() && !FirstLineOf.count(I.Anchor))
          Entry.reset();
    if (!Entry) {
      if (Stale && Stale())
        return std::nullopt;
      auto Fresh = std::make_shared<Cached>();
      bool Cacheable = !S.Key.empty();
      for (Diagnostic &D : importSection(Diags, Importer, S.Name)) {
        Cached::Item I{std::move(D), ""};
        if (I.D.Line) {
          const IniSection *In = SectionAt(I.D.Line);
          if (!In || In->Key.empty()) {
            Cacheable = false;
          } else {
            I.Anchor = In->Key;
            shiftLines(I.D, 1 - int(In->FirstLine));
          }
        }
        Fresh->Items.push_back(std::move(I));
      }
      Entry = Fresh;
      std::lock_guard<std::mutex> G(Lock);
      ++Imports;
      if (Cacheable)
        Cache[S.Key] = Fresh;
    }
    if (!S.Key.empty())
      Used.insert(S.Key);
    for (const Cached::Item &I : Entry->Items) {
      Diagnostic D = I.D;
      if (!I.Anchor.empty())
        shiftLines(D, int(FirstLineOf[I.Anchor]) - 1);
      if (Seen.insert({D.Line, D.Column, D.Message}).second)
        Out.push_back(std::move(D));
    }
  }
  // What this text did not use goes once the cache outgrows it.
  std::lock_guard<std::mutex> G(Lock);
  if (Cache.size() > 2 * Used.size() + 64)
    for (auto It = Cache.begin(); It != Cache.end();)
      It = Used.count(It->first) ? std::next(It) : Cache.erase(It);
  return Out;
}

std::optional<std::vector<Diagnostic>>
fairy::lsp::lintDocument(const std::string &Text, const std::string &Uri,
                         VariantsIniLinter &Variants,
                         const std::function<bool()> &Stale) {
  std::string Notation = notationOf(Uri);
  if (Notation.empty())
    return std::vector<Diagnostic>();
  if (Notation == "variants.ini") {
    std::optional<std::vector<Diagnostic>> Out;
    // The importer and the lint recurse on a movement's depth, as the
    // driver's work does: on a stack of the driver's size.
    runOnLargeStack([&] { Out = Variants.lint(Text, Stale); });
    return Out;
  }
  Driver D("fairyc", DiagnosticsOutput::Collect);
  Invocation Inv = invocationFor(Text, Uri);
  Inv.LintOnly = true;
  D.emit(Inv);
  return D.engine().diagnostics();
}
