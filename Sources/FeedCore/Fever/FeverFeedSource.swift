import Foundation

/// What a feed of a Fever account is as a source of its own: nothing. Its
/// items come through the account's sync (`FeverSync`, in the store); a
/// view that asks the feed itself for a page is told so.
struct FeverFeedSource: FeedSource {
    let displayName: String

    func nextPage(after cursor: PageCursor?) async throws -> FeedPage {
        throw FeedError("This feed's items come through its Fever account", kind: .other,
                        detail: "a Fever feed has no pages of its own")
    }
}
