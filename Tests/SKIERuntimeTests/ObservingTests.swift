import FlowTesting
import HeadlessUI
import KotlinBridge
import SKIERuntime
import SwiftUI
import Testing

/// `Observing` draws a state flow's value at once, a flow's initial content until it emits (or its
/// attached initial value), and the latest of several flows; leaving the screen ends the collections.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct ObservingTests {
  struct StateFlowView: View {
    let ticker: Ticker
    var body: some View {
      Observing(ticker.counter) { counter in
        Text("counter \(counter)")
      }
    }
  }

  struct FlowView: View {
    let ticker: Ticker
    var body: some View {
      Observing(ticker.ticks) {
        ProgressView("Waiting for a tick")
      } content: { tick in
        Text("tick \(tick)")
      }
    }
  }

  struct TwoFlowsView: View {
    let ticker: Ticker
    var body: some View {
      Observing(ticker.ticks.withInitialValue(0), ticker.counter) { tick, counter in
        Text("tick \(tick), counter \(counter)")
      }
    }
  }

  struct RerenderingParent: View {
    let ticker: Ticker
    @State private var taps = 0
    var body: some View {
      VStack {
        Button("Tap \(taps)") { taps += 1 }
        Observing(ticker.counter) { counter in Text("counter \(counter)") }
      }
    }
  }

  @Test func sameKotlinFlowBehindANewWrapperKeepsItsCollection() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let ticker = Ticker()
    let host = HeadlessHost(RerenderingParent(ticker: ticker))
    try await host.settle()
    #expect(scope.snapshot().collectionsStarted == 1)
    try host.tap("Tap 0")  // the parent's body runs again: `ticker.counter` is a new wrapper
    try await host.settle()
    ticker.counter.value = 1
    try await host.settle()
    #expect(host.render().contains(#"Text "counter 1""#))
    #expect(scope.snapshot().collectionsStarted == 1)
    await host.unmount()
  }

  @Test func stateFlowValueThenChanges() async throws {
    let ticker = Ticker()
    let host = HeadlessHost(StateFlowView(ticker: ticker))
    try await host.settle()
    ticker.counter.value = 1
    try await host.settle()
    #expect(host.frames == [#"Text "counter 0""#, #"Text "counter 1""#])
    await host.unmount()
  }

  @Test func flowShowsInitialContentUntilItEmits() async throws {
    let host = HeadlessHost(FlowView(ticker: Ticker()))
    try await host.settleRunningDelays()
    #expect(
      host.frames == [
        #"ProgressView "Waiting for a tick""#, #"Text "tick 1""#, #"Text "tick 2""#, #"Text "tick 3""#,
      ])
    await host.unmount()
  }

  @Test func twoFlowsWithInitialValues() async throws {
    let ticker = Ticker()
    let host = HeadlessHost(TwoFlowsView(ticker: ticker))
    try await host.settle()
    try await host.advanceTime(byMillis: 1_000)
    ticker.counter.value = 5
    try await host.settle()
    #expect(
      host.frames == [
        #"Text "tick 0, counter 0""#, #"Text "tick 1, counter 0""#, #"Text "tick 1, counter 5""#,
      ])
    await host.unmount()  // the ticks flow is cancelled in its second delay
  }
}
