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
        // Translators: a media badge: "Video · 0:42".
        return Localization.format(L("%s · %s"), name, clock(duration))
    }

    /// "video, 42 seconds", "audio, 1 hour 2 minutes", "GIF".
    static func spokenMedia(_ media: MediaAttachment) -> String {
        let name = spokenKindName(media.kind)
        guard media.kind != .gifv, let duration = media.duration else { return name }
        // Translators: what a row says of its video or sound: "video, 42 seconds".
        return Localization.format(L("%s, %s"), name, spokenDuration(duration))
    }

    /// "image", "GIF", "video", "audio", as said inside a sentence.
    private static func spokenKindName(_ kind: MediaAttachment.Kind) -> String {
        switch kind {
        case .image: L("image")
        case .gifv: L("GIF")
        case .video: L("video")
        case .audio: L("audio")
        }
    }

    /// "Image", "GIF", "Video", "Audio".
    private static func kindName(_ kind: MediaAttachment.Kind) -> String {
        switch kind {
        case .image: L("Image")
        case .gifv: L("GIF")
        case .video: L("Video")
        case .audio: L("Audio")
        }
    }

    /// What the badge's tooltip (and accessible description) says it does.
    static func openMedia(_ media: MediaAttachment) -> String {
        media.kind == .audio ? L("Play the sound in your player or browser") : L("Play the video in your player or browser")
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
        if hours > 0 { return [count(hours, .hour), minutes > 0 ? count(minutes, .minute) : nil].compactMap { $0 }.joined(separator: " ") }
        if minutes > 0 { return [count(minutes, .minute), rest > 0 ? count(rest, .second) : nil].compactMap { $0 }.joined(separator: " ") }
        return count(rest, .second)
    }

    // MARK: Polls

    /// "50%" (rounded), or nil while the results are hidden.
    static func share(_ option: Poll.Option, in poll: Poll) -> String? {
        // Translators: a poll option's share of the votes: "50%".
        poll.share(of: option).map { Localization.format(L("%d%%"), Int(($0 * 100).rounded())) }
    }

    /// "240 votes · Ends in 3 h", "Results hidden until the end · 31 votes
    /// · Ends in 3 h", "30 votes · Closed".
    static func pollStatus(_ poll: Poll, now: Date) -> String {
        var parts: [String] = []
        if poll.resultsHidden && !poll.isClosed(at: now) { parts.append(L("Results hidden until the end")) }
        parts.append(count(poll.totalVotes, .vote))
        if let end = pollEnd(poll, now: now, spoken: false) { parts.append(end) }
        return parts.joined(separator: " · ")
    }

    /// "Closed", "Ends in 3 h" ("ends in 3 hours" spoken), or nil for a
    /// poll without an end.
    static func pollEnd(_ poll: Poll, now: Date, spoken: Bool) -> String? {
        if poll.isClosed(at: now) { return spoken ? L("closed") : L("Closed") }
        guard let end = poll.expiresAt else { return nil }
        let minutes = Int(end.timeIntervalSince(now) / 60)
        let left: String
        if minutes < 1 {
            left = L("less than a minute")
        } else if minutes < 60 {
            // Translators: minutes left, short: "Ends in 5 min".
            left = spoken ? count(minutes, .minute) : Localization.format(L("%d min"), minutes)
        } else if minutes < 24 * 60 {
            // Translators: hours left, short: "Ends in 3 h".
            left = spoken ? count(minutes / 60, .hour) : Localization.format(L("%d h"), minutes / 60)
        } else {
            left = count(minutes / (24 * 60), .day)
        }
        // Translators: when a poll ends, shown ("Ends in 3 h") or within a spoken sentence ("ends in 3 hours").
        return Localization.format(spoken ? L("ends in %s") : L("Ends in %s"), left)
    }

    /// A row's words for a poll: "poll, 240 votes, ends in 3 hours".
    static func spokenPoll(_ poll: Poll, now: Date) -> String {
        var parts = [L("poll"), count(poll.totalVotes, .vote)]
        if poll.resultsHidden && !poll.isClosed(at: now) { parts.append(L("results hidden")) }
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
        [facts.stars.map { count($0, .star) }, facts.language].compactMap { $0 }.joined(separator: ", ")
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

    /// What `count` counts.
    enum Noun {
        case second, minute, hour, day, vote, star, moreOption
    }

    /// "1 vote", "2,400 votes", with the plural form the reader's
    /// language takes for the number.
    static func count(_ number: Int, _ noun: Noun) -> String {
        let template = switch noun {
        case .second: L("%s second", "%s seconds", number)
        case .minute: L("%s minute", "%s minutes", number)
        case .hour: L("%s hour", "%s hours", number)
        case .day: L("%s day", "%s days", number)
        case .vote: L("%s vote", "%s votes", number)
        case .star: L("%s star", "%s stars", number)
        // Translators: the options of a poll that the row has no room for: "240 votes · 2 more options".
        case .moreOption: L("%s more option", "%s more options", number)
        }
        return Localization.format(template, grouped(number))
    }

    /// 76543 as "76,543" (`Localization.grouped`).
    static func grouped(_ number: Int) -> String {
        Localization.grouped(number)
    }
}
