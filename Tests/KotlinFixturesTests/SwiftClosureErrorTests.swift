import KotlinFixtures
import Testing

/// How an error thrown by a Swift closure that Kotlin awaits arrives in Kotlin (beyond the upstream
/// tests, which only check that it is caught): as an exception named after the Swift error's type,
/// with its description as the message — or, for a Kotlin `Throwable`, as that Kotlin class.
@Suite("A Swift closure's error in Kotlin", .timeLimit(.minutes(1)))
struct SwiftClosureErrorTests {
  struct Refused: Error, CustomStringConvertible {
    var description: String { "no access" }
  }

  @Test("a Swift error is a kotlin.Exception subclass carrying its description")
  func swiftErrorIsAnException() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool { catchingClosure { throw Refused() } }
      #expect(result == "caught: no access")
    }
  }

  @Test("a Kotlin Throwable keeps its class: kotlin.Error is a Throwable, not an Exception")
  func kotlinExceptionKeepsItsClass() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        catchingClosureWithArg(arg: 1) { _ in throw ExportedKotlinPackages.kotlin.Error(message: "fatal") }
      }
      #expect(result == "caught throwable: fatal")
    }
  }

  @Test("CancellationError thrown by the closure is a cancellation in Kotlin, caught as an Exception")
  func cancellationErrorIsACancellation() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool { catchingClosure { throw CancellationError() } }
      #expect(result == "caught: null")
    }
  }

  @Test("an error thrown into a suspend call comes back to the Swift caller as a Kotlin Throwable")
  func errorRoundTrip() async throws {
    try await withLeakCheckedScope { _ in
      do {
        _ = try await simpleSuspend(arg: 1) { _ in throw Refused() }
        Issue.record("the closure's error should fail the call")
      } catch let error as ExportedKotlinPackages.kotlin.Throwable {
        #expect(error.message == "no access")
        // String(reflecting:) of its type
        #expect(error.className == "KotlinFixturesTests.SwiftClosureErrorTests.Refused")
      }
    }
  }
}
