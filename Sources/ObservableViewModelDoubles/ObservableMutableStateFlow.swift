import Foundation
import KotlinBridge
import KotlinTestDoubles

/// Kotlin's `MutableStateFlow(viewModelScope, value)` from KMP-ObservableViewModel: a state flow of a
/// view model whose changes SwiftUI sees.
///
/// Setting a value that differs (Kotlin's equality) from the current one announces the change on the
/// view model's `objectWillChange`, on the thread that sets it, as the library does; an equal value
/// announces nothing. A plain `MutableStateFlow(value)` in a view model
/// (the Kotlin mistake of leaving out `viewModelScope`) announces nothing: views that read it are
/// not redrawn.
///
/// Declare it as a stored property of a ``Kmp_observableviewmodel_coreViewModel`` subclass: it is
/// connected to the view model's scope when the view model is first wrapped for SwiftUI.
///
/// ```swift
/// public final class CounterViewModel: Kmp_observableviewmodel_coreViewModel, @unchecked Sendable {
///   private let _count = ObservableMutableStateFlow<Int32>(0)  // MutableStateFlow(viewModelScope, 0)
///   public var count: Int32 { _count.value }
///   public var countFlow: any KotlinTypedStateFlow<Int32> { _count }
///   public func increment() { _count.value += 1 }
/// }
/// ```
public struct ObservableMutableStateFlow<Element: Sendable>: KotlinTypedMutableStateFlow {
  private let flow: any KotlinTypedMutableStateFlow<Element>
  let link = ObservableMutableStateFlowLink()

  /// A new state flow holding `value` (a ``MutableStateFlow`` of the Kotlin runtime).
  public init(_ value: Element) {
    self.flow = MutableStateFlow(value)
  }

  /// Makes an existing Kotlin state flow observable (what the library's wrapper does to the
  /// `MutableStateFlow` it creates).
  public init(wrapping flow: any KotlinTypedMutableStateFlow<Element>) {
    self.flow = flow
  }

  /// The Kotlin flow object (Swift export's `_flow`).
  public var _flow: any KotlinFlow { flow._flow }

  public func asAsyncSequence(bufferingPolicy: KotlinBufferingPolicy) -> KotlinFlowSequence<Element> {
    flow.asAsyncSequence(bufferingPolicy: bufferingPolicy)
  }

  /// The current value; setting a different one announces the change and emits it.
  public var value: Element {
    get { flow.value }
    nonmutating set {
      // compareAndSet(expect: v, update: v) succeeds exactly when the current value equals v
      // (Kotlin's equality) and changes nothing: the library's `stateFlow.value != value`.
      if flow.compareAndSet(expect: newValue, update: newValue) { return }
      announce { flow.value = newValue }
    }
  }

  /// Sets `update` if the current value equals `expect`; announces the change first when it will
  /// be one (`expect` is current and differs from `update`).
  public func compareAndSet(expect: Element, update: Element) -> Bool {
    let current = flow.compareAndSet(expect: expect, update: expect)
    let changes = current && !flow.compareAndSet(expect: update, update: update)
    guard changes else { return flow.compareAndSet(expect: expect, update: update) }
    var result = false
    announce { result = flow.compareAndSet(expect: expect, update: update) }
    return result
  }

  /// Announces the change around `change`. On the main thread (where viewModelScope runs Kotlin
  /// code on iOS) it announces first, as the library does, and the view redraws at the next main
  /// turn, after the change. Kotlin code of a fake runs on worker threads, where the main actor could
  /// redraw between the announcement and the change and then miss it: there it announces after.
  private func announce(_ change: () -> Void) {
    if Thread.isMainThread {
      link.sendObjectWillChange()
      change()
    } else {
      change()
      link.sendObjectWillChange()
    }
  }

  /// Kotlin's `update { }`: applies `function` to the current value until no other update interferes.
  public func update(_ function: (Element) -> Element) {
    while true {
      let current = value
      if compareAndSet(expect: current, update: function(current)) { return }
    }
  }

  /// `emit` on a state flow sets the value (it never suspends).
  public func emit(value: Element) async throws { self.value = value }

  /// `tryEmit` on a state flow sets the value and returns `true`.
  public func tryEmit(value: Element) -> Bool {
    self.value = value
    return true
  }
}
