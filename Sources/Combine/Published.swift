import Locking

/// A property that publishes its changes (Combine's `@Published`). In an `ObservableObject` with the
/// default publisher, each change is first announced on `objectWillChange`; then subscribers of
/// `$property` receive the new value, before the property holds it (publishing happens in
/// `willSet`, as Apple documents). Subscribing to `$property` delivers the current value first.
///
/// ```swift
/// final class Model: ObservableObject {
///   @Published var query = ""
/// }
/// let model = Model()
/// let cancellable = model.$query.sink { print("query:", $0) }  // prints "query: "
/// model.query = "ann"                                            // prints "query: ann"
/// for await query in model.$query.values { … }
/// ```
@propertyWrapper
public struct Published<Value> {
  let storage: PublishedBox<Value>

  public init(wrappedValue: Value) { storage = PublishedBox(wrappedValue) }
  public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

  @available(*, unavailable, message: "@Published is only available on properties of classes")
  public var wrappedValue: Value {
    get { fatalError("unavailable") }
    set { fatalError("unavailable") }  // swiftlint:disable:this unused_setter_value
  }

  /// The property's publisher: `$property`.
  public var projectedValue: Publisher {
    get { Publisher(storage: storage) }
    // `assign(to: &$property)` passes the projected value inout; the storage is shared, so there is
    // nothing to write back.
    set {}  // swiftlint:disable:this unused_setter_value
  }

  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance object: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
  ) -> Value {
    get { object[keyPath: storageKeyPath].storage.value }
    set {
      let storage = object[keyPath: storageKeyPath].storage
      if !storage.isConnected, let observable = object as? any ObservableObject {
        // Asking for the default publisher connects every @Published property of the object.
        _ = observable.objectWillChange
      }
      storage.set(newValue)
    }
  }

  /// The publisher of a `@Published` property: the current value on subscription, then every new
  /// value (in `willSet`). It never finishes.
  public struct Publisher: Combine.Publisher {
    public typealias Output = Value
    public typealias Failure = Never

    let storage: PublishedBox<Value>

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
      storage.fanout.attach(subscriber)
    }
  }
}

extension Published: PublishedStorage {
  func connect(to publisher: ObservableObjectPublisher) { storage.connect(to: publisher) }
}

/// The value, its subscribers and the object's publisher, shared by every copy of the wrapper.
final class PublishedBox<Value>: @unchecked Sendable {
  // @unchecked Sendable: `state` is only touched under its lock; subscribers are called outside it.
  // Values are not checked for Sendable, as on Apple platforms.
  private struct State: @unchecked Sendable {  // @unchecked: only touched under `state`'s lock
    var value: Value
    var objectWillChange: ObservableObjectPublisher?
    var assignment: AnyCancellable?
  }

  private let state: Locked<State>
  private(set) var fanout: Fanout<Value, Never>!

  init(_ value: Value) {
    state = Locked(State(value: value))
    let state = self.state
    fanout = Fanout(initial: { Unchecked(state.withLock { Unchecked($0.value) }).value.value })
  }

  var value: Value { state.withLock { Unchecked($0.value) }.value }
  var isConnected: Bool { state.withLock { $0.objectWillChange != nil } }

  func connect(to publisher: ObservableObjectPublisher) {
    state.withLock { $0.objectWillChange = publisher }
  }

  func set(_ newValue: Value) {
    let objectWillChange = state.withLock { $0.objectWillChange }
    objectWillChange?.send()
    fanout.send(newValue)
    let box = Unchecked(newValue)
    state.withLock { $0.value = box.value }
  }

  /// `assign(to: &$property)`: the subscription lives as long as the property.
  func keep(_ assignment: AnyCancellable) {
    state.withLock { $0.assignment = assignment }
  }
}

/// Carries a value across a lock or a queue without Sendable checking, as Combine does.
struct Unchecked<Value>: @unchecked Sendable {  // @unchecked: Combine does not check values for Sendable
  let value: Value
  init(_ value: Value) { self.value = value }
}
