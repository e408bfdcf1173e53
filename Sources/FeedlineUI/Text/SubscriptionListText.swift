import FeedCore
import FeedStore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the window says about importing and exporting subscription lists
/// (OPML): what an import did ("Imported 37 subscriptions (2 already
/// there, 1 skipped)"), what an export wrote, and why a file isn't a list.
/// The command line (`HeadlessCommands`) says the same in the same words.
enum SubscriptionListText {
    /// "Imported 37 subscriptions (2 already there, 1 skipped: “Old blog”
    /// has no feed address)".
    static func imported(_ imported: FeedStore.Imported) -> String {
        var details: [String] = []
        if imported.alreadyThere > 0 {
            details.append(Localization.format(L("%d already there", "%d already there", imported.alreadyThere),
                                               imported.alreadyThere))
        }
        if imported.duplicatesMerged > 0 {
            details.append(Localization.format(L("%d duplicate merged", "%d duplicates merged", imported.duplicatesMerged),
                                               imported.duplicatesMerged))
        }
        if imported.problems.count == 1 {
            // Translators: an import's summary, the one entry left out: "1 skipped: “Old blog” has no feed address".
            details.append(Localization.format(L("1 skipped: %s"), problem(imported.problems[0])))
        } else if imported.problems.count > 1 {
            details.append(Localization.format(L("%d skipped", "%d skipped", imported.problems.count), imported.problems.count))
        }
        // Translators: an import's summary: "Imported 37 subscriptions (2 already there, 1 skipped)".
        let head = Localization.format(L("Imported %d subscription", "Imported %d subscriptions", imported.added), imported.added)
        // Translators: the separator between the details of a summary: "2 already there, 1 skipped".
        return details.isEmpty ? head : Localization.format(L("%1$s (%2$s)"), head, details.joined(separator: L(", ")))
    }

    /// "Exported 40 subscriptions to /home/ana/Subscriptions.opml".
    static func exported(_ count: Int, to file: URL) -> String {
        // Translators: an export's summary; %2$s is a file's path.
        Localization.format(L("Exported %1$d subscription to %2$s", "Exported %1$d subscriptions to %2$s", count),
                            count, file.path)
    }

    /// An entry left out of an import: "“Old blog” has no feed address".
    static func problem(_ problem: OPMLProblem) -> String {
        let name = problem.title ?? problem.address ?? L("An entry")
        switch problem.reason {
        case .noAddress:
            // Translators: %s is an entry's name in a subscription list.
            return Localization.format(L("“%s” has no feed address"), name)
        case .unusableAddress:
            // Translators: %1$s is an entry's name in a subscription list, %2$s its address.
            return Localization.format(L("“%1$s” has an address Feedline can't follow (%2$s)"), name, problem.address ?? "")
        }
    }

    /// Why `file` is no subscription list, by what OPMLReader found.
    static func notAList(_ file: URL, _ error: FeedError) -> String {
        switch error.kind {
        case .empty:
            // Translators: %s is a file's path.
            Localization.format(L("“%s” is empty"), file.path)
        case .damaged:
            // Translators: %s is a file's path.
            Localization.format(L("“%s” is a damaged subscription list and can't be read"), file.path)
        case .unsafe:
            // Translators: %s is a file's path; the file declares XML entities, which are refused.
            Localization.format(L("“%s” can't be read safely"), file.path)
        default:
            // Translators: %s is a file's path.
            Localization.format(L("“%s” isn't an OPML subscription list"), file.path)
        }
    }

    /// The C library's words for why a file couldn't be read or written
    /// ("No such file or directory"), in the reader's language.
    static func systemReason(_ error: any Error) -> String {
        let nsError = error as NSError
        let underlying = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { $0.domain == NSPOSIXErrorDomain ? $0.code : nil }
        let code = underlying ?? (nsError.domain == NSPOSIXErrorDomain ? nsError.code : nil) ?? posixCode(cocoa: nsError.code)
        guard let code else { return nsError.localizedDescription }
        return String(cString: strerror(Int32(code)))
    }

    private static func posixCode(cocoa code: Int) -> Int? {
        switch code {
        case NSFileReadNoSuchFileError, NSFileNoSuchFileError: Int(ENOENT)
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: Int(EACCES)
        case NSFileWriteOutOfSpaceError: Int(ENOSPC)
        case NSFileWriteVolumeReadOnlyError: Int(EROFS)
        default: nil
        }
    }
}
