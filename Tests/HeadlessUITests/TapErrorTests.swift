import HeadlessUI
import Testing

private struct Buttons: View {
  var body: some View {
    VStack {
      Button("save") {}
      HStack {
        Button("delete") {}
        Button("delete") {}
      }
    }
  }
}

@MainActor
@Suite
struct TapErrorTests {
  @Test("tap() of a title no button has throws .buttonNotFound, listing the buttons on screen")
  func buttonNotFound() async throws {
    let host = HeadlessHost(Buttons())
    let error = #expect(throws: HeadlessHostError.self) { try host.tap("cancel") }
    #expect(error?.code == .buttonNotFound)
    #expect(
      error?.message == #"tap("cancel"): no button has that title; buttons on screen: "save", "delete", "delete""#)
    #expect(error?.description == error?.message)
    await host.unmount()
  }

  @Test("tap() of a title several buttons have throws .ambiguousButton, runs none of them")
  func ambiguousButton() async throws {
    let taps = Counter()
    let host = HeadlessHost(
      HStack {
        Button("go") { taps.increment() }
        Button("go") { taps.increment() }
        Button("stop") {}
      })
    let error = #expect(throws: HeadlessHostError.self) { try host.tap("go") }
    #expect(error?.code == .ambiguousButton)
    #expect(error?.message == #"tap("go"): 2 buttons have that title; buttons on screen: "go", "go", "stop""#)
    #expect(taps.value == 0)
    await host.unmount()
  }

  @Test("tap() with no buttons on screen says so; after unmount() it throws .unmounted")
  func noButtonsAndUnmounted() async throws {
    let host = HeadlessHost(Text("nothing to tap"))
    let error = #expect(throws: HeadlessHostError.self) { try host.tap("ok") }
    #expect(error?.code == .buttonNotFound)
    #expect(error?.message == #"tap("ok"): no button has that title; buttons on screen: none"#)
    await host.unmount()
    let unmounted = #expect(throws: HeadlessHostError.self) { try host.tap("ok") }
    #expect(unmounted?.code == .unmounted)
    #expect(unmounted?.message == #"tap("ok"): the host was unmounted"#)
  }
}
