import KotlinFixtures

/// What one consumer loop saw: how many elements, their checksum, and how long it took.
struct Drained: Sendable {
  var elements = 0
  var checksum: Int64 = 0
  var nanos: UInt64 = 0
}

/// Runs the loop every strategy is measured with — `for try await` summing the elements — on the
/// caller's isolation, so the same code is the off-main and the @MainActor consumer.
func drain<S: AsyncSequence>(
  _ sequence: S, isolation: isolated (any Actor)? = #isolation
) async throws -> Drained where S.Element: BenchElement {
  var result = Drained()
  let start = MonotonicClock.nanos()
  for try await element in sequence {
    result.checksum &+= element.weight
    result.elements += 1
  }
  result.nanos = MonotonicClock.nanos() - start
  return result
}

/// Drains `flow` through `strategy`: the baselines over the raw C API, ours through the adaptor.
func drain<Element: BenchElement>(
  _ flow: any KotlinTypedFlow<Element>, through strategy: Strategy, isolation: isolated (any Actor)? = #isolation
) async throws -> Drained {
  switch strategy {
  case .baselineA: try await drain(baselineAStream(kotlinRef(of: flow), of: Element.self))
  case .baselineB: try await drain(BaselineBSequence<Element>(flow: kotlinRef(of: flow)))
  case .rendezvous, .batched, .conflated:
    try await drain(flow.asAsyncSequence(bufferingPolicy: strategy.policy!))
  }
}

/// Drains on the chosen consumer: a detached task (the cooperative pool) or the main actor.
func drain<Element: BenchElement>(
  _ flow: any KotlinTypedFlow<Element>, through strategy: Strategy, on consumer: Consumer
) async throws -> Drained {
  switch consumer {
  case .offMain:
    try await Task.detached { try await drain(flow, through: strategy, isolation: nil) }.value
  case .mainActor:
    try await Task { @MainActor in try await drain(flow, through: strategy, isolation: MainActor.shared) }.value
  }
}
