import HeadlessUI
import SwiftUI
import Testing

/// Keyboard types, content types, capitalization and submit labels compile and are not drawn: the
/// frame rule draws text, controls and their state, not how text is entered (issue 28, item 5).
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TextInputTraitsTests {
  @Test("A form with keyboard types draws its fields as without them, and is driven as usual")
  func signUpForm() async throws {
    let host = HeadlessHost(SignUpForm())
    try host.type("ann@example.com", into: "Email")
    try host.type("+1 555", into: "Phone")
    try host.type("12.50", into: "Top-up")
    try host.type("secret", into: "Password")
    try host.submit("Password")
    #expect(
      host.render() == """
        Form
          TextField "Email" = "ann@example.com"
          TextField "Phone" = "+1 555"
          TextField "Top-up" = "12.50"
          SecureField "Password" = "••••••"
          Text "signed up: ann@example.com"
        """)
    await host.unmount()
  }

  @Test("UIKit's input trait types carry UIKit's cases")
  func uiKitTypes() {
    #expect(UIKeyboardType.numberPad.rawValue == 4)
    #expect(UIKeyboardType.alphabet == .asciiCapable)
    #expect(UITextContentType.oneTimeCode.rawValue == "oneTimeCode")
    #expect(TextInputAutocapitalization(.words) == .words)
  }
}
