import Locking

/// Cancels a subscription when cancelled or deallocated (Combine's `AnyCancellable`). Keep it (in a
/// property, or with `store(in:)`) for as long as you want values.
///
/// ```swift
/// final class Model {
///   private var cancellables = Set<AnyCancellable>()
///   init(subject: PassthroughSubject<Int, Never>) {
///     subject.sink { print($0) }.store(in: &cancellables)
///   }
/// }
/// ```
public final class AnyCancellable: Cancellable, Hashable, Sendable {
  // Sendable: the cancel action sits in a lock and runs once, outside it. Its captures are not
  // checked for Sendable, as on Apple platforms (Combine predates Sendable).
  private let action: Locked<Action?>

  private struct Action: @unchecked Sendable {  // @unchecked: see above, run at most once
    let run: () -> Void
  }

  /// Runs `cancel` on the first `cancel()` or at deinit, whichever comes first.
  public init(_ cancel: @escaping () -> Void) {
    action = Locked(Action(run: cancel))
  }

  /// Cancels `canceller` on the first `cancel()` or at deinit.
  public init<C: Cancellable>(_ canceller: C) {
    let box = Action(run: { canceller.cancel() })
    action = Locked(box)
  }

  public func cancel() {
    let cancel = action.withLock { action in
      defer { action = nil }
      return action
    }
    cancel?.run()
  }

  deinit { cancel() }

  /// Keeps this cancellable in `set` (it lives as long as the set keeps it).
  public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }

  /// Keeps this cancellable in an array or other collection.
  public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
    collection.append(self)
  }

  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Cancellable {
  /// Keeps this cancellable (as an `AnyCancellable`) in `set`.
  ///
  /// ```swift
  /// subject.sink { print($0) }.store(in: &cancellables)
  /// ```
  public func store(in set: inout Set<AnyCancellable>) { AnyCancellable(self).store(in: &set) }

  /// Keeps this cancellable (as an `AnyCancellable`) in an array or other collection.
  public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
    AnyCancellable(self).store(in: &collection)
  }
}
