/// Reads a value from the view's environment (SwiftUI's `@Environment`): a built-in or custom key
/// path, or an `@Observable` model put there with `.environment(_:)`.
///
/// ```swift
/// struct DetailView: View {
///   @Environment(\.dismiss) private var dismiss
///   @Environment(Settings.self) private var settings
///   var body: some View { Button("Close") { dismiss() } }
/// }
/// ```
@MainActor
@propertyWrapper
public struct Environment<Value>: DynamicPropertySlot {
  private let read: @MainActor (EnvironmentValues) -> Value
  private let resolved = Resolved()

  final class Resolved {
    var value: Any?
  }

  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
    read = { $0[keyPath: keyPath] }
  }

  /// An `@Observable` model of this type, put in the environment with `.environment(model)`.
  public init(_ type: Value.Type) where Value: AnyObject & Observable {
    read = { values in
      guard let object = values.objects[ObjectIdentifier(type)] as? Value else {
        preconditionFailure(
          "No @Observable object of type \(type) in the environment: add .environment(model) to an ancestor view")
      }
      return object
    }
  }

  /// An optional `@Observable` model of this type (nil when none was put in the environment).
  public init<T: AnyObject & Observable>(_ type: T.Type) where Value == T? {
    read = { $0.objects[ObjectIdentifier(type)] as? T }
  }

  public var wrappedValue: Value {
    // Read before the view is installed (in its init): the default environment, as SwiftUI does.
    if let value = resolved.value as? Value { return value }
    return read(EnvironmentValues())
  }

  func install(in node: ViewNode, label: String) {
    resolved.value = read(node.environment)
  }
}

/// An `ObservableObject` put in the environment by an ancestor with `.environmentObject(_:)`
/// (SwiftUI's `@EnvironmentObject`); the view re-renders when it changes.
///
/// ```swift
/// struct CartBadge: View {
///   @EnvironmentObject var cart: Cart
///   var body: some View { Text("\(cart.items.count)") }
/// }
/// ```
@MainActor
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicPropertySlot {
  private let resolved = Resolved()

  final class Resolved {
    var object: ObjectType?
  }

  public init() {}

  public var wrappedValue: ObjectType {
    guard let object = resolved.object else {
      preconditionFailure(
        "No ObservableObject of type \(ObjectType.self) in the environment: add .environmentObject(model) to an "
          + "ancestor view")
    }
    return object
  }

  public var projectedValue: ObservedObject<ObjectType>.Wrapper {
    ObservedObject<ObjectType>.Wrapper(object: wrappedValue)
  }

  func install(in node: ViewNode, label: String) {
    let object = node.environment.objects[ObjectIdentifier(ObjectType.self)] as? ObjectType
    resolved.object = object
    if let object { node.observe(object, label: label) }
  }
}

/// Your own property wrappers built from SwiftUI's (`@State`, `@Environment`, … inside): the host
/// installs the wrappers they contain before reading the view's body. `update()` is not called
/// (the wrappers' storage is already current).
///
/// ```swift
/// @propertyWrapper struct Counter: DynamicProperty {
///   @State private var count = 0
///   var wrappedValue: Int { get { count } nonmutating set { count = newValue } }
/// }
/// ```
@MainActor @preconcurrency
public protocol DynamicProperty {
  mutating func update()
}

extension DynamicProperty {
  public mutating func update() {}
}

/// Writes the environment of its content. Transparent.
nonisolated public struct EnvironmentWriter<Content: View>: View, PrimitiveView {
  let content: Content
  let write: @MainActor (inout EnvironmentValues) -> Void

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent.wrapping(content)
    result.extras.environment = write
    return result
  }
}

extension View {
  /// Sets an environment value for this view and its descendants.
  ///
  /// ```swift
  /// ContentView().environment(\.locale, Locale(identifier: "fr_FR"))
  /// ```
  public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> EnvironmentWriter<Self> {
    EnvironmentWriter(content: self) { $0[keyPath: keyPath] = value }
  }

  /// Puts an `ObservableObject` in the environment, for `@EnvironmentObject`.
  ///
  /// ```swift
  /// ContentView().environmentObject(cart)
  /// ```
  public func environmentObject<T: ObservableObject>(_ object: T) -> EnvironmentWriter<Self> {
    EnvironmentWriter(content: self) { $0.objects[ObjectIdentifier(T.self)] = object }
  }

  /// Puts an `@Observable` model in the environment, for `@Environment(Model.self)`.
  ///
  /// ```swift
  /// ContentView().environment(settings)
  /// ```
  public func environment<T: AnyObject & Observable>(_ object: T?) -> EnvironmentWriter<Self> {
    EnvironmentWriter(content: self) { $0.objects[ObjectIdentifier(T.self)] = object }
  }

  /// Disables the controls in this view: drawn `disabled`, and the host refuses to use them.
  ///
  /// ```swift
  /// Button("Save") { save() }.disabled(name.isEmpty)
  /// ```
  nonisolated public func disabled(_ disabled: Bool) -> EnvironmentWriter<Self> {
    EnvironmentWriter(content: self) { if disabled { $0.isEnabled = false } }
  }

  /// Runs `action` when a text field (or, with `.search`, the search field) in this view is submitted.
  ///
  /// ```swift
  /// TextField("Name", text: $name).onSubmit { save() }
  /// ```
  public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void)
    -> EnvironmentWriter<Self>
  {
    EnvironmentWriter(content: self) { $0.submitActions.append(SubmitAction(triggers: triggers, run: { action() })) }
  }
}
