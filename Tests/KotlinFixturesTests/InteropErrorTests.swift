import Foundation
import KotlinBridge
import KotlinFixtures
import Locking
import Testing

/// Failures of the bridge itself (`KotlinInteropError`), as opposed to Kotlin exceptions.
@Suite("Bridge errors", .timeLimit(.minutes(1)))
struct InteropErrorTests {
  /// Bindings that disagree with the module about a flow's element type. `_KotlinTypedFlowImpl(ref:codec:)` is
  /// package API (what generated bindings use); a wrong codec is how such a mismatch would look.
  private static func mismatchedFlow() -> _KotlinTypedFlowImpl<String> {
    guard let objects = elements() as? _KotlinTypedFlowImpl<Elem> else {
      preconditionFailure("elements() is a _KotlinTypedFlowImpl")
    }
    return _KotlinTypedFlowImpl(ref: objects._flow.kotlinRef, codec: .string)
  }

  /// The adaptor documents: "A value Swift cannot represent ends the iteration with that error;
  /// Kotlin is cancelled." The consumer runs in its own task so that a lost continuation shows up as
  /// a leak (its iterator keeps the flow alive) within the leak check's bound, not as a hang.
  @Test("an element the bindings cannot decode ends the iteration with unexpectedValue", arguments: Policies.all)
  func undecodableElement(policy: KotlinBufferingPolicy) async throws {
    try await KotlinTestRuntime.withScope { scope in
      let outcome = Recorded()
      do {  // after this block only the consumer holds the flow: the scope settles once it is done
        let sequence = Self.mismatchedFlow().asAsyncSequence(bufferingPolicy: policy)
        // Not awaited: with a lost continuation it would never finish.
        Task {
          var recorded: String
          do {
            var count = 0
            for try await _ in sequence { count += 1 }
            recorded = "finished after \(count) elements"
          } catch let error as KotlinInteropError {
            recorded = "\(error.code)"
          } catch {
            recorded = "\(error)"
          }
          outcome.set(recorded)
        }
      }
      await expectNoLeaks(scope)
      #expect(outcome.value == "unexpectedValue", "the consumer's next() never returned")
    }
  }

  /// What the consumer task recorded.
  private final class Recorded: Sendable {
    private let stored = Locked<String?>(nil)

    var value: String? { stored.withLock { $0 } }

    func set(_ value: String) { stored.withLock { $0 = value } }
  }
}
