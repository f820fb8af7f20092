//===- Rewrite.h - Building new trees from old ones -------------*- C++ -*-===//
#ifndef FAIRY_IR_REWRITE_H
#define FAIRY_IR_REWRITE_H

#include "fairy/IR/Node.h"

#include <functional>

namespace fairy {

/// A node like \p N (same kind and payload) with the children \p Children.
NodeRef withChildren(const Node &N, std::vector<NodeRef> Children);

/// Rewrites \p N bottom-up: children first, then \p Fn on the node rebuilt
/// with the rewritten children. Subtrees that \p Fn leaves alone are
/// shared, not copied.
NodeRef rewriteBottomUp(const NodeRef &N,
                        const std::function<NodeRef(const NodeRef &)> &Fn);

/// The image of \p N under \p T: every leg's vector mapped by T, filter
/// predicates carried along (the image of filter<P>(a) keeps the paths
/// whose preimage satisfied P), and the transforms of inner syms
/// conjugated (T s T^-1), so that the paths of the result are exactly the
/// images of the paths of \p N.
NodeRef transformed(const NodeRef &N, const Transform &T);

} // namespace fairy

#endif
