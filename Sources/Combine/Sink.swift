import Locking

extension Subscribers {
  /// A subscriber that asks for every value and calls closures (Combine's `Subscribers.Sink`).
  ///
  /// ```swift
  /// let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// Just(1).subscribe(sink)
  /// ```
  public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    // @unchecked Sendable: the subscription is only touched under its lock; closures run outside.
    public let receiveValue: (Input) -> Void
    public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
    private let subscription = Locked<Unchecked<(any Subscription)?>>(Unchecked(nil))
    private let finished = Locked(false)

    public init(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      self.receiveCompletion = receiveCompletion
      self.receiveValue = receiveValue
    }

    public func receive(subscription: any Subscription) {
      let accepted = self.subscription.withLock { current -> Bool in
        guard current.value == nil, !finished.withLock({ $0 }) else { return false }
        current = Unchecked(subscription)
        return true
      }
      if accepted { subscription.request(.unlimited) } else { subscription.cancel() }
    }

    public func receive(_ input: Input) -> Subscribers.Demand {
      guard !finished.withLock({ $0 }) else { return .none }
      receiveValue(input)
      return .none
    }

    public func receive(completion: Subscribers.Completion<Failure>) {
      let first = finished.withLock { done -> Bool in
        defer { done = true }
        return !done
      }
      subscription.withLock { $0 = Unchecked(nil) }
      if first { receiveCompletion(completion) }
    }

    public func cancel() {
      finished.withLock { $0 = true }
      let subscription = self.subscription.withLock { current in
        defer { current = Unchecked(nil) }
        return current
      }
      subscription.value?.cancel()
    }
  }

  /// A subscriber that writes every value to a property of an object, which it keeps alive
  /// (Combine's `Subscribers.Assign`).
  ///
  /// ```swift
  /// let cancellable = Just("ann").assign(to: \.name, on: model)
  /// ```
  public final class Assign<Root, Input>: Subscriber, Cancellable, @unchecked Sendable {
    // @unchecked Sendable: a Sink does the bookkeeping; the object is only written from deliveries.
    public typealias Failure = Never
    private let sink: Sink<Input, Never>

    public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
      sink = Sink(receiveCompletion: { _ in }, receiveValue: { object[keyPath: keyPath] = $0 })
    }

    public func receive(subscription: any Subscription) { sink.receive(subscription: subscription) }
    public func receive(_ input: Input) -> Subscribers.Demand { sink.receive(input) }
    public func receive(completion: Subscribers.Completion<Never>) { sink.receive(completion: completion) }
    public func cancel() { sink.cancel() }
  }
}

extension Publisher {
  /// Asks for every value; calls `receiveValue` for each and `receiveCompletion` at the end. The
  /// subscription lasts until the returned cancellable is cancelled or released.
  ///
  /// ```swift
  /// api.load().sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  ///   .store(in: &cancellables)
  /// ```
  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    subscribe(sink)
    return AnyCancellable(sink)
  }

  /// Writes every value to `object[keyPath: keyPath]`, keeping `object` alive until cancelled.
  ///
  /// ```swift
  /// $query.map(\.count).assign(to: \.queryLength, on: self).store(in: &cancellables)
  /// ```
  public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable
  where Failure == Never {
    let assign = Subscribers.Assign(object: object, keyPath: keyPath)
    subscribe(assign)
    return AnyCancellable(assign)
  }

  /// Republishes every value through a `@Published` property, for as long as the property lives
  /// (no cancellable: nothing to store, no cycle through `self`).
  ///
  /// ```swift
  /// init() { source.map { $0.uppercased() }.assign(to: &$title) }
  /// ```
  public func assign(to published: inout Published<Output>.Publisher) where Failure == Never {
    // Weakly: the property keeps the subscription, so the subscription must not keep the property
    // (it ends when the property's object goes away).
    let storage = published.storage
    let sink = Subscribers.Sink<Output, Never>(
      receiveCompletion: { _ in }, receiveValue: { [weak storage] in storage?.set($0) })
    storage.keep(AnyCancellable(sink))
    subscribe(sink)
  }
}

extension Publisher where Failure == Never {
  /// Asks for every value and calls `receiveValue` for each.
  ///
  /// ```swift
  /// model.$name.sink { print("name:", $0) }.store(in: &cancellables)
  /// ```
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}
