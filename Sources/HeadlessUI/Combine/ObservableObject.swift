import Locking

/// An object views can observe (Combine's `ObservableObject`): it announces changes on
/// `objectWillChange`. Conforming classes get a default publisher, and `@Published` properties
/// announce their changes on it automatically.
///
/// ```swift
/// final class Model: ObservableObject {
///   @Published var name = ""
/// }
/// ```
public protocol ObservableObject: AnyObject {
  associatedtype ObjectWillChangePublisher = ObservableObjectPublisher
  var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
  /// The object's default publisher, kept in a side table (Swift has no stored properties in
  /// protocol extensions) for as long as the object lives.
  public var objectWillChange: ObservableObjectPublisher { PublisherTable.shared.publisher(for: self) }
}

/// Default publishers by object identity; entries of deallocated objects are pruned on insertion.
final class PublisherTable: Sendable {
  static let shared = PublisherTable()

  // @unchecked Sendable: the weak reference is only compared by identity and checked for nil,
  // never used to call the object, so holding it under the table's lock from any thread is safe.
  private struct Entry: @unchecked Sendable {
    weak var object: AnyObject?
    let publisher: ObservableObjectPublisher
  }

  private struct Table {
    var entries: [ObjectIdentifier: Entry] = [:]
  }

  private let table = Locked(Table())

  func publisher(for object: AnyObject) -> ObservableObjectPublisher {
    let candidate = Entry(object: object, publisher: ObservableObjectPublisher())
    return table.withLock { table in
      let key = ObjectIdentifier(object)
      if let entry = table.entries[key], entry.object === candidate.object { return entry.publisher }
      // Drop entries of deallocated objects first, so no weak reference outlives its object for long.
      table.entries = table.entries.filter { $0.value.object != nil }
      table.entries[key] = candidate
      return candidate.publisher
    }
  }
}
