import CInterop
import KotlinBridge

extension ExportedKotlinPackages.inheritance {
  /// `open class AsyncAnchor`: an open class with no members, for a Swift class that adopts a Kotlin
  /// interface (``AsyncDefaulter``) on top of it.
  ///
  /// ```swift
  /// final class Tagged: ExportedKotlinPackages.inheritance.AsyncAnchor, ExportedKotlinPackages.inheritance.AsyncDefaulter,
  ///   @unchecked Sendable { func tag() async throws -> String { "t" } }
  /// ```
  open class AsyncAnchor: KotlinBase, @unchecked Sendable {
    // @unchecked Sendable: no stored state beyond KotlinBase's immutable reference.
    public init() {
      let (ref, binding) = ExportedKotlinPackages.inheritance.openInstance(
        "AsyncAnchor", isSubclass: Self.self != AsyncAnchor.self)
      super.init(ref: ref)
      binding?.bind(self)
    }

    package override init(ref: KotlinRef) { super.init(ref: ref) }
  }

  /// `open class AsyncGuarded` — Kotlin's `guarded()`: `delay(3_000)`, then "kotlin".
  ///
  /// ```swift
  /// final class Quick: ExportedKotlinPackages.inheritance.AsyncGuarded, @unchecked Sendable {
  ///   override func guarded() async throws -> String { "swift" }
  /// }
  /// try await ExportedKotlinPackages.inheritance.callGuardedNonCancellable(g: Quick())  // "swift"
  /// ```
  open class AsyncGuarded: KotlinBase, @unchecked Sendable {
    // @unchecked Sendable: no stored state beyond KotlinBase's immutable reference.
    public init() {
      let (ref, binding) = ExportedKotlinPackages.inheritance.openInstance(
        "AsyncGuarded", isSubclass: Self.self != AsyncGuarded.self)
      super.init(ref: ref)
      binding?.bind(self)
    }

    package override init(ref: KotlinRef) { super.init(ref: ref) }

    open func guarded() async throws -> String {
      try await ExportedKotlinPackages.inheritance.suspendCall("AsyncGuarded.guarded()", .string) { [ref] in
        shared_inheritance_AsyncGuarded_guarded_direct(ref.pointer, $0, $1)
      }
    }
  }

  /// `withTimeoutOrNull(timeoutMs) { d.describe() } ?: "timed_out"`: the timeout cancels the Swift
  /// `tag()` that Kotlin's default `describe()` is awaiting.
  public static func callAsyncDescribeWithTimeout(d: any AsyncDefaulter, timeoutMs: Int64) async throws -> String {
    try await suspendCall("callAsyncDescribeWithTimeout(d:timeoutMs:)", .string) {
      shared_inheritance_callAsyncDescribeWithTimeout(d.ref.pointer, timeoutMs, $0, $1)
    }
  }

  /// `coroutineScope { launch { withContext(NonCancellable) { captured = g.guarded() } }; delay(50);
  /// job.cancel(); job.join(); captured }`: the override is never cancelled.
  public static func callGuardedNonCancellable(g: AsyncGuarded) async throws -> String {
    try await suspendCall("callGuardedNonCancellable(g:)", .string) {
      shared_inheritance_callGuardedNonCancellable(g.ref.pointer, $0, $1)
    }
  }

  /// `coroutineScope { launch { delay(50); throw IllegalStateException("boom") }; g.guarded() }`.
  public static func callFailingChildWithOverrideInScopeBody(g: AsyncGuarded) async throws -> String {
    try await suspendCall("callFailingChildWithOverrideInScopeBody(g:)", .string) {
      shared_inheritance_callFailingChildWithOverrideInScopeBody(g.ref.pointer, $0, $1)
    }
  }

  /// `coroutineScope { launch { delay(50); self.cancel() }; g.guarded() }` (the scope's own job).
  public static func callCancelledScopeJobWithOverrideInScopeBody(g: AsyncGuarded) async throws -> String {
    try await suspendCall("callCancelledScopeJobWithOverrideInScopeBody(g:)", .string) {
      shared_inheritance_callCancelledScopeJobWithOverrideInScopeBody(g.ref.pointer, $0, $1)
    }
  }

  /// `coroutineScope { launch { g.guarded() }; launch { delay(50); throw IllegalStateException("boom") };
  /// "done" }`.
  public static func callFailingChildWithOverrideInChild(g: AsyncGuarded) async throws -> String {
    try await suspendCall("callFailingChildWithOverrideInChild(g:)", .string) {
      shared_inheritance_callFailingChildWithOverrideInChild(g.ref.pointer, $0, $1)
    }
  }
}
