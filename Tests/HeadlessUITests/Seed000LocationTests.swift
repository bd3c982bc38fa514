import FlowTesting
import HeadlessUI
import Observation
import Testing

/// Seed 000's shape: an `@Observable` model held in `@State`, and an `if let … else` on its
/// optional property.
private struct Coordinate: Equatable {
  let latitude: Double
  let longitude: Double
}

@MainActor
@Observable
private final class LocationModel {
  var coordinate: Coordinate?
}

private struct LocationView: View {
  @State private var model = LocationModel()

  var body: some View {
    VStack {
      if let data = model.coordinate {
        Text("緯度: \(data.latitude), 経度: \(data.longitude)")
      } else {
        Text("位置情報なし")
      }
      Button("locate") { model.coordinate = Coordinate(latitude: 35.6812, longitude: 139.7671) }
      Button("forget") { model.coordinate = nil }
    }
  }
}

/// The same view whose model is located by a `.task` (as a location request would).
private struct LocatingView: View {
  @State private var model = LocationModel()

  var body: some View {
    Group {
      if let data = model.coordinate {
        Text("緯度: \(data.latitude), 経度: \(data.longitude)")
      } else {
        Text("位置情報なし")
      }
    }
    .task {
      await Task.yield()
      model.coordinate = Coordinate(latitude: 43.0687, longitude: 141.3508)
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct Seed000LocationTests {
  @Test("Setting the @Observable model's property from a button re-renders the if-let")
  func buttonChangesModel() async throws {
    let host = HeadlessHost(LocationView())
    try host.tap("locate")
    try await host.settle()
    try host.tap("forget")
    try await host.settle()
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }

  @Test("Setting the @Observable model's property from a .task re-renders the if-let")
  func taskChangesModel() async throws {
    let host = HeadlessHost(LocatingView())
    try await host.settle()
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }

  @Test("A change made by tap() is drawn by the next render(), as for @State")
  func observableChangeRendersAtNextRender() async throws {
    let host = HeadlessHost(LocationView())
    try host.tap("locate")
    #expect(
      host.render() == """
        VStack
          Text "緯度: 35.6812, 経度: 139.7671"
          Button "locate"
          Button "forget"
        """)
    await host.unmount()
  }
}
