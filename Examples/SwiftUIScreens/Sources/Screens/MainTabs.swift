import Combine
import KotlinFixtures
import SwiftUI

/// App-wide settings shared by the tabs through the environment.
@MainActor
public final class AppSettings: ObservableObject {
  @Published public var compact = false
  public init() {}
}

/// A tab view: a counter over the Kotlin `Store`'s `StateFlow<Int>`, a list collected from the
/// Kotlin flow `elements()`, and settings read through `@EnvironmentObject`.
public struct MainTabScreen: View {
  enum Tab: Hashable { case counter, elements, settings }

  @State private var selection = Tab.counter
  @StateObject private var settings = AppSettings()

  public init() {}

  public var body: some View {
    TabView(selection: $selection) {
      CounterTab()
        .tabItem { Label("Counter", systemImage: "plus.circle") }
        .tag(Tab.counter)
      ElementsTab()
        .tabItem { Label("Elements", systemImage: "list.bullet") }
        .tag(Tab.elements)
      SettingsTab()
        .tabItem {
          Image(systemName: "gear")
          Text("Settings")
        }
        .tag(Tab.settings)
    }
    .environmentObject(settings)
  }
}

struct CounterTab: View {
  @StateObject private var holder = StoreHolder()
  @EnvironmentObject private var settings: AppSettings
  @State private var count: Int32 = 0

  var body: some View {
    VStack(spacing: settings.compact ? 4 : 16) {
      Text("Count: \(count)")
        .font(.system(size: 32, weight: .bold))
      Button {
        holder.store.increment()
      } label: {
        Label("Add one", systemImage: "plus")
      }
    }
    .task {
      do {
        for try await value in holder.store.state.asAsyncSequence() {
          count = value
        }
      } catch {}
    }
  }
}

@MainActor
final class StoreHolder: ObservableObject {
  let store = Store()
}

struct ElementsTab: View {
  @State private var names: [String] = []

  var body: some View {
    NavigationStack {
      List(names, id: \.self) { name in
        Text(name)
      }
      .navigationTitle("Elements")
    }
    .task {
      do {
        for try await element in elements().asAsyncSequence() {
          names.append(element.description)
        }
      } catch {}
    }
  }
}

struct SettingsTab: View {
  @EnvironmentObject var settings: AppSettings

  var body: some View {
    Form {
      Toggle("Compact layout", isOn: $settings.compact)
    }
  }
}
