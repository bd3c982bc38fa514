import FlowTesting
import HeadlessUI
import KotlinBridge
import KotlinFixtures
import Scenarios
import Testing

/// Seed 000's view and model (Scenarios' `LocationView`, the seed with Core Location names
/// replaced) rendered headlessly over the Kotlin stub. The virtual clock auto-advances, so the
/// stub's 100 ms answer comes at once; the leak check fails the test if the request were left
/// pending.
@MainActor
@Suite(
  "Seed 000 LocationView (HeadlessUI)", .kotlinLeakCheck(clock: .virtualAutoAdvance), .timeLimit(.minutes(1)))
struct Seed000LocationViewTests {
  @Test("LocationView() draws the placeholder, then latitude and longitude of Tokyo Station")
  func placeholderThenCoordinate() async throws {
    let host = HeadlessHost(LocationView())
    #expect(host.render() == "VStack\n  Text \"位置情報なし\"")
    try await host.settle()
    #expect(host.frames.count == 2)
    assertSnapshot(of: host.frames.joined(separator: "\n---\n"))
    await host.unmount()
  }

  /// The seed's model has no cancellation: `unmount()` (which awaits the view's task) returns only
  /// because the delegate's failure resumed the continuation.
  @Test("LocationView(script: [.fail]) keeps the placeholder (the error path) and its task ends")
  func failureKeepsPlaceholder() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let host = HeadlessHost(LocationView(script: [.fail("位置情報を取得できません")]))
    try await host.settle()
    #expect(scope.snapshot().pendingCalls == 0)  // the request ran and answered
    #expect(host.frames == ["VStack\n  Text \"位置情報なし\""])
    assertSnapshot(of: host.frames.joined(separator: "\n---\n"))
    await host.unmount()
    #expect(host.frames.last == "")
  }
}
