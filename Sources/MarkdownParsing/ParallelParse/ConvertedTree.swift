/// A piece's tree once converted, handed to another thread to be freed (libcmark-gfm frees its
/// nodes one by one: a tenth of a large parse's time, which the converting thread need not wait
/// for).
final class ConvertedTree: @unchecked Sendable {
    // Touched by the thread that releases it, after the converting thread has let it go.
    private var tree: CmarkTree?

    init(_ tree: CmarkTree) { self.tree = tree }

    /// Frees the tree (unless another reference keeps it).
    func release() { tree = nil }
}
