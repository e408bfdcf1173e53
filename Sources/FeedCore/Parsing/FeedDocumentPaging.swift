/// Cutting a whole document into pages, for sources that fetch or read a
/// document at once and hand it out page by page.
extension FeedDocument {
    /// The items of the page that starts at `offset`, and where the next
    /// one starts (nil when this page reaches the document's end).
    public func page(from offset: Int, size: Int) -> (items: [FeedItem], nextOffset: Int?) {
        let start = min(max(offset, 0), items.count)
        let end = min(start + size, items.count)
        return (Array(items[start..<end]), end < items.count ? end : nil)
    }
}
