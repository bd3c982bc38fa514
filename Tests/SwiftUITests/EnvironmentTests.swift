import HeadlessUI
import Observation
import SwiftUI
import Testing

private struct AccentKey: EnvironmentKey {
  static let defaultValue = "blue"
}

extension EnvironmentValues {
  var accent: String {
    get { self[AccentKey.self] }
    set { self[AccentKey.self] = newValue }
  }
}

final class Cart: ObservableObject {
  @Published var items: [String] = []
}

@Observable
final class Session {
  var user = "ann"
}

struct AccentLabel: View {
  @Environment(\.accent) private var accent
  var body: some View { Text("accent \(accent)") }
}

struct CartBadge: View {
  @EnvironmentObject var cart: Cart
  var body: some View { Button("\(cart.items.count) items") { cart.items.append("x") } }
}

struct SessionLabel: View {
  @Environment(Session.self) private var session
  var body: some View { Text("user \(session.user)") }
}

struct EnvironmentRoot: View {
  let cart: Cart
  let session: Session

  var body: some View {
    VStack {
      AccentLabel()
      AccentLabel().environment(\.accent, "red")
      CartBadge()
      SessionLabel()
    }
    .environmentObject(cart)
    .environment(session)
  }
}

/// Custom keys, environment objects and @Observable models in the environment.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct EnvironmentTests {
  @Test("Values flow down to descendants; the nearest writer wins; changes re-render readers")
  func environment() async throws {
    let session = Session()
    let host = HeadlessHost(EnvironmentRoot(cart: Cart(), session: session))
    try host.tap("0 items")
    session.user = "bob"
    #expect(
      host.render() == """
        VStack
          Text "accent blue"
          Text "accent red"
          Button "1 items"
          Text "user bob"
        """)
    await host.unmount()
  }
}
