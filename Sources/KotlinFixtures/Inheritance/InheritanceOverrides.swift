import CInterop
import KotlinBridge

extension ExportedKotlinPackages.inheritance {
  private typealias Pkg = ExportedKotlinPackages.inheritance

  /// How Kotlin's virtual calls reach a Swift subclass of the package's open classes: each handler
  /// calls the member with Swift's dynamic dispatch (the override, or the base class's call of the
  /// Kotlin body).
  static let overrides = KotlinOverrideTable(
    suspendMembers: [
      "greet": { object, args in
        let name = try KotlinValueCodec<String>.string.decode(args[0])
        let base = object as! Pkg.AsyncBase
        return { KotlinOverrideValue(try await base.greet(name: name), codec: .string) }
      },
      "count": { object, _ in
        let base = object as! Pkg.AsyncBase
        return { KotlinOverrideValue(try await base.count(), codec: .int) }
      },
      "speak": { object, _ in
        let speaker = object as! any Pkg.AsyncSpeaker
        return { KotlinOverrideValue(try await speaker.speak(), codec: .string) }
      },
      "tag": { object, _ in
        let defaulter = object as! any Pkg.AsyncDefaulter
        return { KotlinOverrideValue(try await defaulter.tag(), codec: .string) }
      },
      "describe": { object, _ in
        let defaulter = object as! any Pkg.AsyncDefaulter
        return { KotlinOverrideValue(try await defaulter.describe(), codec: .string) }
      },
      "boom": { object, _ in
        let thrower = object as! Pkg.AsyncThrower
        return { KotlinOverrideValue(try await thrower.boom(), codec: .string) }
      },
      "nothingToReturn": { object, _ in
        let payloads = object as! Pkg.AsyncPayloads
        return {
          try await payloads.nothingToReturn()
          return .unit
        }
      },
      "number": { object, _ in
        let payloads = object as! Pkg.AsyncPayloads
        return { KotlinOverrideValue(try await payloads.number(), codec: .int) }
      },
      "payload": { object, _ in
        let payloads = object as! Pkg.AsyncPayloads
        return { KotlinOverrideValue(try await payloads.payload(), codec: .optional(.asyncPayload)) }
      },
      "guarded": { object, _ in
        let guarded = object as! Pkg.AsyncGuarded
        return { KotlinOverrideValue(try await guarded.guarded(), codec: .string) }
      },
      // AsyncWorker.work() and ConstructedAsyncBase.work(): one name, two classes.
      "work": { object, _ in
        if let worker = object as? Pkg.AsyncWorker {
          return { KotlinOverrideValue(try await worker.work(), codec: .string) }
        }
        let constructed = object as! Pkg.ConstructedAsyncBase
        return { KotlinOverrideValue(try await constructed.work(), codec: .string) }
      },
      "left": { object, _ in
        let left = object as! any Pkg.AsyncLeft
        return { KotlinOverrideValue(try await left.left(), codec: .string) }
      },
      "right": { object, _ in
        let right = object as! any Pkg.AsyncRight
        return { KotlinOverrideValue(try await right.right(), codec: .string) }
      },
      "pick(arg1:)": { object, args in
        let arg1 = try KotlinValueCodec<String>.string.decode(args[0])
        let overloads = object as! Pkg.AsyncOverloads
        return { KotlinOverrideValue(try await overloads.pick(arg1: arg1), codec: .string) }
      },
      "pick(arg1:arg2:)": { object, args in
        let arg1 = try KotlinValueCodec<String>.string.decode(args[0])
        let arg2 = try KotlinValueCodec<Int32>.int.decode(args[1])
        let overloads = object as! Pkg.AsyncOverloads
        return { KotlinOverrideValue(try await overloads.pick(arg1: arg1, arg2: arg2), codec: .string) }
      },
      "same(arg:String)": { object, args in
        let arg = try KotlinValueCodec<String>.string.decode(args[0])
        let overloads = object as! Pkg.AsyncOverloads
        return { KotlinOverrideValue(try await overloads.same(arg: arg), codec: .string) }
      },
      "same(arg:Int)": { object, args in
        let arg = try KotlinValueCodec<Int32>.int.decode(args[0])
        let overloads = object as! Pkg.AsyncOverloads
        return { KotlinOverrideValue(try await overloads.same(arg: arg), codec: .string) }
      },
      "join(parts:)": { object, args in
        let parts = try KotlinValueCodec<[String]>.list(.string).decode(args[0])
        let vararg = object as! Pkg.AsyncVararg
        return { KotlinOverrideValue(try await joinVariadic(vararg, parts), codec: .string) }
      },
    ],
    syncMembers: [
      "syncTag": { object, _ in KotlinOverrideValue((object as! Pkg.AsyncBase).syncTag(), codec: .string) }
    ])
}

/// Calls the variadic `join(parts:)` with parts Kotlin passed as an array. Swift cannot spread an array
/// into a variadic parameter, so the call is spelled out per count (up to 8 parts).
private func joinVariadic(_ vararg: ExportedKotlinPackages.inheritance.AsyncVararg, _ p: [String]) async throws
  -> String
{
  switch p.count {
  case 0: return try await vararg.join()
  case 1: return try await vararg.join(parts: p[0])
  case 2: return try await vararg.join(parts: p[0], p[1])
  case 3: return try await vararg.join(parts: p[0], p[1], p[2])
  case 4: return try await vararg.join(parts: p[0], p[1], p[2], p[3])
  case 5: return try await vararg.join(parts: p[0], p[1], p[2], p[3], p[4])
  case 6: return try await vararg.join(parts: p[0], p[1], p[2], p[3], p[4], p[5])
  case 7: return try await vararg.join(parts: p[0], p[1], p[2], p[3], p[4], p[5], p[6])
  case 8: return try await vararg.join(parts: p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7])
  default:
    throw ExportedKotlinPackages.kotlin.Throwable.make(
      kotlinClassName: "kotlin.IllegalArgumentException",
      message: "join(parts:) is reached from Kotlin with at most 8 parts here; got \(p.count)")
  }
}
