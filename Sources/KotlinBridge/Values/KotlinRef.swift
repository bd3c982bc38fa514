import CInterop

/// An owned Kotlin stable reference (a kref's `pinned` token). Disposed exactly once, when the
/// last Swift owner releases it. Kotlin `object` refs are permanent; disposing them is a no-op.
package final class KotlinRef: Sendable {
  /// The token. Never dereferenced in Swift; the Kotlin runtime checks it on every use.
  nonisolated(unsafe) package let pointer: shared_KNativePtr

  /// Takes ownership of `pointer`, which must be non-NULL.
  package init(adopting pointer: shared_KNativePtr) {
    self.pointer = pointer
  }

  /// Takes ownership of `pointer`, or throws when the module returned NULL (it refused the call).
  package static func adopt(_ pointer: shared_KNativePtr?, _ operation: String) throws(KotlinInteropError)
    -> KotlinRef
  {
    guard let pointer else {
      throw KotlinInteropError(
        code: .refused, message: "\(operation) returned no object (KOTLIN_STUB_TRACE_MISUSE=1 prints why)")
    }
    return KotlinRef(adopting: pointer)
  }

  deinit { KotlinABI.disposeStablePointer(pointer) }
}
