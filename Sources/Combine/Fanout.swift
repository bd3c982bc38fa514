import Locking

/// Delivery from one source to many subscribers, each with its own demand: the machinery behind the
/// subjects, `@Published` and `objectWillChange`. Subscriber code always runs with no lock held.
final class Fanout<Output, Failure: Error>: @unchecked Sendable {
  // @unchecked Sendable: all mutable state is in `state`, touched only under its lock; subscribers
  // are called outside it (Combine itself leaves thread-safety of values to the caller).
  private struct State {
    var next = 0
    var conduits: [Int: Conduit<Output, Failure>] = [:]
    var completion: Subscribers.Completion<Failure>?
  }

  private let state = Locked(State())

  /// What a new subscriber gets first when it asks (the current value of a `CurrentValueSubject`
  /// or a `@Published` property), read when the first demand arrives.
  private let initial: (@Sendable () -> Output)?

  init(initial: (@Sendable () -> Output)? = nil) {
    self.initial = initial
  }

  var isCompleted: Bool { state.withLock { $0.completion != nil } }

  func attach<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
    let conduit = Conduit<Output, Failure>(AnySubscriber(subscriber), initial: initial)
    let completed: Subscribers.Completion<Failure>? = state.withLock { state in
      if let completion = state.completion { return completion }
      let id = state.next
      state.next += 1
      state.conduits[id] = conduit
      // Captures the state, not the fanout: no weak reference (LeakSanitizer cannot follow one
      // into its side table). The cycle state → conduit → closure → state ends when the conduit is
      // cancelled or completed, or the fanout goes away (deinit).
      let fanoutState = self.state
      conduit.setOnCancel { _ = fanoutState.withLock { $0.conduits.removeValue(forKey: id) } }
      return nil
    }
    if let completed {
      // A finished subject hands new subscribers its completion at once (as Combine's do).
      subscriber.receive(subscription: Subscriptions.empty)
      subscriber.receive(completion: completed)
      return
    }
    subscriber.receive(subscription: conduit)
  }

  /// The source is gone, so nothing more will be delivered: let go of every subscriber (a subscriber
  /// that keeps its subscription would otherwise keep itself alive through it).
  deinit {
    let conduits = state.withLock { state in
      defer { state.conduits.removeAll() }
      return Array(state.conduits.values)
    }
    for conduit in conduits { conduit.release() }
  }

  /// Offers `value` to every subscriber; those with no outstanding demand do not get it.
  func send(_ value: Output) {
    let conduits = state.withLock { state -> [Conduit<Output, Failure>] in
      guard state.completion == nil else { return [] }
      return state.conduits.sorted { $0.key < $1.key }.map(\.value)
    }
    for conduit in conduits { conduit.offer(value) }
  }

  /// Ends every subscription; later sends are ignored.
  func send(completion: Subscribers.Completion<Failure>) {
    let conduits = state.withLock { state -> [Conduit<Output, Failure>] in
      guard state.completion == nil else { return [] }
      state.completion = completion
      defer { state.conduits.removeAll() }
      return state.conduits.sorted { $0.key < $1.key }.map(\.value)
    }
    for conduit in conduits { conduit.complete(completion) }
  }
}

/// One subscriber's subscription to a `Fanout`.
final class Conduit<Output, Failure: Error>: Subscription, @unchecked Sendable {
  // @unchecked Sendable: `state` is only touched under its lock; the downstream subscriber is
  // called outside it.
  private struct State: @unchecked Sendable {  // @unchecked: only touched under `state`'s lock
    var downstream: AnySubscriber<Output, Failure>?
    var demand = Subscribers.Demand.none
    var initialPending: Bool
    var onCancel: (@Sendable () -> Void)?
  }

  private let state: Locked<State>
  private let initial: (@Sendable () -> Output)?

  init(_ downstream: AnySubscriber<Output, Failure>, initial: (@Sendable () -> Output)?) {
    state = Locked(State(downstream: downstream, initialPending: initial != nil))
    self.initial = initial
  }

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0 || demand == .unlimited, "Subscription.request(\(demand)): demand must be positive")
    let deliverInitial: AnySubscriber<Output, Failure>? = state.withLock { state in
      state.demand += demand
      guard state.initialPending, let downstream = state.downstream else { return nil }
      state.initialPending = false
      state.demand -= 1
      return downstream
    }
    if let deliverInitial, let initial {
      let more = deliverInitial.receive(initial())
      state.withLock { $0.demand += more }
    }
  }

  func offer(_ value: Output) {
    let downstream: AnySubscriber<Output, Failure>? = state.withLock { state in
      guard let downstream = state.downstream else { return nil }
      guard state.demand > 0 else {
        // A subject with a current value (CurrentValueSubject, @Published) hands a subscriber that
        // was not asking the value current when it next asks; a PassthroughSubject drops it.
        if initial != nil { state.initialPending = true }
        return nil
      }
      state.demand -= 1
      return downstream
    }
    guard let downstream else { return }
    let more = downstream.receive(value)
    state.withLock { $0.demand += more }
  }

  func complete(_ completion: Subscribers.Completion<Failure>) {
    let downstream = state.withLock { state in
      defer { state.downstream = nil }
      return state.downstream
    }
    downstream?.receive(completion: completion)
  }

  /// Drops the subscriber and the cancel action without calling either.
  func release() {
    let dropped = state.withLock { state in
      defer {
        state.downstream = nil
        state.onCancel = nil
      }
      return (Unchecked(state.downstream), state.onCancel)
    }
    _ = dropped  // released here, outside the lock
  }

  func setOnCancel(_ action: @escaping @Sendable () -> Void) {
    state.withLock { $0.onCancel = action }
  }

  func cancel() {
    let onCancel = state.withLock { state in
      defer {
        state.downstream = nil
        state.onCancel = nil
      }
      return state.onCancel
    }
    onCancel?()
  }
}
