// A sign-up form in the style of KMP apps: keyboard types, autofill content types, capitalization
// and return-key labels on every field. Written for this package; only `import SwiftUI` — on iOS
// `UIKeyboardType` and `UITextContentType` reach such a file through SwiftUI's re-export of UIKit,
// and here through SwiftUI's of HeadlessUI (issue 28, item 5).
import SwiftUI

struct SignUpForm: View {
  @State private var email = ""
  @State private var phone = ""
  @State private var amount = ""
  @State private var password = ""
  @State private var submitted = ""

  var body: some View {
    Form {
      TextField("Email", text: $email)
        .keyboardType(.emailAddress)
        .textContentType(.emailAddress)
        .textInputAutocapitalization(.never)
        .autocorrectionDisabled()
        .submitLabel(.next)
      TextField("Phone", text: $phone)
        .keyboardType(UIKeyboardType.phonePad)
        .textContentType(UITextContentType.telephoneNumber)
        .autocapitalization(.none)
      TextField("Top-up", text: $amount)
        .keyboardType(.decimalPad)
        .disableAutocorrection(true)
      SecureField("Password", text: $password)
        .textContentType(.newPassword)
        .textInputAutocapitalization(TextInputAutocapitalization(.none))
        .submitLabel(.join)
        .onSubmit { submitted = email }
      Text("signed up: \(submitted)")
    }
  }
}
