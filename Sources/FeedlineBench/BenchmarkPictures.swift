import FeedlineUI
import FeedCore
import GtkKit
import Foundation

/// The pictures of the image benchmark, as a server sends them: for each
/// of `SyntheticFeedSource.photoSizes`, a photo-like JPEG of that size
/// (a landscape with sky, sun, hills and grain, about 100 KB, as a camera
/// photo of that size is at quality 85), served at every item's own
/// address (`/photos/N.jpg` is photo N % count), so each row is a real
/// download and decode; and one 96 × 96 PNG avatar per author
/// (`/avatars/K.png`). Made once, in memory, before anything is timed.
public final class BenchmarkPictures: Sendable {
    /// One picture's bytes and the headers it is sent with.
    public struct File: Sendable {
        public let data: Data
        /// Content-Type, Cache-Control (a week: the disk cache keeps it)
        /// and an ETag.
        public let headers: [String: String]
    }

    public let photos: [File]
    public let avatars: [File]

    /// `png` makes a `size` × `size` PNG of one colour (the tests'
    /// `TestImages.png`, which `feedline-bench` hands over).
    init(png: (_ size: Int, _ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Data) {
        photos = SyntheticFeedSource.photoSizes.enumerated().map { index, size in
            let width = Int(size.width), height = Int(size.height)
            let pixels = Landscape.paint(width: width, height: height, seed: UInt64(index + 1))
            return File(data: ImageEncoder.jpeg(rgb: pixels, width: width, height: height, quality: 85) ?? Data(),
                        headers: Self.headers(type: "image/jpeg", etag: "photo-\(index)"))
        }
        avatars = (0..<SyntheticFeedSource.authorCount).map { index in
            // A colour of its own for each author, on a wheel.
            let hue = Double(index) / Double(SyntheticFeedSource.authorCount)
            let (red, green, blue) = Landscape.rgb(hue: hue, saturation: 0.55, value: 0.8)
            return File(data: png(96, red, green, blue), headers: Self.headers(type: "image/png", etag: "avatar-\(index)"))
        }
    }

    private static func headers(type: String, etag: String) -> [String: String] {
        ["Content-Type": type, "Cache-Control": "public, max-age=604800", "ETag": "\"\(etag)\""]
    }

    /// The picture at `path` ("/photos/12.jpg", "/avatars/3.png"), nil for
    /// any other.
    public func file(at path: String) -> File? {
        let parts = path.split(separator: "/")
        guard parts.count == 2 else { return nil }
        switch (parts[0], parts[1]) {
        case ("photos", let name) where name.hasSuffix(".jpg"):
            guard let index = Int(name.dropLast(4)), index >= 0 else { return nil }
            return photos[index % photos.count]
        case ("avatars", let name) where name.hasSuffix(".png"):
            guard let index = Int(name.dropLast(4)), avatars.indices.contains(index) else { return nil }
            return avatars[index]
        default:
            return nil
        }
    }

    /// For the report.
    var json: [String: Any] {
        [
            "photos": photos.count,
            "photo_sizes": SyntheticFeedSource.photoSizes.map { "\($0.width)x\($0.height)" },
            "photo_kb": photos.map { Double($0.data.count) / 1024 },
            "avatars": avatars.count,
            "avatar_kb": Double(avatars.first?.data.count ?? 0) / 1024,
        ]
    }
}
