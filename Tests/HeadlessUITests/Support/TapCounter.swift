import HeadlessUI

/// A view with its own `@State`: shows `label: count` and a button `label +1`. Lifecycle tests use
/// it to see whether state survived (the count kept) or was dropped (back to 0).
struct TapCounter: View {
  let label: String
  @State private var count = 0

  var body: some View {
    HStack {
      Text("\(label): \(count)")
      Button("\(label) +1") { count += 1 }
    }
  }
}
