import KotlinBridge
import KotlinTestDoubles

/// A typed flow of a fake (a `flow { }`, an operator chain, a state or shared flow) under the shape
/// Objective-C export gives a Kotlin `Flow<T>` property: ``Kotlinx_coroutines_coreFlow``, with
/// untyped values (numbers boxed as `KotlinInt`, …).
///
/// ```swift
/// // val messages: Flow<List<String>>
/// public var messages: any Kotlinx_coroutines_coreFlow { ObjCExportedFlow(_messages) }
/// ```
public struct ObjCExportedFlow<Element: Sendable>: Kotlinx_coroutines_coreFlow, Sendable {
  let typed: any KotlinTypedFlow<Element>

  public init(_ flow: any KotlinTypedFlow<Element>) { typed = flow }

  nonisolated(nonsending) public func collect(collector: any Kotlinx_coroutines_coreFlowCollector) async throws {
    for try await element in typed.asAsyncSequence() { try await collector.emit(value: ObjCValue.box(element)) }
  }

  public func collect(
    collector: any Kotlinx_coroutines_coreFlowCollector, completionHandler: @escaping ((any Error)?) -> Void
  ) {
    collectOnMainActor(collector, completionHandler: completionHandler)
  }
}

extension Kotlinx_coroutines_coreFlow where Self: Sendable {
  /// The completion-handler form of `collect`: the collection runs on the main actor, where a
  /// suspend call of Objective-C export starts on iOS, and the handler is called there at its end.
  func collectOnMainActor(
    _ collector: any Kotlinx_coroutines_coreFlowCollector, completionHandler: @escaping ((any Error)?) -> Void
  ) {
    let collector = UncheckedCollector(collector)
    let handler = UncheckedHandler { (_: Int32?, error) in completionHandler(error) }
    Task { @MainActor in
      do {
        try await self.collect(collector: collector.value)
        handler.call(nil, nil)
      } catch {
        handler.call(nil, error)
      }
    }
  }
}

/// A ``MutableStateFlow`` under Objective-C export's `StateFlow` / `MutableStateFlow` shape.
///
/// ```swift
/// // val uiState: StateFlow<UiState>
/// private let _uiState = MutableStateFlow<UiState>(UiStateLoading.shared)
/// public var uiState: any Kotlinx_coroutines_coreStateFlow { ObjCExportedStateFlow(_uiState) }
/// ```
public struct ObjCExportedStateFlow<Element: Sendable>: Kotlinx_coroutines_coreMutableStateFlow, Sendable {
  let typed: any KotlinTypedStateFlow<Element>
  let mutable: MutableStateFlow<Element>?

  /// A read-only state flow (`StateFlow<T>`): setting `value` is refused as Kotlin's compiler would.
  public init(_ flow: any KotlinTypedStateFlow<Element>) {
    typed = flow
    mutable = flow as? MutableStateFlow<Element>
  }

  nonisolated(nonsending) public func collect(collector: any Kotlinx_coroutines_coreFlowCollector) async throws {
    try await ObjCExportedFlow(typed).collect(collector: collector)
  }

  public func collect(
    collector: any Kotlinx_coroutines_coreFlowCollector, completionHandler: @escaping ((any Error)?) -> Void
  ) {
    collectOnMainActor(collector, completionHandler: completionHandler)
  }

  public var replayCache: [Any] { [ObjCValue.box(typed.value) as Any] }

  /// The current value, boxed (a Kotlin `Int` as `KotlinInt`); setting it needs a `MutableStateFlow`
  /// of a value of its type.
  public var value: Any? {
    get { ObjCValue.box(typed.value) }
    nonmutating set { _ = set(newValue) }
  }

  public func compareAndSet(expect: Any?, update: Any?) -> Bool {
    guard let mutable, let expect = ObjCValue.unbox(expect, as: Element.self),
      let update = ObjCValue.unbox(update, as: Element.self)
    else { return false }
    return mutable.compareAndSet(expect: expect, update: update)
  }

  public var subscriptionCount: any Kotlinx_coroutines_coreStateFlow {
    ObjCExportedStateFlow<Int32>(typedSubscriptionCount)
  }

  private var typedSubscriptionCount: any KotlinTypedStateFlow<Int32> {
    guard let mutable else { return MutableStateFlow<Int32>(0) }
    return mutable.subscriptionCount
  }

  public func emit(value: Any?) async throws { _ = set(value) }
  public func tryEmit(value: Any?) -> Bool { set(value) }

  /// A `MutableStateFlow` has no replay cache to reset: Kotlin throws UnsupportedOperationException
  /// (reported as a misuse here).
  public func resetReplayCache() {
    ObjCExportMisuse.report(
      "UnsupportedOperationException: MutableStateFlow.resetReplayCache is not supported")
  }

  private func set(_ newValue: Any?) -> Bool {
    guard let mutable else {
      ObjCExportMisuse.report(
        "the value of a read-only StateFlow<\(Element.self)> cannot be set: the fake exposes a StateFlow, not a "
          + "MutableStateFlow")
      return false
    }
    guard let element = ObjCValue.unbox(newValue, as: Element.self) else {
      ObjCExportMisuse.report(
        "ClassCastException: \(String(describing: newValue)) cannot be set on a MutableStateFlow<\(Element.self)>")
      return false
    }
    mutable.value = element
    return true
  }
}

/// A ``MutableSharedFlow`` under Objective-C export's `SharedFlow` / `MutableSharedFlow` shape.
public struct ObjCExportedSharedFlow<Element: Sendable>: Kotlinx_coroutines_coreMutableSharedFlow, Sendable {
  let typed: any KotlinTypedSharedFlow<Element>
  let mutable: MutableSharedFlow<Element>?

  public init(_ flow: any KotlinTypedSharedFlow<Element>) {
    typed = flow
    mutable = flow as? MutableSharedFlow<Element>
  }

  nonisolated(nonsending) public func collect(collector: any Kotlinx_coroutines_coreFlowCollector) async throws {
    try await ObjCExportedFlow(typed).collect(collector: collector)
  }

  public func collect(
    collector: any Kotlinx_coroutines_coreFlowCollector, completionHandler: @escaping ((any Error)?) -> Void
  ) {
    collectOnMainActor(collector, completionHandler: completionHandler)
  }

  public var replayCache: [Any] { typed.replayCache.map { ObjCValue.box($0) as Any } }

  public var subscriptionCount: any Kotlinx_coroutines_coreStateFlow {
    ObjCExportedStateFlow<Int32>(mutable?.subscriptionCount ?? MutableStateFlow<Int32>(0))
  }

  public func emit(value: Any?) async throws {
    guard let (flow, element) = target(value) else { return }
    try await flow.emit(value: element)
  }

  public func tryEmit(value: Any?) -> Bool {
    guard let (flow, element) = target(value) else { return false }
    return flow.tryEmit(value: element)
  }

  public func resetReplayCache() { mutable?.resetReplayCache() }

  /// The mutable flow and the value as its element, or `nil` after reporting why not.
  private func target(_ value: Any?) -> (MutableSharedFlow<Element>, Element)? {
    guard let mutable else {
      ObjCExportMisuse.report(
        "a read-only SharedFlow<\(Element.self)> cannot emit: the fake exposes a SharedFlow, not a MutableSharedFlow")
      return nil
    }
    guard let element = ObjCValue.unbox(value, as: Element.self) else {
      ObjCExportMisuse.report(
        "ClassCastException: \(String(describing: value)) cannot be emitted by a MutableSharedFlow<\(Element.self)>")
      return nil
    }
    return (mutable, element)
  }
}

/// An exported flow whose typed flow a test can reach.
protocol TypedFlowBacked {
  func typedFlow<Value: Sendable>(of type: Value.Type) -> ColdFlow<Value>
}

extension ObjCExportedFlow: TypedFlowBacked {
  func typedFlow<Value: Sendable>(of type: Value.Type) -> ColdFlow<Value> { typed.mapNotNull { $0 as? Value } }
}

extension ObjCExportedStateFlow: TypedFlowBacked {
  func typedFlow<Value: Sendable>(of type: Value.Type) -> ColdFlow<Value> { typed.mapNotNull { $0 as? Value } }
}

extension ObjCExportedSharedFlow: TypedFlowBacked {
  func typedFlow<Value: Sendable>(of type: Value.Type) -> ColdFlow<Value> { typed.mapNotNull { $0 as? Value } }
}

extension Kotlinx_coroutines_coreFlow {
  /// For tests: the flow's values as `Value` (values of another type are skipped), as a typed Kotlin
  /// flow that FlowTesting's `test { }` collects on the test's clock; `nil` for a flow that is not one
  /// of this module's exported flows.
  ///
  /// ```swift
  /// try await viewModel.uiState.typed(as: BooksUiState.self)!.test { turbine in … }
  /// ```
  public func typed<Value: Sendable>(as type: Value.Type) -> ColdFlow<Value>? {
    (self as? any TypedFlowBacked)?.typedFlow(of: type)
  }
}
