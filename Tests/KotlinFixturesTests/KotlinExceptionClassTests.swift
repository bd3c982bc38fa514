import KotlinFixtures
import KotlinStdlib
import Testing

/// Kotlin exceptions arrive as Swift export's exported classes (`ExportedKotlinPackages.kotlin.*`,
/// from the module `KotlinStdlib`), so Swift code catches them by class, as with the real bridge.
@Suite("Kotlin exceptions as exported classes", .timeLimit(.minutes(1)))
struct KotlinExceptionClassTests {
  private typealias kotlin = ExportedKotlinPackages.kotlin

  @Test("a suspend function's IllegalStateException is caught by its exact class")
  func catchByExactClass() async throws {
    try await withLeakCheckedScope { _ in
      do {
        _ = try await throwImmediately(message: "at once")
        Issue.record("throwImmediately should have thrown")
      } catch let error as kotlin.IllegalStateException {
        #expect(type(of: error) == kotlin.IllegalStateException.self)
        #expect(error.className == "kotlin.IllegalStateException")
        #expect(error.message == "at once")
      }
    }
  }

  @Test("a flow's IllegalStateException is caught by each of its superclasses")
  func catchBySuperclass() async throws {
    try await withLeakCheckedScope { _ in
      let run = await drain(failing())
      #expect(run.error is kotlin.RuntimeException)
      #expect(run.error is kotlin.Exception)
      #expect(run.error is kotlin.Throwable)
      #expect(!(run.error is kotlin.IllegalArgumentException))
      #expect(!(run.error is kotlin.Error))
      do {
        _ = try await throwAfter(delayMillis: 0, message: "late")
      } catch let error as kotlin.RuntimeException {
        #expect(error.toString() == "kotlin.IllegalStateException: late")
      }
    }
  }

  @Test("kotlin.Error is a Throwable but not an Exception")
  func errorIsNotAnException() async throws {
    try await withLeakCheckedScope { _ in
      let error = await #expect(throws: kotlin.Error.self) { try await throwNonException(message: "fatal") }
      #expect(error?.className == "kotlin.Error")
      #expect(error?.message == "fatal")
      #expect(!((error as Any) is kotlin.Exception))
    }
  }

  @Test("class name and message: className, simpleClassName, message, toString(), description")
  func classNameAndMessage() async throws {
    try await withLeakCheckedScope { _ in
      let error = await #expect(throws: kotlin.IllegalArgumentException.self) {
        try await collectInKotlin(flow: elements(), count: 0)
      }
      #expect(error?.className == "kotlin.IllegalArgumentException")
      #expect(error?.simpleClassName == "IllegalArgumentException")
      #expect(error?.message == "Requested element count 0 should be positive")
      #expect(error?.cause == nil)
      #expect(error?.toString() == "kotlin.IllegalArgumentException: Requested element count 0 should be positive")
      #expect(error.map(String.init(describing:)) == error?.toString())
    }
  }

  @Test("the Kotlin object is released when the exception arrives, however long Swift keeps it")
  func leakCountersStayZero() async throws {
    var kept: [kotlin.Throwable] = []
    try await withLeakCheckedScope { scope in
      for round in 0..<20 {
        do {
          _ = try await throwImmediately(message: "round \(round)")
        } catch let error as kotlin.Throwable {
          kept.append(error)
        }
        let run = await drain(failing())
        if let error = run.error as? kotlin.Throwable { kept.append(error) }
      }
      // Forty exceptions are alive in Swift, and the runtime holds nothing for them (the leak check
      // waits for the drained collections' asynchronous release, which is not the exceptions').
      #expect(await expectNoLeaks(scope))
    }
    #expect(kept.count == 40)
    #expect(kept.allSatisfy { $0 is kotlin.IllegalStateException })
  }

  @Test("exceptions compare by identity, as every Kotlin object does")
  func equalityIsIdentity() {
    let first = kotlin.IllegalStateException(message: "same")
    let second = kotlin.IllegalStateException(message: "same")
    #expect(first == first)
    #expect(first != second)
    #expect(first.toString() == second.toString())
  }
}
