import CInterop
import KotlinBridge

extension ExportedKotlinPackages.inheritance {
  /// `open class AsyncOverloads` with suspend overloads `pick(arg1)`, `pick(arg1, arg2)`,
  /// `same(arg: String)` and `same(arg: Int)` — Kotlin's bodies: "kotlin-pick(…)", "kotlin-same-string(…)",
  /// "kotlin-same-int(…)". Each overload is overridden (and reached from Kotlin) on its own.
  ///
  /// ```swift
  /// try await ExportedKotlinPackages.inheritance.callPick1(o: ExportedKotlinPackages.inheritance.AsyncOverloads(), arg1: "a")
  /// ```
  open class AsyncOverloads: KotlinBase, @unchecked Sendable {
    // @unchecked Sendable: no stored state beyond KotlinBase's immutable reference.
    public init() {
      let (ref, binding) = ExportedKotlinPackages.inheritance.openInstance(
        "AsyncOverloads", isSubclass: Self.self != AsyncOverloads.self)
      super.init(ref: ref)
      binding?.bind(self)
    }

    package override init(ref: KotlinRef) { super.init(ref: ref) }

    private func direct(_ member: String, _ args: [KotlinOverloadArgument]) async throws -> String {
      try await ExportedKotlinPackages.inheritance.suspendCall("AsyncOverloads.\(member)", .string) {
        [ref] continuation, status in
        KotlinOverloadArgument.withEncoded(args) { values in
          member.withCString {
            shared_inheritance_AsyncOverloads_direct(
              ref.pointer, $0, values.baseAddress, Int32(values.count), continuation, status)
          }
        }
      }
    }

    open func pick(arg1: String) async throws -> String { try await direct("pick(arg1:)", [.string(arg1)]) }

    open func pick(arg1: String, arg2: Int32) async throws -> String {
      try await direct("pick(arg1:arg2:)", [.string(arg1), .int(arg2)])
    }

    open func same(arg: String) async throws -> String { try await direct("same(arg:String)", [.string(arg)]) }

    open func same(arg: Int32) async throws -> String { try await direct("same(arg:Int)", [.int(arg)]) }
  }

  public static func callPick1(o: AsyncOverloads, arg1: String) async throws -> String {
    try await suspendCall("callPick1(o:arg1:)", .string) { continuation, status in
      arg1.withCString { shared_inheritance_callPick1(o.ref.pointer, $0, continuation, status) }
    }
  }

  public static func callPick2(o: AsyncOverloads, arg1: String, arg2: Int32) async throws -> String {
    try await suspendCall("callPick2(o:arg1:arg2:)", .string) { continuation, status in
      arg1.withCString { shared_inheritance_callPick2(o.ref.pointer, $0, arg2, continuation, status) }
    }
  }

  public static func callSameString(o: AsyncOverloads, arg: String) async throws -> String {
    try await suspendCall("callSameString(o:arg:)", .string) { continuation, status in
      arg.withCString { shared_inheritance_callSameString(o.ref.pointer, $0, continuation, status) }
    }
  }

  public static func callSameInt(o: AsyncOverloads, arg: Int32) async throws -> String {
    try await suspendCall("callSameInt(o:arg:)", .string) { shared_inheritance_callSameInt(o.ref.pointer, arg, $0, $1) }
  }

  /// `open class AsyncVararg { open suspend fun join(vararg parts: String): String }` — Kotlin's body:
  /// "Kotlin: " + parts joined with ",".
  ///
  /// ```swift
  /// try await ExportedKotlinPackages.inheritance.AsyncVararg().join(parts: "a", "b")  // "Kotlin: a,b"
  /// ```
  open class AsyncVararg: KotlinBase, @unchecked Sendable {
    // @unchecked Sendable: no stored state beyond KotlinBase's immutable reference.
    public init() {
      let (ref, binding) = ExportedKotlinPackages.inheritance.openInstance(
        "AsyncVararg", isSubclass: Self.self != AsyncVararg.self)
      super.init(ref: ref)
      binding?.bind(self)
    }

    package override init(ref: KotlinRef) { super.init(ref: ref) }

    open func join(parts: String...) async throws -> String {
      try await ExportedKotlinPackages.inheritance.suspendCall("AsyncVararg.join(parts:)", .string) {
        [ref] continuation, status in
        var call = shared_Call()
        KotlinValueCodec<[String]>.list(.string).encode(parts) {
          call = shared_inheritance_AsyncVararg_join_direct(ref.pointer, $0, continuation, status)
        }
        return call
      }
    }
  }

  /// `suspend fun callJoin(v: AsyncVararg): String = v.join("a", "b", "c")`.
  public static func callJoin(v: AsyncVararg) async throws -> String {
    try await suspendCall("callJoin(v:)", .string) { shared_inheritance_callJoin(v.ref.pointer, $0, $1) }
  }
}

/// One argument of an overload's Kotlin body.
enum KotlinOverloadArgument {
  case string(String)
  case int(Int32)

  /// Calls `body` with the arguments encoded (valid only during `body`).
  static func withEncoded<R>(_ args: [KotlinOverloadArgument], _ body: (UnsafeBufferPointer<shared_Value>) -> R) -> R {
    var encoded: [shared_Value] = []
    func encode(_ index: Int) -> R {
      guard index < args.count else { return encoded.withUnsafeBufferPointer(body) }
      var result: R?
      switch args[index] {
      case .string(let text):
        KotlinValueCodec<String>.string.encode(text) {
          encoded.append($0.pointee)
          result = encode(index + 1)
        }
      case .int(let number):
        KotlinValueCodec<Int32>.int.encode(number) {
          encoded.append($0.pointee)
          result = encode(index + 1)
        }
      }
      return result!
    }
    return encode(0)
  }
}
