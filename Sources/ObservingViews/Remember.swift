#if os(Linux) || os(Windows) || os(Android) || os(WASI) || os(OpenBSD)
  import HeadlessUI
#else
  import SwiftUI
#endif

/// Seed 002's `Remember`: holds a value created once per view identity, like Compose's
/// `remember { }`.
///
/// A SwiftUI view's `init` runs on every render of its parent, so a Kotlin object created there
/// would be created again and again. Held through `@StateObject`, the autoclosure runs once, when
/// the view first appears, and the value lives as long as the view's identity.
///
/// ```swift
/// struct ContentView: View {
///   @StateObject private var storeHolder = Remember(Store())
///
///   var body: some View {
///     let store = storeHolder.value
///     ObservingView(stateFlow: store.state) { state in Text("\(state)") }
///   }
/// }
/// ```
public final class Remember<T>: ObservableObject {
  /// The value, created once.
  public let value: T

  /// Creates the holder; `@StateObject` evaluates it only once per view identity.
  public init(_ initialValue: @autoclosure () -> T) {
    self.value = initialValue()
  }
}
