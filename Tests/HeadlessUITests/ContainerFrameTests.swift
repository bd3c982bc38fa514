import FlowTesting
import HeadlessUI
import Testing

private struct Toolbar: View {
  var body: some View {
    HStack {
      Button("back") {}
      Group {
        Text("title")
        EmptyView()
        Text("subtitle")
      }
      Button(action: {}, label: { Text("more") })
    }
  }
}

private struct Layout: View {
  var body: some View {
    VStack {
      Toolbar()
      Group {}
      EmptyView()
      HStack {}
      VStack {
        HStack {
          Text("nested")
        }
      }
    }
  }
}

@MainActor
@Suite
struct ContainerFrameTests {
  @Test("HStack and VStack draw a line and indent children; Group and EmptyView draw nothing")
  func containers() async throws {
    let host = HeadlessHost(Layout())
    assertSnapshot(of: host.render())
    await host.unmount()
  }

  @Test("A view that draws nothing renders the empty frame")
  func emptyScreen() async throws {
    let host = HeadlessHost(Group { EmptyView() })
    #expect(host.render() == "")
    #expect(host.frames == [""])
    await host.unmount()
    #expect(host.frames == [""])
  }
}
