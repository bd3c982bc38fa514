import HeadlessUI
import SwiftUI
import Testing

/// AsyncImage: deterministic phases (empty on the first frame, success right after it appears).
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct AsyncImageTests {
  @Test("A URL shows the placeholder first, then the image; a nil URL keeps the placeholder")
  func phases() async throws {
    let host = HeadlessHost(
      VStack {
        AsyncImage(url: URL(string: "https://example.com/a.png")) { image in
          image.resizable()
        } placeholder: {
          ProgressView()
        }
        AsyncImage(url: nil) { phase in
          if let image = phase.image { image } else { Text("no image") }
        }
      })
    try await host.settle()
    #expect(
      host.frames == [
        """
        VStack
          AsyncImage "https://example.com/a.png"
            ProgressView
          AsyncImage "nil"
            Text "no image"
        """,
        """
        VStack
          AsyncImage "https://example.com/a.png"
            Image "https://example.com/a.png"
          AsyncImage "nil"
            Text "no image"
        """,
      ])
    await host.unmount()
  }
}
