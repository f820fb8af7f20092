//===- VariantsIniText.h - A variants.ini split into sections ---*- C++ -*-===//
//
// A variants.ini text read once into its sections ([name] or [name:parent])
// of key = value entries, as views into the text with their byte offsets,
// so that diagnostics can be located later in whichever engine holds the
// text. Fairy-Stockfish's built-in variants (BuiltinVariants.ini) are split
// once per process and shared by every importer.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_PIECEFILE_VARIANTSINITEXT_H
#define FAIRY_PIECEFILE_VARIANTSINITEXT_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <deque>
#include <string>
#include <vector>

namespace fairy {
namespace ini {

struct Section;

/// One `key = value` line of a section.
struct Entry {
  llvm::StringRef Key, Value; ///< trimmed, into the text
  bool Builtin = false;       ///< of the built-in variants, else the file
  size_t KeyBegin = 0, ValueBegin = 0; ///< byte offsets in that text
  const Section *In = nullptr;         ///< the section it belongs to
};

struct Section {
  llvm::StringRef Name, Parent; ///< trimmed, into the text
  bool Builtin = false;
  size_t HeaderBegin = 0, HeaderEnd = 0, ParentBegin = 0;
  /// 1-based: the header's line, and the line before the next header (or
  /// the text's last line).
  unsigned FirstLine = 0, LastLine = 0;
  std::vector<Entry> Entries;
  /// The header's parent name as an entry (Key and Value the name): where
  /// a built-in parent's rules are reported.
  Entry ParentRef;
  /// The section Parent names (the file's own first, then a built-in
  /// one; a built-in section's parents are built in), or nullptr when
  /// there is none or no parent is named.
  const Section *ParentSection = nullptr;
  /// Whether another section names this one as its parent.
  bool HasChildren = false;
};

/// A variants.ini text split into sections. Views into \p Text, which
/// must outlive it.
class IniText {
public:
  IniText(llvm::StringRef Text, bool Builtin);
  IniText(const IniText &) = delete;
  IniText &operator=(const IniText &) = delete;

  llvm::StringRef text() const { return Text; }
  /// Every section header, in file order (a name given twice is there
  /// twice; the later one is the section of that name).
  const std::deque<Section> &sections() const { return All; }
  /// The section called \p Name (the last of that name), or nullptr.
  const Section *find(llvm::StringRef Name) const;
  /// The 1-based line of byte \p Offset.
  unsigned lineOf(size_t Offset) const;
  /// Links each section to its parent: its own text's first, then
  /// \p Builtins' (nullptr for the built-in text itself).
  void linkParents(const IniText *Builtins);

private:
  llvm::StringRef Text;
  std::deque<Section> All;
  llvm::StringMap<Section *> ByName;
  std::vector<size_t> LineStarts;
};

/// Fairy-Stockfish's built-in variants, split once per process (thread
/// safe) and shared.
const IniText &builtinVariants();
/// The name the built-in variants' text has as a buffer.
extern const char *const BuiltinName;

} // namespace ini
} // namespace fairy

#endif
