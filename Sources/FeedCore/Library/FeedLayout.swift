/// How a window shows a feed: one item per row with its text, or a grid of
/// pictures for feeds that are mostly images. Remembered per feed in the
/// library.
public enum FeedLayout: String, Sendable, CaseIterable {
    case list
    case grid
}
