//===- Registry.cpp - The registry of back ends ---------------------------===//
#include "Backends.h"
#include "PositionMoves.h"

#include "fairy/Backend/Compilation.h"

using namespace fairy;

const std::vector<const BackendInfo *> &fairy::backends() {
  static const std::vector<const BackendInfo *> All = {
#define FAIRY_BACKEND(X) &X,
#include "Backends.def"
  };
  return All;
}

const BackendInfo *fairy::findBackend(const std::string &Name) {
  for (const BackendInfo *B : backends())
    if (Name == B->Name)
      return B;
  return nullptr;
}

std::string fairy::backendNames(const char *Sep) {
  std::string Out;
  for (const BackendInfo *B : backends())
    Out += (Out.empty() ? "" : Sep) + std::string(B->Name);
  return Out;
}

std::optional<std::string> fairy::runBackend(Compilation &C) {
  const BackendInfo &B = C.Backend;
  if (C.fromNotation()) {
    if (!B.OnePiece) {
      C.Diags.error(B.RefusesOnePiece);
      return std::nullopt;
    }
    return B.OnePiece(C);
  }
  if (!B.PieceSet) {
    C.Diags.error(B.RefusesPieceSet);
    return std::nullopt;
  }
  if (C.Inv.Position.empty())
    return B.PieceSet(C);
  // The pieces standing in the position, with their moves there.
  if (B.Position)
    return B.Position(C);
  if (!positionMoves(C))
    return std::nullopt;
  C.Diags.error("--position with a piece set writes JSON (--emit=json), a "
                "sheet of pictures (--emit=svg) or a list of moves "
                "(--emit=diagram)");
  return std::nullopt;
}

std::optional<std::string> fairy::emitPieceSet(DiagnosticEngine &Diags,
                                               const PieceSet &Set,
                                               const BackendInfo &Backend,
                                               const Invocation &Inv,
                                               const std::string &Source) {
  Compilation C(Inv, Diags, Backend, Set, Compilation::InputKind::PieceSet,
                Source);
  return runBackend(C);
}
