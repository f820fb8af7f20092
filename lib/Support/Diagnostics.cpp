//===- Diagnostics.cpp - Located diagnostics through llvm::SourceMgr ------===//
#include "fairy/Support/Diagnostics.h"

#include "llvm/Support/MemoryBuffer.h"

using namespace fairy;
using namespace llvm;

DiagnosticEngine::DiagnosticEngine(raw_ostream *OS, std::string Tool)
    : OS(OS), Tool(std::move(Tool)) {}

unsigned DiagnosticEngine::addBuffer(StringRef Text, StringRef Name) {
  return SM.AddNewSourceBuffer(MemoryBuffer::getMemBufferCopy(Text, Name),
                               SMLoc());
}

StringRef DiagnosticEngine::bufferText(unsigned Buffer) const {
  return SM.getMemoryBuffer(Buffer)->getBuffer();
}

SMLoc DiagnosticEngine::loc(unsigned Buffer, size_t ByteOffset) const {
  StringRef Text = bufferText(Buffer);
  if (ByteOffset > Text.size())
    ByteOffset = Text.size();
  return SMLoc::getFromPointer(Text.data() + ByteOffset);
}

SMRange DiagnosticEngine::range(unsigned Buffer, size_t Begin,
                                size_t End) const {
  return SMRange(loc(Buffer, Begin), loc(Buffer, End));
}

void DiagnosticEngine::report(SourceMgr::DiagKind Kind, SMLoc Loc,
                              const Twine &Msg, ArrayRef<SMRange> Ranges,
                              ArrayRef<SMFixIt> FixIts) {
  if (Kind == SourceMgr::DK_Error)
    ++Errors;
  SMDiagnostic D = SM.GetMessage(Loc, Kind, Msg, Ranges, FixIts);
  Recorded.push_back({Kind, D.getMessage().str(), (unsigned)D.getLineNo(),
                      (unsigned)D.getColumnNo() + 1});
  if (OS)
    D.print(nullptr, *OS, OS->has_colors());
}

void DiagnosticEngine::error(const Twine &Msg) {
  ++Errors;
  unlocated(SourceMgr::DK_Error, Msg);
}

void DiagnosticEngine::warning(const Twine &Msg) {
  unlocated(SourceMgr::DK_Warning, Msg);
}

void DiagnosticEngine::unlocated(SourceMgr::DiagKind Kind, const Twine &Msg) {
  bool Error = Kind == SourceMgr::DK_Error;
  Recorded.push_back({Kind, Msg.str(), 0, 0});
  if (OS) {
    *OS << Tool << ": ";
    if (OS->has_colors())
      OS->changeColor(Error ? raw_ostream::RED : raw_ostream::MAGENTA, true);
    *OS << (Error ? "error: " : "warning: ");
    if (OS->has_colors())
      OS->resetColor();
    *OS << Msg << "\n";
  }
}

size_t fairy::byteOffsetOfCodePoint(StringRef Text, size_t CodePoint) {
  size_t I = 0;
  while (I < Text.size() && CodePoint > 0) {
    unsigned char C = Text[I];
    size_t Len = C < 0x80         ? 1
                 : (C >> 5) == 6  ? 2
                 : (C >> 4) == 14 ? 3
                 : (C >> 3) == 30 ? 4
                                  : 1;
    I += Len;
    --CodePoint;
  }
  return I < Text.size() ? I : Text.size();
}

size_t fairy::byteOffsetOfLineColumn(StringRef Text, size_t Line,
                                     size_t Column) {
  size_t Start = 0;
  for (size_t L = 1; L < Line; ++L) {
    size_t NL = Text.find('\n', Start);
    if (NL == StringRef::npos)
      return Text.size();
    Start = NL + 1;
  }
  return Start + byteOffsetOfCodePoint(Text.substr(Start), Column);
}
