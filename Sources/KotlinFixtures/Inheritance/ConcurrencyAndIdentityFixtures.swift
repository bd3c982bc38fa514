import CInterop
import KotlinBridge

extension ExportedKotlinPackages.inheritance {
  /// `open class AsyncWorker(val id: String)` — Kotlin's `work()`: "kotlin-work:$id".
  ///
  /// ```swift
  /// let worker = ExportedKotlinPackages.inheritance.AsyncWorker(id: "a")
  /// try await ExportedKotlinPackages.inheritance.callWork(w: worker)  // "kotlin-work:a"
  /// ```
  open class AsyncWorker: KotlinBase, @unchecked Sendable {
    // @unchecked Sendable: no stored state beyond KotlinBase's immutable reference.
    public init(id: String) {
      let (ref, binding) = ExportedKotlinPackages.inheritance.openInstance(
        "AsyncWorker", argument: id, isSubclass: Self.self != AsyncWorker.self)
      super.init(ref: ref)
      binding?.bind(self)
    }

    package override init(ref: KotlinRef) { super.init(ref: ref) }

    public final var id: String {
      ExportedKotlinPackages.inheritance.ownedString(shared_inheritance_label(ref.pointer), "AsyncWorker.id")
    }

    open func work() async throws -> String {
      try await ExportedKotlinPackages.inheritance.suspendCall("AsyncWorker.work()", .string) { [ref] in
        shared_inheritance_AsyncWorker_work_direct(ref.pointer, $0, $1)
      }
    }
  }

  /// `suspend fun callWork(w: AsyncWorker): String = w.work()`.
  public static func callWork(w: AsyncWorker) async throws -> String {
    try await suspendCall("callWork(w:)", .string) { shared_inheritance_callWork(w.ref.pointer, $0, $1) }
  }

  /// `withContext(Dispatchers.Default) { async { a.work() } + "|" + async { b.work() } }`: both virtual
  /// calls are under way at once.
  public static func callBothConcurrently(a: AsyncWorker, b: AsyncWorker) async throws -> String {
    try await suspendCall("callBothConcurrently(a:b:)", .string) {
      shared_inheritance_callBothConcurrently(a.ref.pointer, b.ref.pointer, $0, $1)
    }
  }

  /// `interface AsyncLeft { suspend fun left(): String }`.
  public protocol AsyncLeft: KotlinBase {
    func left() async throws -> String
  }

  /// `interface AsyncRight { suspend fun right(): String }`.
  public protocol AsyncRight: KotlinBase {
    func right() async throws -> String
  }

  /// `open class AsyncMultiBase : AsyncLeft, AsyncRight` — "Kotlin left", "Kotlin right".
  ///
  /// ```swift
  /// try await ExportedKotlinPackages.inheritance.callAsyncLeft(value: ExportedKotlinPackages.inheritance.AsyncMultiBase())
  /// ```
  open class AsyncMultiBase: KotlinBase, AsyncLeft, AsyncRight, @unchecked Sendable {
    // @unchecked Sendable: no stored state beyond KotlinBase's immutable reference.
    public init() {
      let (ref, binding) = ExportedKotlinPackages.inheritance.openInstance(
        "AsyncMultiBase", isSubclass: Self.self != AsyncMultiBase.self)
      super.init(ref: ref)
      binding?.bind(self)
    }

    package override init(ref: KotlinRef) { super.init(ref: ref) }

    open func left() async throws -> String {
      try await ExportedKotlinPackages.inheritance.suspendCall("AsyncMultiBase.left()", .string) { [ref] in
        shared_inheritance_AsyncMultiBase_left_direct(ref.pointer, $0, $1)
      }
    }

    open func right() async throws -> String {
      try await ExportedKotlinPackages.inheritance.suspendCall("AsyncMultiBase.right()", .string) { [ref] in
        shared_inheritance_AsyncMultiBase_right_direct(ref.pointer, $0, $1)
      }
    }
  }

  /// `suspend fun callAsyncLeft(value: AsyncLeft): String = value.left()`.
  public static func callAsyncLeft(value: any AsyncLeft) async throws -> String {
    try await suspendCall("callAsyncLeft(value:)", .string) {
      shared_inheritance_callAsyncLeft(value.ref.pointer, $0, $1)
    }
  }

  /// `suspend fun callAsyncRight(value: AsyncRight): String = value.right()`.
  public static func callAsyncRight(value: any AsyncRight) async throws -> String {
    try await suspendCall("callAsyncRight(value:)", .string) {
      shared_inheritance_callAsyncRight(value.ref.pointer, $0, $1)
    }
  }

  /// `open class ConstructedAsyncBase(val origin: String) { constructor(code: Int) : this("code:$code") }`
  /// — Kotlin's `work()`: "Kotlin work:$origin".
  ///
  /// ```swift
  /// ExportedKotlinPackages.inheritance.ConstructedAsyncBase(code: 7).origin  // "code:7"
  /// ```
  open class ConstructedAsyncBase: KotlinBase, @unchecked Sendable {
    // @unchecked Sendable: no stored state beyond KotlinBase's immutable reference.
    public init(origin: String) {
      let (ref, binding) = ExportedKotlinPackages.inheritance.openInstance(
        "ConstructedAsyncBase", argument: origin, isSubclass: Self.self != ConstructedAsyncBase.self)
      super.init(ref: ref)
      binding?.bind(self)
    }

    /// The secondary constructor, `this("code:$code")`. (Designated, so that a Swift subclass
    /// without initializers of its own inherits it, as it inherits Kotlin's constructors.)
    public init(code: Int32) {
      let (ref, binding) = ExportedKotlinPackages.inheritance.openInstance(
        "ConstructedAsyncBase", argument: "code:\(code)", isSubclass: Self.self != ConstructedAsyncBase.self)
      super.init(ref: ref)
      binding?.bind(self)
    }

    package override init(ref: KotlinRef) { super.init(ref: ref) }

    public final var origin: String {
      ExportedKotlinPackages.inheritance.ownedString(
        shared_inheritance_label(ref.pointer), "ConstructedAsyncBase.origin")
    }

    open func work() async throws -> String {
      try await ExportedKotlinPackages.inheritance.suspendCall("ConstructedAsyncBase.work()", .string) { [ref] in
        shared_inheritance_ConstructedAsyncBase_work_direct(ref.pointer, $0, $1)
      }
    }
  }

  /// `class ConstructedAsyncStorage { fun store(value); fun retrieve(): ConstructedAsyncBase? }`: Kotlin
  /// keeps the object; `retrieve()` gives back the very Swift instance that was stored.
  ///
  /// ```swift
  /// let storage = ExportedKotlinPackages.inheritance.ConstructedAsyncStorage()
  /// storage.store(value: worker)
  /// storage.retrieve() === worker  // true
  /// ```
  public final class ConstructedAsyncStorage: KotlinBase, @unchecked Sendable {
    // @unchecked Sendable: no stored state beyond KotlinBase's immutable reference.
    public init() {
      let (ref, _) = ExportedKotlinPackages.inheritance.openInstance("ConstructedAsyncStorage", isSubclass: false)
      super.init(ref: ref)
    }

    package override init(ref: KotlinRef) { super.init(ref: ref) }

    public func store(value: ConstructedAsyncBase) {
      _ = withExtendedLifetime(value) {
        shared_inheritance_ConstructedAsyncStorage_store(ref.pointer, value.ref.pointer)
      }
    }

    public func retrieve() -> ConstructedAsyncBase? {
      guard let pointer = shared_inheritance_ConstructedAsyncStorage_retrieve(ref.pointer) else { return nil }
      if let bound = KotlinSubclassBinding.boundInstance(of: pointer) as? ConstructedAsyncBase {
        KotlinABI.disposeStablePointer(pointer)  // the Swift instance already holds its own reference
        return bound
      }
      return ConstructedAsyncBase(ref: KotlinRef(adopting: pointer))
    }
  }

  /// `withTimeoutOrNull(timeoutMs) { value.work() } ?: "timed_out"`.
  public static func callConstructedWorkWithTimeout(value: ConstructedAsyncBase, timeoutMs: Int64) async throws
    -> String
  {
    try await suspendCall("callConstructedWorkWithTimeout(value:timeoutMs:)", .string) {
      shared_inheritance_callConstructedWorkWithTimeout(value.ref.pointer, timeoutMs, $0, $1)
    }
  }
}
