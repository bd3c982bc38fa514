import FlowTesting
import HeadlessUI
import KotlinBridge
import SKIERuntime
import SwiftUI
import Testing

/// `collect(flow:into:)`, with a transform, and `collect(flow:perform:)`: the flow is collected in
/// the view's task while the view is on screen.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct CollectModifierTests {
  struct CollectingView: View {
    let ticker: Ticker
    @State private var tick: Int32 = 0
    @State private var label = "no tick"
    @State private var sum: Int32 = 0

    var body: some View {
      VStack {
        Text("tick \(tick)")
        Text(label)
        Text("sum \(sum)")
      }
      .collect(flow: ticker.ticks, into: $tick)
      .collect(flow: ticker.ticks, into: $label) { $0 == 2 ? nil : "tick #\($0)" }
      .collect(flow: ticker.ticks) { value in sum += value }
    }
  }

  @Test func collectsIntoStateWhileOnScreen() async throws {
    let host = HeadlessHost(CollectingView(ticker: Ticker()))
    try await host.settleRunningDelays()
    #expect(
      host.render() == """
        VStack
          Text "tick 3"
          Text "tick #3"
          Text "sum 6"
        """)
    #expect(!host.frames.contains { $0.contains("tick #2") })  // the transform rejected it
    await host.unmount()
  }
}
