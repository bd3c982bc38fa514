import FeedUI
import HeadlessUI
import KotlinBridge
import Shared
import Testing

/// An error from Kotlin that nothing can catch: the breaking-news flow throws. SKIE's flows do not
/// throw, so on iOS `collect(flow:into:)` would hit SKIE's `fatalError`; here the test sees "this
/// would crash on iOS: …" and the screen keeps working.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct FlowExceptionTests {
  @Test func throwingFlowWouldCrashOnIOS() async throws {
    try await KotlinTestRuntime.withScope(clock: .virtual) { scope in
      let api = FeedApi(answers: [.articles(["One"])], news: [], newsFailure: "news service closed")
      let host = HeadlessHost(FeedView(api: api))
      try await host.settle()
      try await host.advanceTime(byMillis: 1_500)
      #expect(scope.snapshot().misuses == 1)
      let message = try #require(scope.lastMisuse)
      #expect(message.hasPrefix("this would crash on iOS: SKIE: SkieSwiftFlow<String> threw "))
      #expect(message.contains("news service closed"))
      #expect(host.render().contains(#"Text "One""#))  // the articles arrived at 1 s
      await host.unmount()
    }
  }
}
