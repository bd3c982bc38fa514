import Locking

/// Produces one value (or one failure) later, from a closure that runs at once, when the future is
/// created (Combine's `Future`). Every subscriber, earlier or later, gets that one result; calls
/// to the promise after the first are ignored.
///
/// ```swift
/// func fetch() -> Future<String, Error> {
///   Future { promise in
///     Task { do { promise(.success(try await api.name())) } catch { promise(.failure(error)) } }
///   }
/// }
/// ```
public final class Future<Output, Failure: Error>: Publisher, @unchecked Sendable {
  // @unchecked Sendable: state is only touched under its lock; subscribers are called outside it.
  public typealias Promise = (Result<Output, Failure>) -> Void

  private struct State {
    var result: Result<Output, Failure>?
    var waiting: [AnySubscriber<Output, Failure>] = []
  }

  private let state = Locked(Unchecked(State()))

  public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
    attemptToFulfill { [self] result in fulfil(result) }
  }

  private func fulfil(_ result: Result<Output, Failure>) {
    let boxed = Unchecked(result)
    let waiting = state.withLock { box -> Unchecked<[AnySubscriber<Output, Failure>]> in
      guard box.value.result == nil else { return Unchecked([]) }
      var state = box.value
      state.result = boxed.value
      defer { state.waiting = []; box = Unchecked(state) }
      return Unchecked(state.waiting)
    }
    for subscriber in waiting.value {
      subscriber.receive(subscription: OneShotSubscription(subscriber, result: result))
    }
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let erased = AnySubscriber(subscriber)
    let result = state.withLock { box -> Unchecked<Result<Output, Failure>?> in
      if box.value.result == nil {
        var state = box.value
        state.waiting.append(erased)
        box = Unchecked(state)
      }
      return Unchecked(box.value.result)
    }
    if let result = result.value {
      subscriber.receive(subscription: OneShotSubscription(erased, result: result))
    }
    // Otherwise the subscriber gets its subscription when the promise is fulfilled.
  }
}

/// Creates its publisher only when someone subscribes, anew for each subscriber (Combine's
/// `Deferred`).
///
/// ```swift
/// Deferred { Just(Date()) }  // the date of subscription, not of creation
/// ```
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
  public typealias Output = DeferredPublisher.Output
  public typealias Failure = DeferredPublisher.Failure

  public let createPublisher: () -> DeferredPublisher

  public init(createPublisher: @escaping () -> DeferredPublisher) { self.createPublisher = createPublisher }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    createPublisher().subscribe(subscriber)
  }
}

/// A type-erased publisher (Combine's `AnyPublisher`): what functions return so callers do not
/// depend on the operator chain behind it.
///
/// ```swift
/// var names: AnyPublisher<[String], Never> { $people.map { $0.map(\.name) }.eraseToAnyPublisher() }
/// ```
public struct AnyPublisher<Output, Failure: Error>: Publisher {
  private let subscribeImpl: (AnySubscriber<Output, Failure>) -> Void

  public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
    subscribeImpl = { publisher.subscribe($0) }
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscribeImpl(AnySubscriber(subscriber))
  }
}

extension Publisher {
  /// Hides the publisher's type behind `AnyPublisher`.
  ///
  /// ```swift
  /// func load() -> AnyPublisher<Int, Never> { Just(1).eraseToAnyPublisher() }
  /// ```
  public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }
}
