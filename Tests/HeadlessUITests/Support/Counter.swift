/// Counts how often something ran (an initialiser, a body, an autoclosure).
@MainActor
final class Counter {
  private(set) var value = 0

  func increment() { value += 1 }
}
