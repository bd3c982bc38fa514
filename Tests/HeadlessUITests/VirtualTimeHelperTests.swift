import FlowTesting
import HeadlessUI
import KotlinFixtures
import Testing

/// HeadlessHost's virtual-time helpers: time moves one delay at a time with the views settled in
/// between, so a stretch of virtual time draws the same frames however it is cut.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct VirtualTimeHelperTests {
  private func tickView() -> some View {
    ObservingView(flow: ticks(periodMillis: 500, count: 2), initialValue: -1) { tick in Text("tick \(tick)") }
  }

  private let expected = ["Text \"tick -1\"", "Text \"tick 0\"", "Text \"tick 1\""]

  @Test("advanceTime(byMillis: 1_000) across two delays draws what two calls of 500 draw")
  func oneAdvanceAcrossTwoDelays() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let once = HeadlessHost(tickView())
    try await once.settle()
    try await once.advanceTime(byMillis: 1_000)
    #expect(once.frames == expected)
    #expect(scope.currentTimeMillis == 1_000)
    await once.unmount()

    let start = scope.currentTimeMillis
    let twice = HeadlessHost(tickView())
    try await twice.settle()
    try await twice.advanceTime(byMillis: 500)
    try await twice.advanceTime(byMillis: 500)
    #expect(twice.frames == expected)
    #expect(scope.currentTimeMillis == start + 1_000)
    await twice.unmount()
  }

  @Test("advanceTime(byMillis:) short of the next delay only moves the clock")
  func advanceShortOfADelay() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let host = HeadlessHost(tickView())
    try await host.settle()
    try await host.advanceTime(byMillis: 499)
    #expect(host.frames == ["Text \"tick -1\""])
    #expect(scope.currentTimeMillis == 499)
    try await host.advanceTime(byMillis: 1)
    #expect(host.frames == Array(expected.prefix(2)))
    await host.unmount()
  }

  @Test("settleRunningDelays() runs every delay, one at a time, and draws every tick")
  func settleRunningDelays() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let host = HeadlessHost(tickView())
    try await host.settleRunningDelays()
    #expect(host.frames == expected)
    #expect(scope.currentTimeMillis == 1_000)
    await host.unmount()
  }

  @Test("settleRunningDelays(maxDelays:) stops a flow that keeps delaying and says so")
  func maxDelays() async throws {
    let host = HeadlessHost(
      ObservingView(flow: ticks(periodMillis: 10, count: 1_000), initialValue: -1) { tick in Text("tick \(tick)") })
    let error = await #expect(throws: HeadlessHostError.self) { try await host.settleRunningDelays(maxDelays: 5) }
    #expect(error?.code == .notSettled)
    #expect(error?.message.contains("still delaying after 5 delays") == true)
    #expect(host.frames.count == 6)
    await host.unmount()
  }
}

/// The helpers need a virtual clock: on a real-time host they throw and say how to get one.
@MainActor
@Suite(.kotlinLeakCheck, .timeLimit(.minutes(1)))
struct VirtualTimeHelperMisuseTests {
  @Test("advanceTime and settleRunningDelays on a real-time host throw .notVirtual")
  func realClock() async throws {
    let host = HeadlessHost(Text("hi"))
    let advance = await #expect(throws: HeadlessHostError.self) { try await host.advanceTime(byMillis: 10) }
    #expect(advance?.code == .notVirtual)
    #expect(advance?.message.contains("needs a virtual clock") == true)
    let settle = await #expect(throws: HeadlessHostError.self) { try await host.settleRunningDelays() }
    #expect(settle?.code == .notVirtual)
    await host.unmount()
  }
}
