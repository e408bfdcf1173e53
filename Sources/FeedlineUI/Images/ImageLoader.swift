import FeedCore
import Foundation
import GtkKit

/// Images for rows: from memory when decoded before at that size, else
/// fetched (`ImageFetcher`: disk cache, then the network) and decoded off
/// the main thread at the size shown. The main thread only hands the
/// ready texture to a widget.
@MainActor
package final class ImageLoader {
    /// The app's: a disk cache of 100 MB under `$XDG_CACHE_HOME`, 64 MB of
    /// decoded pixels in memory, image bodies of at most 5 MB. Its HTTP
    /// client (a URLSession, some megabytes once started) is made at the
    /// first picture that needs it, so feeds without pictures never pay.
    package static let shared = ImageLoader(memoryBytes: 64 * 1024 * 1024) {
        ImageFetcher(http: HTTPClient(policy: HTTPPolicy(maxBodyBytes: 5 * 1024 * 1024, version: FeedlineApp.version)),
                     cache: ImageDiskCache(directory: ImageDiskCache.standardDirectory()))
    }

    private let makeFetcher: () -> ImageFetcher
    package private(set) lazy var fetcher = makeFetcher()
    package let textures: TextureCache
    /// Images decoded (every load the memory cache could not answer).
    package private(set) var decodes = 0
    /// Pictures being downloaded or decoded now (none: nothing to reprioritize).
    private(set) var loading = 0
    /// Why images failed, for the log (the row keeps its placeholder).
    package var onFailure: ((URL, String) -> Void)? = { url, reason in
        FileHandle.standardError.write(Data("feedline: image \(url.absoluteString): \(reason)\n".utf8))
    }

    init(memoryBytes: Int, makeFetcher: @escaping () -> ImageFetcher) {
        // Malloc set up for pictures before any is fetched or decoded.
        PictureMemory.prepare()
        self.makeFetcher = makeFetcher
        textures = TextureCache(maxBytes: memoryBytes)
    }

    convenience init(fetcher: ImageFetcher, memoryBytes: Int) {
        self.init(memoryBytes: memoryBytes) { fetcher }
    }

    /// Loads `url` to fit `width` × `height` device pixels and calls `done`
    /// with the texture (nil when it can't be had). Of the downloads waiting
    /// for a slot, those of higher `priority` go first. From memory, `done` runs
    /// before this returns and there is no task; otherwise cancelling the
    /// returned task drops the image (and the download, when no other row
    /// waits for it).
    @discardableResult
    func load(_ url: URL, width: Int, height: Int, priority: Int = 0,
              done: @escaping @MainActor (Texture?) -> Void) -> Task<Void, Never>? {
        let key = TextureCache.Key(url: url, width: width, height: height)
        if let texture = textures[key] {
            done(texture)
            return nil
        }
        let fetcher = fetcher
        return Task {
            loading += 1
            defer { loading -= 1 }
            let texture: Texture?
            do {
                let data = try await fetcher.data(for: url, priority: priority)
                try Task.checkCancellation()
                let decoded = try await Self.decode(data, width: width, height: height)
                decodes += 1
                switch decoded {
                case .success(let decoded): texture = decoded
                case .failure(let failure):
                    onFailure?(url, failure.description)
                    texture = nil
                }
            } catch is CancellationError {
                return
            } catch {
                onFailure?(url, "\(error)")
                texture = nil
            }
            if let texture { textures.insert(texture, for: key) }
            // Pictures stopped coming: their freed memory goes back.
            PictureMemory.noteActivity()
            guard !Task.isCancelled else { return }
            done(texture)
        }
    }

    /// The blurred preview a feed gives for an image (its blurhash), drawn
    /// off the main thread at `width` × `height` pixels (at most 64: the
    /// picture scales it up, which blurs it further) and kept with the
    /// decoded images. From memory, `done` runs before this returns.
    @discardableResult
    func loadPreview(_ blurhash: Blurhash, width: Int, height: Int,
                     done: @escaping @MainActor (Texture) -> Void) -> Task<Void, Never>? {
        let (width, height) = (min(width, Blurhash.maxSide), min(height, Blurhash.maxSide))
        let key = TextureCache.Key(source: "blurhash:" + blurhash.text, width: width, height: height)
        if let texture = textures[key] {
            done(texture)
            return nil
        }
        return Task {
            guard let texture = await Self.render(blurhash, width: width, height: height) else { return }
            textures.insert(texture, for: key)
            guard !Task.isCancelled else { return }
            done(texture)
        }
    }

    @concurrent
    private nonisolated static func render(_ blurhash: Blurhash, width: Int, height: Int) async -> Texture? {
        Texture.fromPixels(blurhash.pixels(width: width, height: height), width: width, height: height)
    }

    /// Moves a download still waiting for a slot up or down the queue (a
    /// row scrolled nearer or away): see `load`'s `priority`.
    func reprioritize(_ url: URL, to priority: Int) {
        let fetcher = fetcher
        Task { await fetcher.setPriority(priority, for: url) }
    }

    /// Decodes on the concurrent executor, never on the main thread; throws
    /// `CancellationError` when the row let go of the picture while the
    /// decode waited for a thread (rows scrolled past quickly leave many
    /// waiting).
    @concurrent
    private nonisolated static func decode(_ data: Data, width: Int, height: Int) async throws
        -> Result<Texture, ImageDecoder.Failure> {
        try Task.checkCancellation()
        return ImageDecoder.decode(data, fitting: width, height)
    }
}
