import CInterop

// Kotlin suspend function types as Swift export shows them, `(P…) async throws -> R`, both ways:
// a Swift closure passed in becomes a Kotlin function object that runs it (SwiftSuspendFunction); a
// Kotlin function object handed out becomes a Swift closure that calls it as a suspend call.

extension KotlinValueCodec where Value == Void {
  /// Kotlin `Unit` as the result of a function type (`suspend () -> Unit` is `() async throws -> Void`).
  package static var void: Self {
    KotlinValueCodec(
      decode: { value throws(KotlinInteropError) in
        if value.kind == Int32(shared_ValueKind_object.rawValue) { KotlinABI.disposeStablePointer(value.as.object) }
      },
      encode: { _, body in
        var unit = shared_Value()
        unit.kind = Int32(shared_ValueKind_unit.rawValue)
        withUnsafePointer(to: unit) { body($0) }
      })
  }
}

extension KotlinValueCodec {
  /// Lends a Swift closure to Kotlin as a new function object for the duration of `body`; Kotlin keeps
  /// it alive for as long as it holds it.
  private static func lend(
    _ function: KotlinRef, _ body: (UnsafePointer<shared_Value>) -> Void
  ) {
    var value = shared_Value()
    value.kind = Int32(shared_ValueKind_object.rawValue)
    value.as.object = function.pointer
    withExtendedLifetime(function) { withUnsafePointer(to: value) { body($0) } }
  }

  /// Adopts a function object Kotlin handed over; a null is a mismatch.
  private static func adoptFunction(_ value: shared_Value) throws(KotlinInteropError) -> KotlinRef {
    guard value.kind == Int32(shared_ValueKind_object.rawValue), let pointer = value.as.object else {
      throw mismatch(value, expected: "a suspend function")
    }
    return KotlinRef(adopting: pointer)
  }

  /// Calls a Kotlin function object as a suspend call: Swift export's semantics (see `kotlinSuspend`).
  private static func call<R>(
    _ function: KotlinRef, _ arguments: [KotlinArgument], _ result: KotlinValueCodec<R>
  ) async throws -> R {
    try await kotlinSuspend("a Kotlin suspend lambda", codec: result, isolation: nil) { continuation, status in
      withExtendedLifetime(function) {
        withKotlinArguments(arguments) { encoded in
          shared_SuspendFunction_invoke(
            shared_kref_kotlin_SuspendFunction(pinned: function.pointer), encoded.baseAddress, Int32(encoded.count),
            continuation, status)
        }
      }
    }
  }

  /// `suspend () -> R`.
  package static func suspendFunction<R>(returning result: KotlinValueCodec<R>) -> Self
  where Value == () async throws -> R {
    KotlinValueCodec(
      decode: { value throws(KotlinInteropError) in
        let function = try adoptFunction(value)
        return { try await call(function, [], result) }
      },
      encode: { closure, body in
        let swift = SwiftSuspendFunction(result: result) { _ throws(KotlinInteropError) in closure }
        lend(swift.makeKotlinObject(arity: 0), body)
      })
  }

  /// `suspend (P1) -> R`.
  package static func suspendFunction<P1, R>(_ p1: KotlinValueCodec<P1>, returning result: KotlinValueCodec<R>) -> Self
  where Value == (P1) async throws -> R {
    KotlinValueCodec(
      decode: { value throws(KotlinInteropError) in
        let function = try adoptFunction(value)
        return { a in try await call(function, [KotlinArgument(a, p1)], result) }
      },
      encode: { closure, body in
        let swift = SwiftSuspendFunction(result: result) { arguments throws(KotlinInteropError) in
          let a = try p1.decode(arguments[0])
          return { try await closure(a) }
        }
        lend(swift.makeKotlinObject(arity: 1), body)
      })
  }

  /// `suspend (P1, P2) -> R`.
  package static func suspendFunction<P1, P2, R>(
    _ p1: KotlinValueCodec<P1>, _ p2: KotlinValueCodec<P2>, returning result: KotlinValueCodec<R>
  ) -> Self where Value == (P1, P2) async throws -> R {
    KotlinValueCodec(
      decode: { value throws(KotlinInteropError) in
        let function = try adoptFunction(value)
        return { a, b in try await call(function, [KotlinArgument(a, p1), KotlinArgument(b, p2)], result) }
      },
      encode: { closure, body in
        let swift = SwiftSuspendFunction(result: result) { arguments throws(KotlinInteropError) in
          let (a, b) = try decodeAll(
            arguments, { args throws(KotlinInteropError) in try p1.decode(args[0]) },
            { args throws(KotlinInteropError) in try p2.decode(args[1]) })
          return { try await closure(a, b) }
        }
        lend(swift.makeKotlinObject(arity: 2), body)
      })
  }

  /// `suspend (P1, P2, P3) -> R`.
  package static func suspendFunction<P1, P2, P3, R>(
    _ p1: KotlinValueCodec<P1>, _ p2: KotlinValueCodec<P2>, _ p3: KotlinValueCodec<P3>,
    returning result: KotlinValueCodec<R>
  ) -> Self where Value == (P1, P2, P3) async throws -> R {
    KotlinValueCodec(
      decode: { value throws(KotlinInteropError) in
        let function = try adoptFunction(value)
        return { a, b, c in
          try await call(function, [KotlinArgument(a, p1), KotlinArgument(b, p2), KotlinArgument(c, p3)], result)
        }
      },
      encode: { closure, body in
        let swift = SwiftSuspendFunction(result: result) { arguments throws(KotlinInteropError) in
          let (a, b) = try decodeAll(
            arguments, { args throws(KotlinInteropError) in try p1.decode(args[0]) },
            { args throws(KotlinInteropError) in try p2.decode(args[1]) })
          let c = try p3.decode(arguments[2])
          return { try await closure(a, b, c) }
        }
        lend(swift.makeKotlinObject(arity: 3), body)
      })
  }
}

/// Decodes two arguments; when one fails, the object krefs of the others are still disposed.
private func decodeAll<A, B>(
  _ arguments: UnsafeBufferPointer<shared_Value>,
  _ first: (UnsafeBufferPointer<shared_Value>) throws(KotlinInteropError) -> A,
  _ second: (UnsafeBufferPointer<shared_Value>) throws(KotlinInteropError) -> B
) throws(KotlinInteropError) -> (A, B) {
  let a: A
  do throws(KotlinInteropError) { a = try first(arguments) } catch {
    disposeObjects(in: arguments.dropFirst())
    throw error
  }
  return (a, try second(arguments))
}
