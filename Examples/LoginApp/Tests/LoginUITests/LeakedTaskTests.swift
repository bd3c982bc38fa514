import FlowTesting
import HeadlessUI
import LoginShared
import ObservingViews
import Testing

/// The mistake the leak check exists for: a button that starts the login in an unstructured `Task`.
/// The view cannot cancel it, so it outlives the view, holding the view model and the call.
struct LeakyLoginView: View {
  @StateObject private var holder = Remember(LoginViewModel())

  var body: some View {
    let viewModel = holder.value
    ObservingView(stateFlow: viewModel.state) { state in
      Text("\(state)")
      Button("Log in") {
        Task { _ = try? await viewModel.login(user: "ann", password: "secret") }
      }
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct LeakedTaskTests {
  @Test("the leak check reports a login Task that outlives its view")
  func leakCheckCatchesTheTask() async throws {
    try await KotlinTestRuntime.withScope(clock: .virtual) { scope in
      let host = HeadlessHost(LeakyLoginView())
      try await host.settle()
      try host.tap("Log in")
      try await host.settle()
      await host.unmount()

      // The view is gone; its Task still waits in login's delay(1_000), holding the view model.
      #expect(scope.snapshot().pendingCalls == 1)
      var clean = true
      // Not intermittent: if the leak check stayed quiet, this known issue would not occur and the
      // test would fail.
      await withKnownIssue("an unstructured Task outlives the view") {
        clean = await expectNoKotlinLeaks(in: scope, timeout: .milliseconds(200))
      } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("1 pending suspend call") }
      }
      #expect(!clean)
    }  // closing the scope cancels the stray call, so the Task ends and lets go of the view model
  }
}
