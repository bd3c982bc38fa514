// swift-tools-version:6.0
import PackageDescription

// An app team's package whose Kotlin framework `Shared` is built with classic Objective-C export: a
// fake of that framework (`Shared`, named as the KMP wizard names it, generated shapes included:
// KotlinEnum, sealed classes as classes, Kotlinx_coroutines_coreStateFlow, completion handlers,
// androidx ViewModel), the iOS app's Swift files over it (`BooksUI`, written as the iOS files are),
// and tests, against the harness two directories up.
let package = Package(
  name: "ObjCExportApp",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "Shared", targets: ["Shared"]),
    .library(name: "BooksUI", targets: ["BooksUI"]),
  ],
  dependencies: [
    .package(name: "KotlinSwiftInterop", path: "../..")
  ],
  targets: [
    // What `import Shared` gives the app on iOS, faked in Swift.
    .target(
      name: "Shared",
      dependencies: [
        .product(name: "KotlinTestDoubles", package: "KotlinSwiftInterop"),
        .product(name: "KotlinCoroutineSupport", package: "KotlinSwiftInterop"),
        .product(name: "ObjCExportDoubles", package: "KotlinSwiftInterop"),
        .product(name: "AndroidxLifecycleDoubles", package: "KotlinSwiftInterop"),
      ]
    ),
    // The app's Swift files, unchanged. Some import only Foundation and use ObservableObject, as
    // Apple's Foundation allows: on Linux one setting imports what it brings along.
    .target(
      name: "BooksUI",
      dependencies: [
        "Shared",
        .product(name: "SwiftUI", package: "KotlinSwiftInterop", condition: .when(platforms: [.linux])),
        .product(name: "AppleImplicitImports", package: "KotlinSwiftInterop", condition: .when(platforms: [.linux])),
      ],
      swiftSettings: [
        .unsafeFlags(
          ["-Xfrontend", "-import-module", "-Xfrontend", "AppleImplicitImports"], .when(platforms: [.linux]))
      ]
    ),
    .testTarget(
      name: "SharedTests",
      dependencies: [
        "Shared",
        .product(name: "KotlinTestDoubles", package: "KotlinSwiftInterop"),
        .product(name: "FlowTesting", package: "KotlinSwiftInterop"),
      ]
    ),
    .testTarget(
      name: "BooksUITests",
      dependencies: [
        "BooksUI", "Shared",
        .product(name: "HeadlessUI", package: "KotlinSwiftInterop"),
        .product(name: "FlowTesting", package: "KotlinSwiftInterop"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
