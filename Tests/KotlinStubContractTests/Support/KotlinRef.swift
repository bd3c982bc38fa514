import CInterop

/// Every generated `shared_kref_*` struct: one opaque `pinned` token, NULL meaning Kotlin `null`.
protocol KotlinRef {
  // Spelled as implicitly unwrapped optionals: that is how the importer declares the generated members.
  var pinned: shared_KNativePtr! { get set }
  init(pinned: shared_KNativePtr!)
}

extension KotlinRef {
  var token: Token { Token(pinned) }
  var isNull: Bool { pinned == nil }

  /// The same reference seen as another Kotlin type (an upcast such as `StateFlow` to `Flow`, or a deliberate
  /// wrong-kind argument in a misuse test).
  func cast<Other: KotlinRef>(to _: Other.Type = Other.self) -> Other {
    Other(pinned: pinned)
  }
}

typealias AnyRef = shared_kref_kotlin_Any
typealias ThrowableRef = shared_kref_kotlin_Throwable
typealias FlowRef = shared_kref_kotlinx_coroutines_flow_Flow
typealias StateFlowRef = shared_kref_kotlinx_coroutines_flow_StateFlow
typealias MutableStateFlowRef = shared_kref_kotlinx_coroutines_flow_MutableStateFlow
typealias SharedFlowRef = shared_kref_kotlinx_coroutines_flow_SharedFlow
typealias MutableSharedFlowRef = shared_kref_kotlinx_coroutines_flow_MutableSharedFlow
typealias StoreRef = shared_kref_shared_Store
typealias ElemRef = shared_kref_fixtures_Elem
typealias SubjectRef = shared_kref_fixtures_Subject

extension shared_kref_kotlin_Any: KotlinRef {}
extension shared_kref_kotlin_Throwable: KotlinRef {}
extension shared_kref_kotlinx_coroutines_flow_Flow: KotlinRef {}
extension shared_kref_kotlinx_coroutines_flow_StateFlow: KotlinRef {}
extension shared_kref_kotlinx_coroutines_flow_MutableStateFlow: KotlinRef {}
extension shared_kref_kotlinx_coroutines_flow_SharedFlow: KotlinRef {}
extension shared_kref_kotlinx_coroutines_flow_MutableSharedFlow: KotlinRef {}
extension shared_kref_shared_Store: KotlinRef {}
extension shared_kref_fixtures_Elem: KotlinRef {}
extension shared_kref_fixtures_Element1: KotlinRef {}
extension shared_kref_fixtures_Element2: KotlinRef {}
extension shared_kref_fixtures_Element3: KotlinRef {}
extension shared_kref_fixtures_Subject: KotlinRef {}
