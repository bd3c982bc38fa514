import Locking

extension Publishers {
  /// Calls closures for the events of a subscription and republishes everything unchanged
  /// (Combine's `Publishers.HandleEvents`).
  ///
  /// ```swift
  /// let logged = subject.handleEvents(receiveOutput: { print("got", $0) })
  /// ```
  public struct HandleEvents<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public var receiveSubscription: ((any Subscription) -> Void)?
    public var receiveOutput: ((Output) -> Void)?
    public var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
    public var receiveCancel: (() -> Void)?
    public var receiveRequest: ((Subscribers.Demand) -> Void)?

    public init(
      upstream: Upstream,
      receiveSubscription: ((any Subscription) -> Void)? = nil,
      receiveOutput: ((Output) -> Void)? = nil,
      receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
      receiveCancel: (() -> Void)? = nil,
      receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) {
      self.upstream = upstream
      self.receiveSubscription = receiveSubscription
      self.receiveOutput = receiveOutput
      self.receiveCompletion = receiveCompletion
      self.receiveCancel = receiveCancel
      self.receiveRequest = receiveRequest
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(HandleEventsInner(events: self, downstream: subscriber))
    }
  }
}

/// Stands between the upstream's subscription and the subscriber, so that requests and
/// cancellation are seen as well as values and the completion. Lets go of the subscriber and the
/// closures once the stream is over, so that the subscriber holding this subscription makes no cycle.
final class HandleEventsInner<Upstream: Publisher, Downstream: Subscriber>: Subscriber, Subscription,
  @unchecked Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
  // @unchecked Sendable: all mutable state is in `state`, behind its lock; closures run outside it.
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure

  private struct State: @unchecked Sendable {  // @unchecked: Combine's subscribers are not Sendable
    var events: Publishers.HandleEvents<Upstream>?
    var downstream: Downstream?
    var upstream: (any Subscription)?
  }

  private let state: Locked<State>

  init(events: Publishers.HandleEvents<Upstream>, downstream: Downstream) {
    state = Locked(State(events: events, downstream: downstream))
  }

  func receive(subscription: any Subscription) {
    let (events, downstream) = state.withLock { state -> (Publishers.HandleEvents<Upstream>?, Downstream?) in
      guard state.upstream == nil, state.downstream != nil else { return (nil, nil) }
      state.upstream = subscription
      return (state.events, state.downstream)
    }
    guard let downstream else { return subscription.cancel() }
    events?.receiveSubscription?(subscription)
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let (events, downstream) = state.withLock { ($0.events, $0.downstream) }
    guard let downstream else { return .none }
    events?.receiveOutput?(input)
    let more = downstream.receive(input)
    // Apple reports the extra demand a value's delivery asks for as a request too.
    if more > 0 { events?.receiveRequest?(more) }
    return more
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let (events, downstream) = state.withLock { state -> (Publishers.HandleEvents<Upstream>?, Downstream?) in
      defer { state = State() }
      return (state.events, state.downstream)
    }
    guard let downstream else { return }
    events?.receiveCompletion?(completion)
    downstream.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    let (events, upstream) = state.withLock { ($0.events, $0.upstream) }
    events?.receiveRequest?(demand)
    upstream?.request(demand)
  }

  func cancel() {
    let (events, upstream) = state.withLock { state -> (Publishers.HandleEvents<Upstream>?, (any Subscription)?) in
      defer { state = State() }
      return (state.events, state.upstream)
    }
    // Cancelling after the completion (or twice) is not an event: nothing was running.
    guard let upstream else { return }
    events?.receiveCancel?()
    upstream.cancel()
  }
}

extension Publisher {
  /// Calls the given closures when the subscription starts, a value arrives, the stream completes,
  /// the subscriber cancels, or the subscriber asks for more; republishes everything unchanged.
  /// Used to log or to tie side effects to a subscription's life.
  ///
  /// ```swift
  /// viewModel.events.publisher
  ///   .handleEvents(receiveCancel: { print("events cancelled") })
  ///   .sink { event in handle(event) }
  ///   .store(in: &cancellables)
  /// ```
  public func handleEvents(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveOutput: ((Output) -> Void)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
    receiveCancel: (() -> Void)? = nil,
    receiveRequest: ((Subscribers.Demand) -> Void)? = nil
  ) -> Publishers.HandleEvents<Self> {
    Publishers.HandleEvents(
      upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
      receiveCompletion: receiveCompletion, receiveCancel: receiveCancel, receiveRequest: receiveRequest)
  }
}
