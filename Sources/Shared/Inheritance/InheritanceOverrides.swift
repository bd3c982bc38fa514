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
    ],
    syncMembers: [
      "syncTag": { object, _ in KotlinOverrideValue((object as! Pkg.AsyncBase).syncTag(), codec: .string) }
    ])
}
