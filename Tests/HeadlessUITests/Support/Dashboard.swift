import HeadlessUI
import KotlinFixtures

/// A view written the way users write one: a StateFlow shown through seed 002's `ObservingView`, a
/// cold flow with delays collected in `.task`, and a suspend call started by a button's `Task`.
struct Dashboard: View {
  @StateObject private var storeHolder = Remember(Store())
  @State private var tick: Int64 = -1
  @State private var status = "idle"

  var body: some View {
    let store = storeHolder.value
    VStack {
      ObservingView(stateFlow: store.state) { count in Text("count \(count)") }
      Text("tick \(tick)")
      Text(status)
      Button("increment") { store.increment() }
      Button("load") {
        status = "loading"
        Task {
          let value = try await callAfter(delayMillis: 250) { 42 }
          status = "loaded \(value)"
        }
      }
    }
    .task {
      do {
        for try await value in ticks(periodMillis: 100, count: 3).asAsyncSequence() { tick = value }
      } catch {
        status = "ticks failed: \(error)"
      }
    }
  }
}

/// The dashboard's scenario: tap "load" and "increment" at once, settle (the ticks at 100, 200 and
/// 300 ms and the call's answer at 250 ms interleave on virtual time), increment again, settle,
/// unmount. Returns every frame.
@MainActor
func runDashboardScenario() async throws -> String {
  let host = HeadlessHost(Dashboard())
  try host.tap("load")
  try host.tap("increment")
  try await host.settle()
  try host.tap("increment")
  try await host.settle()
  await host.unmount()
  return host.transcript
}
