import FlowTesting
import KotlinBridge
import SKIERuntime
import Testing

/// SKIE's flows are iterated with `for await`, no `try`: a state flow gives its value then changes,
/// a cold flow runs anew for each loop, and leaving the loop cancels the Kotlin collection.
@Suite(.kotlinLeakCheck(clock: .virtualAutoAdvance), .timeLimit(.minutes(1)))
struct NonThrowingIterationTests {
  @Test func coldFlowRunsToTheEnd() async {
    let ticker = Ticker()
    var received: [Int32] = []
    for await tick in ticker.ticks { received.append(tick) }
    #expect(received == [1, 2, 3])
  }

  @Test func stateFlowGivesItsValueThenChanges() async {
    let ticker = Ticker()
    let counter = ticker.counter
    var received: [Int32] = []
    for await value in counter {
      received.append(value)
      if value == 2 { break }  // leaving the loop cancels the collection
      counter.value = value + 1
    }
    #expect(received == [0, 1, 2])
    #expect(counter.value == 2)
  }

  @Test func optionalStateFlowCarriesNil() async {
    let ticker = Ticker()
    let selection = ticker.selection
    #expect(selection.value == nil)
    var received: [String?] = []
    for await value in selection {
      received.append(value)
      if value != nil { break }
      selection.value = "kotlin"
    }
    #expect(received == [nil, "kotlin"])
  }
}
