// swift-tools-version:6.0
import PackageDescription

// An app team's package that uses KMP-ObservableViewModel: a fake of their Kotlin module
// (`NewsShared`: a view model on the library's ViewModel base class), the SwiftUI screen over it
// (`NewsUI`, written as the iOS file is), and its tests, against the harness two directories up.
let package = Package(
  name: "ObservableViewModelApp",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "NewsShared", targets: ["NewsShared"]),
    .library(name: "NewsUI", targets: ["NewsUI"]),
  ],
  dependencies: [
    .package(name: "KotlinSwiftInterop", path: "../..")
  ],
  targets: [
    // What `import shared` gives the app on iOS, faked in Swift: the view model, its repository, and
    // KMP-ObservableViewModel's Kotlin classes (which the Kotlin framework exports along).
    .target(
      name: "NewsShared",
      dependencies: [
        .product(name: "ObservableViewModelDoubles", package: "KotlinSwiftInterop"),
        .product(name: "KotlinTestDoubles", package: "KotlinSwiftInterop"),
        .product(name: "KotlinCoroutineSupport", package: "KotlinSwiftInterop"),
      ]
    ),
    // The screen, with KMP-ObservableViewModel's Swift package; SwiftUI is the harness's on Linux.
    .target(
      name: "NewsUI",
      dependencies: [
        "NewsShared",
        .product(name: "KMPObservableViewModelCore", package: "KotlinSwiftInterop"),
        .product(name: "KMPObservableViewModelSwiftUI", package: "KotlinSwiftInterop"),
        .product(name: "SwiftUI", package: "KotlinSwiftInterop", condition: .when(platforms: [.linux])),
      ]
    ),
    .testTarget(
      name: "NewsUITests",
      dependencies: [
        "NewsUI", "NewsShared",
        .product(name: "HeadlessUI", package: "KotlinSwiftInterop"),
        .product(name: "FlowTesting", package: "KotlinSwiftInterop"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
