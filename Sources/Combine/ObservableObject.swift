import Locking

/// An object views can observe (Combine's `ObservableObject`): it announces changes on
/// `objectWillChange`. Conforming classes get a default publisher, and their `@Published`
/// properties announce changes on it automatically.
///
/// ```swift
/// final class Model: ObservableObject {
///   @Published var name = ""
/// }
/// ```
public protocol ObservableObject: AnyObject {
  associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
  where ObjectWillChangePublisher.Failure == Never
  var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
  /// The object's default publisher, kept in a side table (Swift has no stored properties in
  /// protocol extensions) for as long as the object lives. The first time it is asked for, every
  /// `@Published` property of the object (superclasses included) is connected to it, as Combine
  /// does by reflection.
  public var objectWillChange: ObservableObjectPublisher { PublisherTable.shared.publisher(for: self) }
}

/// Connects `@Published` storage to its object's publisher.
protocol PublishedStorage {
  func connect(to publisher: ObservableObjectPublisher)
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
    let (publisher, created) = table.withLock { table in
      let key = ObjectIdentifier(object)
      if let entry = table.entries[key], entry.object === candidate.object { return (entry.publisher, false) }
      // Drop entries of deallocated objects first, so no weak reference outlives its object for long.
      table.entries = table.entries.filter { $0.value.object != nil }
      table.entries[key] = candidate
      return (candidate.publisher, true)
    }
    if created { Self.connectPublishedProperties(of: object, to: publisher) }
    return publisher
  }

  /// Outside the lock: reflection reads the object's stored properties.
  private static func connectPublishedProperties(of object: AnyObject, to publisher: ObservableObjectPublisher) {
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      for child in current.children {
        (child.value as? any PublishedStorage)?.connect(to: publisher)
      }
      mirror = current.superclassMirror
    }
  }
}
