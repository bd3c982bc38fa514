import Combine
import Testing

/// A subscriber that asks for a fixed number of values and records what it gets.
final class Recorder<Input, Failure: Error>: Subscriber {
  let initialDemand: Subscribers.Demand
  private(set) var values: [Input] = []
  private(set) var completions: [Subscribers.Completion<Failure>] = []
  private(set) var subscription: (any Subscription)?

  init(demand: Subscribers.Demand) { initialDemand = demand }

  func receive(subscription: any Subscription) {
    self.subscription = subscription
    if initialDemand > 0 { subscription.request(initialDemand) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    values.append(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) { completions.append(completion) }
}

private struct Boom: Error, Equatable {}

/// Subjects, as Apple documents them.
@Suite(.timeLimit(.minutes(1)))
struct SubjectTests {
  @Test("PassthroughSubject drops values sent before a subscriber asked, and beyond its demand")
  func passthroughDemand() {
    let subject = PassthroughSubject<Int, Never>()
    subject.send(0)  // nobody subscribed: dropped
    let recorder = Recorder<Int, Never>(demand: .max(2))
    subject.subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(3)  // demand used up: dropped
    recorder.subscription?.request(.max(1))
    subject.send(4)
    #expect(recorder.values == [1, 2, 4])
  }

  @Test("After completion, sends are ignored and a new subscriber gets the completion at once")
  func completion() {
    let subject = PassthroughSubject<Int, Boom>()
    let early = Recorder<Int, Boom>(demand: .unlimited)
    subject.subscribe(early)
    subject.send(completion: .failure(Boom()))
    subject.send(1)
    subject.send(completion: .finished)
    let late = Recorder<Int, Boom>(demand: .unlimited)
    subject.subscribe(late)
    #expect(early.values.isEmpty)
    #expect(early.completions == [.failure(Boom())])
    #expect(late.completions == [.failure(Boom())])
  }

  @Test("CurrentValueSubject sends its value on the first demand; setting value sends it")
  func currentValue() {
    let subject = CurrentValueSubject<String, Never>("a")
    let recorder = Recorder<String, Never>(demand: .none)
    subject.subscribe(recorder)
    subject.value = "b"  // no demand yet: not delivered, but it is the current value
    recorder.subscription?.request(.max(2))
    subject.send("c")
    #expect(recorder.values == ["b", "c"])
    #expect(subject.value == "c")
  }

  @Test("Cancelling a subscription stops deliveries; store(in:) keeps it in a Set or an Array")
  func cancellation() {
    let subject = PassthroughSubject<Int, Never>()
    var set = Set<AnyCancellable>()
    var array: [AnyCancellable] = []
    var seenBySet: [Int] = []
    var seenByArray: [Int] = []
    subject.sink { seenBySet.append($0) }.store(in: &set)
    subject.sink { seenByArray.append($0) }.store(in: &array)
    subject.send(1)
    set.removeAll()  // released: cancelled
    subject.send(2)
    array.forEach { $0.cancel() }
    subject.send(3)
    #expect(seenBySet == [1])
    #expect(seenByArray == [1, 2])
  }
}
