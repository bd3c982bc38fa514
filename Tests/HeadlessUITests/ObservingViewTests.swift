import FlowTesting
import HeadlessUI
import KotlinFixtures
import Testing

/// Seed 002's `ObservingView`, through both of its initialisers.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtualAutoAdvance), .timeLimit(.minutes(1)))
struct ObservingViewTests {
  @Test("init(flow:initialValue:) shows the initial value, then each element of a cold flow")
  func coldFlowWords() async throws {
    let host = HeadlessHost(ObservingView(flow: words(), initialValue: "…") { word in Text(word) })
    try await host.settle()
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }

  @Test("init(flow:initialValue:) with ticks on virtual time: every tick is drawn, instantly")
  func coldFlowTicks() async throws {
    let scope = KotlinRuntimeScope.current!
    let host = HeadlessHost(
      ObservingView(flow: ticks(periodMillis: 60_000, count: 3), initialValue: -1) { tick in
        VStack { Text("tick \(tick)") }
      })
    try await host.settle()
    #expect(scope.currentTimeMillis == 180_000)
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }

  @Test("init(stateFlow:) starts from the StateFlow's current value and follows it")
  func stateFlow() async throws {
    let store = Store()
    store.increment()
    store.increment()
    let host = HeadlessHost(ObservingView(stateFlow: store.state) { value in Text("count \(value)") })
    #expect(host.render() == "Text \"count 2\"")
    try await host.settle()
    store.increment()
    try await host.settle()
    store.reset()
    try await host.settle()
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }

  @Test("Elements that reach the collector together are still drawn one frame each")
  func elementsBufferedTogether() async throws {
    let subject = Subject()
    let host = HeadlessHost(
      ObservingView(flow: subject.sharedFlow, initialValue: Element3.shared as Elem) { element in
        Text("\(element)")
      })
    try await host.settle()  // subscribed; the replay cache is empty
    // Three emissions with the main actor busy: the view task cannot take the first before the
    // others have reached its buffer, yet each one is still one job and one frame.
    #expect(subject.mutableSharedFlow.tryEmit(value: Element1.shared))
    #expect(subject.mutableSharedFlow.tryEmit(value: Element2.shared))
    #expect(subject.mutableSharedFlow.tryEmit(value: Element3.shared))
    try await host.settle()
    #expect(host.frames == ["Text \"Element3\"", "Text \"Element1\"", "Text \"Element2\"", "Text \"Element3\""])
    await host.unmount()
  }
}
