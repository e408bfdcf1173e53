import FeedCore
import Foundation
import GtkKit

/// The badge on a video's, a GIF's or a sound's picture: "▶ Video · 0:42",
/// "♪ Audio · 1:02:03". Pressing it opens the file in the desktop's player
/// or the browser (`onOpen`). Screen readers hear "Play video, 42 seconds".
/// Hidden for pictures and for items without media.
@MainActor
final class MediaBadge {
    let button = Button(label: "")
    /// The reader asked to play the media at this address.
    var onOpen: ((URL) -> Void)?
    private(set) var media: MediaAttachment?

    init() {
        PostStyle.install()
        button.addCSSClass("osd")
        button.addCSSClass("feed-media-badge")
        button.isVisible = false
        button.onClicked { [weak self] in
            if let url = self?.media?.url { self?.onOpen?(url) }
        }
    }

    /// Shows the badge for `media` when it plays (video, GIF, audio).
    func show(_ media: MediaAttachment?) {
        let playing = media.flatMap { $0.kind.plays ? $0 : nil }
        button.isVisible = playing != nil
        guard let playing, playing != self.media else {
            self.media = playing
            return
        }
        self.media = playing
        button.label = (playing.kind == .audio ? "♪ " : "▶ ") + PostText.badge(playing)
        // Translators: a media badge's name for screen readers: "Play video, 42 seconds".
        button.setAccessibleLabel(Localization.format(L("Play %s"), PostText.spokenMedia(playing)))
        button.tooltip = PostText.openMedia(playing)
        button.isSensitive = playing.url != nil
    }
}

extension MediaBadge {
    /// `picture` with `badge` laid over its bottom left corner (the badge
    /// never changes the picture's size).
    static func overlay(_ badge: MediaBadge, on picture: Widget) -> Overlay {
        let box = Overlay(child: picture)
        badge.button.align(horizontal: .start, vertical: .end)
        badge.button.margin(4)
        box.addOverlay(badge.button, measured: false)
        return box
    }
}
