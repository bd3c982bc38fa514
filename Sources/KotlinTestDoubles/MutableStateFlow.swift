import CInterop
import KotlinBridge

/// Kotlin's `MutableStateFlow(initial)` for any `Sendable` value, run by the Kotlin runtime.
///
/// Setting a value equal to the current one emits nothing, with Kotlin's equality: `Equatable`
/// values compare with `==` (a data class), class instances by identity. A value type that is
/// neither has no Kotlin equality; creating the flow reports a misuse (the leak check fails with
/// the message) and every set emits.
///
/// ```swift
/// let state = MutableStateFlow<LoginState>(.idle)
/// state.value = .loading
/// let observed: any KotlinTypedStateFlow<LoginState> = state
/// ```
public struct MutableStateFlow<Element: Sendable>: KotlinTypedMutableStateFlow {
  let impl: _KotlinTypedMutableStateFlowImpl<Element>
  let codec: KotlinValueCodec<Element>

  /// A state flow whose current value is `initial`.
  public init(_ initial: Element) {
    if !DoubleCodec.isComparable(Element.self) {
      let message =
        "MutableStateFlow<\(Element.self)>: \(Element.self) is neither Equatable nor a class, so Kotlin's "
        + "equality (equals / ===) is undefined and every value set will be emitted; make it Equatable"
      KotlinABI.inCurrentScope { message.withCString { shared_Doubles_reportMisuse($0) } }
    }
    let codec = DoubleCodec.codec(for: Element.self)
    var status = shared_Status_ok
    let ref = KotlinABI.inCurrentScope {
      var made = shared_kref_kotlinx_coroutines_flow_MutableStateFlow()
      codec.encode(initial) { made = shared_Doubles_MutableStateFlow($0, &status) }
      return made
    }
    guard let pointer = ref.pinned else {
      preconditionFailure(
        "MutableStateFlow(\(initial)): the Kotlin runtime refused the initial value: \(KotlinABI.refusalReason(status, processWide: true))"
      )
    }
    self.codec = codec
    self.impl = _KotlinTypedMutableStateFlowImpl(ref: KotlinRef(adopting: pointer), codec: codec)
  }

  /// The Kotlin flow object (Swift export's `_flow`).
  public var _flow: any KotlinFlow { impl._flow }

  public func asAsyncSequence(bufferingPolicy: KotlinBufferingPolicy) -> KotlinFlowSequence<Element> {
    impl.asAsyncSequence(bufferingPolicy: bufferingPolicy)
  }

  /// The current value; setting it emits to collectors unless it equals the current one.
  public var value: Element {
    get { impl.value }
    nonmutating set { impl.value = newValue }
  }

  /// Sets `update` if the current value equals `expect` (Kotlin's equality); returns whether it did.
  public func compareAndSet(expect: Element, update: Element) -> Bool {
    impl.compareAndSet(expect: expect, update: update)
  }

  /// Kotlin's `update { }`: applies `function` to the current value until no other update interferes.
  public func update(_ function: (Element) -> Element) {
    while true {
      let current = value
      if compareAndSet(expect: current, update: function(current)) { return }
    }
  }

  /// `emit` on a MutableStateFlow sets the value (it never suspends).
  public func emit(value: Element) async throws { self.value = value }

  /// `tryEmit` on a MutableStateFlow sets the value and returns `true`.
  public func tryEmit(value: Element) -> Bool {
    self.value = value
    return true
  }
}
