import FlowTesting
import HeadlessUI
import Testing

private struct Stepper: View {
  let title: String
  @Binding var value: Int

  var body: some View {
    Button("\(title) +1") { value += 1 }
  }
}

private struct Settings {
  var volume = 0
  var brightness = 0
}

/// The parent owns the state; children change it through `$value` and `$settings.volume`.
private struct Panel: View {
  @State private var value = 0
  @State private var settings = Settings()

  var body: some View {
    VStack {
      Text("value \(value), volume \(settings.volume), brightness \(settings.brightness)")
      Stepper(title: "value", value: $value)
      Stepper(title: "volume", value: $settings.volume)
      Stepper(title: "brightness", value: $settings.brightness)
    }
  }
}

@MainActor
@Suite
struct BindingTests {
  @Test("A child mutates its parent's @State through a @Binding; the parent re-renders")
  func childMutatesParentState() async throws {
    let host = HeadlessHost(Panel())
    for label in ["value +1", "value +1", "volume +1", "brightness +1", "volume +1"] {
      try host.tap(label)
      try await host.settle()
    }
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }
}
