//===- SymmetryDedup.cpp - Remove redundant symmetry ----------------------===//
//
//   sym<S>(sym<T>(a))        sym<S.T>(a)        all compositions s.t
//   sym<S>(a)                sym<S'>(a)         S' keeps one transform per
//                                               distinct image of a: a
//                                               diagonal leg under d4 has 4
//                                               images, so d4 becomes lrfb
//   sym<{id}>(a)             a
//   alt(sym<S>(a), sym<S>(b))  sym<S>(alt(a, b))  a common symmetry lifted
//   alt(a, a, b)             alt(a, b)          duplicate alternatives
//   prio(a, b, a)            prio(a, b)         a repeated alternative of a
//                                               prio never yields
// When several subsets of S would do, a named set (lr, lrfb, c4, ...) is
// preferred, smallest first, so that the result stays readable.
//
//===----------------------------------------------------------------------===//
#include "fairy/IR/Builder.h"
#include "fairy/IR/Printer.h"
#include "fairy/IR/Rewrite.h"
#include "fairy/Transforms/Pass.h"

#include <map>
#include <set>

using namespace fairy;

namespace {

/// Named sets in the order they are preferred as the kept subset.
const char *const Preferred[] = {"id", "lr", "fb", "rot180",  "swap", "lrfb",
                                 "c4", "d4", "ud", "mirror3", "cube"};

class SymmetryDedup : public Pass {
public:
  const char *name() const override { return "sym-dedup"; }
  const char *summary() const override {
    return "merge nested syms, drop transforms with coinciding images, lift "
           "common symmetry out of alt, drop duplicate alternatives";
  }
  NodeRef run(const NodeRef &N, const PassContext &) const override {
    return rewriteBottomUp(N, [&](const NodeRef &X) { return fold(X); });
  }

private:
  NodeRef fold(const NodeRef &X) const {
    switch (X->kind()) {
    case NodeKind::Sym:
      return foldSym(X);
    case NodeKind::Alt:
      return foldAlt(X);
    case NodeKind::Prio: {
      std::vector<NodeRef> Kept;
      std::set<std::string> Seen;
      for (const NodeRef &C : X->children())
        if (Seen.insert(printIRInline(*C)).second)
          Kept.push_back(C);
      if (Kept.size() == X->children().size())
        return X;
      return ir::prio(std::move(Kept));
    }
    default:
      return X;
    }
  }

  NodeRef foldSym(const NodeRef &X) const {
    const NodeRef &A = X->operand();
    if (A->is(NodeKind::Sym)) {
      std::vector<Transform> All;
      for (const Transform &S : X->transforms().transforms())
        for (const Transform &T : A->transforms().transforms())
          All.push_back(S.compose(T));
      return foldSym(ir::sym(TransformSet(All), A->operand()));
    }
    // The image of nothing, or of the empty path, is itself.
    if ((A->is(NodeKind::Alt) || A->is(NodeKind::Seq)) && A->children().empty())
      return A;
    // Group the transforms by the image they give.
    std::map<std::string, std::vector<Transform>> ByImage;
    std::map<Transform, std::string> ImageOf;
    for (const Transform &T : X->transforms().transforms()) {
      std::string Image = printIRInline(*transformed(A, T));
      ByImage[Image].push_back(T);
      ImageOf[T] = Image;
    }
    if (ByImage.size() == X->transforms().size())
      return simplest(X->transforms(), A, X);
    TransformSet Kept = keepOnePerImage(X->transforms(), ByImage, ImageOf);
    return simplest(Kept, A, nullptr);
  }

  /// sym<S>(A), or A itself (or its one image) when S has one transform.
  static NodeRef simplest(const TransformSet &S, const NodeRef &A,
                          const NodeRef &Unchanged) {
    if (S.size() == 1)
      return S.transforms()[0].isIdentity() ? A
                                            : transformed(A, S.transforms()[0]);
    return Unchanged ? Unchanged : ir::sym(S, A);
  }

  static TransformSet
  keepOnePerImage(const TransformSet &S,
                  const std::map<std::string, std::vector<Transform>> &ByImage,
                  const std::map<Transform, std::string> &ImageOf) {
    const std::vector<Transform> &All = S.transforms();
    std::set<Transform> InS(All.begin(), All.end());
    for (const char *Name : Preferred) {
      TransformSet G = *TransformSet::named(Name);
      if (G.size() != ByImage.size())
        continue;
      std::set<std::string> Images;
      bool Subset = true;
      for (const Transform &T : G.transforms()) {
        Subset &= InS.count(T) > 0;
        if (!Subset)
          break;
        Images.insert(ImageOf.at(T));
      }
      if (Subset && Images.size() == ByImage.size())
        return G;
    }
    std::vector<Transform> Kept;
    for (const auto &Entry : ByImage)
      Kept.push_back(Entry.second.front());
    return TransformSet(Kept);
  }

  NodeRef foldAlt(const NodeRef &X) const {
    std::vector<NodeRef> Kept;
    std::set<std::string> Seen;
    for (const NodeRef &C : X->children())
      if (Seen.insert(printIRInline(*C)).second)
        Kept.push_back(C);
    if (Kept.size() == 1)
      return Kept.front();
    // A symmetry every alternative shares is applied once, outside.
    bool Common = Kept.size() >= 2;
    for (const NodeRef &C : Kept)
      Common &=
          C->is(NodeKind::Sym) && C->transforms() == Kept.front()->transforms();
    if (Common) {
      std::vector<NodeRef> Inner;
      for (const NodeRef &C : Kept)
        Inner.push_back(C->operand());
      return foldSym(ir::sym(Kept.front()->transforms(), ir::alt(Inner)));
    }
    if (Kept.size() == X->children().size())
      return X;
    return ir::alt(std::move(Kept));
  }
};

} // namespace

std::unique_ptr<Pass> fairy::createSymmetryDedupPass() {
  return std::make_unique<SymmetryDedup>();
}
