import FeedCore
import Foundation
import GtkKit

/// A picture in a row or a grid tile (the author's, the item's): a
/// placeholder of the picture's size from the moment the cell is bound, the
/// picture once it is here. A recycled cell never shows the previous item's
/// picture: binding clears it at once, and a picture that arrives for an
/// address the cell no longer shows is dropped.
@MainActor
package final class RowPicture {
    package let picture: Picture
    private let images: ImageLoader
    /// The address the cell shows now (nil while hidden).
    package private(set) var url: URL?
    /// Its size in logical pixels (at least: a tile's picture may be given
    /// more width).
    private(set) var width: Int32
    private(set) var height: Int32
    private var request: Task<Void, Never>?
    private var previewRequest: Task<Void, Never>?
    /// The blurred preview shown until the picture is here (and instead of
    /// it, when it can't be had or is hidden).
    private var preview: Blurhash?
    /// How soon its download should start: 0 in view, lower the further
    /// away (see `FeedList.picturePriority`).
    var priority = 0 {
        didSet {
            if let url, request != nil, priority != oldValue { images.reprioritize(url, to: priority) }
        }
    }

    /// The least size the picture is decoded at (a tile's picture is laid
    /// out wider than it asks for, and its width is not known at its first
    /// bind).
    private let decodeSide: Int

    init(images: ImageLoader, width: Int32, height: Int32, decodeSide: Int = 0, cssClass: String) {
        self.images = images
        self.width = width
        self.height = height
        self.decodeSide = decodeSide
        picture = Picture(width: width, height: height)
        picture.addCSSClass(cssClass)
        picture.isVisible = false
    }

    /// Shows the picture at `url` in a box of `width` × `height` (the size
    /// so far when nil). For a nil `url` the box goes, unless
    /// `placeholder` keeps it (a grid tile stays the size of the others).
    /// `hidden`: only the placeholder, the picture is not even loaded
    /// (behind a content warning). `preview`: the feed's blurhash of the
    /// picture, drawn in the placeholder.
    func show(_ url: URL?, width: Int32? = nil, height: Int32? = nil, placeholder: Bool = false,
              hidden: Bool = false, preview: Blurhash? = nil) {
        let (width, height) = (width ?? self.width, height ?? self.height)
        let shown = hidden ? nil : url
        picture.isVisible = url != nil || placeholder
        guard shown != self.url || width != self.width || height != self.height || preview != self.preview
        else { return }
        request?.cancel()
        request = nil
        previewRequest?.cancel()
        previewRequest = nil
        self.url = shown
        self.preview = preview
        if width != self.width || height != self.height {
            (self.width, self.height) = (width, height)
            picture.setSizeRequest(width: width, height: height)
        }
        picture.show(nil)
        if let preview, picture.isVisible {
            showPreview(preview)
        }
        guard let shown else { return }
        // Decoded to cover the box as laid out (a tile's may be wider than
        // asked; a new cell has its asked size), at the display's scale;
        // the picture crops what passes.
        let side = max(Int(width), picture.allocatedWidth, Int(height), decodeSide)
        let pixels = side * picture.scaleFactor
        request = images.load(shown, width: pixels, height: pixels, priority: priority) { [weak self] texture in
            guard let self, self.url == shown else { return }
            request = nil
            // A picture that can't be had leaves the placeholder (or preview).
            guard let texture else { return }
            previewRequest?.cancel()
            picture.show(texture)
        }
    }

    /// Lets go of the picture's download (the row was unbound: recycled or
    /// its item removed); a picture arriving later is dropped.
    func stopLoading() {
        request?.cancel()
        request = nil
        previewRequest?.cancel()
        previewRequest = nil
        url = nil
        preview = nil
    }

    /// Draws `preview` in the placeholder, small (32 pixels across, the
    /// box's shape), unless the picture itself comes first.
    private func showPreview(_ preview: Blurhash) {
        let across = 32
        let down = max(1, Int((Double(across) * Double(height) / Double(max(1, width))).rounded()))
        previewRequest = images.loadPreview(preview, width: across, height: down) { [weak self] texture in
            guard let self, self.preview == preview, picture.texture == nil else { return }
            picture.show(texture)
        }
    }
}
