import SwiftUI

/// Collects flows in the view's tasks (one `.task` per flow, on the main actor) and draws
/// `content` with the latest value of each (`nil`: none yet). The collections end when the view
/// leaves; each element a flow emits is one change of the view's state.
struct ObservedFlows<Content: View>: View {
  private let flows: [any SkieSwiftFlowProtocol]
  private let animation: Animation?
  private let content: ([Any?]) -> Content
  @State private var values: [Any?]

  init(
    flows: [any SkieSwiftFlowProtocol], animation: Animation?, @ViewBuilder content: @escaping ([Any?]) -> Content
  ) {
    self.flows = flows
    self.animation = animation
    self.content = content
    _values = State(wrappedValue: Array(repeating: nil, count: flows.count))
  }

  var body: some View {
    // One `.task` per flow: each collection lives and ends with the view.
    var view = AnyView(content(values))
    for (index, flow) in flows.enumerated() {
      view = AnyView(view.task { await collect(flow, index: index) })
    }
    return view
  }

  private func collect<Flow: SkieSwiftFlowProtocol>(_ flow: Flow, index: Int) async {
    for await value in flow {
      withAnimation(animation) { values[index] = .some(value as Any) }
    }
  }
}
