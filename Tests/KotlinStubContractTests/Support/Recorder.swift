import CInterop
import Testing

/// The consumer of one collection: the `context` of a `shared_FlowCollector`.
///
/// It records every batch (converted to `Item`s at once, because values are borrowed for the callback only),
/// the terminal event, and any breach of the callback rules, and lets the test await them. Reactions run inside
/// the callbacks to exercise re-entrancy.
///
/// Ownership of the context: `StubScope.tryCollect` passes `Unmanaged.passRetained(recorder)`; that retain is
/// released by the first `onTerminal` (or by `tryCollect` itself when the collection is refused). A duplicate
/// terminal is recorded as a violation, never released twice.
///
/// Reactions run before the callback's event is recorded, so a test woken by an event also sees their effects.
final class Recorder: Sendable {
  /// What the consumer does from inside its callbacks.
  struct Reactions: Sendable {
    /// Asks for the next batch from inside every `onItems`.
    var requestAfterEachBatch = false
    /// Cancels from inside `onItems` once this many items have arrived.
    var cancelAfterItems: Int?
    /// Releases the handle from inside `onItems` once this many items have arrived.
    var releaseAfterItems: Int?
    /// Releases the handle from inside `onTerminal`.
    var releaseOnTerminal = false
    /// Keep received object krefs (in `kept`) instead of disposing them.
    var keepObjects = false
    /// Runs inside every `onItems`, after the reactions above, with the batch; the statuses it returns join
    /// `reentrantStatuses`.
    var onItems: (@Sendable (FlowCollection, [Item]) -> [shared_Status])?
  }

  struct State: Sendable {
    var collection: FlowCollection?
    var batches: [[Item]] = []
    var terminals: [TerminalEvent] = []
    /// Krefs received and kept (`keepObjects`); the test disposes them.
    var kept: [Token] = []
    /// Statuses returned by the calls the reactions made from inside callbacks.
    var reentrantStatuses: [shared_Status] = []
    var discipline = CallbackDiscipline()

    var items: [Item] { batches.flatMap { $0 } }
  }

  let reactions: Reactions
  private let log = EventLog(State())

  init(_ reactions: Reactions = Reactions()) {
    self.reactions = reactions
  }

  convenience init(requestingEachBatch: Bool, keepObjects: Bool = false) {
    self.init(Reactions(requestAfterEachBatch: requestingEachBatch, keepObjects: keepObjects))
  }

  // MARK: Reading

  var state: State { log.state }
  var items: [Item] { log.state.items }
  var batches: [[Item]] { log.state.batches }
  var terminal: TerminalEvent? { log.state.terminals.first }
  var kept: [Token] { log.state.kept }
  var reentrantStatuses: [shared_Status] { log.state.reentrantStatuses }

  // MARK: Waiting

  /// Waits until at least `count` items have arrived.
  func waitForItems(_ count: Int, timeout: Duration = eventTimeout) async -> Bool {
    await log.wait(timeout: timeout) { $0.items.count >= count }
  }

  /// Waits until `condition` holds for the recorded state.
  func wait(timeout: Duration = eventTimeout, until condition: @escaping @Sendable (State) -> Bool) async -> Bool {
    await log.wait(timeout: timeout, until: condition)
  }

  /// Waits for the terminal event; nil if none arrived within `timeout`.
  func waitForTerminal(timeout: Duration = eventTimeout) async -> TerminalEvent? {
    guard await log.wait(timeout: timeout, until: { !$0.terminals.isEmpty }) else { return nil }
    return terminal
  }

  /// Checks the callback rules: worker threads, no overlap, nothing after `onTerminal`, exactly one terminal,
  /// and `onItems` batches of 1...`maxBatch` items.
  func expectWellFormed(maxBatch: Int = 4096, sourceLocation: SourceLocation = #_sourceLocation) {
    let state = log.state
    #expect(state.discipline.violations == [], sourceLocation: sourceLocation)
    #expect(state.terminals.count == 1, "terminal events: \(state.terminals)", sourceLocation: sourceLocation)
    let sizes = state.batches.map(\.count)
    #expect(sizes.allSatisfy { (1...maxBatch).contains($0) }, "batch sizes: \(sizes)", sourceLocation: sourceLocation)
  }

  // MARK: Callbacks (called by the C entry points in FlowCollection)

  func attach(_ collection: FlowCollection) {
    log.update { $0.collection = collection }
  }

  func receive(_ values: UnsafePointer<shared_Value>?, count: Int32) {
    let onWorkerThread = shared_TestRuntime_isWorkerThread()
    let (collection, before) = log.update { state in
      state.discipline.enter("onItems", onWorkerThread: onWorkerThread)
      return (state.collection, state.items.count)
    }
    var kept: [Token] = []
    var batch = Item.items(values, count: count, objects: reactions.keepObjects ? .keep : .dispose, kept: &kept)
    if values == nil || count < 1 {
      batch.append(.malformed("onItems called with \(count) items at \(String(describing: values))"))
    }
    // React first, so that a test woken by the batch also sees the reactions' effects and statuses.
    let statuses = collection.map { react(to: batch, received: before + batch.count, on: $0) } ?? []
    log.update { state in
      state.batches.append(batch)
      state.kept += kept
      state.reentrantStatuses += statuses
      state.discipline.exit(final: false)
    }
  }

  func terminate(_ terminal: shared_Terminal) {
    let onWorkerThread = shared_TestRuntime_isWorkerThread()
    log.update { $0.discipline.enter("onTerminal", onWorkerThread: onWorkerThread) }
    var kept: [Token] = []
    var event = TerminalEvent(kind: TerminalKind(terminal.kind))
    switch event.kind {
    case .failed:
      event.failure = Failure(terminal.throwable, keep: reactions.keepObjects, kept: &kept)
    case .cancelled:
      event.requestedByConsumer = terminal.requestedByConsumer
    case .completed, .invalid:
      break
    }
    if event.kind != .failed && !terminal.throwable.isNull {
      Kotlin.dispose(terminal.throwable)
      event.failure = Failure(className: "<unexpected throwable in a \(event.kind) terminal>", message: nil)
    }
    // React first, so that a test woken by the terminal event also sees the reaction's status.
    var statuses: [shared_Status] = []
    if reactions.releaseOnTerminal, let collection = log.state.collection {
      statuses.append(collection.release())
    }
    let first = log.update { state in
      state.terminals.append(event)
      state.kept += kept
      state.reentrantStatuses += statuses
      return state.terminals.count == 1
    }
    log.update { $0.discipline.exit(final: true) }
    if first {
      Unmanaged.passUnretained(self).release()
    }
  }

  private func react(to batch: [Item], received: Int, on collection: FlowCollection) -> [shared_Status] {
    var statuses: [shared_Status] = []
    if let limit = reactions.cancelAfterItems, received >= limit {
      statuses.append(collection.cancel())
    } else if let limit = reactions.releaseAfterItems, received >= limit {
      statuses.append(collection.release())
    } else if reactions.requestAfterEachBatch {
      statuses.append(collection.request())
    }
    return statuses + (reactions.onItems?(collection, batch) ?? [])
  }
}
