import CInterop
import Testing

/// Values whose own description lies about their memory: a string count beyond its buffer, a list
/// that contains itself, nesting or sharing that never ends in practice. The header promises such
/// input is refused as a misuse, never undefined behaviour: each case must be refused with
/// `invalidArgument`, counted once, leave the flow's value unchanged, and (under ASan) read nothing
/// outside the caller's buffers. Before the import validated them, the first crashed with a
/// global-buffer-overflow and the second overflowed the stack.
struct LyingValue: Sendable, CustomTestStringConvertible {
  let name: String
  /// Calls `body` with the lying value; everything it points to lives until `body` returns.
  let make: @Sendable (_ body: (shared_Value) -> Void) -> Void
  var testDescription: String { name }
}

/// A string value pointing at `text`'s bytes (NUL-terminated by StaticString) with `count`.
private func string(_ text: StaticString, count: Int32) -> shared_Value {
  var value = shared_Value()
  value.kind = Int32(shared_ValueKind_string.rawValue)
  value.count = count
  value.as.string = UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
  return value
}

private func list(_ items: UnsafePointer<shared_Value>?, count: Int32) -> shared_Value {
  var value = shared_Value()
  value.kind = Int32(shared_ValueKind_list.rawValue)
  value.count = count
  value.as.list = items
  return value
}

/// `count` list cells, laid out by `link(cells)`, freed after `body`.
private func withCells(
  _ count: Int, link: (UnsafeMutablePointer<shared_Value>) -> shared_Value, _ body: (shared_Value) -> Void
) {
  let cells = UnsafeMutablePointer<shared_Value>.allocate(capacity: count)
  cells.initialize(repeating: shared_Value(), count: count)
  defer { cells.deallocate() }
  body(link(cells))
}

extension LyingValue {
  static let all: [LyingValue] = [
    LyingValue(name: "a string whose count (1000) exceeds its 3-byte literal") { body in
      body(string("abc", count: 1_000))
    },
    LyingValue(name: "a string whose count (2^31-1) exceeds its buffer") { body in
      body(string("abc", count: .max))
    },
    LyingValue(name: "a string whose count (3) stops before its terminator") { body in
      body(string("abcdef", count: 3))
    },
    LyingValue(name: "a string holding a NUL inside its count") { body in
      body(string("a\0b", count: 3))
    },
    LyingValue(name: "a list that contains itself") { body in
      withCells(
        1,
        link: { cells in
          cells[0] = list(cells, count: 1)
          return cells[0]
        }, body)
    },
    LyingValue(name: "two lists that contain each other") { body in
      withCells(
        2,
        link: { cells in
          cells[0] = list(cells + 1, count: 1)
          cells[1] = list(cells, count: 1)
          return cells[0]
        }, body)
    },
    LyingValue(name: "a list that contains itself after a valid element") { body in
      withCells(
        2,
        link: { cells in
          cells[0] = Value.int(1)
          cells[1] = list(cells, count: 2)
          return cells[1]
        }, body)
    },
    LyingValue(name: "lists nested 10 000 deep (no cycle)") { body in
      withCells(
        10_000,
        link: { cells in
          for depth in 0..<9_999 { cells[depth] = list(cells + depth + 1, count: 1) }
          cells[9_999] = Value.int(0)
          return list(cells, count: 1)
        }, body)
    },
    LyingValue(name: "30 levels of a list holding the next level twice (2^30 values)") { body in
      withCells(
        60,
        link: { cells in
          // Level k is the pair cells[2k], cells[2k+1], both pointing at level k+1.
          for level in 0..<29 {
            cells[2 * level] = list(cells + 2 * (level + 1), count: 2)
            cells[2 * level + 1] = cells[2 * level]
          }
          cells[58] = Value.int(0)
          cells[59] = Value.int(0)
          return list(cells, count: 2)
        }, body)
    },
    LyingValue(name: "a map with the key 1 twice") { body in
      withCells(
        4,
        link: { cells in
          (cells[0], cells[1], cells[2], cells[3]) = (Value.int(1), Value.int(10), Value.int(1), Value.int(20))
          return Value.map(UnsafeBufferPointer(start: cells, count: 4))
        }, body)
    },
    LyingValue(name: "a map with two NaN keys (equal in Kotlin)") { body in
      withCells(
        4,
        link: { cells in
          (cells[0], cells[1]) = (Value.double(.nan), Value.int(1))
          (cells[2], cells[3]) = (Value.double(-.nan), Value.int(2))
          return Value.map(UnsafeBufferPointer(start: cells, count: 4))
        }, body)
    },
    LyingValue(name: "a map whose value is the map itself") { body in
      withCells(
        3,
        link: { cells in
          (cells[0], cells[1]) = (Value.int(1), Value.map(UnsafeBufferPointer(start: cells, count: 2)))
          cells[2] = cells[1]
          return cells[2]
        }, body)
    },
    LyingValue(name: "a map whose count (2^31-1 entries) exceeds its one entry") { body in
      withCells(
        2,
        link: { cells in
          (cells[0], cells[1]) = (Value.int(1), Value.int(1))
          var map = Value.map(UnsafeBufferPointer(start: cells, count: 2))
          map.count = .max
          return map
        }, body)
    },
    LyingValue(name: "a list whose count (2^31-1) exceeds its one cell") { body in
      withCells(
        1,
        link: { cells in
          cells[0] = Value.int(0)
          return list(cells, count: .max)
        }, body)
    },
  ]
}

@Suite("Lying values: refused as misuse, never undefined behaviour")
struct LyingValueTests {
  @Test("MutableStateFlow.setValue refuses the value and keeps the old one", arguments: LyingValue.all)
  func setValueRefuses(_ lying: LyingValue) async throws {
    try await withStubScope(misuses: 1) { scope in
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      let mutable = scope.withCurrent { Kotlin.Subject.mutableStateFlow(subject) }
      var status = shared_Status_ok
      lying.make { value in status = scope.withCurrent { StateFlowAccess.set(mutable, value) } }
      #expect(status == shared_Status_invalidArgument)
      #expect(StateFlowAccess.value(mutable) == (shared_Status_ok, .element(1)), "the value is unchanged")
      #expect(scope.lastMisuse()?.isEmpty == false)
      Kotlin.dispose(mutable)
      Kotlin.dispose(subject)
    }
  }

  @Test("MutableSharedFlow.tryEmit refuses the value and emits nothing", arguments: LyingValue.all)
  func tryEmitRefuses(_ lying: LyingValue) async throws {
    try await withStubScope(misuses: 1) { scope in
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      let mutable = scope.withCurrent { Kotlin.Subject.mutableSharedFlow(subject) }
      let before = StateFlowAccess.replayCache(mutable)
      var result = (shared_Status_ok, true)
      lying.make { value in result = scope.withCurrent { StateFlowAccess.tryEmit(mutable, value) } }
      #expect(result.0 == shared_Status_invalidArgument)
      #expect(!result.1, "nothing emitted")
      #expect(StateFlowAccess.replayCache(mutable) == before, "the replay cache is unchanged")
      Kotlin.dispose(mutable)
      Kotlin.dispose(subject)
    }
  }

  @Test("the refusal names the problem")
  func messages() async throws {
    let expectations: [(String, String)] = [
      ("a string whose count (1000) exceeds its 3-byte literal", "NUL terminator comes after 3"),
      ("a string whose count (3) stops before its terminator", "not NUL-terminated"),
      ("a list that contains itself", "contains itself"),
      ("lists nested 10 000 deep (no cycle)", "nested more than 256 deep"),
      ("30 levels of a list holding the next level twice (2^30 values)", "more than 1048576 values"),
      ("a map with the key 1 twice", "equal keys at entries 0 and 1"),
      ("a map with two NaN keys (equal in Kotlin)", "equal keys at entries 0 and 1"),
      ("a map whose value is the map itself", "contains itself"),
      ("a map whose count (2^31-1 entries) exceeds its one entry", "entries (two values each)"),
    ]
    for (name, fragment) in expectations {
      let lying = try #require(LyingValue.all.first { $0.name == name })
      try await withStubScope(misuses: 1) { scope in
        let subject = scope.withCurrent { Kotlin.Subject.make() }
        let mutable = scope.withCurrent { Kotlin.Subject.mutableStateFlow(subject) }
        lying.make { value in _ = scope.withCurrent { StateFlowAccess.set(mutable, value) } }
        let message = scope.lastMisuse() ?? ""
        #expect(message.contains(fragment), "\(name): \(message)")
        Kotlin.dispose(mutable)
        Kotlin.dispose(subject)
      }
    }
  }
}
