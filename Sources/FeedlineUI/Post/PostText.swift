import FeedCore
import Foundation
import GtkKit

/// The words rows (and the reader) show and speak for what a post carries
/// beyond text: media badges, poll results and ends, repository facts.
/// Shown words may be short ("Ends in 3 h", "0:42"); spoken ones are whole
/// words ("ends in 3 hours", "42 seconds"), never symbols a screen reader
/// spells out.
enum PostText {
    // MARK: Media

    /// "Video · 0:42", "GIF", "Audio · 1:02:03", "Video" (no duration).
    static func badge(_ media: MediaAttachment) -> String {
        let name = kindName(media.kind)
        guard media.kind != .gifv, let duration = media.duration else { return name }
        return "\(name) · \(clock(duration))"
    }

    /// "video, 42 seconds", "audio, 1 hour 2 minutes", "GIF".
    static func spokenMedia(_ media: MediaAttachment) -> String {
        let name = media.kind == .gifv ? "GIF" : kindName(media.kind).lowercased()
        guard media.kind != .gifv, let duration = media.duration else { return name }
        return "\(name), \(spokenDuration(duration))"
    }

    /// "Image", "GIF", "Video", "Audio".
    private static func kindName(_ kind: MediaAttachment.Kind) -> String {
        switch kind {
        case .image: "Image"
        case .gifv: "GIF"
        case .video: "Video"
        case .audio: "Audio"
        }
    }

    /// What the badge's tooltip (and accessible description) says it does.
    static func openMedia(_ media: MediaAttachment) -> String {
        media.kind == .audio ? "Play the sound in your player or browser" : "Play the video in your player or browser"
    }

    /// "0:42", "3:05", "1:02:03".
    static func clock(_ seconds: Double) -> String {
        let whole = Int(min(seconds, 359_999).rounded())
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }

    /// "42 seconds", "1 minute 5 seconds", "1 hour 2 minutes".
    static func spokenDuration(_ seconds: Double) -> String {
        let whole = Int(min(seconds, 359_999).rounded())
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        if hours > 0 { return [count(hours, "hour"), minutes > 0 ? count(minutes, "minute") : nil].compactMap { $0 }.joined(separator: " ") }
        if minutes > 0 { return [count(minutes, "minute"), rest > 0 ? count(rest, "second") : nil].compactMap { $0 }.joined(separator: " ") }
        return count(rest, "second")
    }

    // MARK: Polls

    /// "50%" (rounded), or nil while the results are hidden.
    static func share(_ option: Poll.Option, in poll: Poll) -> String? {
        poll.share(of: option).map { "\(Int(($0 * 100).rounded()))%" }
    }

    /// "240 votes · Ends in 3 h", "Results hidden until the end · 31 votes
    /// · Ends in 3 h", "30 votes · Closed".
    static func pollStatus(_ poll: Poll, now: Date) -> String {
        var parts: [String] = []
        if poll.resultsHidden && !poll.isClosed(at: now) { parts.append("Results hidden until the end") }
        parts.append(count(poll.totalVotes, "vote"))
        if let end = pollEnd(poll, now: now, spoken: false) { parts.append(end) }
        return parts.joined(separator: " · ")
    }

    /// "Closed", "Ends in 3 h" ("ends in 3 hours" spoken), or nil for a
    /// poll without an end.
    static func pollEnd(_ poll: Poll, now: Date, spoken: Bool) -> String? {
        if poll.isClosed(at: now) { return spoken ? "closed" : "Closed" }
        guard let end = poll.expiresAt else { return nil }
        let minutes = Int(end.timeIntervalSince(now) / 60)
        let left: String
        if minutes < 1 {
            left = "less than a minute"
        } else if minutes < 60 {
            left = spoken ? count(minutes, "minute") : "\(minutes) min"
        } else if minutes < 24 * 60 {
            left = spoken ? count(minutes / 60, "hour") : "\(minutes / 60) h"
        } else {
            left = count(minutes / (24 * 60), "day")
        }
        return (spoken ? "ends in " : "Ends in ") + left
    }

    /// A row's words for a poll: "poll, 240 votes, ends in 3 hours".
    static func spokenPoll(_ poll: Poll, now: Date) -> String {
        var parts = ["poll", count(poll.totalVotes, "vote")]
        if poll.resultsHidden && !poll.isClosed(at: now) { parts.append("results hidden") }
        if let end = pollEnd(poll, now: now, spoken: true) { parts.append(end) }
        return parts.joined(separator: ", ")
    }

    // MARK: Facts

    /// "★ 76,543 · Python".
    static func facts(_ facts: ItemFacts) -> String {
        [facts.stars.map { "★ \(grouped($0))" }, facts.language].compactMap { $0 }.joined(separator: " · ")
    }

    /// "76,543 stars, Python".
    static func spokenFacts(_ facts: ItemFacts) -> String {
        [facts.stars.map { count($0, "star") }, facts.language].compactMap { $0 }.joined(separator: ", ")
    }

    // MARK: Labels

    /// A one-line caption for a row or a tile (a repository's facts, a
    /// poll's status), made when first needed.
    @MainActor
    static func captionLabel() -> Label {
        let label = Label()
        label.addCSSClass("caption")
        label.xAlign = 0
        label.ellipsizeEnd()
        return label
    }

    // MARK: Numbers

    /// "1 vote", "2,400 votes".
    static func count(_ number: Int, _ noun: String) -> String {
        "\(grouped(number)) \(noun)\(number == 1 ? "" : "s")"
    }

    /// 76543 as "76,543".
    static func grouped(_ number: Int) -> String {
        number.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
    }
}
