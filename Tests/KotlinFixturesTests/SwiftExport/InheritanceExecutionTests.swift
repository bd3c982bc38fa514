import Foundation
import KotlinFixtures
import Locking
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
      #expect((error as NSError).domain == "swift.test", "the Swift override's error comes back as itself")
      #expect(String(describing: error).contains("swift-boom-42"))
    }
  }

  private func interfaceOverrideErrorMessageSurvives() async throws {
    try await withLeakCheckedScope { _ in
      let error = try #require(await errorThroughKotlin { try await Pkg.callSpeak(s: ThrowingSpeaker()) })
      #expect(!(error is CancellationError))
      #expect((error as NSError).code == 9, "the interface override's error comes back as itself")
      #expect(String(describing: error).contains("interface-boom"))
    }
  }

  private func superExceptionPropagates(checkClass: Bool) async throws {
    try await withLeakCheckedScope { _ in
      let error = try #require(await errorThroughKotlin { try await Pkg.callBoom(t: PassThrough()) })
      #expect(!(error is CancellationError))
      if checkClass {
        let exception = try #require(error as? Pkg.AsyncException, "the Kotlin exception's class survives")
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

  @Test("suspend_error_propagation: swiftSuspendOverrideThrowMessageSurvivesRoundTrip (identity and message)")
  func errorPropagation_swiftSuspendOverrideThrowMessageSurvivesRoundTrip() async throws {
    try await overrideErrorMessageSurvives()
  }

  @Test("suspend_error_propagation: swiftSuspendInterfaceOverrideThrowMessageSurvives (identity and message)")
  func errorPropagation_swiftSuspendInterfaceOverrideThrowMessageSurvives() async throws {
    try await interfaceOverrideErrorMessageSurvives()
  }

  @Test("suspend_error_propagation: swiftSuspendOverrideRethrowsKotlinSuperException")
  func errorPropagation_swiftSuspendOverrideRethrowsKotlinSuperException() async throws {
    try await superExceptionPropagates(checkClass: true)
  }

  // MARK: suspend_cancellation_inward/suspend_cancellation_inward.swift

  @Test("suspend_cancellation_inward: swiftSuspendOverrideObservesInwardCancellation")
  func inward_swiftSuspendOverrideObservesInwardCancellation() async throws {
    try await inheritance_swiftSuspendOverrideObservesInwardCancellation()
  }

  // MARK: suspend_cancellation_semantics/suspend_cancellation_semantics.swift

  @Test("suspend_cancellation_semantics: swiftSuspendOverrideRunsCleanupOnCancellation")
  func semantics_swiftSuspendOverrideRunsCleanupOnCancellation() async throws {
    try await inheritance_swiftSuspendOverrideRunsCleanupOnCancellation()
  }

  @Test("suspend_cancellation_semantics: swiftSuspendOverrideValueSurvivesCancellation")
  func semantics_swiftSuspendOverrideValueSurvivesCancellation() async throws {
    final class UncooperativeDerived: Pkg.AsyncBase, @unchecked Sendable {
      let started = Gate()
      override func greet(name: String) async throws -> String {
        started.open()
        try? await Task.sleep(for: .seconds(3600))  // the cancellation ends the sleep and is swallowed
        return "Swift: \(name)"
      }
    }
    try await withLeakCheckedScope { _ in
      let derived = UncooperativeDerived()
      let task = Task<String, any Error> { try await Pkg.callGreet(base: derived, name: "X") }
      await derived.started.wait()
      task.cancel()
      let result = await task.result
      #expect(task.isCancelled)
      let value = try result.get()
      #expect(value == "Swift: X", "a value returned by the override after cancellation reaches the Kotlin caller")
    }
  }

  @Test("suspend_cancellation_semantics: swiftSuspendOverrideCustomErrorSurvivesCancellation")
  func semantics_swiftSuspendOverrideCustomErrorSurvivesCancellation() async throws {
    final class UncooperativeThrower: Pkg.AsyncBase, @unchecked Sendable {
      let started = Gate()
      override func greet(name: String) async throws -> String {
        started.open()
        try? await Task.sleep(for: .seconds(3600))
        throw NSError(domain: "swift.test", code: 5, userInfo: [NSLocalizedDescriptionKey: "uncooperative-boom"])
      }
    }
    try await withLeakCheckedScope { _ in
      let thrower = UncooperativeThrower()
      let task = Task<String, any Error> { try await Pkg.callGreet(base: thrower, name: "X") }
      await thrower.started.wait()
      task.cancel()
      let result = await task.result
      #expect(task.isCancelled)
      let error = try #require(throws: (any Error).self) { try result.get() }
      #expect(!(error is CancellationError), "the override's own error survives, not replaced by cancellation")
      #expect(String(describing: error).contains("uncooperative-boom"))
    }
  }

  // MARK: suspend_cancellation_from_kotlin/suspend_cancellation_from_kotlin.swift

  @Test("suspend_cancellation_from_kotlin: kotlinTimeoutCancelsSwiftSuspendOverride")
  func fromKotlin_kotlinTimeoutCancelsSwiftSuspendOverride() async throws {
    try await inheritance_kotlinTimeoutCancelsSwiftSuspendOverride()
  }

  @Test("suspend_cancellation_from_kotlin: kotlinTimeoutCancelsSwiftOverrideCalledFromInheritedSuspendDefault")
  func fromKotlin_kotlinTimeoutCancelsSwiftOverrideCalledFromInheritedSuspendDefault() async throws {
    final class TimedDefault: Pkg.AsyncAnchor, Pkg.AsyncDefaulter, @unchecked Sendable {
      let cleanedUp = Locked(false)
      func tag() async throws -> String {
        defer { cleanedUp.withLock { $0 = true } }
        try await Task.sleep(for: .seconds(3600))
        return "swift-tag"
      }
      // describe() is inherited from AsyncDefaulter.
    }
    try await withLeakCheckedScope { _ in
      let defaulter = TimedDefault()
      let result = try await Pkg.callAsyncDescribeWithTimeout(d: defaulter, timeoutMs: 100)
      #expect(result == "timed_out")
      #expect(defaulter.cleanedUp.withLock { $0 })  // the timeout reached tag() through Kotlin's describe()
    }
  }

  // MARK: suspend_cancellation_scoping/suspend_cancellation_scoping.swift

  /// Suspends in `guarded()` until cancelled (recording whether it was), or returns "swift" at once
  /// when `returnsAtOnce`.
  private final class SwiftAsync: Pkg.AsyncGuarded, @unchecked Sendable {
    let returnsAtOnce: Bool
    let sawCancellation = Locked(false)

    init(returnsAtOnce: Bool = false) {
      self.returnsAtOnce = returnsAtOnce
      super.init()
    }

    override func guarded() async throws -> String {
      if returnsAtOnce {
        await Task.yield()
        sawCancellation.withLock { $0 = Task.isCancelled }
        return "swift"
      }
      do {
        try await Task.sleep(for: .seconds(3600))
      } catch {
        sawCancellation.withLock { $0 = true }
        throw error
      }
      return "swift"
    }
  }

  @Test("suspend_cancellation_scoping: nonCancellableRegionShieldsSwiftOverrideFromCancellation")
  func scoping_nonCancellableRegionShieldsSwiftOverrideFromCancellation() async throws {
    try await withLeakCheckedScope { _ in
      let guarded = SwiftAsync(returnsAtOnce: true)
      let result = try await Pkg.callGuardedNonCancellable(g: guarded)
      #expect(result == "swift")
      #expect(!guarded.sawCancellation.withLock { $0 })
    }
  }

  @Test(
    "suspend_cancellation_scoping: failingChildDoesNotCancelSwiftOverrideAwaitedInScopeBody (disabled upstream, KT-88550; Kotlin's semantics here)"
  )
  func scoping_failingChildDoesNotCancelSwiftOverrideAwaitedInScopeBody() async throws {
    try await withLeakCheckedScope { _ in
      let guarded = SwiftAsync()
      let error = await #expect(throws: ExportedKotlinPackages.kotlin.Throwable.self) {
        _ = try await Pkg.callFailingChildWithOverrideInScopeBody(g: guarded)
      }
      #expect(error?.message == "boom")
      #expect(guarded.sawCancellation.withLock { $0 }, "the failing child cancels the scope, and so the override")
    }
  }

  @Test("suspend_cancellation_scoping: cancelledScopeJobCancelsSwiftOverrideInScopeBody")
  func scoping_cancelledScopeJobCancelsSwiftOverrideInScopeBody() async throws {
    try await withLeakCheckedScope { _ in
      let guarded = SwiftAsync()
      await #expect(throws: CancellationError.self) {
        _ = try await Pkg.callCancelledScopeJobWithOverrideInScopeBody(g: guarded)
      }
      #expect(guarded.sawCancellation.withLock { $0 })
    }
  }

  @Test("suspend_cancellation_scoping: failingChildCancelsSwiftOverrideInChildCoroutine")
  func scoping_failingChildCancelsSwiftOverrideInChildCoroutine() async throws {
    try await withLeakCheckedScope { _ in
      let guarded = SwiftAsync()
      let error = await #expect(throws: ExportedKotlinPackages.kotlin.Throwable.self) {
        _ = try await Pkg.callFailingChildWithOverrideInChild(g: guarded)
      }
      #expect(error?.className == "kotlin.IllegalStateException")
      #expect(guarded.sawCancellation.withLock { $0 })
    }
  }

  // MARK: suspend_concurrent_calls/suspend_concurrent_calls.swift

  /// Both calls are inside their overrides before either returns: each override waits for the other
  /// to have started (so the two are proven to be under way at once, without timing).
  private final class MeetingWorker: Pkg.AsyncWorker, @unchecked Sendable {
    let arrived = Gate()
    var partner: MeetingWorker?

    override func work() async throws -> String {
      arrived.open()
      await partner?.arrived.wait()
      return "swift-work:\(id)"
    }
  }

  @Test("suspend_concurrent_calls: concurrentKotlinChildrenReachSwiftOverridesSimultaneously")
  func concurrent_concurrentKotlinChildrenReachSwiftOverridesSimultaneously() async throws {
    try await withLeakCheckedScope { _ in
      let a = MeetingWorker(id: "a")
      let b = MeetingWorker(id: "b")
      a.partner = b
      b.partner = a
      let result = try await Pkg.callBothConcurrently(a: a, b: b)
      #expect(result == "swift-work:a|swift-work:b")
      a.partner = nil  // no cycle left for the leak check
      b.partner = nil
      let kotlin = try await Pkg.callBothConcurrently(a: Pkg.AsyncWorker(id: "a"), b: Pkg.AsyncWorker(id: "b"))
      #expect(kotlin == "kotlin-work:a|kotlin-work:b")
    }
  }

  @Test("suspend_concurrent_calls: swiftAsyncLetDrivesConcurrentCallsOnOneSwiftInstance")
  func concurrent_swiftAsyncLetDrivesConcurrentCallsOnOneSwiftInstance() async throws {
    final class CountingWorker: Pkg.AsyncWorker, @unchecked Sendable {
      let inside = Locked(0)
      let bothInside = Gate()
      override func work() async throws -> String {
        if inside.withLock({ count in
          count += 1
          return count
        }) == 2 {
          bothInside.open()
        }
        await bothInside.wait()  // both calls are in this one instance at the same time
        return "swift-work:\(id)"
      }
    }
    try await withLeakCheckedScope { _ in
      let worker = CountingWorker(id: "solo")
      async let first = Pkg.callWork(w: worker)
      async let second = Pkg.callWork(w: worker)
      let results = try await [first, second]
      #expect(results == ["swift-work:solo", "swift-work:solo"])
    }
  }

  // MARK: suspend_error_type_fidelity/suspend_error_type_fidelity.swift

  @Test("suspend_error_type_fidelity: swiftAsyncCatchesConcreteKotlinException")
  func errorTypeFidelity_swiftAsyncCatchesConcreteKotlinException() async throws {
    try await withLeakCheckedScope { _ in
      do {
        _ = try await Pkg.callBoom(t: Pkg.AsyncThrower())
        Issue.record("expected AsyncException to be thrown")
      } catch let error as Pkg.AsyncException {
        #expect(String(describing: error).contains("kotlin-boom"))
      }
    }
  }

  @Test("suspend_error_type_fidelity: swiftAsyncErrorRoundTripsBackToSwift")
  func errorTypeFidelity_swiftAsyncErrorRoundTripsBackToSwift() async throws {
    struct MySwiftError: Error, Equatable { let code: Int }
    final class Thrower: Pkg.AsyncThrower, @unchecked Sendable {
      override func boom() async throws -> String { throw MySwiftError(code: 42) }
    }
    try await withLeakCheckedScope { _ in
      let error = try #require(await errorThroughKotlin { try await Pkg.callBoom(t: Thrower()) })
      #expect(error is MySwiftError, "a Swift value-type error round-trips back to Swift as itself")
      #expect((error as? MySwiftError)?.code == 42)
    }
  }

  // MARK: suspend_identity_and_constructors/suspend_identity_and_constructors.swift

  @Test("suspend_identity_and_constructors: swiftClassPatchesTwoSuspendInterfaceSlots")
  func identity_swiftClassPatchesTwoSuspendInterfaceSlots() async throws {
    final class SwiftMulti: Pkg.AsyncMultiBase, @unchecked Sendable {
      override func left() async throws -> String { "Swift left" }
      override func right() async throws -> String { "Swift right" }
    }
    try await withLeakCheckedScope { _ in
      let value = SwiftMulti()
      let left = try await Pkg.callAsyncLeft(value: value)
      #expect(left == "Swift left")
      let right = try await Pkg.callAsyncRight(value: value)
      #expect(right == "Swift right")
      let base = Pkg.AsyncMultiBase()
      let kotlinLeft = try await Pkg.callAsyncLeft(value: base)
      #expect(kotlinLeft == "Kotlin left")
      let kotlinRight = try await Pkg.callAsyncRight(value: base)
      #expect(kotlinRight == "Kotlin right")
    }
  }

  @Test("suspend_identity_and_constructors: constructedSuspendSubclassIsRetainedAndCancelled")
  func identity_constructedSuspendSubclassIsRetainedAndCancelled() async throws {
    final class StoredWorker: Pkg.ConstructedAsyncBase, @unchecked Sendable {
      override func work() async throws -> String {
        try await Task.sleep(for: .seconds(3600))
        return "Swift work"
      }
    }
    try await withLeakCheckedScope { _ in
      let value = StoredWorker(code: 7)
      let storage = Pkg.ConstructedAsyncStorage()
      storage.store(value: value)
      let retrieved = try #require(storage.retrieve())
      #expect(retrieved === value)
      #expect(retrieved.origin == "code:7")
      let result = try await Pkg.callConstructedWorkWithTimeout(value: retrieved, timeoutMs: 100)
      #expect(result == "timed_out")
    }
  }

  // MARK: suspend_overloads/suspend_overloads.swift

  @Test("suspend_overloads: swiftOverridesEachSuspendOverloadSeparately")
  func overloads_swiftOverridesEachSuspendOverloadSeparately() async throws {
    final class SwiftOverloads: Pkg.AsyncOverloads, @unchecked Sendable {
      override func pick(arg1: String) async throws -> String { "swift-pick(\(arg1))" }
      override func pick(arg1: String, arg2: Int32) async throws -> String { "swift-pick(\(arg1), \(arg2))" }
    }
    try await withLeakCheckedScope { _ in
      let swift = SwiftOverloads()
      let one = try await Pkg.callPick1(o: swift, arg1: "a")
      #expect(one == "swift-pick(a)")
      let two = try await Pkg.callPick2(o: swift, arg1: "b", arg2: 1)
      #expect(two == "swift-pick(b, 1)")
      let kotlin = Pkg.AsyncOverloads()
      let kotlinOne = try await Pkg.callPick1(o: kotlin, arg1: "a")
      #expect(kotlinOne == "kotlin-pick(a)")
      let kotlinTwo = try await Pkg.callPick2(o: kotlin, arg1: "b", arg2: 1)
      #expect(kotlinTwo == "kotlin-pick(b, 1)")
    }
  }

  @Test("suspend_overloads: swiftOverridesSuspendOverloadsDistinguishedByParameterType")
  func overloads_swiftOverridesSuspendOverloadsDistinguishedByParameterType() async throws {
    final class SwiftOverloads: Pkg.AsyncOverloads, @unchecked Sendable {
      override func same(arg: String) async throws -> String { "swift-same-string(\(arg))" }
      override func same(arg: Int32) async throws -> String { "swift-same-int(\(arg))" }
    }
    try await withLeakCheckedScope { _ in
      let swift = SwiftOverloads()
      let text = try await Pkg.callSameString(o: swift, arg: "s")
      #expect(text == "swift-same-string(s)")
      let number = try await Pkg.callSameInt(o: swift, arg: 7)
      #expect(number == "swift-same-int(7)")
    }
  }

  // MARK: suspend_vararg_and_abstract/suspend_vararg_and_abstract.swift

  @Test("suspend_vararg_and_abstract: swiftCanOverrideKotlinSuspendVarargMethod")
  func vararg_swiftCanOverrideKotlinSuspendVarargMethod() async throws {
    final class SwiftVararg: Pkg.AsyncVararg, @unchecked Sendable {
      override func join(parts: String...) async throws -> String { "Swift: " + parts.joined(separator: ",") }
    }
    try await withLeakCheckedScope { _ in
      let swift = try await Pkg.callJoin(v: SwiftVararg())
      #expect(swift == "Swift: a,b,c")
      let kotlin = try await Pkg.callJoin(v: Pkg.AsyncVararg())
      #expect(kotlin == "Kotlin: a,b,c")
      let direct = try await Pkg.AsyncVararg().join(parts: "x", "y")
      #expect(direct == "Kotlin: x,y")
    }
  }
}
