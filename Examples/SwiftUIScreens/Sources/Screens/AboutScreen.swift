import SwiftUI
import UIKit

/// An "About" screen as apps write it with UIKit along: system colours, a UIKit image, the screen's
/// width, a link opened with `UIApplication.shared`, and appearance set up in `init`.
public struct AboutScreen: View {
  public init() {
    UITableView.appearance().separatorStyle = .none
    UINavigationBar.appearance().largeTitleTextAttributes = [.foregroundColor: UIColor.label]
  }

  public var body: some View {
    NavigationStack {
      List {
        Image(uiImage: UIImage(named: "AppIcon") ?? UIImage())
        Text("Running on \(UIDevice.current.systemName) \(UIDevice.current.systemVersion)")
        Text(UIScreen.main.bounds.width < 400 ? "Compact layout" : "Regular layout")
        Button("Privacy policy") {
          if let url = URL(string: "https://example.com/privacy") { UIApplication.shared.open(url) }
        }
      }
      .background(Color(.systemGroupedBackground))
      .navigationTitle("About")
    }
  }
}
