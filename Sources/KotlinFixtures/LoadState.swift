import CInterop
import KotlinBridge

// The module `sealedSuspend` of Swift export's execution tests (sealedSuspend.kt): a sealed class in
// Swift export's shape — an open base class whose `sealedType()` returns an enum with a case per
// subclass — and suspend functions that return or take its values.

/// `sealed class LoadState` (root package).
///
/// ```swift
/// switch try await loadSuccess().sealedType() {
/// case .loading: print("loading")
/// case let .success(type): print(type.value.data)  // loaded
/// case let .failure(type): print(type.value.reason)
/// }
/// ```
open class LoadState: KotlinBase, @unchecked Sendable {
  // @unchecked Sendable: no stored state beyond KotlinBase's immutable reference.

  /// The subclass this value is, as an enum a `switch` covers exhaustively.
  open func sealedType() -> LoadState_SealedType {
    preconditionFailure("LoadState is sealed: every value is a Loading, Success or Failure")
  }

  /// `data object Loading : LoadState()`.
  public final class Loading: LoadState, @unchecked Sendable {
    // @unchecked Sendable: as LoadState.
    public static let shared = Loading(
      ref: permanentRef(shared_LoadState_Loading_instance().pinned, "LoadState.Loading"))

    public override func sealedType() -> LoadState_SealedType { .loading(Loading_SealedType(self)) }
  }

  /// `data class Success(val data: String) : LoadState()`.
  public final class Success: LoadState, @unchecked Sendable {
    // @unchecked Sendable: as LoadState.

    /// `LoadState.Success(data)`: a new Kotlin object.
    public init(data: String) {
      var status = shared_Status_ok
      let pointer = KotlinABI.inCurrentScope { data.withCString { shared_LoadState_Success_new($0, &status).pinned } }
      super.init(ref: newObjectRef(pointer, "LoadState.Success(data:)", status))
    }

    package override init(ref: KotlinRef) { super.init(ref: ref) }

    /// `val data: String`.
    public var data: String {
      KotlinABI.takeString(shared_LoadState_Success_data(shared_kref_LoadState(pinned: ref.pointer))) ?? ""
    }

    public override func sealedType() -> LoadState_SealedType { .success(Success_SealedType(self)) }
  }

  /// `data class Failure(val reason: String) : LoadState()`.
  public final class Failure: LoadState, @unchecked Sendable {
    // @unchecked Sendable: as LoadState.

    /// `LoadState.Failure(reason)`: a new Kotlin object.
    public init(reason: String) {
      var status = shared_Status_ok
      let pointer = KotlinABI.inCurrentScope {
        reason.withCString { shared_LoadState_Failure_new($0, &status).pinned }
      }
      super.init(ref: newObjectRef(pointer, "LoadState.Failure(reason:)", status))
    }

    package override init(ref: KotlinRef) { super.init(ref: ref) }

    /// `val reason: String`.
    public var reason: String {
      KotlinABI.takeString(shared_LoadState_Failure_reason(shared_kref_LoadState(pinned: ref.pointer))) ?? ""
    }

    public override func sealedType() -> LoadState_SealedType { .failure(Failure_SealedType(self)) }
  }

  /// The `.loading` case's payload.
  public struct Loading_SealedType: SealedType {
    public let value: LoadState.Loading
    init(_ value: LoadState.Loading) { self.value = value }
  }

  /// The `.success` case's payload.
  public struct Success_SealedType: SealedType {
    public let value: LoadState.Success
    init(_ value: LoadState.Success) { self.value = value }
  }

  /// The `.failure` case's payload.
  public struct Failure_SealedType: SealedType {
    public let value: LoadState.Failure
    init(_ value: LoadState.Failure) { self.value = value }
  }
}

/// Adopts the kref of an object a constructor made; the constructors refuse only a NULL string,
/// which a Swift `String` never is.
private func newObjectRef(_ pointer: shared_KNativePtr?, _ constructor: String, _ status: shared_Status) -> KotlinRef {
  guard let pointer else {
    preconditionFailure("\(constructor) was refused by the Kotlin runtime (status \(status.rawValue))")
  }
  return KotlinRef(adopting: pointer)
}

/// `LoadState`'s subclasses, one case each (what `sealedType()` returns).
public enum LoadState_SealedType: SealedType {
  case loading(LoadState.Loading_SealedType)
  case success(LoadState.Success_SealedType)
  case failure(LoadState.Failure_SealedType)

  /// The value, as its sealed base class.
  public var value: LoadState {
    switch self {
    case .loading(let type): type.value
    case .success(let type): type.value
    case .failure(let type): type.value
    }
  }
}

extension KotlinValueCodec where Value == LoadState {
  /// `LoadState`: each object wrapped in the Swift class of its Kotlin subclass.
  static var loadState: Self {
    .object("LoadState") { ref throws(KotlinInteropError) in
      if KotlinABI.isInstance(ref.pointer, shared_LoadState_Loading_type()) {
        return LoadState.Loading.shared
      }
      if KotlinABI.isInstance(ref.pointer, shared_LoadState_Success_type()) {
        return LoadState.Success(ref: ref)
      }
      if KotlinABI.isInstance(ref.pointer, shared_LoadState_Failure_type()) {
        return LoadState.Failure(ref: ref)
      }
      throw KotlinInteropError(code: .unexpectedValue, message: "a LoadState of no known subclass came from Kotlin")
    }
  }
}

/// `suspend fun loadSuccess(): LoadState { delay(1); return LoadState.Success("loaded") }`
nonisolated(nonsending) public func loadSuccess() async throws -> LoadState {
  try await kotlinSuspend("loadSuccess()", codec: .loadState) { shared_sealedSuspend_loadSuccess($0, $1) }
}

/// `suspend fun loadFailure(): LoadState { delay(1); return LoadState.Failure("boom") }`
nonisolated(nonsending) public func loadFailure() async throws -> LoadState {
  try await kotlinSuspend("loadFailure()", codec: .loadState) { shared_sealedSuspend_loadFailure($0, $1) }
}

/// `suspend fun loadNullable(empty: Boolean): LoadState?` — `null`, or `LoadState.Loading`.
nonisolated(nonsending) public func loadNullable(empty: Bool) async throws -> LoadState? {
  try await kotlinSuspend("loadNullable(empty:)", codec: .optional(.loadState)) {
    shared_sealedSuspend_loadNullable(empty, $0, $1)
  }
}

/// `suspend fun consume(state: LoadState): String { delay(1); return "consumed:$state" }`
nonisolated(nonsending) public func consume(state: LoadState) async throws -> String {
  try await kotlinSuspend("consume(state:)", codec: .string) { continuation, status in
    withExtendedLifetime(state) {
      shared_sealedSuspend_consume(shared_kref_LoadState(pinned: state.ref.pointer), continuation, status)
    }
  }
}
