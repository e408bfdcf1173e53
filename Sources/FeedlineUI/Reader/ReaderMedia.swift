import FeedCore
import Foundation
import GtkKit

// The picture of the item a reader page shows, with the badge of a video, a
// GIF or a sound over it. The rules it keeps, as the list's rows have them:
// hidden media (behind a content warning, or marked sensitive, until the
// reader asks) is never downloaded and shows no badge and no description;
// a sound without a picture keeps a box for its badge; every show sets every
// part, since the reader's three pages are refilled, never rebuilt.

/// A reader page's picture: a small one at its own size, any other the
/// page's width; the media badge over its bottom left corner, which plays
/// the file (`onOpen`); the media's description (alt text) as the
/// picture's name for screen readers and its tooltip.
@MainActor
final class ReaderMedia {
    let picture: RowPicture
    let badge = MediaBadge()
    /// The picture with the badge over it: what the page lays out.
    let root: Overlay
    /// The reader asked to play the media at this address.
    var onOpen: ((URL) -> Void)?
    /// The description the picture carries now (nil: decoration).
    private var described: String?

    /// The widest a picture is shown at its own size; a wider one fills
    /// the page's width, cropped to `pictureHeight`.
    static let smallPictureWidth: Int32 = 560
    static let pictureHeight: Int32 = 280
    /// The box of a sound without a picture: room for its badge.
    static let soundBoxWidth: Int32 = 320
    static let soundBoxHeight: Int32 = FeedRow.soundBoxHeight

    init(images: ImageLoader) {
        picture = RowPicture(images: images, width: 1, height: Self.pictureHeight, decodeSide: 900,
                             cssClass: "reader-picture")
        root = MediaBadge.overlay(badge, on: picture.picture)
        badge.onOpen = { [weak self] url in self?.onOpen?(url) }
    }

    /// Shows the picture of `item` (or a sound's box) and its badge.
    /// `hidden`: only the feed's blurred preview, nothing downloaded, no
    /// badge, until the reader asks.
    func show(_ item: FeedItem, hidden: Bool) {
        let playing = item.media.flatMap { $0.kind.plays ? $0 : nil }
        if item.imageURL == nil && playing != nil {
            place(small: true)
            picture.show(nil, width: Self.soundBoxWidth, height: Self.soundBoxHeight, placeholder: true)
        } else if let size = item.imageSize, size.width <= Self.smallPictureWidth {
            place(small: true)
            picture.show(item.imageURL, width: size.width, height: min(size.height, Self.pictureHeight * 2),
                         hidden: hidden, preview: item.imageBlurhash)
        } else {
            place(small: false)
            picture.show(item.imageURL, width: 1, height: Self.pictureHeight, hidden: hidden,
                         preview: item.imageBlurhash)
        }
        badge.show(hidden ? nil : playing)
        describe(hidden ? nil : item.media?.description)
    }

    /// Shows nothing, and lets go of the picture's download.
    func clear() {
        picture.stopLoading()
        picture.show(nil)
        badge.show(nil)
        describe(nil)
    }

    /// A small picture (or a sound's box) at its own size, at the start;
    /// any other across the page.
    private func place(small: Bool) {
        picture.picture.align(horizontal: small ? .start : .fill, vertical: .start)
        picture.picture.horizontalExpand = !small
    }

    private func describe(_ description: String?) {
        guard description != described else { return }
        described = description
        if let description {
            picture.picture.describe(description)
        } else {
            picture.picture.hideFromAccessibility()
            picture.picture.resetAccessibleLabel()
            picture.picture.tooltip = nil
        }
    }
}
