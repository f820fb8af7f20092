//===- Driver.cpp - The library behind every fairyc tool ------------------===//
//
// fairy::Driver owns the diagnostics engine and carries out invocations:
// Job.cpp does fairyc's work, OptJob.cpp fairy-opt's, CompiledPieces.cpp
// answers where pieces go. This file ties them to the public API.
//
//===----------------------------------------------------------------------===//
#include "fairy/Driver/Driver.h"
#include "Job.h"

#include "fairy/Support/Diagnostics.h"
#include "fairy/Support/Files.h"
#include "fairy/Support/LargeStack.h"
#include "fairy/Support/TimeReport.h"
#include "fairy/Support/Versions.h"

#include "llvm/Support/raw_ostream.h"

#include <ostream>

using namespace fairy;

const char *fairy::libraryVersion() { return FAIRY_VERSION; }
std::string fairy::libraryDependencies() { return dependencyVersions(); }

std::optional<unsigned> fairy::optLevelNamed(const std::string &Value) {
  if (Value == "0")
    return 0u;
  for (const char *Optimising : {"", "1", "2", "3", "s", "z"})
    if (Value == Optimising)
      return 1u;
  return std::nullopt;
}

struct Driver::Impl {
  DiagnosticEngine Diags;
  DiagnosticsOutput Output;
  Impl(std::string Tool, DiagnosticsOutput Output)
      : Diags(Output == DiagnosticsOutput::Text ? &llvm::errs() : nullptr,
              std::move(Tool)),
        Output(Output) {}
};

Driver::Driver(std::string Tool, DiagnosticsOutput Output)
    : I(std::make_unique<Impl>(std::move(Tool), Output)) {}

Driver::~Driver() = default;

void Driver::setColors(bool Enabled) { I->Diags.setColors(Enabled); }
void Driver::reportError(const std::string &Message) {
  I->Diags.error(Message);
}

bool Driver::applyWarningFlags(const std::vector<std::string> &Flags,
                               bool NoWarnings) {
  bool Ok = true;
  for (const std::string &Flag : Flags) {
    std::string Error;
    if (!I->Diags.policy().apply(Flag, Error)) {
      I->Diags.error(Error);
      Ok = false;
    }
  }
  if (NoWarnings)
    I->Diags.policy().silenceAll();
  return Ok;
}

std::optional<std::string> Driver::emit(const Invocation &Inv) {
  unsigned Before = I->Diags.errorCount();
  setMaxInputSize(Inv.MaxInputSize);
  std::optional<std::string> Out;
  runOnLargeStack([&] {
    // The outermost phase: what no other phase takes is the back end's and
    // the driver's.
    TimeReport::Phase Timing("emit");
    Out = runJob(Inv, I->Diags);
  });
  // The job's diagnostics, in the order of their places.
  I->Diags.flush();
  // Warnings promoted by -Werror fail the run too.
  if (I->Diags.errorCount() > Before)
    return std::nullopt;
  return Out;
}

bool Driver::emit(const Invocation &Inv, std::ostream &OS) {
  std::optional<std::string> Out = emit(Inv);
  if (Out)
    OS << *Out;
  return Out.has_value();
}

/// Whether \p Output is one of \p Inputs; reported as an error if so.
static bool writesOverAnInput(DiagnosticEngine &Diags,
                              const std::string &Output,
                              const std::vector<std::string> &Inputs) {
  for (const std::string &In : Inputs)
    if (isSameFile(Output, In)) {
      Diags.error("-o '" + Output + "' names an input ('" + In +
                  "'); refusing to overwrite it");
      return true;
    }
  return false;
}

int Driver::run(const Invocation &Inv) {
  // Refused before anything is read: the inputs given...
  std::vector<std::string> Inputs = Inv.MoreInputs;
  if (Inv.Input)
    Inputs.push_back(*Inv.Input);
  Inputs.push_back(Inv.ImportPath);
  if (!Inv.LintOnly && writesOverAnInput(I->Diags, Inv.OutputPath, Inputs))
    return 1;
  std::optional<std::string> Out = emit(Inv);
  if (!Out)
    return 1;
  if (Inv.LintOnly)
    return 0;
  // ... and every file read on the way (includes of piece files).
  Inputs.clear();
  llvm::SourceMgr &SM = I->Diags.sourceMgr();
  for (unsigned B = 1; B <= SM.getNumBuffers(); ++B)
    Inputs.push_back(SM.getMemoryBuffer(B)->getBufferIdentifier().str());
  if (writesOverAnInput(I->Diags, Inv.OutputPath, Inputs))
    return 1;
  std::string Error;
  if (!writeOutputAtomically(Inv.OutputPath, *Out, Error)) {
    I->Diags.error(Error);
    return 1;
  }
  // Written without a piece the back end could not write (keep-going):
  // the output is there, and the run still says it is not all.
  for (const Diagnostic &D : I->Diags.diagnostics())
    if (D.Name == warningInfo(Warning::PieceNotWritten).Name)
      return 1;
  return 0;
}

void Driver::finish() {
  I->Diags.flush();
  if (I->Output == DiagnosticsOutput::Json)
    writeDiagnosticsJson(llvm::errs(), I->Diags.diagnostics());
  llvm::errs().flush();
}

unsigned Driver::errorCount() const { return I->Diags.errorCount(); }

std::vector<DriverDiagnostic> Driver::diagnostics() const {
  std::vector<DriverDiagnostic> Out;
  for (const Diagnostic &D : I->Diags.diagnostics()) {
    DriverDiagnostic R;
    switch (D.Kind) {
    case llvm::SourceMgr::DK_Error:
      R.Kind = DriverDiagnostic::Error;
      break;
    case llvm::SourceMgr::DK_Warning:
      R.Kind = DriverDiagnostic::Warning;
      break;
    case llvm::SourceMgr::DK_Note:
      R.Kind = DriverDiagnostic::Note;
      break;
    case llvm::SourceMgr::DK_Remark:
      R.Kind = DriverDiagnostic::Remark;
      break;
    }
    R.File = D.File;
    R.Line = D.Line;
    R.Column = D.Column;
    R.Message = D.Message;
    R.Name = D.Name;
    Out.push_back(std::move(R));
  }
  return Out;
}

DiagnosticEngine &Driver::engine() { return I->Diags; }
