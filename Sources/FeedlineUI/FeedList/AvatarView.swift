import Foundation
import GtkKit

/// The author's picture in a row: a small round placeholder the size of
/// the picture from the moment the row is bound, the picture once it is
/// here. A recycled row never shows the previous item's picture: binding
/// clears it at once, and a picture that arrives for an address the row no
/// longer shows is dropped.
@MainActor
final class AvatarView {
    static let size: Int32 = 20
    let picture = Picture(width: size, height: size)
    private let images: ImageLoader
    /// The address the row shows now.
    private(set) var url: URL?
    private var request: Task<Void, Never>?

    init(images: ImageLoader) {
        self.images = images
        picture.addCSSClass("feed-avatar")
        picture.isVisible = false
    }

    /// Shows the picture at `url`, or nothing at all for nil.
    func show(_ url: URL?) {
        guard url != self.url else { return }
        request?.cancel()
        request = nil
        self.url = url
        picture.show(nil)
        picture.isVisible = url != nil
        guard let url else { return }
        let pixels = Int(Self.size) * picture.scaleFactor
        request = images.load(url, width: pixels, height: pixels) { [weak self] texture in
            guard let self, self.url == url else { return }
            picture.show(texture)
        }
    }
}
