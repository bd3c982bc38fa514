import KMPNativeCoroutinesCore
import KotlinBridge

/// The three callbacks Swift passed to a ``NativeFlow`` or ``NativeSuspend``, carried into the
/// Kotlin job that calls them.
struct NativeCallbacks<Value, Failure: Error>: @unchecked Sendable {
  // @unchecked Sendable: on iOS these are Objective-C blocks that Kotlin calls from its own threads;
  // the library's callbacks lock what they share, and the job calls each from one thread at a time.
  let onValue: (Value, KotlinUnit) -> KotlinUnit
  let onError: (Failure, KotlinUnit) -> KotlinUnit
  let onCancelled: (Failure, KotlinUnit) -> KotlinUnit
}

/// `NativeFlow`'s item callback, carried into the Kotlin job like ``NativeCallbacks``.
struct NativeItemCallback<Output>: @unchecked Sendable {
  // @unchecked Sendable: see NativeCallbacks.
  let onItem: NativeCallback2<Output, () -> KotlinUnit, KotlinUnit>
}
