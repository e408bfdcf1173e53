import Foundation
import GtkKit

/// A picture in a row (the author's, the item's): a placeholder of the
/// picture's size from the moment the row is bound, the picture once it is
/// here. A recycled row never shows the previous item's picture: binding
/// clears it at once, and a picture that arrives for an address the row no
/// longer shows is dropped.
@MainActor
final class RowPicture {
    let picture: Picture
    private let images: ImageLoader
    /// The address the row shows now.
    private(set) var url: URL?
    /// Its size in logical pixels.
    private(set) var width: Int32
    private(set) var height: Int32
    private var request: Task<Void, Never>?

    init(images: ImageLoader, width: Int32, height: Int32, cssClass: String) {
        self.images = images
        self.width = width
        self.height = height
        picture = Picture(width: width, height: height)
        picture.addCSSClass(cssClass)
        picture.isVisible = false
    }

    /// Shows the picture at `url` in a box of `width` × `height` (the size
    /// so far when nil), or nothing at all for a nil `url`.
    func show(_ url: URL?, width: Int32? = nil, height: Int32? = nil) {
        let (width, height) = (width ?? self.width, height ?? self.height)
        guard url != self.url || width != self.width || height != self.height else { return }
        request?.cancel()
        request = nil
        self.url = url
        if width != self.width || height != self.height {
            (self.width, self.height) = (width, height)
            picture.setSizeRequest(width: width, height: height)
        }
        picture.show(nil)
        picture.isVisible = url != nil
        guard let url else { return }
        // Decoded to cover the box (it crops what passes), at the display's
        // scale.
        let pixels = Int(max(width, height)) * picture.scaleFactor
        request = images.load(url, width: pixels, height: pixels) { [weak self] texture in
            guard let self, self.url == url else { return }
            picture.show(texture)
        }
    }
}
