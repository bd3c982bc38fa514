/// An observable object the view does not own: the view re-renders when it announces a change on
/// its `objectWillChange`, whatever publisher type that is.
///
/// ```swift
/// struct PersonView<Model: PersonModel & ObservableObject>: View {
///   @ObservedObject var model: Model
///   init(model: Model) { self._model = ObservedObject(wrappedValue: model) }
///   var body: some View { TextField("Name", text: $model.name) }
/// }
/// ```
@MainActor
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicPropertySlot {
  /// The object; assigning another one observes that one from the next render.
  public var wrappedValue: ObjectType

  public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
  public init(initialValue: ObjectType) { self.wrappedValue = initialValue }

  public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

  func install(in node: ViewNode, label: String) {
    node.observe(wrappedValue, label: label)
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
