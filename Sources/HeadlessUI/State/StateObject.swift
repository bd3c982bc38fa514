/// An observable object owned by a view: created once per identity (the autoclosure runs once,
/// however often the view's `init` runs), and the view re-renders when it announces a change.
///
/// ```swift
/// final class Remember<T>: ObservableObject {
///   let value: T
///   init(_ initialValue: @autoclosure () -> T) { self.value = initialValue() }
/// }
/// struct ContentView: View {
///   @StateObject private var storeHolder = Remember(Store())
///   var body: some View { … storeHolder.value … }
/// }
/// ```
@MainActor
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicPropertySlot {
  let location: StateObjectLocation<ObjectType>

  public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
    location = StateObjectLocation(thunk)
  }

  public var wrappedValue: ObjectType { location.resolved.object }

  /// Bindings to the object's properties: `$model.name`.
  public var projectedValue: ObservedObject<ObjectType>.Wrapper {
    ObservedObject<ObjectType>.Wrapper(object: wrappedValue)
  }

  func install(in node: ViewNode, label: String) {
    let persistent: StateObjectLocation<ObjectType>
    if let existing = node.slots[label] as? StateObjectLocation<ObjectType> {
      location.link(to: existing)
      persistent = existing
    } else {
      node.slots[label] = location
      persistent = location
    }
    node.observe(persistent.object, label: label)
  }
}

@MainActor
final class StateObjectLocation<ObjectType: AnyObject> {
  private var thunk: (() -> ObjectType)?
  private var created: ObjectType?
  private var persistent: StateObjectLocation<ObjectType>?

  init(_ thunk: @escaping () -> ObjectType) {
    self.thunk = thunk
  }

  var resolved: StateObjectLocation<ObjectType> { persistent ?? self }

  /// The object, created on first use — only ever for the identity's persistent location.
  var object: ObjectType {
    if let created { return created }
    guard let thunk else { preconditionFailure("Invalid state: StateObject without an initialiser") }
    let object = thunk()
    created = object
    self.thunk = nil
    return object
  }

  func link(to persistent: StateObjectLocation<ObjectType>) {
    guard persistent !== self else { return }  // the identity's own location: no self-cycle
    self.persistent = persistent
    thunk = nil  // never evaluated: the identity already has its object
  }
}
