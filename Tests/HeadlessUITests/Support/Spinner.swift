import HeadlessUI

/// A `.task` that changes state on every turn, forever (until cancelled).
struct Spinner: View {
  @State private var spins = 0

  var body: some View {
    Text("spins \(spins > 0 ? "some" : "none")")
      .task {
        while !Task.isCancelled {
          spins += 1
          await Task.yield()
        }
      }
  }
}
