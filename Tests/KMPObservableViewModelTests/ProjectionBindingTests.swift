import FlowTesting
import HeadlessUI
import KMPObservableViewModelSwiftUI
import KotlinBridge
import SwiftUI
import Testing

/// `$viewModel.property` makes a binding to a view model's settable property: typing writes the
/// Kotlin state flow, whose change redraws every view reading it.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct ProjectionBindingTests {
  struct LabelEditor: View {
    @StateViewModel var viewModel: TimerViewModel

    var body: some View {
      VStack {
        TextField("Label", text: $viewModel.label)
        Text("label: \(viewModel.label)")
      }
    }
  }

  @Test func typingWritesTheKotlinStateFlow() async throws {
    let viewModel = TimerViewModel()
    let host = HeadlessHost(LabelEditor(viewModel: viewModel))
    try await host.settle()
    try host.type("lap", into: "Label")
    try await host.settle()
    #expect(viewModel.label == "lap")
    #expect(host.render().contains(#"Text "label: lap""#))
    await host.unmount()
  }
}
