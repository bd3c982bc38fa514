import CInterop
import KotlinBridge

extension ExportedKotlinPackages.inheritance {
  /// `open class AsyncBase` with open suspend members `greet` and `count`, the final suspend `notOpen`
  /// and the plain open `syncTag`. Subclass it in Swift and override any open member: Kotlin's
  /// virtual calls (`callGreet`, `callCount`, `callSyncTag`) reach the override; `super` reaches the
  /// Kotlin body.
  ///
  /// ```swift
  /// final class Wrapping: ExportedKotlinPackages.inheritance.AsyncBase, @unchecked Sendable {
  ///   override func greet(name: String) async throws -> String { "wrapped(\(try await super.greet(name: name)))" }
  /// }
  /// try await ExportedKotlinPackages.inheritance.callGreet(base: Wrapping(), name: "Z")  // "wrapped(Kotlin: Z)"
  /// ```
  open class AsyncBase: KotlinBase, @unchecked Sendable {
    // @unchecked Sendable: no stored state beyond KotlinBase's immutable reference.
    public init() {
      let (ref, binding) = ExportedKotlinPackages.inheritance.openInstance(
        "AsyncBase", isSubclass: Self.self != AsyncBase.self)
      super.init(ref: ref)
      binding?.bind(self)
    }

    package override init(ref: KotlinRef) { super.init(ref: ref) }

    /// `open suspend fun greet(name: String): String` — Kotlin's body: "Kotlin: \(name)".
    open func greet(name: String) async throws -> String {
      try await ExportedKotlinPackages.inheritance.suspendCall("AsyncBase.greet(name:)", .string) {
        [ref] continuation, status in
        name.withCString { shared_inheritance_AsyncBase_greet_direct(ref.pointer, $0, continuation, status) }
      }
    }

    /// `open suspend fun count(): Int` — Kotlin's body: 42.
    open func count() async throws -> Int32 {
      try await ExportedKotlinPackages.inheritance.suspendCall("AsyncBase.count()", .int) { [ref] in
        shared_inheritance_AsyncBase_count_direct(ref.pointer, $0, $1)
      }
    }

    /// `suspend fun notOpen(): String` (final) — "kotlin-final".
    public final func notOpen() async throws -> String {
      try await ExportedKotlinPackages.inheritance.suspendCall("AsyncBase.notOpen()", .string) { [ref] in
        shared_inheritance_AsyncBase_notOpen(ref.pointer, $0, $1)
      }
    }

    /// `open fun syncTag(): String` (not suspend) — Kotlin's body: "kotlin-sync".
    open func syncTag() -> String {
      ExportedKotlinPackages.inheritance.ownedString(
        shared_inheritance_AsyncBase_syncTag_direct(ref.pointer), "AsyncBase.syncTag()")
    }
  }

  /// `interface AsyncSpeaker { suspend fun speak(): String }`.
  ///
  /// ```swift
  /// try await ExportedKotlinPackages.inheritance.callSpeak(s: ExportedKotlinPackages.inheritance.AsyncSpeakerBase())
  /// ```
  public protocol AsyncSpeaker: KotlinBase {
    func speak() async throws -> String
  }

  /// `open class AsyncSpeakerBase : AsyncSpeaker` — Kotlin's `speak()`: "Kotlin speaks".
  ///
  /// ```swift
  /// final class Loud: ExportedKotlinPackages.inheritance.AsyncSpeakerBase, @unchecked Sendable {
  ///   override func speak() async throws -> String { "Swift speaks" }
  /// }
  /// ```
  open class AsyncSpeakerBase: KotlinBase, AsyncSpeaker, @unchecked Sendable {
    // @unchecked Sendable: no stored state beyond KotlinBase's immutable reference.
    public init() {
      let (ref, binding) = ExportedKotlinPackages.inheritance.openInstance(
        "AsyncSpeakerBase", isSubclass: Self.self != AsyncSpeakerBase.self)
      super.init(ref: ref)
      binding?.bind(self)
    }

    package override init(ref: KotlinRef) { super.init(ref: ref) }

    open func speak() async throws -> String {
      try await ExportedKotlinPackages.inheritance.suspendCall("AsyncSpeakerBase.speak()", .string) { [ref] in
        shared_inheritance_AsyncSpeakerBase_speak_direct(ref.pointer, $0, $1)
      }
    }
  }

  /// `interface AsyncDefaulter { suspend fun tag(): String; suspend fun describe(): String = … }`:
  /// a Swift class adopting it implements `tag()` and inherits Kotlin's `describe()` default,
  /// "default-describe(" + tag() + ")", whose call of `tag()` reaches the Swift implementation.
  ///
  /// ```swift
  /// final class Tagged: ExportedKotlinPackages.inheritance.AsyncAnchor, ExportedKotlinPackages.inheritance.AsyncDefaulter,
  ///   @unchecked Sendable { func tag() async throws -> String { "swift-tag" } }
  /// try await Tagged().describe()  // "default-describe(swift-tag)"
  /// ```
  public protocol AsyncDefaulter: KotlinBase {
    func tag() async throws -> String
    func describe() async throws -> String
  }

  /// `class AsyncException(message: String) : RuntimeException(message)`: Kotlin's exception, caught
  /// in Swift as its class.
  ///
  /// ```swift
  /// do { _ = try await ExportedKotlinPackages.inheritance.AsyncThrower().boom() }
  /// catch let error as ExportedKotlinPackages.inheritance.AsyncException { print(error.message ?? "") }
  /// ```
  public final class AsyncException: ExportedKotlinPackages.kotlin.RuntimeException, @unchecked Sendable {
    // @unchecked Sendable: no state beyond Throwable's.
    public override class var kotlinClassName: String { "inheritance.AsyncException" }
  }

  /// `open class AsyncThrower` — Kotlin's `boom()` throws `AsyncException("kotlin-boom")`.
  ///
  /// ```swift
  /// do { _ = try await ExportedKotlinPackages.inheritance.AsyncThrower().boom() } catch { print(error) }
  /// ```
  open class AsyncThrower: KotlinBase, @unchecked Sendable {
    // @unchecked Sendable: no stored state beyond KotlinBase's immutable reference.
    public init() {
      let (ref, binding) = ExportedKotlinPackages.inheritance.openInstance(
        "AsyncThrower", isSubclass: Self.self != AsyncThrower.self)
      super.init(ref: ref)
      binding?.bind(self)
    }

    package override init(ref: KotlinRef) { super.init(ref: ref) }

    open func boom() async throws -> String {
      try await ExportedKotlinPackages.inheritance.suspendCall("AsyncThrower.boom()", .string) { [ref] in
        shared_inheritance_AsyncThrower_boom_direct(ref.pointer, $0, $1)
      }
    }
  }

  /// `class AsyncPayload(val label: String)`.
  ///
  /// ```swift
  /// ExportedKotlinPackages.inheritance.AsyncPayload(label: "swift").label  // "swift"
  /// ```
  public final class AsyncPayload: KotlinBase, @unchecked Sendable {
    // @unchecked Sendable: no stored state beyond KotlinBase's immutable reference.
    public init(label: String) {
      var status = shared_Status_ok
      let pointer = KotlinABI.inCurrentScope {
        label.withCString { shared_inheritance_AsyncPayload_new($0, &status) }
      }
      guard let pointer else { preconditionFailure("AsyncPayload(label:) was refused (status \(status.rawValue))") }
      super.init(ref: KotlinRef(adopting: pointer))
    }

    package override init(ref: KotlinRef) { super.init(ref: ref) }

    public var label: String {
      ExportedKotlinPackages.inheritance.ownedString(
        shared_inheritance_AsyncPayload_label(ref.pointer), "AsyncPayload.label")
    }
  }

  /// `open class AsyncPayloads` — Kotlin's bodies: `nothingToReturn()` does nothing, `number()` is 1,
  /// `payload()` is `AsyncPayload("kotlin")`.
  ///
  /// ```swift
  /// try await ExportedKotlinPackages.inheritance.callNumber(p: ExportedKotlinPackages.inheritance.AsyncPayloads())  // 1
  /// ```
  open class AsyncPayloads: KotlinBase, @unchecked Sendable {
    // @unchecked Sendable: no stored state beyond KotlinBase's immutable reference.
    public init() {
      let (ref, binding) = ExportedKotlinPackages.inheritance.openInstance(
        "AsyncPayloads", isSubclass: Self.self != AsyncPayloads.self)
      super.init(ref: ref)
      binding?.bind(self)
    }

    package override init(ref: KotlinRef) { super.init(ref: ref) }

    open func nothingToReturn() async throws {
      _ = try await ExportedKotlinPackages.inheritance.suspendCall("AsyncPayloads.nothingToReturn()", .unit) {
        [ref] in shared_inheritance_AsyncPayloads_nothingToReturn_direct(ref.pointer, $0, $1)
      }
    }

    open func number() async throws -> Int32 {
      try await ExportedKotlinPackages.inheritance.suspendCall("AsyncPayloads.number()", .int) { [ref] in
        shared_inheritance_AsyncPayloads_number_direct(ref.pointer, $0, $1)
      }
    }

    open func payload() async throws -> AsyncPayload? {
      try await ExportedKotlinPackages.inheritance.suspendCall("AsyncPayloads.payload()", .optional(.asyncPayload)) {
        [ref] in shared_inheritance_AsyncPayloads_payload_direct(ref.pointer, $0, $1)
      }
    }
  }
}

extension ExportedKotlinPackages.inheritance.AsyncDefaulter {
  /// Kotlin's default body (non-virtual): "default-describe(" + tag() + ")".
  public func describe() async throws -> String {
    try await ExportedKotlinPackages.inheritance.suspendCall("AsyncDefaulter.describe()", .string) { [ref] in
      shared_inheritance_AsyncDefaulter_describe_direct(ref.pointer, $0, $1)
    }
  }
}

extension KotlinValueCodec where Value == ExportedKotlinPackages.inheritance.AsyncPayload {
  static var asyncPayload: Self { .object("AsyncPayload") { ExportedKotlinPackages.inheritance.AsyncPayload(ref: $0) } }
}
