/// An observable object the view does not own: the view re-renders when it announces a change.
@MainActor
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicPropertySlot
where ObjectType.ObjectWillChangePublisher == ObservableObjectPublisher {
  public let wrappedValue: ObjectType

  public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
  public init(initialValue: ObjectType) { self.wrappedValue = initialValue }

  public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

  func install(in node: ViewNode, label: String) {
    node.observe(wrappedValue.objectWillChange, label: label)
  }

  /// Makes bindings to the object's properties: `$model.name`.
  @MainActor
  @dynamicMemberLookup
  public struct Wrapper {
    let object: ObjectType

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>)
      -> Binding<Subject>
    {
      let object = self.object
      return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
  }
}
