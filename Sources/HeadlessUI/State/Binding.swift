/// A reference to a value owned elsewhere (usually a parent's `@State`, via `$state`).
///
/// ```swift
/// struct Toggle: View {
///   @Binding var isOn: Bool
///   var body: some View { Button(isOn ? "on" : "off") { isOn.toggle() } }
/// }
/// ```
@MainActor
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
  private let getter: @MainActor () -> Value
  private let setter: @MainActor (Value) -> Void

  public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.getter = get
    self.setter = set
  }

  public init(projectedValue: Binding<Value>) { self = projectedValue }

  /// A binding that never changes.
  public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

  public var wrappedValue: Value {
    get { getter() }
    nonmutating set { setter(newValue) }
  }

  public var projectedValue: Binding<Value> { self }

  /// A binding to a property of the value: `$model.name`.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
    Binding<Subject>(
      get: { self.wrappedValue[keyPath: keyPath] },
      set: { newValue in
        var value = self.wrappedValue
        value[keyPath: keyPath] = newValue
        self.wrappedValue = value
      })
  }
}
