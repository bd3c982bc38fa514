import Locking

/// The lifetime of each wrapped view model, by identity (KMP-ObservableViewModel keeps it in an
/// Objective-C associated object; Swift on Linux has none, so a table does it).
final class ViewModelLifetimes: Sendable {
  static let shared = ViewModelLifetimes()

  // @unchecked Sendable: the view model is only compared by identity and checked for nil, never
  // called, so holding it weakly under the table's lock from any thread is safe.
  private struct Entry: @unchecked Sendable {
    weak var viewModel: AnyObject?
    weak var lifetime: ViewModelLifetime?
  }

  private enum Lookup {
    case alive(ViewModelLifetime)
    case cleared
    case adopted
  }

  private let entries = Locked<[ObjectIdentifier: Entry]>([:])

  /// The view model's lifetime: the living one, or a new one (then Kotlin is told where to send
  /// changes). A view model whose lifetime already ended was cleared: that is reported.
  func lifetime(for viewModel: some ViewModel) -> ViewModelLifetime {
    let candidate = ViewModelLifetime(viewModel)
    let entry = Entry(viewModel: viewModel, lifetime: candidate)
    let key = ObjectIdentifier(viewModel)
    let lookup = entries.withLock { entries -> Lookup in
      if let existing = entries[key], existing.viewModel != nil, existing.viewModel === entry.viewModel {
        if let lifetime = existing.lifetime { return .alive(lifetime) }
        return .cleared
      }
      // Drop entries of deallocated view models first, so the table does not grow.
      entries = entries.filter { $0.value.viewModel != nil }
      entries[key] = entry
      return .adopted
    }
    switch lookup {
    case .alive(let lifetime):
      return lifetime
    case .adopted:
      candidate.arm()
      let publisher = viewModel.objectWillChange
      viewModel.viewModelScope.setSendObjectWillChange { publisher.send() }
      return candidate
    case .cleared:
      IOSCrash.report(
        "ObservableViewModel for \(type(of: viewModel)) has been deallocated: the view model was cleared when the "
          + "last @StateViewModel / @ObservedViewModel / environmentViewModel holding it went away, and it was "
          + "wrapped again. Create a new view model instead of reusing a cleared one.")
      return candidate  // unarmed: a cleared view model is not cleared again
    }
  }
}
