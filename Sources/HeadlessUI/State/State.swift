/// State owned by a view: it lives as long as the view's identity and survives re-renders; the
/// initial value is used once per identity, however often the view's `init` runs. Setting it
/// re-renders the view.
///
/// ```swift
/// struct Counter: View {
///   @State private var count = 0
///   var body: some View { Button("\(count)") { count += 1 } }
/// }
/// // or, in an init: self._count = State(wrappedValue: start)
/// ```
@MainActor
@propertyWrapper
public struct State<Value>: DynamicPropertySlot {
  let location: StateLocation<Value>

  public init(wrappedValue value: Value) {
    location = StateLocation(value)
  }

  public init(initialValue value: Value) {
    self.init(wrappedValue: value)
  }

  public var wrappedValue: Value {
    get { location.resolved.value }
    nonmutating set { location.resolved.set(newValue) }
  }

  /// A binding to the state, for child views: `$count`.
  public var projectedValue: Binding<Value> {
    let location = self.location
    return Binding(get: { location.resolved.value }, set: { location.resolved.set($0) })
  }

  func install(in node: ViewNode, label: String) {
    if let persistent = node.slots[label] as? StateLocation<Value> {
      location.link(to: persistent)
    } else {
      location.node = node  // first render of this identity: this wrapper's value is the state
      node.slots[label] = location
    }
  }
}

extension State where Value: ExpressibleByNilLiteral {
  public init() { self.init(wrappedValue: nil) }
}

/// The storage behind a `State`: its own value until linked to the identity's persistent storage.
@MainActor
final class StateLocation<Value> {
  private(set) var value: Value
  weak var node: ViewNode?
  private var persistent: StateLocation<Value>?

  init(_ value: Value) {
    self.value = value
  }

  var resolved: StateLocation<Value> { persistent ?? self }

  func link(to persistent: StateLocation<Value>) {
    // Re-rendering a view value that owns the persistent location itself must not link it to
    // itself (a retain cycle).
    guard persistent !== self else { return }
    self.persistent = persistent
  }

  func set(_ newValue: Value) {
    value = newValue
    node?.invalidate()
  }
}
