import CInterop

/// How Kotlin reaches the members a Swift subclass of an open Kotlin class may override: per Kotlin
/// member name, a handler that decodes the arguments Kotlin passed and calls the member on the Swift
/// object — with Swift's dynamic dispatch, so an override runs if there is one, and otherwise the
/// Swift base class's implementation, which calls the Kotlin body non-virtually (`_direct`).
///
/// A module's bindings build one table for their open classes and interfaces:
///
/// ```swift
/// let table = KotlinOverrideTable(suspendMembers: [
///   "greet": { object, args in
///     let name = try KotlinValueCodec<String>.string.decode(args[0])
///     let base = object as! AsyncBase
///     return { KotlinOverrideValue(try await base.greet(name: name), codec: .string) }
///   }
/// ])
/// ```
package struct KotlinOverrideTable: Sendable {
  /// Decodes the arguments (borrowed: only during the call) and returns the member's run.
  package typealias SuspendMember =
    @Sendable (KotlinBase, UnsafeBufferPointer<shared_Value>) throws -> @Sendable () async throws -> KotlinOverrideValue
  /// Runs a non-suspend member on the calling thread.
  package typealias SyncMember = @Sendable (KotlinBase, UnsafeBufferPointer<shared_Value>) throws -> KotlinOverrideValue

  package let suspendMembers: [String: SuspendMember]
  package let syncMembers: [String: SyncMember]

  package init(suspendMembers: [String: SuspendMember], syncMembers: [String: SyncMember] = [:]) {
    self.suspendMembers = suspendMembers
    self.syncMembers = syncMembers
  }
}

/// A member's result on its way back to Kotlin: the value with the codec of its declared type.
package struct KotlinOverrideValue: Sendable {
  /// Calls `body` with the encoded value (valid only during `body`).
  let encode: @Sendable ((UnsafePointer<shared_Value>) -> Void) -> Void

  package init<Value: Sendable>(_ value: Value, codec: KotlinValueCodec<Value>) {
    encode = { body in codec.encode(value, body) }
  }

  /// Kotlin `Unit`.
  package static var unit: Self { KotlinOverrideValue(KotlinUnit.shared, codec: .unit) }
}
