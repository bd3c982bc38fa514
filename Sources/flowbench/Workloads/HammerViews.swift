import HeadlessUI
import KotlinFixtures
import ObservingViews

/// The rendered content: the value as text, reporting each render to the probe.
struct ProbedText: View {
  let value: Int32
  let probe: RenderProbe

  var body: some View {
    probe.rendered(value)
    return Text("\(value)")
  }
}

/// A StateFlow whose `asAsyncSequence()` uses a chosen policy, so that seed 002's
/// `ObservingView(stateFlow:)`, which always asks for the default, runs with each of ours.
struct PolicyStateFlow: KotlinTypedStateFlow {
  let base: any KotlinTypedStateFlow<Int32>
  let policy: KotlinBufferingPolicy

  var _flow: any KotlinFlow { base._flow }

  func asAsyncSequence(bufferingPolicy _: KotlinBufferingPolicy) -> KotlinFlowSequence<Int32> {
    base.asAsyncSequence(bufferingPolicy: policy)
  }

  var value: Int32 { base.value }
}

/// Seed 002's `ObservingView`, line for line, over any `AsyncSequence`: the baselines are not
/// `KotlinTypedFlow`s, so they cannot go through `ObservingView` itself.
struct SequenceObservingView<S: AsyncSequence, Content: View>: View where S.Element == Int32 {
  @State private var state: Int32
  private let makeSequence: @Sendable () -> S
  private let content: (Int32) -> Content

  init(
    initialValue: Int32, makeSequence: @escaping @Sendable () -> S, @ViewBuilder content: @escaping (Int32) -> Content
  ) {
    self._state = State(wrappedValue: initialValue)
    self.makeSequence = makeSequence
    self.content = content
  }

  var body: some View {
    content(state)
      .task {
        do {
          for try await value in makeSequence() {
            state = value
          }
        } catch is CancellationError {
          // cancelled
        } catch {
          assertionFailure("baseline collection failed: \(error)")
        }
      }
  }
}

/// The observing view for `strategy`, mounted in a host: ours through `ObservingView(stateFlow:)`,
/// the baselines through the same view written over their sequences.
@MainActor
func mountObserver(
  of counter: any KotlinTypedStateFlow<Int32>, through strategy: Strategy, probe: RenderProbe
) -> HammerHost {
  let content = { (value: Int32) in ProbedText(value: value, probe: probe) }
  switch strategy {
  case .baselineA:
    let ref = kotlinRef(of: counter)
    return HammerHost(
      SequenceObservingView(initialValue: counter.value, makeSequence: { baselineAStream(ref, of: Int32.self) }) {
        content($0)
      })
  case .baselineB:
    let ref = kotlinRef(of: counter)
    return HammerHost(
      SequenceObservingView(initialValue: counter.value, makeSequence: { BaselineBSequence<Int32>(flow: ref) }) {
        content($0)
      })
  case .rendezvous, .batched, .conflated:
    return HammerHost(
      ObservingView(stateFlow: PolicyStateFlow(base: counter, policy: strategy.policy!)) { content($0) })
  }
}

/// A `HeadlessHost` of any root view, behind one type.
@MainActor
struct HammerHost {
  let render: () -> String
  let settle: (Duration) async throws -> Void
  let unmount: () async -> Void

  init<Root: View>(_ root: Root) {
    let host = HeadlessHost(root)
    render = { host.render() }
    settle = { try await host.settle(timeout: $0) }
    unmount = { await host.unmount() }
  }
}
