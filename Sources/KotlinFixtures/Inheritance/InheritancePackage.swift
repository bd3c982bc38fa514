import CInterop
import KotlinBridge

// Package `inheritance`: the declarations of Swift export's execution tests for inheritance
// (JetBrains/kotlin, native/swift/swift-export-standalone-integration-tests/coroutines/testData/execution/
// inheritance), under their names. Its open classes can be subclassed in Swift: Kotlin's virtual calls
// (the `call…` functions) reach the Swift overrides, `super` and members left alone reach the Kotlin
// bodies.

extension ExportedKotlinPackages {
  /// Kotlin package `inheritance`.
  public enum inheritance {}
}

extension ExportedKotlinPackages.inheritance {
  /// Makes the Kotlin object for a new instance of open class `className`, bound to the Swift
  /// subclass when `isSubclass` (Kotlin's virtual calls then go to Swift).
  static func openInstance(_ className: String, argument: String? = nil, isSubclass: Bool) -> (
    KotlinRef, KotlinSubclassBinding?
  ) {
    _ = symbols  // the module is loaded and its object wrappers registered
    _ = exceptionsRegistered
    return KotlinSubclassBinding.makeInstance(className, argument: argument, subclass: isSubclass ? overrides : nil)
  }

  /// The package's exception classes, registered before any of its calls can throw one.
  static let exceptionsRegistered: Void = ExportedKotlinPackages.kotlin.Throwable.register(AsyncException.self)

  /// A suspend call of the module, decoded with `codec`. A Swift error an override threw comes back
  /// as itself.
  static func suspendCall<Value>(
    _ name: String, _ codec: KotlinValueCodec<Value>,
    _ start: (shared_Continuation, UnsafeMutablePointer<shared_Status>) -> shared_Call
  ) async throws -> Value {
    _ = exceptionsRegistered
    do {
      return try await kotlinSuspend(name, codec: codec, start: start)
    } catch {
      throw SwiftErrorCarrier.unwrap(error)
    }
  }

  /// A string the module returned owned (DisposeString), as a Swift String.
  static func ownedString(_ pointer: UnsafePointer<CChar>?, _ what: String) -> String {
    guard let string = KotlinABI.takeString(pointer) else {
      preconditionFailure("\(what) was refused by the Kotlin runtime (KOTLIN_STUB_TRACE_MISUSE=1 says why)")
    }
    return string
  }
}
