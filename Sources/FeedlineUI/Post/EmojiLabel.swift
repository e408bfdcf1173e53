import FeedCore
import Foundation
import GtkKit

/// A label whose text may hold custom emoji: each `:shortcode:` the feed
/// names is drawn as its small picture inside the text (one label still,
/// so it wraps and ellipsizes as before), and screen readers hear the
/// emoji's name, never the shortcode with its colons. The pictures come
/// through the `ImageLoader`, at the size of a line of text.
///
/// Cheap for text without emoji (the common case: one check, then the
/// text), so a recycled row can show any item through it. A picture that
/// arrives for text the label no longer shows is dropped.
@MainActor
final class EmojiLabel {
    let label: Label
    private let images: ImageLoader
    /// The text shown with pictures, or nil while the text has none.
    private var shown: EmojiText?
    private var textures: [URL: Texture] = [:]
    /// Pictures not yet here (downloading, or let go by `stopLoading`).
    private var missing: Set<URL> = []
    private var requests: [Task<Void, Never>] = []
    /// Applying waits while pictures answer from memory in one go.
    private var batching = false

    /// Pixels a picture is decoded at, per logical pixel of line height
    /// (a line is ~20 px: 32 leaves room for larger text).
    static let pictureSide = 32

    init(_ label: Label = Label(), images: ImageLoader) {
        self.label = label
        self.images = images
    }

    /// Shows `text`, drawing the `:shortcode:` of each of `emoji` as its
    /// picture.
    func show(_ text: String, emoji: [CustomEmoji]) {
        let laid = emoji.isEmpty ? nil : EmojiText(text, emoji: emoji)
        guard let laid, laid.hasPictures else {
            if shown != nil { forgetPictures() }
            label.text = text
            return
        }
        if laid == shown {
            if !missing.isEmpty && requests.isEmpty { load() }
            return
        }
        cancelRequests()
        shown = laid
        textures = [:]
        missing = Set(laid.placements.map(\.emoji.url))
        label.text = laid.shown
        label.setAccessibleLabel(laid.spoken)
        applyPictures()
        load()
    }

    /// The text as a screen reader hears it (the shortcodes by name).
    var spokenText: String { shown?.spoken ?? label.text }

    /// Pictures in the text, and how many of them are drawn (arrived).
    var pictureCount: Int { shown?.placements.count ?? 0 }
    var drawnPictureCount: Int { shown?.placements.filter { textures[$0.emoji.url] != nil }.count ?? 0 }

    /// Lets go of the pictures' downloads (the row was unbound); showing
    /// the same text again asks for them again.
    func stopLoading() {
        cancelRequests()
    }

    private func load() {
        let side = Self.pictureSide * max(1, label.displayScale)
        batching = true
        for url in missing {
            let request = images.load(url, width: side, height: side) { [weak self, shown] texture in
                guard let self, self.shown == shown else { return }
                missing.remove(url)
                if let texture { textures[url] = texture }
                if !batching { applyPictures() }
            }
            if let request { requests.append(request) }
        }
        batching = false
        applyPictures()
    }

    private func applyPictures() {
        guard let shown else { return }
        label.setInlinePictures(shown.placements.map {
            Label.InlinePicture(utf8Offset: $0.utf8Offset, texture: textures[$0.emoji.url])
        })
    }

    private func forgetPictures() {
        cancelRequests()
        shown = nil
        textures = [:]
        missing = []
        label.setInlinePictures([])
        label.resetAccessibleLabel()
    }

    private func cancelRequests() {
        requests.forEach { $0.cancel() }
        requests = []
    }
}
