/// A property of an `ObservableObject` that announces changes on the object's `objectWillChange`
/// before they happen (Combine's `@Published`).
@propertyWrapper
public struct Published<Value> {
  private var value: Value

  public init(wrappedValue: Value) { value = wrappedValue }
  public init(initialValue: Value) { value = initialValue }

  @available(*, unavailable, message: "@Published is only available on properties of classes")
  public var wrappedValue: Value {
    get { fatalError("unavailable") }
    set { fatalError("unavailable") }  // swiftlint:disable:this unused_setter_value
  }

  public static subscript<EnclosingSelf: ObservableObject>(
    _enclosingInstance object: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
  ) -> Value where EnclosingSelf.ObjectWillChangePublisher == ObservableObjectPublisher {
    get { object[keyPath: storageKeyPath].value }
    set {
      object.objectWillChange.send()
      object[keyPath: storageKeyPath].value = newValue
    }
  }
}
