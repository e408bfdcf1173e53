import Foundation
import Loopback

/// A page of Mastodon statuses written for Feedline's tests, shaped like
/// `GET /api/v1/timelines/public`: a poll with a described picture and
/// custom emoji in the name and the text, sensitive video, audio without
/// a preview, a GIF-video, polls with hidden results and closed, and a
/// status full of bad input. Picture addresses are paths on `base` (the
/// test's loopback server); the poll ends three hours after `now`.
public enum MastodonPosts {
    /// The statuses' ids, in order.
    public static let ids = ["poll", "sensitive-video", "audio", "gifv", "hidden-poll", "closed-poll", "hostile"]

    public static func timeline(base: URL, now: Date = Date()) -> Data {
        let formatter = ISO8601DateFormatter()
        let posted = formatter.string(from: now.addingTimeInterval(-2 * 3600))
        let endsInThreeHours = formatter.string(from: now.addingTimeInterval(3 * 3600 + 30))
        let ended = formatter.string(from: now.addingTimeInterval(-3600))
        let host = base.absoluteString
        let json = """
        [
          {
            "id": "poll", "created_at": "\(posted)", "url": "https://social.example/@ana/poll",
            "uri": "https://social.example/users/ana/statuses/poll",
            "content": "<p>Which desktop do you run today? :blobcat: Tell me below :party_parrot:</p>",
            "spoiler_text": "", "sensitive": false,
            "account": {"id": "1", "acct": "ana", "username": "ana", "display_name": "Ana :verified_cat:",
                        "avatar": "\(host)/avatars/ana.png",
                        "emojis": [{"shortcode": "verified_cat", "url": "\(host)/emoji/verified_cat.gif",
                                    "static_url": "\(host)/emoji/verified_cat.png", "visible_in_picker": true}]},
            "media_attachments": [
              {"id": "10", "type": "image", "url": "\(host)/media/desk.png", "preview_url": "\(host)/media/desk-small.png",
               "description": "A laptop on a kitchen table, showing a desktop with a blue wallpaper",
               "blurhash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
               "meta": {"original": {"width": 1600, "height": 1200}, "small": {"width": 400, "height": 300}}}
            ],
            "poll": {"id": "p1", "expires_at": "\(endsInThreeHours)", "expired": false, "multiple": false,
                     "votes_count": 240, "voters_count": 240,
                     "options": [{"title": "GNOME", "votes_count": 120}, {"title": "KDE Plasma", "votes_count": 80},
                                 {"title": "Something else :blobcat:", "votes_count": 40}],
                     "emojis": []},
            "emojis": [{"shortcode": "blobcat", "url": "\(host)/emoji/blobcat.png", "static_url": "\(host)/emoji/blobcat.png",
                        "visible_in_picker": true},
                       {"shortcode": "party_parrot", "url": "\(host)/emoji/parrot.gif",
                        "static_url": "\(host)/emoji/parrot.png", "visible_in_picker": true},
                       {"shortcode": "unused", "url": "\(host)/emoji/unused.png", "static_url": "\(host)/emoji/unused.png"}],
            "reblog": null, "card": null
          },
          {
            "id": "sensitive-video", "created_at": "\(posted)", "url": "https://social.example/@bo/video",
            "content": "<p>Our cat meets the vacuum cleaner</p>", "spoiler_text": "", "sensitive": true,
            "account": {"id": "2", "acct": "bo@other.example", "display_name": "Bo", "avatar": "\(host)/avatars/bo.png",
                        "emojis": []},
            "media_attachments": [
              {"id": "20", "type": "video", "url": "\(host)/media/cat.mp4", "preview_url": "\(host)/media/cat-still.png",
               "description": null, "blurhash": "LKO2?U%2Tw=w]~RBVZRi};RPxuwH",
               "meta": {"original": {"width": 1280, "height": 720, "duration": 42.5, "frame_rate": "30/1"},
                        "small": {"width": 400, "height": 225}}}
            ],
            "poll": null, "emojis": [], "reblog": null
          },
          {
            "id": "audio", "created_at": "\(posted)", "url": "https://social.example/@cy/audio",
            "content": "<p>New track, recorded in one take</p>", "spoiler_text": "", "sensitive": false,
            "account": {"id": "3", "acct": "cy", "display_name": "Cy", "avatar": null},
            "media_attachments": [
              {"id": "30", "type": "audio", "url": "\(host)/media/take.mp3", "preview_url": null,
               "description": "Guitar and humming", "blurhash": null,
               "meta": {"original": {"duration": 3723.4, "bitrate": 128000}}}
            ],
            "poll": null, "emojis": []
          },
          {
            "id": "gifv", "created_at": "\(posted)", "url": "https://social.example/@ana/gifv",
            "content": "<p>Spinning</p>", "spoiler_text": "", "sensitive": false,
            "account": {"id": "1", "acct": "ana", "display_name": "Ana", "avatar": null},
            "media_attachments": [
              {"id": "40", "type": "gifv", "url": "\(host)/media/spin.mp4", "preview_url": "\(host)/media/spin.png",
               "meta": {"small": {"width": 320, "height": 320}}}
            ]
          },
          {
            "id": "hidden-poll", "created_at": "\(posted)", "url": "https://social.example/@dee/hidden",
            "content": "<p>Pick any (results when it ends)</p>", "spoiler_text": "",
            "account": {"id": "4", "acct": "dee", "display_name": "Dee"},
            "poll": {"id": "p2", "expires_at": "\(endsInThreeHours)", "expired": false, "multiple": true,
                     "votes_count": 31, "voters_count": 17,
                     "options": [{"title": "Tea", "votes_count": null}, {"title": "Coffee", "votes_count": null}]}
          },
          {
            "id": "closed-poll", "created_at": "\(posted)", "url": "https://social.example/@dee/closed",
            "content": "<p>Several at once</p>", "spoiler_text": "",
            "account": {"id": "4", "acct": "dee", "display_name": "Dee"},
            "poll": {"id": "p3", "expires_at": "\(ended)", "expired": true, "multiple": true,
                     "votes_count": 30, "voters_count": 20,
                     "options": [{"title": "Bikes", "votes_count": 15}, {"title": "Trains", "votes_count": 15},
                                 {"title": "Cars", "votes_count": 0}]}
          },
          {
            "id": "hostile", "created_at": "\(posted)", "url": "https://social.example/@eve/hostile",
            "content": "<p>:nourl: :bad-code: :ok: ::: :\(String(repeating: "x", count: 80)): \(String(repeating: ":many: ", count: 300))</p>",
            "spoiler_text": "", "sensitive": true,
            "account": {"id": "5", "acct": "eve", "display_name": ":ok:", "emojis": "not a list"},
            "media_attachments": [{"id": "50", "type": "unknown", "url": "\(host)/media/thing.bin"}, {"type": 7}],
            "poll": {"id": "p4", "options": [], "votes_count": -5},
            "emojis": [{"shortcode": "nourl"}, {"shortcode": "bad-code", "static_url": "\(host)/emoji/bad.png"},
                       {"shortcode": "ok", "static_url": "javascript:alert(1)"},
                       {"shortcode": "many", "static_url": "\(host)/emoji/many.png"}, 42]
          }
        ]
        """
        return Data(json.utf8)
    }

    /// A poll whose counts are negative and whose end is not a date.
    public static let oddPoll = Data("""
        [{"id": "odd", "content": "<p>odd</p>",
          "poll": {"expires_at": "soon", "expired": "no", "votes_count": -3,
                   "options": [{"title": "A", "votes_count": -2}, {"title": null, "votes_count": 4}, "C"]}}]
        """.utf8)
}

extension MastodonPosts {
    /// A Mastodon server on 127.0.0.1 with `timeline` at
    /// `/api/v1/timelines/public` (no next page) and a picture at every
    /// other path: custom emoji 48 × 48, the rest 400 × 300.
    public static func server(now: Date = Date()) throws -> LoopbackServer {
        try LoopbackServer { request in
            if request.path.hasPrefix("/api/") {
                let port = request.header("host")?.split(separator: ":").last ?? "80"
                let base = URL(string: "http://127.0.0.1:\(port)")!
                return .init(headers: ["Content-Type": "application/json"], body: timeline(base: base, now: now))
            }
            let side = request.path.hasPrefix("/emoji/") ? (48, 48) : (400, 300)
            return .init(headers: ["Content-Type": "image/png", "Cache-Control": "max-age=3600"],
                         body: TestImages.png(width: side.0, height: side.1, red: 60, green: 120, blue: 200))
        }
    }
}
