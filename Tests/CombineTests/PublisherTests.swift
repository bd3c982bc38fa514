import Combine
import Dispatch
import Testing

private struct Boom: Error, Equatable {}

private final class Target {
  var text = ""
}

/// Publishers and operators, as Apple documents them.
@Suite(.timeLimit(.minutes(1)))
struct PublisherTests {
  @Test("Just sends one value and finishes, only once asked")
  func just() {
    let recorder = Recorder<Int, Never>(demand: .none)
    Just(7).subscribe(recorder)
    #expect(recorder.values.isEmpty)
    recorder.subscription?.request(.max(1))
    #expect(recorder.values == [7])
    #expect(recorder.completions.count == 1)
  }

  @Test("Future runs its closure at once; the first promise wins; late subscribers get the result")
  func future() {
    var runs = 0
    var fulfil: ((Result<Int, Boom>) -> Void)?
    let future = Future<Int, Boom> { promise in
      runs += 1
      fulfil = promise
    }
    #expect(runs == 1)
    let early = Recorder<Int, Boom>(demand: .unlimited)
    future.subscribe(early)
    fulfil?(.success(1))
    fulfil?(.success(2))
    let late = Recorder<Int, Boom>(demand: .unlimited)
    future.subscribe(late)
    #expect(early.values == [1])
    #expect(late.values == [1])
    #expect(runs == 1)
  }

  @Test("Deferred creates its publisher per subscriber, when it subscribes")
  func deferred() {
    var created = 0
    let deferred = Deferred { () -> Just<Int> in
      created += 1
      return Just(created)
    }
    #expect(created == 0)
    var seen: [Int] = []
    _ = deferred.sink { seen.append($0) }
    _ = deferred.sink { seen.append($0) }
    #expect(seen == [1, 2])
  }

  @Test("map, filter, compactMap, removeDuplicates, eraseToAnyPublisher")
  func operators() {
    let subject = PassthroughSubject<Int, Never>()
    var seen: [String] = []
    let cancellable =
      subject
      .filter { $0 >= 0 }
      .map { $0 / 10 }
      .removeDuplicates()
      .compactMap { $0 == 3 ? nil : "tens: \($0)" }
      .eraseToAnyPublisher()
      .sink { seen.append($0) }
    for value in [1, 5, -20, 12, 19, 30, 31, 40, 2] { subject.send(value) }
    #expect(seen == ["tens: 0", "tens: 1", "tens: 4", "tens: 0"])
    _ = cancellable
  }

  @Test("filter asks upstream for a replacement of each value it drops (demand is kept)")
  func filterKeepsDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(demand: .max(2))
    subject.filter { $0.isMultiple(of: 2) }.subscribe(recorder)
    for value in 1...10 { subject.send(value) }
    #expect(recorder.values == [2, 4])
  }

  @Test("combineLatest pairs the latest values once both have one")
  func combineLatest() {
    let names = PassthroughSubject<String, Never>()
    let ages = PassthroughSubject<Int, Never>()
    var seen: [String] = []
    let cancellable = names.combineLatest(ages).map { "\($0) \($1)" }.sink { seen.append($0) }
    names.send("ann")
    ages.send(30)
    ages.send(31)
    names.send("bob")
    #expect(seen == ["ann 30", "ann 31", "bob 31"])
    _ = cancellable
  }

  @Test("assign(to:on:) writes each value to the object")
  func assignOn() {
    let target = Target()
    let subject = PassthroughSubject<String, Never>()
    let cancellable = subject.assign(to: \.text, on: target)
    subject.send("hello")
    #expect(target.text == "hello")
    _ = cancellable
  }

  @Test("sink(receiveCompletion:receiveValue:) gets the failure")
  func failure() {
    var completions: [Subscribers.Completion<Boom>] = []
    _ = Fail<Int, Boom>(error: Boom()).sink(receiveCompletion: { completions.append($0) }, receiveValue: { _ in })
    #expect(completions == [.failure(Boom())])
  }

  @Test("receive(on: DispatchQueue.main) delivers later, on the main queue, in order")
  @MainActor
  func receiveOnMain() async {
    let subject = PassthroughSubject<Int, Never>()
    var seen: [Int] = []
    let cancellable = subject.receive(on: DispatchQueue.main).sink { value in
      MainActor.assumeIsolated { seen.append(value) }
    }
    subject.send(1)
    subject.send(2)
    #expect(seen.isEmpty)  // not synchronous: the main queue runs them after this turn
    await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    #expect(seen == [1, 2])
    _ = cancellable
  }

  @Test("values: a for-await loop ends when the publisher finishes; throwing publishers throw")
  func asyncValues() async throws {
    var collected: [Int] = []
    for await value in Drip([1, 2, 3]).values { collected.append(value) }
    #expect(collected == [1, 2, 3])
    await #expect(throws: Boom.self) {
      for try await _ in Fail<Int, Boom>(error: Boom()).values {}
    }
  }
}

/// Sends its elements one per demanded value, then finishes.
private struct Drip<E>: Publisher {
  typealias Output = E
  typealias Failure = Never
  let elements: [E]
  init(_ elements: [E]) { self.elements = elements }

  func receive<S: Subscriber>(subscriber: S) where S.Input == E, S.Failure == Never {
    subscriber.receive(subscription: Subscription(elements: elements, subscriber: AnySubscriber(subscriber)))
  }

  final class Subscription: Combine.Subscription {
    var elements: [E]
    var finished = false
    let subscriber: AnySubscriber<E, Never>
    init(elements: [E], subscriber: AnySubscriber<E, Never>) {
      self.elements = elements
      self.subscriber = subscriber
    }
    func request(_ demand: Subscribers.Demand) {
      var remaining = demand
      while remaining > 0, !elements.isEmpty {
        remaining -= 1
        remaining += subscriber.receive(elements.removeFirst())
      }
      if elements.isEmpty, !finished {
        finished = true
        subscriber.receive(completion: .finished)
      }
    }
    func cancel() {
      elements = []
      finished = true
    }
  }
}
