import CInterop
import KMPObservableViewModelCore
import KotlinBridge
import KotlinTestDoubles
import Locking

/// The Kotlin side of a view model's ``ViewModelScope`` (the library's `NativeViewModelScope`): it
/// keeps the function Swift gave it and the view model's coroutine scope.
final class NativeViewModelScope: KotlinObject, ViewModelScope, @unchecked Sendable {
  // @unchecked Sendable: the mutable state is inside `state`'s lock.

  private struct State {
    var sendObjectWillChange: (@Sendable () -> Void)?
    weak var owner: AnyObject?
  }

  // @unchecked Sendable: the weak owner is only read under the lock and then walked by reflection
  // on the caller's thread, which is Swift's `observableViewModel(for:)` call.
  private struct Box: @unchecked Sendable { var state = State() }

  private let box = Locked(Box())
  let coroutineScope = CoroutineScope.viewModelCoroutineScope()

  init() {
    super.init(className: "com.rickclephas.kmp.observableviewmodel.NativeViewModelScope")
  }

  func attach(to owner: AnyObject) {
    box.withLock { $0.state.owner = owner }
  }

  func setSendObjectWillChange(_ sendObjectWillChange: @escaping @Sendable () -> Void) {
    let (alreadySet, owner) = box.withLock { box -> (Bool, AnyObject?) in
      if box.state.sendObjectWillChange != nil { return (true, nil) }
      box.state.sendObjectWillChange = sendObjectWillChange
      return (false, box.state.owner)
    }
    guard !alreadySet else {
      IOSCrash.report("IllegalStateException: ViewModel can't be wrapped more than once")
      return
    }
    // Kotlin's MutableStateFlow(viewModelScope, …) knows its scope from the start; a Swift property
    // initialiser cannot see `self`, so the view model's flows are connected here, by reflection.
    if let owner { ObservableMutableStateFlowLink.connectFlows(of: owner, to: self) }
  }

  /// Called before a state flow of the view model changes value (on the thread that changes it).
  func sendObjectWillChange() {
    let send = box.withLock { $0.state.sendObjectWillChange }
    send?()
  }
}
