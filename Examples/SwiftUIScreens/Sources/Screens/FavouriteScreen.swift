import Combine
import KotlinFixtures
import SwiftUI

/// Favouriting counts in the Kotlin `Store`, whose `StateFlow<Int>` the screen observes.
@MainActor
public final class FavouriteViewModel: ObservableObject {
  @Published public private(set) var isFavourite = false
  @Published public private(set) var favourites: Int32 = 0

  private let store: Store

  public init(store: Store = Store()) {
    self.store = store
    favourites = store.state.value
  }

  func observeFavourites() async {
    do {
      for try await count in store.state.asAsyncSequence() {
        favourites = count
      }
    } catch {}
  }

  func toggleFavourite() {
    isFavourite.toggle()
    if isFavourite { store.increment() }
  }
}

/// A detail screen with a favourite button whose label is an SF Symbol, a sign-up form with keyboard
/// types, and a row whose button label holds a toggle — styled by `Palette`.
public struct FavouriteScreen: View {
  @StateObject private var model = FavouriteViewModel()
  @State private var email = ""
  @State private var phone = ""
  @State private var weeklyDigest = false
  @State private var showingDigestInfo = false
  @State private var subscribed: String?

  public init() {}

  public var body: some View {
    NavigationStack {
      Form {
        Section {
          HStack {
            Text("Kotlin Multiplatform")
              .font(.headline)
              .foregroundColor(Palette.brand)
            Spacer()
            Button {
              model.toggleFavourite()
            } label: {
              Image(systemName: model.isFavourite ? "heart.fill" : "heart")
                .foregroundColor(model.isFavourite ? Palette.heart : Palette.muted)
            }
            .buttonStyle(.plain)
          }
          Text("Favourited \(model.favourites) times")
            .font(.footnote)
        }
        Section("Stay in touch") {
          TextField("Email", text: $email)
            .keyboardType(.emailAddress)
            .textContentType(.emailAddress)
            .textInputAutocapitalization(.never)
            .autocorrectionDisabled()
            .submitLabel(.next)
          TextField("Phone", text: $phone)
            .keyboardType(.phonePad)
            .textContentType(.telephoneNumber)
          Button {
            showingDigestInfo.toggle()
          } label: {
            HStack {
              Toggle("Weekly digest", isOn: $weeklyDigest)
                .labelsHidden()
              Text("About the digest")
            }
          }
          if showingDigestInfo {
            Text("The digest arrives every Monday.")
          }
          Button("Subscribe") {
            subscribed = weeklyDigest ? "\(email), weekly" : email
          }
          .disabled(email.isEmpty)
          if let subscribed {
            Text("Subscribed \(subscribed)")
          }
        }
      }
      .background(Palette.background)
      .clipShape(Palette.card)
      .navigationTitle("Favourites")
    }
    .task {
      await model.observeFavourites()
    }
  }
}
