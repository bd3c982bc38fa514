import FlowTesting
import KotlinBridge
import KotlinTestDoubles
import Testing

/// A fake module's own exception class, as Swift export would export `class QuotaExceededException :
/// IllegalStateException()` from the module's package.
final class QuotaExceededException: ExportedKotlinPackages.kotlin.IllegalStateException, @unchecked Sendable {
  // @unchecked Sendable: no state beyond Throwable's.
  override class var kotlinClassName: String { "com.example.uploads.QuotaExceededException" }
}

/// Another of the fake module's classes, never registered by hand.
final class StaleTokenException: ExportedKotlinPackages.kotlin.RuntimeException, @unchecked Sendable {
  // @unchecked Sendable: no state beyond Throwable's.
  override class var kotlinClassName: String { "com.example.auth.StaleTokenException" }
}

/// Exceptions a double throws cross the Kotlin runtime (a throwable of the class name and message)
/// and arrive as the Swift class registered for the name.
@Suite("Exception classes through the doubles", .kotlinLeakCheck)
struct ExceptionClassDoubleTests {
  private typealias kotlin = ExportedKotlinPackages.kotlin

  init() {
    kotlin.Throwable.register(QuotaExceededException.self)
  }

  @Test("a registered subclass arrives as itself, caught by its class or its Kotlin superclass")
  func registeredSubclass() async throws {
    let upload = { @Sendable in
      try await kotlinSuspend { () throws -> Int32 in throw QuotaExceededException(message: "5 GB used") }
    }
    let error = await #expect(throws: QuotaExceededException.self) { try await upload() }
    #expect(error?.className == "com.example.uploads.QuotaExceededException")
    #expect(error?.message == "5 GB used")
    do {
      _ = try await upload()
    } catch let error as kotlin.IllegalStateException {
      #expect(error is QuotaExceededException)
    }
  }

  @Test("a fake module's class that a double throws comes back as itself without registering it")
  func thrownClassRegistersItself() async throws {
    let error = await #expect(throws: StaleTokenException.self) {
      try await kotlinSuspend { () throws -> Int32 in throw StaleTokenException(message: "expired") }
    }
    #expect(error?.toString() == "com.example.auth.StaleTokenException: expired")
    // From now on the name means the class, wherever the exception comes from.
    let made = kotlin.Throwable.make(kotlinClassName: "com.example.auth.StaleTokenException", message: nil)
    #expect(made is StaleTokenException)
  }

  @Test("an unregistered class name arrives as Throwable with its name kept")
  func unknownClassKeepsItsName() async throws {
    let failing = flow { (collector: FlowCollector<String>) in
      try await collector.emit("first")
      throw kotlin.Throwable.make(kotlinClassName: "com.example.NotDeclaredException", message: "gone")
    }
    try await failing.asAsyncSequence().test { turbine in
      #expect(try await turbine.awaitItem() == "first")
      let error = try #require(try await turbine.awaitError() as? kotlin.Throwable)
      #expect(type(of: error) == kotlin.Throwable.self)
      #expect(error.className == "com.example.NotDeclaredException")
      #expect(error.toString() == "com.example.NotDeclaredException: gone")
    }
  }

  @Test("a Swift error that is not a Kotlin exception arrives as Throwable named after its Swift type")
  func swiftErrorBecomesThrowable() async throws {
    struct Offline: Error {}
    let error = await #expect(throws: kotlin.Throwable.self) {
      try await kotlinSuspend { () throws -> Int32 in throw Offline() }
    }
    #expect(error?.className.hasSuffix("Offline") == true)
  }
}
