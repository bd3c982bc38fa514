import Foundation
import Locking
import Shared
import Testing

private typealias Pkg = ExportedKotlinPackages.inheritance

// Swift subclasses of package `inheritance`'s open classes, as the upstream tests declare them (each
// test's classes are reused by the upstream tests that declare the same ones).

private final class SwiftDerived: Pkg.AsyncBase, @unchecked Sendable {
  override func greet(name: String) async throws -> String { "Swift: \(name)" }
}

private final class MixedDerived: Pkg.AsyncBase, @unchecked Sendable {
  override func greet(name: String) async throws -> String { "Swift: \(name)" }
  override func syncTag() -> String { "swift-sync" }
}

private final class WrappingDerived: Pkg.AsyncBase, @unchecked Sendable {
  override func greet(name: String) async throws -> String {
    let inner = try await super.greet(name: name)
    return "wrapped(\(inner))"
  }
}

private final class SwiftSpeaker: Pkg.AsyncSpeakerBase, @unchecked Sendable {
  override func speak() async throws -> String { "Swift speaks" }
}

private final class MyAsyncDefaulter: Pkg.AsyncSpeakerBase, Pkg.AsyncDefaulter, @unchecked Sendable {
  func tag() async throws -> String { "swift-tag" }
  // describe() intentionally not implemented: Kotlin's default is inherited.
}

private struct OverrideFailure: Error {}

private final class SwiftThrower: Pkg.AsyncThrower, @unchecked Sendable {
  override func boom() async throws -> String { throw OverrideFailure() }
}

private final class MessageThrower: Pkg.AsyncThrower, @unchecked Sendable {
  override func boom() async throws -> String {
    throw NSError(domain: "swift.test", code: 7, userInfo: [NSLocalizedDescriptionKey: "swift-boom-42"])
  }
}

private final class ThrowingSpeaker: Pkg.AsyncSpeakerBase, @unchecked Sendable {
  override func speak() async throws -> String {
    throw NSError(domain: "swift.test", code: 9, userInfo: [NSLocalizedDescriptionKey: "interface-boom"])
  }
}

private final class PassThrough: Pkg.AsyncThrower, @unchecked Sendable {
  override func boom() async throws -> String { try await super.boom() }
}

/// Suspends in its override until cancelled, opening `started` first (so that the test cancels a
/// call that is known to be inside the override, instead of waiting a fixed time), and runs
/// `onCleanup` on the way out.
private final class SuspendingDerived: Pkg.AsyncBase, @unchecked Sendable {
  let started = Gate()
  let onCleanup: @Sendable () -> Void

  init(onCleanup: @escaping @Sendable () -> Void = {}) {
    self.onCleanup = onCleanup
    super.init()
  }

  override func greet(name: String) async throws -> String {
    defer { onCleanup() }
    started.open()
    try await Task.sleep(for: .seconds(3600))
    return "Swift: \(name)"
  }
}

/// Swift export's execution tests for inheritance (JetBrains/kotlin,
/// native/swift/swift-export-standalone-integration-tests/coroutines/testData/execution/inheritance):
/// `inheritance.swift` and the files of its subdirectories, one test here per upstream test, named
/// `<file>: <upstream test>`. Each runs in a leak-checked Kotlin runtime scope: every Kotlin object,
/// reverse call and suspend call is gone at the end.
@Suite("Swift export execution tests: inheritance", .timeLimit(.minutes(1)))
struct InheritanceExecutionTests {
  // MARK: shared bodies (upstream repeats these tests in several files)

  private func overrideIsCalledFromKotlin() async throws {
    try await withLeakCheckedScope { _ in
      let derived = SwiftDerived()
      let direct = try await derived.greet(name: "A")
      #expect(direct == "Swift: A")
      let throughKotlin = try await Pkg.callGreet(base: derived, name: "B")
      #expect(throughKotlin == "Swift: B")
      let plain = try await Pkg.callGreet(base: Pkg.AsyncBase(), name: "C")
      #expect(plain == "Kotlin: C")
    }
  }

  private func interfaceOverrideIsCalledFromKotlin() async throws {
    try await withLeakCheckedScope { _ in
      let swift = try await Pkg.callSpeak(s: SwiftSpeaker())
      #expect(swift == "Swift speaks")
      let kotlin = try await Pkg.callSpeak(s: Pkg.AsyncSpeakerBase())
      #expect(kotlin == "Kotlin speaks")
    }
  }

  private func inheritsNonOverriddenMember(checkFinal: Bool) async throws {
    try await withLeakCheckedScope { _ in
      let derived = SwiftDerived()
      let greeting = try await Pkg.callGreet(base: derived, name: "X")
      #expect(greeting == "Swift: X")
      let count = try await Pkg.callCount(base: derived)
      #expect(count == 42)
      if checkFinal {
        let final = try await Pkg.callNotOpen(base: derived)
        #expect(final == "kotlin-final")
      }
    }
  }

  private func overrideCallsSuper() async throws {
    try await withLeakCheckedScope { _ in
      let derived = WrappingDerived()
      let direct = try await derived.greet(name: "Y")
      #expect(direct == "wrapped(Kotlin: Y)")
      let throughKotlin = try await Pkg.callGreet(base: derived, name: "Z")
      #expect(throughKotlin == "wrapped(Kotlin: Z)")
    }
  }

  private func inheritsInterfaceDefault() async throws {
    try await withLeakCheckedScope { _ in
      let defaulter = MyAsyncDefaulter()
      let direct = try await defaulter.describe()
      #expect(direct == "default-describe(swift-tag)")
      let throughKotlin = try await Pkg.callAsyncDescribe(d: defaulter)
      #expect(throughKotlin == "default-describe(swift-tag)")
    }
  }

  private func overrideThrows() async throws {
    try await withLeakCheckedScope { _ in
      _ = await #expect(throws: (any Error).self) { _ = try await Pkg.callBoom(t: SwiftThrower()) }
    }
  }

  /// The error of an override that threw, as the Kotlin caller's Swift caller receives it.
  private func errorThroughKotlin(_ call: @escaping @Sendable () async throws -> String) async -> (any Error)? {
    let result = await Task<String, any Error> { try await call() }.result
    guard case .failure(let error) = result else { return nil }
    return error
  }

  private func overrideErrorMessageSurvives() async throws {
    try await withLeakCheckedScope { _ in
      let error = try #require(await errorThroughKotlin { try await Pkg.callBoom(t: MessageThrower()) })
      #expect(!(error is CancellationError))
      #expect(String(describing: error).contains("swift-boom-42"))
    }
  }

  private func interfaceOverrideErrorMessageSurvives() async throws {
    try await withLeakCheckedScope { _ in
      let error = try #require(await errorThroughKotlin { try await Pkg.callSpeak(s: ThrowingSpeaker()) })
      #expect(!(error is CancellationError))
      #expect(String(describing: error).contains("interface-boom"))
    }
  }

  private func superExceptionPropagates(checkClass: Bool) async throws {
    try await withLeakCheckedScope { _ in
      let error = try #require(await errorThroughKotlin { try await Pkg.callBoom(t: PassThrough()) })
      #expect(!(error is CancellationError))
      if checkClass {
        let exception = try #require(error as? KotlinException)
        #expect(exception.className == Pkg.asyncExceptionClassName)
        #expect(String(describing: exception).contains("kotlin-boom"))
      }
    }
  }

  // MARK: inheritance.swift

  @Test("inheritance.swift: swiftCanOverrideKotlinSuspendMethod")
  func inheritance_swiftCanOverrideKotlinSuspendMethod() async throws { try await overrideIsCalledFromKotlin() }

  @Test("inheritance.swift: swiftSubclassInheritsNonOverriddenSuspendMethod")
  func inheritance_swiftSubclassInheritsNonOverriddenSuspendMethod() async throws {
    try await inheritsNonOverriddenMember(checkFinal: false)
  }

  @Test("inheritance.swift: swiftSuspendOverrideCanCallSuper")
  func inheritance_swiftSuspendOverrideCanCallSuper() async throws { try await overrideCallsSuper() }

  @Test("inheritance.swift: swiftCanOverrideKotlinSuspendInterfaceMethod")
  func inheritance_swiftCanOverrideKotlinSuspendInterfaceMethod() async throws {
    try await interfaceOverrideIsCalledFromKotlin()
  }

  @Test("inheritance.swift: swiftInheritsKotlinSuspendInterfaceDefault")
  func inheritance_swiftInheritsKotlinSuspendInterfaceDefault() async throws { try await inheritsInterfaceDefault() }

  @Test("inheritance.swift: swiftSuspendOverrideCanThrow")
  func inheritance_swiftSuspendOverrideCanThrow() async throws { try await overrideThrows() }

  @Test("inheritance.swift: swiftSuspendOverrideThrowMessageSurvivesRoundTrip")
  func inheritance_swiftSuspendOverrideThrowMessageSurvivesRoundTrip() async throws {
    try await overrideErrorMessageSurvives()
  }

  @Test("inheritance.swift: swiftSuspendInterfaceOverrideThrowMessageSurvives")
  func inheritance_swiftSuspendInterfaceOverrideThrowMessageSurvives() async throws {
    try await interfaceOverrideErrorMessageSurvives()
  }

  @Test("inheritance.swift: swiftSuspendOverrideRethrowsKotlinSuperException")
  func inheritance_swiftSuspendOverrideRethrowsKotlinSuperException() async throws {
    try await superExceptionPropagates(checkClass: false)
  }

  @Test("inheritance.swift: swiftSuspendOverrideObservesInwardCancellation")
  func inheritance_swiftSuspendOverrideObservesInwardCancellation() async throws {
    try await withLeakCheckedScope { _ in
      let derived = SuspendingDerived()
      let task = Task<String, any Error> { try await Pkg.callGreet(base: derived, name: "X") }
      await derived.started.wait()  // the Kotlin call is suspended in the Swift override
      task.cancel()
      let result = await task.result
      #expect(task.isCancelled)
      #expect(throws: CancellationError.self) { try result.get() }
    }
  }

  @Test("inheritance.swift: kotlinTimeoutCancelsSwiftSuspendOverride")
  func inheritance_kotlinTimeoutCancelsSwiftSuspendOverride() async throws {
    try await withLeakCheckedScope { _ in
      let cleanedUp = Locked(false)
      let derived = SuspendingDerived(onCleanup: { cleanedUp.withLock { $0 = true } })
      let result = try await Pkg.callGreetWithTimeout(base: derived, name: "X", timeoutMs: 100)
      #expect(result == "timed_out")
      #expect(cleanedUp.withLock { $0 })  // the timeout cancelled the override, whose cleanup ran before
    }
  }

  @Test("inheritance.swift: swiftSuspendOverrideRunsCleanupOnCancellation")
  func inheritance_swiftSuspendOverrideRunsCleanupOnCancellation() async throws {
    try await withLeakCheckedScope { _ in
      let result: Result<String, any Error> = await confirmation("override cleanup ran on cancellation") { confirm in
        let derived = SuspendingDerived(onCleanup: { confirm() })
        let task = Task<String, any Error> { try await Pkg.callGreet(base: derived, name: "X") }
        await derived.started.wait()
        task.cancel()
        return await task.result
      }
      #expect(throws: CancellationError.self) { try result.get() }
    }
  }

  // MARK: suspend_override/suspend_override.swift

  @Test("suspend_override: swiftCanOverrideKotlinSuspendMethod")
  func override_swiftCanOverrideKotlinSuspendMethod() async throws { try await overrideIsCalledFromKotlin() }

  @Test("suspend_override: swiftCanOverrideKotlinSuspendInterfaceMethod")
  func override_swiftCanOverrideKotlinSuspendInterfaceMethod() async throws {
    try await interfaceOverrideIsCalledFromKotlin()
  }

  @Test("suspend_override: swiftSubclassOverridesBothSuspendAndNonSuspendMembers")
  func override_swiftSubclassOverridesBothSuspendAndNonSuspendMembers() async throws {
    try await withLeakCheckedScope { _ in
      let mixed = MixedDerived()
      let greeting = try await Pkg.callGreet(base: mixed, name: "X")
      #expect(greeting == "Swift: X")
      #expect(Pkg.callSyncTag(base: mixed) == "swift-sync")
      // Overriding only the suspend member leaves the synchronous one on the Kotlin body.
      #expect(Pkg.callSyncTag(base: SwiftDerived()) == "kotlin-sync")
    }
  }

  @Test("suspend_override: swiftOverrideReturnsUnitThroughContinuation")
  func override_swiftOverrideReturnsUnitThroughContinuation() async throws {
    final class Recorder: Pkg.AsyncPayloads, @unchecked Sendable {
      let ran = Locked(false)
      override func nothingToReturn() async throws { ran.withLock { $0 = true } }
    }
    try await withLeakCheckedScope { _ in
      let recorder = Recorder()
      try await Pkg.callNothingToReturn(p: recorder)
      #expect(recorder.ran.withLock { $0 }, "a Unit-returning override must still resume the Kotlin coroutine")
    }
  }

  @Test("suspend_override: swiftOverrideReturnsPrimitiveThroughContinuation")
  func override_swiftOverrideReturnsPrimitiveThroughContinuation() async throws {
    final class Counter: Pkg.AsyncPayloads, @unchecked Sendable {
      override func number() async throws -> Int32 { 42 }
    }
    try await withLeakCheckedScope { _ in
      let swift = try await Pkg.callNumber(p: Counter())
      #expect(swift == 42)
      let kotlin = try await Pkg.callNumber(p: Pkg.AsyncPayloads())
      #expect(kotlin == 1)
    }
  }

  @Test("suspend_override: swiftOverrideReturnsExportedObjectThroughContinuation")
  func override_swiftOverrideReturnsExportedObjectThroughContinuation() async throws {
    final class Maker: Pkg.AsyncPayloads, @unchecked Sendable {
      override func payload() async throws -> Pkg.AsyncPayload? { Pkg.AsyncPayload(label: "swift") }
    }
    final class Nuller: Pkg.AsyncPayloads, @unchecked Sendable {
      override func payload() async throws -> Pkg.AsyncPayload? { nil }
    }
    try await withLeakCheckedScope { _ in
      let made = try await Pkg.callPayload(p: Maker())
      #expect(made?.label == "swift")
      let none = try await Pkg.callPayload(p: Nuller())
      #expect(none == nil)
      let kotlin = try await Pkg.callPayload(p: Pkg.AsyncPayloads())
      #expect(kotlin?.label == "kotlin")
    }
  }

  // MARK: suspend_super_and_inherited/suspend_super_and_inherited.swift

  @Test("suspend_super_and_inherited: swiftSuspendOverrideCanCallSuper")
  func superAndInherited_swiftSuspendOverrideCanCallSuper() async throws { try await overrideCallsSuper() }

  @Test("suspend_super_and_inherited: swiftSubclassInheritsNonOverriddenSuspendMethod")
  func superAndInherited_swiftSubclassInheritsNonOverriddenSuspendMethod() async throws {
    try await inheritsNonOverriddenMember(checkFinal: true)
  }

  @Test("suspend_super_and_inherited: swiftInheritsKotlinSuspendInterfaceDefault")
  func superAndInherited_swiftInheritsKotlinSuspendInterfaceDefault() async throws {
    try await inheritsInterfaceDefault()
  }

  // MARK: suspend_error_propagation/suspend_error_propagation.swift

  @Test("suspend_error_propagation: swiftSuspendOverrideCanThrow")
  func errorPropagation_swiftSuspendOverrideCanThrow() async throws { try await overrideThrows() }

  @Test("suspend_error_propagation: swiftSuspendOverrideThrowMessageSurvivesRoundTrip (message; not NSError identity)")
  func errorPropagation_swiftSuspendOverrideThrowMessageSurvivesRoundTrip() async throws {
    try await overrideErrorMessageSurvives()
  }

  @Test("suspend_error_propagation: swiftSuspendInterfaceOverrideThrowMessageSurvives (message; not NSError identity)")
  func errorPropagation_swiftSuspendInterfaceOverrideThrowMessageSurvives() async throws {
    try await interfaceOverrideErrorMessageSurvives()
  }

  @Test("suspend_error_propagation: swiftSuspendOverrideRethrowsKotlinSuperException (class and message survive)")
  func errorPropagation_swiftSuspendOverrideRethrowsKotlinSuperException() async throws {
    try await superExceptionPropagates(checkClass: true)
  }
}
