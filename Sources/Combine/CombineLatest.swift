import Locking

extension Publishers {
  /// Publishes the latest value of each of two publishers, as a pair, once both have published and
  /// whenever either publishes again (Combine's `Publishers.CombineLatest`). Finishes when both
  /// have finished; fails as soon as either fails.
  public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
    public typealias Output = (A.Output, B.Output)
    public typealias Failure = A.Failure

    public let a: A
    public let b: B

    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = CombineLatestInner<A.Output, B.Output, Failure>(downstream: AnySubscriber(subscriber))
      subscriber.receive(subscription: inner)
      a.subscribe(
        AnySubscriber<A.Output, Failure>(
          receiveSubscription: { inner.attach($0) }, receiveValue: { inner.receiveA($0) },
          receiveCompletion: { inner.complete($0) }))
      b.subscribe(
        AnySubscriber<B.Output, Failure>(
          receiveSubscription: { inner.attach($0) }, receiveValue: { inner.receiveB($0) },
          receiveCompletion: { inner.complete($0) }))
    }
  }
}

/// Keeps the latest pair; hands it on when the downstream has demand (else holds the latest).
final class CombineLatestInner<AOutput, BOutput, Failure: Error>: Subscription, @unchecked Sendable {
  // @unchecked Sendable: `state` is only touched under its lock; the downstream is called outside.
  private struct State {
    var a: AOutput?
    var b: BOutput?
    var pending = false
    var demand = Subscribers.Demand.none
    var upstreams: [any Subscription] = []
    var finished = 0
    var done = false
  }

  private let state = Locked(Unchecked(State()))
  private let downstream: AnySubscriber<(AOutput, BOutput), Failure>

  init(downstream: AnySubscriber<(AOutput, BOutput), Failure>) { self.downstream = downstream }

  func attach(_ subscription: any Subscription) {
    let cancelled = mutate { state -> Bool in
      guard !state.done else { return true }
      state.upstreams.append(subscription)
      return false
    }
    if cancelled { subscription.cancel() } else { subscription.request(.unlimited) }
  }

  func receiveA(_ value: AOutput) -> Subscribers.Demand {
    let boxed = Unchecked(value)
    mutate {
      $0.a = boxed.value
      $0.pending = true
    }
    deliver()
    return .none
  }

  func receiveB(_ value: BOutput) -> Subscribers.Demand {
    let boxed = Unchecked(value)
    mutate {
      $0.b = boxed.value
      $0.pending = true
    }
    deliver()
    return .none
  }

  func request(_ demand: Subscribers.Demand) {
    mutate { $0.demand += demand }
    deliver()
  }

  func complete(_ completion: Subscribers.Completion<Failure>) {
    let finish = mutate { state -> Bool in
      guard !state.done else { return false }
      if case .finished = completion {
        state.finished += 1
        guard state.finished == 2 else { return false }
      }
      state.done = true
      return true
    }
    guard finish else { return }
    if case .failure = completion { cancelUpstreams() }
    downstream.receive(completion: completion)
  }

  func cancel() {
    mutate { $0.done = true }
    cancelUpstreams()
  }

  private func cancelUpstreams() {
    let upstreams = mutate { state -> Unchecked<[any Subscription]> in
      defer { state.upstreams = [] }
      return Unchecked(state.upstreams)
    }
    for upstream in upstreams.value { upstream.cancel() }
  }

  /// Sends the latest pair if there is one not sent yet and the downstream asked for it.
  private func deliver() {
    let pair = mutate { state -> Unchecked<(AOutput, BOutput)?> in
      guard !state.done, state.pending, state.demand > 0, let a = state.a, let b = state.b else {
        return Unchecked(nil)
      }
      state.pending = false
      state.demand -= 1
      return Unchecked((a, b))
    }
    guard let pair = pair.value else { return }
    let more = downstream.receive(pair)
    mutate { $0.demand += more }
  }

  private func mutate<R>(_ body: (inout State) -> R) -> R {
    state.withLock { box in
      var state = box.value
      defer { box = Unchecked(state) }
      return Unchecked(body(&state))
    }.value
  }
}

extension Publisher {
  /// Pairs the latest values of this publisher and `other`.
  ///
  /// ```swift
  /// $name.combineLatest($password).map { !$0.isEmpty && $1.count >= 8 }.assign(to: &$canSave)
  /// ```
  public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
  where P.Failure == Failure {
    Publishers.CombineLatest(self, other)
  }
}
