import FeedCore

/// A failure's words in the reader's language, chosen here from what
/// FeedCore says happened (`FeedError.kind`) and the facts the error
/// carries: the HTTP status, the file or server by name, the server's own
/// short message. FeedCore's `reason` is English for the log and is not
/// shown, except for `.other`, an error nothing classified, where it is
/// all there is (looked up in the catalog as it is).
///
/// Names and the server's words go in as they are: every label Feedline
/// shows them in is plain text, never markup, so `<b>` stays `<b>`.
enum ErrorText {
    /// The longest server message kept (FeedCore cuts at 160 already).
    static let serverMessageLimit = 160

    /// Why `error` happened, as a reader is told: "No network connection",
    /// "Server error (503): “Maintenance”", "GitHub says: “Validation Failed”".
    static func reason(_ error: FeedError) -> String {
        let message = error.serverMessage.map { PlainText.line($0, limit: serverMessageLimit) } ?? ""
        if error.kind == .serverError, error.status == nil, !message.isEmpty {
            return serviceSays(error.subject, message)
        }
        let words = words(error)
        guard !message.isEmpty else { return words }
        // Translators: a failure's reason, then the server's own words in quotes:
        // "The page doesn't exist (404): “Record not found”".
        return Localization.format(L("%s: “%s”"), words, message)
    }

    // MARK: The words for each kind

    /// The words for the kind, without the server's message.
    private static func words(_ error: FeedError) -> String {
        switch error.kind {
        case .offline:
            return L("No network connection")
        case .serverNotFound:
            guard let server = server(error) else { return L("Couldn't find the server") }
            // Translators: %s is a server's name, like "example.org".
            return Localization.format(L("Couldn't find the server %s"), server)
        case .refused:
            guard let server = server(error) else { return L("The server refused the connection") }
            // Translators: %s is a server's name, like "example.org".
            return Localization.format(L("The server %s refused the connection"), server)
        case .unreachable:
            guard let server = server(error) else { return L("Couldn't reach the server") }
            // Translators: %s is a server's name, like "example.org".
            return Localization.format(L("Couldn't reach the server %s"), server)
        case .interrupted:
            return L("The connection was interrupted")
        case .timedOut:
            return L("The server took too long to answer")
        case .insecure:
            guard let server = server(error) else { return L("Only secure (https) addresses are allowed") }
            // Translators: %s is a server's name, like "example.org".
            return Localization.format(L("Couldn't connect securely to %s"), server)
        case .accessDenied:
            if let file = file(error) {
                // Translators: %s is a file's name, like "feed.xml".
                return Localization.format(L("You don't have permission to read “%s”"), file)
            }
            guard let status = error.status else { return L("Access denied") }
            // Translators: %d is the HTTP status, like 403.
            return Localization.format(L("Access denied (%d)"), status)
        case .notFound:
            if let file = file(error) {
                // Translators: %s is a file's name, like "feed.xml".
                return Localization.format(L("The file “%s” doesn't exist"), file)
            }
            guard let status = error.status else { return L("This page can't be found") }
            // Translators: %d is the HTTP status, like 404.
            return Localization.format(L("The page doesn't exist (%d)"), status)
        case .badRequest:
            guard let status = error.status else { return L("The server refused the request") }
            // Translators: %d is the HTTP status, like 422.
            return Localization.format(L("The server refused the request (%d)"), status)
        case .rateLimited:
            return L("Rate limited")
        case .serverError:
            guard let status = error.status else { return L("The server ran into a problem") }
            // Translators: %d is the HTTP status, like 503.
            return Localization.format(L("Server error (%d)"), status)
        case .badAnswer:
            if let status = error.status {
                // Translators: %d is the HTTP status, like 302.
                return Localization.format(L("The server sent an unexpected answer (%d)"), status)
            }
            guard let server = server(error) else { return L("The server's answer couldn't be read") }
            // Translators: %s is a server or a web service, like "GitHub".
            return Localization.format(L("The answer from %s couldn't be read"), server)
        case .tooLarge:
            return L("The server's answer is too large")
        case .tooManyRedirects:
            return L("The server redirected too many times")
        case .notAFeed:
            return L("This isn't a feed")
        case .webPage:
            return L("This is a web page, not a feed")
        case .damaged:
            return L("This feed is damaged and can't be read")
        case .unsafe:
            return L("This feed can't be read safely")
        case .empty:
            return L("The feed is empty")
        case .cannotSave:
            return L("Couldn't save your feeds")
        case .credentialsRefused:
            return L("The server refused the user name or password")
        case .notFeverAPI:
            guard let server = server(error) else { return L("This address doesn't answer as a Fever API") }
            // Translators: %s is a server's name, like "rss.example.org".
            return Localization.format(L("%s doesn't answer as a Fever API"), server)
        case .other:
            if let file = file(error) {
                // Translators: %s is a file's name, like "feed.xml".
                return Localization.format(L("Couldn't read “%s”"), file)
            }
            return error.reason.isEmpty ? L("Something went wrong") : L(error.reason)
        }
    }

    /// "GitHub says: “Validation Failed”".
    private static func serviceSays(_ subject: FeedError.Subject?, _ message: String) -> String {
        guard case .server(let service) = subject else {
            // Translators: %s is the server's own message, in its own language.
            return Localization.format(L("The server says: “%s”"), message)
        }
        // Translators: a web service, then its own message: "GitHub says: “Validation Failed”".
        return Localization.format(L("%s says: “%s”"), service, message)
    }

    private static func server(_ error: FeedError) -> String? {
        if case .server(let name) = error.subject, !name.isEmpty { name } else { nil }
    }

    private static func file(_ error: FeedError) -> String? {
        if case .file(let name) = error.subject, !name.isEmpty { name } else { nil }
    }
}
