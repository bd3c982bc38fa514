import KotlinBridge
import KotlinTestDoubles
import Locking

/// androidx's `ViewModel` (lifecycle-viewmodel, the KMP artifact), as a Kotlin framework that exports
/// it shows it to Swift: subclass it for a fake module's view models.
///
/// It is a Kotlin object (counted by the leak check) with androidx's ``viewModelScope``: a
/// `SupervisorJob` on `Dispatchers.Main.immediate` (a launch runs in place until it first suspends),
/// cancelled when the view model is cleared. A ``ViewModelStore`` clears it (`clear()`); the
/// view model then cancels its scope, closes what ``addCloseable(_:)`` gave it and calls
/// ``onCleared()``, in that order, as androidx does.
///
/// ```swift
/// // class FruitsViewModel(repository: FruitRepository) : ViewModel()
/// public final class FruitsViewModel: ViewModel, @unchecked Sendable {
///   public let fruits: any KotlinTypedStateFlow<[String]>
///   public init(repository: FruitRepository) {
///     // viewModelScope is made here, so that stored properties can use it before super.init
///     let scope = CoroutineScope(job: SupervisorJob(), dispatcher: .mainImmediate)
///     fruits = repository.fruits.stateIn(scope, started: .WhileSubscribed(5_000), initialValue: [])
///     super.init(viewModelScope: scope)
///   }
/// }
/// ```
open class ViewModel: KotlinObject, @unchecked Sendable {
  // @unchecked Sendable: the scope is immutable and thread-safe; the rest is in a Locked.
  private let state = Locked(State())

  private struct State {
    var cleared = false
    var closeables: [String?: any AutoCloseable] = [:]
    var scope: CoroutineScope?
  }

  /// Creates the Kotlin object; `className` defaults to the Swift class's name.
  public override init(className: String? = nil) {
    super.init(className: className)
  }

  /// androidx's `ViewModel(viewModelScope)`: the view model uses `viewModelScope` as its scope (so a
  /// subclass can build `stateIn(scope, …)` flows before `super.init`); clearing cancels it.
  public init(viewModelScope: CoroutineScope, className: String? = nil) {
    state.withLock { $0.scope = viewModelScope }
    super.init(className: className)
  }

  /// androidx's `viewModelScope`: made on first use, cancelled when the view model is cleared (a
  /// scope asked for after that is cancelled from the start, as androidx's is).
  public var viewModelScope: CoroutineScope {
    let (scope, cleared) = state.withLock { state -> (CoroutineScope, Bool) in
      if let scope = state.scope { return (scope, state.cleared) }
      let scope = CoroutineScope(job: SupervisorJob(), dispatcher: .mainImmediate)
      state.scope = scope
      return (scope, state.cleared)
    }
    if cleared { scope.cancel() }
    return scope
  }

  /// androidx's `addCloseable(closeable)`: closed when the view model is cleared (at once if it was).
  public func addCloseable(_ closeable: any AutoCloseable) { addCloseable(key: nil, closeable) }

  /// androidx's `addCloseable(key, closeable)`: replaces (without closing) one of the same key.
  public func addCloseable(key: String?, _ closeable: any AutoCloseable) {
    let cleared = state.withLock { state -> Bool in
      if !state.cleared { state.closeables[key] = closeable }
      return state.cleared
    }
    if cleared { closeable.close() }
  }

  /// Called once, when the view model is cleared, after its scope was cancelled.
  open func onCleared() {}

  /// Whether the view model was cleared.
  public var isCleared: Bool { state.withLock { $0.cleared } }

  /// Clears the view model (androidx's internal `clear()`, which its store calls): later calls do
  /// nothing.
  func clear() {
    let taken = state.withLock { state -> (CoroutineScope?, [any AutoCloseable])? in
      guard !state.cleared else { return nil }
      state.cleared = true
      defer { state.closeables = [:] }
      return (state.scope, Array(state.closeables.values))
    }
    guard let (scope, closeables) = taken else { return }
    scope?.cancel()
    for closeable in closeables { closeable.close() }
    onCleared()
  }
}

/// Kotlin's `AutoCloseable`.
public protocol AutoCloseable: Sendable {
  func close()
}

/// androidx's `ViewModelStore`: the view models of one owner, by key; `clear()` clears them all.
public final class ViewModelStore: KotlinObject, @unchecked Sendable {
  // @unchecked Sendable: the map is in a Locked.
  private let viewModels = Locked<[String: ViewModel]>([:])

  public init() { super.init(className: "androidx.lifecycle.ViewModelStore") }

  /// `put(key, viewModel)`: a view model already under `key` is cleared.
  public func put(key: String, viewModel: ViewModel) {
    let previous = viewModels.withLock { $0.updateValue(viewModel, forKey: key) }
    if let previous, previous !== viewModel { previous.clear() }
  }

  /// `get(key)`.
  public func get(key: String) -> ViewModel? { viewModels.withLock { $0[key] } }

  /// `keys()`.
  public func keys() -> Set<String> { viewModels.withLock { Set($0.keys) } }

  /// `clear()`: clears every view model and forgets them.
  public func clear() {
    let all = viewModels.withLock { models in
      defer { models = [:] }
      return Array(models.values)
    }
    for viewModel in all { viewModel.clear() }
  }
}

/// androidx's `ViewModelStoreOwner`: what an app's `IosViewModelStoreOwner` conforms to.
public protocol ViewModelStoreOwner: AnyObject {
  var viewModelStore: ViewModelStore { get }
}

/// androidx's `CreationExtras`: keyed values a factory may read (`CreationExtras.Empty`).
open class CreationExtras: @unchecked Sendable {
  // @unchecked Sendable: immutable after creation.
  public let values: [String: any Sendable]
  public init(values: [String: any Sendable] = [:]) { self.values = values }
  /// `CreationExtras.Empty`.
  public static let empty = CreationExtras()
}

/// androidx's `ViewModelProvider.Factory` (`ViewModelProviderFactory` in Swift).
public protocol ViewModelProviderFactory: AnyObject {
  func create(modelClass: ViewModel.Type, extras: CreationExtras) -> ViewModel
}

extension ViewModelStore {
  /// The view model of type `modelClass` under `key` (its class name by default), made by `factory`
  /// the first time: what apps' `resolveViewModel` / `getViewModel` helpers do with androidx's
  /// `ViewModelProvider.create(store, factory, extras).get(modelClass)`.
  public func resolveViewModel(
    modelClass: ViewModel.Type, factory: ViewModelProviderFactory, key: String? = nil,
    extras: CreationExtras? = nil
  ) -> ViewModel {
    let key = key ?? "androidx.lifecycle.ViewModelProvider.DefaultKey:\(String(reflecting: modelClass))"
    if let existing = get(key: key), type(of: existing) == modelClass { return existing }
    let made = factory.create(modelClass: modelClass, extras: extras ?? .empty)
    put(key: key, viewModel: made)
    return made
  }
}

/// The names a framework that does not `export` androidx's lifecycle gives these classes.
public typealias Lifecycle_viewmodelViewModel = ViewModel
public typealias Lifecycle_viewmodelViewModelStore = ViewModelStore
public typealias Lifecycle_viewmodelViewModelStoreOwner = ViewModelStoreOwner
public typealias Lifecycle_viewmodelViewModelProviderFactory = ViewModelProviderFactory
public typealias Lifecycle_viewmodelCreationExtras = CreationExtras
