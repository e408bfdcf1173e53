import FeedCore

/// A failure's words in the reader's language. FeedCore's reasons are
/// English sentences ("Timed out", "This page can't be found"); they are
/// looked up in the catalog as they are, so a translation of a reason
/// replaces it and a reason without one stays in English.
enum ErrorText {
    static func reason(_ reason: String) -> String {
        reason.isEmpty ? reason : L(reason)
    }
}
