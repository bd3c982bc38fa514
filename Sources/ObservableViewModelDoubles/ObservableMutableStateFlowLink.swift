import Locking

/// Connects an ``ObservableMutableStateFlow`` to its view model's scope once the view model is
/// wrapped for SwiftUI (before that, nobody listens and a change announces nothing).
final class ObservableMutableStateFlowLink: Sendable {
  private struct WeakScope: Sendable {
    weak var scope: NativeViewModelScope?
  }

  private let target = Locked(WeakScope())

  func connect(to scope: NativeViewModelScope) {
    target.withLock { $0.scope = scope }
  }

  func sendObjectWillChange() {
    let scope = target.withLock { $0.scope }
    scope?.sendObjectWillChange()  // outside the lock: it runs SwiftUI's subscribers
  }

  /// Connects every ``ObservableMutableStateFlow`` stored in `owner` (its class and superclasses).
  static func connectFlows(of owner: AnyObject, to scope: NativeViewModelScope) {
    var mirror: Mirror? = Mirror(reflecting: owner)
    while let current = mirror {
      for child in current.children {
        (child.value as? any ObservableStateFlowProperty)?.link.connect(to: scope)
      }
      mirror = current.superclassMirror
    }
  }
}

/// What reflection looks for: a stored property that is an observable state flow.
protocol ObservableStateFlowProperty {
  var link: ObservableMutableStateFlowLink { get }
}

extension ObservableMutableStateFlow: ObservableStateFlowProperty {}
