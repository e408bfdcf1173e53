import Foundation

/// "Sun, 06 Nov 1994 08:49:37 GMT": RFC 9110's preferred HTTP date, as
/// servers send it in `Retry-After`, `Expires` and `Last-Modified`. For
/// tests whose loopback servers send dates (FeedCore reads them with
/// `HTTPDate`, which is never used to check itself).
public func imfFixdate(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: date)
}
