// What the on-screen keyboard offers for a text field: its layout, autofill, capitalization,
// autocorrection and return key. There is no keyboard in a test (`HeadlessHost.type(_:into:)` sets
// the text), and the frame rule draws text, controls and their state, not how text is entered: these
// modifiers compile and are not drawn, like styling.
//
// `UIKeyboardType`, `UITextContentType` and `UITextAutocapitalizationType` are UIKit's types; on iOS a
// file that imports only SwiftUI sees them because SwiftUI re-exports UIKit. UIKit is not modelled
// here, so they live in this module, under their UIKit names, with UIKit's cases.
//
// ```swift
// TextField("Email", text: $email)
//   .keyboardType(.emailAddress)
//   .textContentType(.emailAddress)
//   .textInputAutocapitalization(.never)
//   .autocorrectionDisabled()
//   .submitLabel(.next)
// ```

extension View {
  /// The keyboard layout for text fields in this view (not drawn).
  nonisolated public func keyboardType(_ type: UIKeyboardType) -> Self { self }

  /// What autofill suggests for text fields in this view (not drawn).
  nonisolated public func textContentType(_ textContentType: UITextContentType?) -> Self { self }

  /// Automatic capitalization, the iOS 13 form (not drawn).
  nonisolated public func autocapitalization(_ style: UITextAutocapitalizationType) -> Self { self }

  /// Automatic capitalization (not drawn).
  nonisolated public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> Self {
    self
  }

  /// Autocorrection (not drawn).
  nonisolated public func autocorrectionDisabled(_ disable: Bool = true) -> Self { self }

  /// Autocorrection, the iOS 13 form (not drawn).
  nonisolated public func disableAutocorrection(_ disable: Bool?) -> Self { self }

  /// The return key's label (not drawn; `HeadlessHost.submit(_:)` submits whatever it says).
  nonisolated public func submitLabel(_ submitLabel: SubmitLabel) -> Self { self }
}

/// The keyboard layout (UIKit's `UIKeyboardType`; not drawn).
public enum UIKeyboardType: Int, Hashable, Sendable {
  case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress
  case decimalPad, twitter, webSearch, asciiCapableNumberPad
  public static let alphabet = UIKeyboardType.asciiCapable
}

/// What a text field holds, for autofill (UIKit's `UITextContentType`; not drawn).
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }

  public static let name = UITextContentType("name")
  public static let namePrefix = UITextContentType("namePrefix")
  public static let givenName = UITextContentType("givenName")
  public static let middleName = UITextContentType("middleName")
  public static let familyName = UITextContentType("familyName")
  public static let nameSuffix = UITextContentType("nameSuffix")
  public static let nickname = UITextContentType("nickname")
  public static let jobTitle = UITextContentType("jobTitle")
  public static let organizationName = UITextContentType("organizationName")
  public static let location = UITextContentType("location")
  public static let fullStreetAddress = UITextContentType("fullStreetAddress")
  public static let streetAddressLine1 = UITextContentType("streetAddressLine1")
  public static let streetAddressLine2 = UITextContentType("streetAddressLine2")
  public static let addressCity = UITextContentType("addressCity")
  public static let addressState = UITextContentType("addressState")
  public static let addressCityAndState = UITextContentType("addressCityAndState")
  public static let sublocality = UITextContentType("sublocality")
  public static let countryName = UITextContentType("countryName")
  public static let postalCode = UITextContentType("postalCode")
  public static let telephoneNumber = UITextContentType("telephoneNumber")
  public static let emailAddress = UITextContentType("emailAddress")
  public static let URL = UITextContentType("URL")
  public static let creditCardNumber = UITextContentType("creditCardNumber")
  public static let username = UITextContentType("username")
  public static let password = UITextContentType("password")
  public static let newPassword = UITextContentType("newPassword")
  public static let oneTimeCode = UITextContentType("oneTimeCode")
  public static let shipmentTrackingNumber = UITextContentType("shipmentTrackingNumber")
  public static let flightNumber = UITextContentType("flightNumber")
  public static let dateTime = UITextContentType("dateTime")
  public static let birthdate = UITextContentType("birthdate")
}

/// Automatic capitalization, the iOS 13 form (UIKit's `UITextAutocapitalizationType`; not drawn).
public enum UITextAutocapitalizationType: Int, Hashable, Sendable {
  case none, words, sentences, allCharacters
}

/// Automatic capitalization (not drawn).
public struct TextInputAutocapitalization: Hashable, Sendable {
  private let style: UITextAutocapitalizationType

  public static let never = TextInputAutocapitalization(style: .none)
  public static let words = TextInputAutocapitalization(style: .words)
  public static let sentences = TextInputAutocapitalization(style: .sentences)
  public static let characters = TextInputAutocapitalization(style: .allCharacters)

  private init(style: UITextAutocapitalizationType) { self.style = style }

  /// The iOS 15 value for an iOS 13 style.
  public init?(_ type: UITextAutocapitalizationType) { style = type }
}

/// The return key's label (not drawn).
public struct SubmitLabel: Hashable, Sendable {
  private let name: String

  public static let done = SubmitLabel(name: "done")
  public static let go = SubmitLabel(name: "go")
  public static let send = SubmitLabel(name: "send")
  public static let join = SubmitLabel(name: "join")
  public static let route = SubmitLabel(name: "route")
  public static let search = SubmitLabel(name: "search")
  public static let `return` = SubmitLabel(name: "return")
  public static let next = SubmitLabel(name: "next")
  public static let `continue` = SubmitLabel(name: "continue")
}
