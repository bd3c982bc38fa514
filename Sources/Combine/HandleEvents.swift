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
/// cancellation are seen as well as values and the completion.
final class HandleEventsInner<Upstream: Publisher, Downstream: Subscriber>: Subscriber, Subscription,
  @unchecked Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
  // @unchecked Sendable: the upstream subscription is only touched under its lock; closures run outside.
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure

  private let events: Publishers.HandleEvents<Upstream>
  private let downstream: Downstream
  private let upstream = Locked<Unchecked<(any Subscription)?>>(Unchecked(nil))

  init(events: Publishers.HandleEvents<Upstream>, downstream: Downstream) {
    self.events = events
    self.downstream = downstream
  }

  func receive(subscription: any Subscription) {
    upstream.withLock { $0 = Unchecked(subscription) }
    events.receiveSubscription?(subscription)
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    events.receiveOutput?(input)
    let more = downstream.receive(input)
    // Apple reports the extra demand a value's delivery asks for as a request too.
    if more > 0 { events.receiveRequest?(more) }
    return more
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    upstream.withLock { $0 = Unchecked(nil) }
    events.receiveCompletion?(completion)
    downstream.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    events.receiveRequest?(demand)
    upstream.withLock { $0 }.value?.request(demand)
  }

  func cancel() {
    let subscription = upstream.withLock { current in
      defer { current = Unchecked(nil) }
      return current
    }
    // Cancelling after the completion (or twice) is not an event: nothing was running.
    guard let subscription = subscription.value else { return }
    events.receiveCancel?()
    subscription.cancel()
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
