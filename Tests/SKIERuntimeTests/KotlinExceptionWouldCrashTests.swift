import KotlinBridge
import SKIERuntime
import Testing

/// A Kotlin exception in a SKIE flow crashes the app on iOS (the iterator calls `fatalError`): here
/// the loop ends and the runtime records "this would crash on iOS: …", which fails the leak check.
@Suite(.timeLimit(.minutes(1)))
struct KotlinExceptionWouldCrashTests {
  @Test func exceptionInAFlowWouldCrashOnIOS() async throws {
    try await KotlinTestRuntime.withScope(clock: .virtualAutoAdvance) { scope in
      let ticker = Ticker()
      var received: [Int32] = []
      for await value in ticker.failing { received.append(value) }
      #expect(received == [1])
      #expect(scope.snapshot().misuses == 1)
      let message = try #require(scope.lastMisuse)
      #expect(message.hasPrefix("this would crash on iOS: SKIE: SkieSwiftFlow<Int32> threw "))
      #expect(message.contains("sensor disconnected"))
      #expect(message.contains(#"fatalError("Unexpected error: …")"#))
    }
  }
}
