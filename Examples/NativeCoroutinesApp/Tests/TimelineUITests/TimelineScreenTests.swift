import FlowTesting
import HeadlessUI
import Testing
import TimelineShared
import TimelineUI

/// The timeline screen over the fake Kotlin module, on a virtual clock moved by hand: the same
/// frames on every run. The suite's leak check proves that the view model, both collections and the
/// calls are gone after each test.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct TimelineScreenTests {
  @Test func initialState() async throws {
    let host = HeadlessHost(TimelineView())
    try await host.settle()
    #expect(host.render().contains("Text \"Connecting…\""))
    #expect(host.render().contains("Text \"Welcome to the timeline\""))
    await host.unmount()
  }

  @Test func updatesFromAFlowAndASuspendFunction() async throws {
    let host = HeadlessHost(TimelineView())
    try await host.settle()
    try await host.advanceTime(byMillis: 1_000)  // the connection flow's delay(1_000)
    #expect(host.render().contains("Text \"Online\""))
    try host.tap("Refresh")
    try await host.settle()
    #expect(host.render().contains("Button \"Refreshing…\" disabled"))
    try await host.advanceTime(byMillis: 2_000)  // refresh()'s delay(2_000)
    let frame = host.render()
    #expect(frame.contains("Text \"Maintenance tonight\""))
    #expect(frame.contains("Button \"Refresh\""))
    await host.unmount()
  }

  @Test func publishingAPost() async throws {
    let host = HeadlessHost(TimelineView())
    try await host.settle()
    try host.type("Hello from Swift", into: "New post")
    try host.tap("Publish")
    try await host.settle()
    try await host.advanceTime(byMillis: 500)
    let frame = host.render()
    #expect(frame.contains("Text \"Hello from Swift\""))
    #expect(frame.contains("Text \"Published post #2\""))
    await host.unmount()
  }

  @Test func anErrorFromASuspendFunction() async throws {
    let host = HeadlessHost(TimelineView())
    try await host.settle()
    try host.tap("Publish")  // the draft is empty
    try await host.settle()
    try await host.advanceTime(byMillis: 500)
    #expect(host.render().contains("Text \"Could not publish: A post cannot be blank\""))
    await host.unmount()
  }

  @Test func anErrorFromAFlow() async throws {
    let host = HeadlessHost(TimelineView())
    try await host.settle()
    try await host.advanceTime(byMillis: 61_000)  // online for a minute, then IOException
    #expect(host.render().contains("Text \"Offline: Connection lost\""))
    await host.unmount()
  }
}
