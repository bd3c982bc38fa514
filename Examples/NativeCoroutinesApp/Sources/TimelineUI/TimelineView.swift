import KMPNativeCoroutinesAsync
import SwiftUI
import TimelineShared

/// The timeline screen, written as an iOS app using KMP-NativeCoroutines writes it: each flow
/// collected by a `.task` with `asyncSequence(for:)`, each suspend function awaited with
/// `asyncFunction(for:)` / `asyncError(for:)` from a button (publish) or a `.task(id:)` (refresh).
public struct TimelineView: View {
  @State private var viewModel = TimelineViewModel()
  @State private var posts: [String] = []
  @State private var connection = ""
  @State private var draft = ""
  @State private var isRefreshing = false
  @State private var refreshes = 0
  @State private var message: String?

  public init() {}

  public var body: some View {
    NavigationStack {
      List {
        Section("Connection") {
          Text(connection)
        }
        Section("Posts") {
          ForEach(posts, id: \.self) { post in
            Text(post)
          }
        }
        if let message {
          Text(message)
        }
        TextField("New post", text: $draft)
        Button("Publish") {
          Task { await publish() }
        }
        Button(isRefreshing ? "Refreshing…" : "Refresh") {
          refreshes += 1
        }
        .disabled(isRefreshing)
      }
      .navigationTitle("Timeline")
    }
    .task {
      do {
        for try await posts in asyncSequence(for: viewModel.posts) {
          self.posts = posts
        }
      } catch {
        message = "Posts failed: \(error.localizedDescription)"
      }
    }
    .task {
      do {
        for try await state in asyncSequence(for: viewModel.connection) {
          connection = state
        }
      } catch {
        connection = "Offline: \(error.localizedDescription)"
      }
    }
    // A refresh belongs to the screen: leaving it cancels the call (a `Task { }` started by the button
    // would outlive the screen, and the leak check would report the call still running).
    .task(id: refreshes) {
      guard refreshes > 0 else { return }
      await refresh()
    }
  }

  private func refresh() async {
    isRefreshing = true
    if let error = await asyncError(for: viewModel.refresh()) {
      message = "Refresh failed: \(error.localizedDescription)"
    }
    isRefreshing = false
  }

  private func publish() async {
    do {
      let number = try await asyncFunction(for: viewModel.publish(text: draft))
      message = "Published post #\(number)"
      draft = ""
    } catch is CancellationError {
      // the screen went away
    } catch {
      message = "Could not publish: \(error.localizedDescription)"
    }
  }
}
