import Combine
import Testing

/// `handleEvents`, as Apple documents it: closures see the subscription's events, values pass
/// through unchanged.
@Suite(.timeLimit(.minutes(1)))
struct HandleEventsTests {
  @Test("Each event is reported once, in order, and values pass through")
  func events() {
    var log: [String] = []
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(demand: .max(2))
    subject
      .handleEvents(
        receiveSubscription: { _ in log.append("subscription") },
        receiveOutput: { log.append("output \($0)") },
        receiveCompletion: { _ in log.append("completion") },
        receiveCancel: { log.append("cancel") },
        receiveRequest: { log.append("request \($0)") }
      )
      .subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    recorder.subscription?.cancel()  // after the completion: nothing was running
    #expect(log == ["subscription", "request max(2)", "output 1", "completion"])
    #expect(recorder.values == [1])
  }

  @Test("A subscriber's cancel is reported and reaches the upstream")
  func cancel() {
    var cancels = 0
    let subject = PassthroughSubject<Int, Never>()
    var values: [Int] = []
    let cancellable = subject.handleEvents(receiveCancel: { cancels += 1 }).sink { values.append($0) }
    subject.send(1)
    cancellable.cancel()
    cancellable.cancel()
    subject.send(2)  // the upstream no longer delivers
    #expect(cancels == 1)
    #expect(values == [1])
  }
}
