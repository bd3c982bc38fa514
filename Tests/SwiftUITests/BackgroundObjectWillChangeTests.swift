import Combine
import HeadlessUI
import SwiftUI
import Testing

/// A model whose `objectWillChange` fires on the thread that changes it, as a Kotlin view model's
/// does when Kotlin code on a worker thread sets its state. It announces after the change, so that
/// the test does not depend on whether the main actor renders before the worker's write.
final class ThreadAgnosticModel: ObservableObject, @unchecked Sendable {
  // @unchecked Sendable: `count` is written by one thread at a time in the test, and read after the
  // writer has been joined.
  private(set) var count = 0

  func set(_ newValue: Int) {
    count = newValue
    objectWillChange.send()
  }
}

struct ThreadAgnosticView: View {
  @ObservedObject var model: ThreadAgnosticModel

  var body: some View {
    Text("count \(model.count)")
  }
}

/// objectWillChange sent from a thread that is not the main thread redraws the view (it used to stop
/// the program: the subscription's closure was main-actor isolated and Swift 6 checked it).
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct BackgroundObjectWillChangeTests {
  @Test func changeAnnouncedOnAnotherThreadRedraws() async throws {
    let model = ThreadAgnosticModel()
    let host = HeadlessHost(ThreadAgnosticView(model: model))
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Thread.detachNewThread {
        model.set(1)
        done.resume()
      }
    }
    try await host.settle()
    #expect(host.frames == [#"Text "count 0""#, #"Text "count 1""#])
    await host.unmount()
  }
}
