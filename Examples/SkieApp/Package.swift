// swift-tools-version:6.0
import PackageDescription

// An app team's package whose Kotlin module is built with SKIE: a fake of that module (`Shared`,
// re-exporting the Swift code SKIE generates into it), the SwiftUI screen over it (`FeedUI`, written
// as the iOS file is), and its tests, against the harness two directories up.
let package = Package(
  name: "SkieApp",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "Shared", targets: ["Shared"]),
    .library(name: "FeedUI", targets: ["FeedUI"]),
  ],
  dependencies: [
    .package(name: "KotlinSwiftInterop", path: "../..")
  ],
  targets: [
    // What `import shared` gives the app on iOS, faked in Swift: the view model, its API, the sealed
    // class with SKIE's onEnum(of:), and SKIE's flow classes and SwiftUI helpers.
    .target(
      name: "Shared",
      dependencies: [
        .product(name: "SKIERuntime", package: "KotlinSwiftInterop"),
        .product(name: "KotlinTestDoubles", package: "KotlinSwiftInterop"),
        .product(name: "KotlinCoroutineSupport", package: "KotlinSwiftInterop"),
      ]
    ),
    // The screen; SwiftUI is the harness's on Linux.
    .target(
      name: "FeedUI",
      dependencies: [
        "Shared",
        .product(name: "SwiftUI", package: "KotlinSwiftInterop", condition: .when(platforms: [.linux])),
      ]
    ),
    .testTarget(
      name: "FeedUITests",
      dependencies: [
        "FeedUI", "Shared",
        .product(name: "HeadlessUI", package: "KotlinSwiftInterop"),
        .product(name: "FlowTesting", package: "KotlinSwiftInterop"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
