/// A callback from Kotlin with one argument (KMP-NativeCoroutines' `NativeCallback`).
///
/// Kotlin passes its `Unit` object as the last argument and the callback returns it, so Swift never
/// has to know how to make one.
///
/// ```swift
/// let onResult: NativeCallback<String, KotlinUnit> = { value, unit in
///   print(value)
///   return unit
/// }
/// ```
public typealias NativeCallback<T, Unit> = (T, Unit) -> Unit

/// A callback from Kotlin with two arguments (KMP-NativeCoroutines' `NativeCallback2`); the last
/// argument is Kotlin's `Unit`, returned by the callback.
///
/// ```swift
/// let onItem: NativeCallback2<Int, () -> KotlinUnit, KotlinUnit> = { item, next, _ in
///   print(item)
///   return next()  // Kotlin's collector waits for this before it takes the next item
/// }
/// ```
public typealias NativeCallback2<T1, T2, Unit> = (T1, T2, Unit) -> Unit
