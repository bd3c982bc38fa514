import Combine
import Testing

private final class Profile: ObservableObject {
  @Published var name = "ann"
  @Published var age = 30
}

private class Base: ObservableObject {
  @Published var inherited = 0
}

private final class Derived: Base {
  @Published var own = 0
}

/// @Published: its `$` publisher, the willSet timing Apple documents, and objectWillChange.
@Suite(.timeLimit(.minutes(1)))
struct PublishedTests {
  @Test("$property sends the current value on subscription, then each new value")
  func projectedValue() {
    let profile = Profile()
    var seen: [String] = []
    let cancellable = profile.$name.sink { seen.append($0) }
    profile.name = "bob"
    profile.name = "cy"
    #expect(seen == ["ann", "bob", "cy"])
    cancellable.cancel()
    profile.name = "dee"
    #expect(seen == ["ann", "bob", "cy"])
  }

  @Test("Subscribers get the new value in willSet: the property still holds the old one")
  func willSetTiming() {
    let profile = Profile()
    var propertyDuringDelivery: [String] = []
    let cancellable = profile.$name.dropFirstForTest().sink { _ in propertyDuringDelivery.append(profile.name) }
    profile.name = "bob"
    #expect(propertyDuringDelivery == ["ann"])
    #expect(profile.name == "bob")
    _ = cancellable
  }

  @Test("objectWillChange fires before each change of any @Published property, superclasses included")
  func objectWillChange() {
    let derived = Derived()
    var events: [String] = []
    let willChange = derived.objectWillChange.sink { events.append("will change (own=\(derived.own))") }
    derived.own = 1
    derived.inherited = 2
    #expect(events == ["will change (own=0)", "will change (own=1)"])
    _ = willChange
  }

  @Test("assign(to: &$property) republishes through the property and announces objectWillChange")
  func assignToPublished() {
    let profile = Profile()
    let source = PassthroughSubject<Int, Never>()
    var changes = 0
    let willChange = profile.objectWillChange.sink { changes += 1 }
    source.map { $0 * 2 }.assign(to: &profile.$age)
    source.send(21)
    #expect(profile.age == 42)
    #expect(changes == 1)
    _ = willChange
  }

  @Test("for await in $property.values: the current value, then changes")
  func values() async {
    let profile = Profile()
    var iterator = profile.$age.values.makeAsyncIterator()
    #expect(await iterator.next() == 30)
    profile.age = 31
    #expect(await iterator.next() == 31)
  }
}

extension Publisher {
  /// Skips the value a `@Published` publisher sends on subscription.
  fileprivate func dropFirstForTest() -> Publishers.CompactMap<Self, Output> {
    var first = true
    return compactMap { value in
      defer { first = false }
      return first ? nil : value
    }
  }
}

private final class Mirrored: ObservableObject {
  @Published var value = 0
  init(_ source: PassthroughSubject<Int, Never>) { source.assign(to: &$value) }
}

@Suite(.timeLimit(.minutes(1)))
struct PublishedLifetimeTests {
  @Test("assign(to: &$property) ends with the property's object: the object is not kept alive")
  func assignLifetime() {
    let source = PassthroughSubject<Int, Never>()
    weak var released: Mirrored?
    do {
      let mirrored = Mirrored(source)
      source.send(5)
      #expect(mirrored.value == 5)
      released = mirrored
    }
    #expect(released == nil)
    source.send(6)  // nobody left to write to
  }
}
