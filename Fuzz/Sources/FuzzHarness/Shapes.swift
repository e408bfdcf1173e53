import Foundation

/// Hand-written shapes for the scaling probe: what a large or hostile
/// input to each parser has a lot of.
extension ScalingProbe {
    static func shapes(for target: FuzzTarget) -> [Shape] {
        let html = htmlShapes
        switch target {
        case .xml, .feed:
            let rss = #"<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><link>https://feeds.example/</link>"#
            let atom = #"<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>"#
            return [
                Shape("rss items", rss, #"<item><title>A &amp; B</title><link>https://feeds.example/1</link><description>&lt;p&gt;Hi &lt;b&gt;there&lt;/b&gt;&lt;/p&gt;</description><guid>g1</guid><pubDate>Sun, 06 Nov 1994 08:49:37 GMT</pubDate></item>"#, "</channel></rss>"),
                Shape("rss items, no guid", rss, #"<item><title>Same</title><description>x</description></item>"#, "</channel></rss>"),
                Shape("atom entries", atom, #"<entry><id>urn:x</id><title type="html">&lt;b&gt;T&lt;/b&gt;</title><updated>2024-01-01T00:00:00Z</updated><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>a <a href="/x">b</a></p></div></content><link rel="alternate" href="/e"/></entry>"#, "</feed>"),
                Shape("atom authorless entries", atom, "<entry><title>t</title></entry>", "</feed>"),
                Shape("nested elements", rss + "<item><description>", "<a>"),
                Shape("nested, closed", rss + "<item><description>", "<b>", "</b>"),
                Shape("long text with entities", rss + "<item><description>", "a &amp; b &#x41;&#66; &lt;p&gt; ", "</description></item></channel></rss>"),
                Shape("long CDATA", rss + "<item><description><![CDATA[", "<p>a & b</p> ", "]]></description></item></channel></rss>"),
                Shape("bare ampersands", rss + "<item><title>", "& ", "</title></item></channel></rss>"),
                Shape("unknown entities", rss + "<item><title>", "&nbsp;&hellip;", "</title></item></channel></rss>"),
                Shape("many attributes", #"<rss version="2.0"><channel "#, #"a="1" "#, "><title>T</title></channel></rss>"),
                Shape("many namespaces", #"<rss version="2.0"><channel "#, #"xmlns:a="urn:a" "#, "><title>T</title></channel></rss>"),
                Shape("comments", rss, "<!-- x -->", "</channel></rss>"),
                Shape("unclosed tags", rss + "<item>", "<title>x", "</channel></rss>"),
                Shape("stray close tags", rss, "</item>", "</channel></rss>"),
                Shape("html garbage", "", "<html><p>x<br>"),
                Shape("entity declarations", #"<?xml version="1.0"?><!DOCTYPE rss ["#, #"<!ENTITY e "x">"#, "]><rss><channel><title>&e;</title></channel></rss>"),
            ]
        case .jsonfeed:
            let feed = #"{"version":"https://jsonfeed.org/version/1.1","title":"T","home_page_url":"https://feeds.example/","items":["#
            return [
                Shape("items", feed, #"{"id":"1","url":"https://feeds.example/1","title":"A &amp; B","content_html":"<p>Hi <b>there</b></p>","date_published":"2024-01-01T10:00:00+02:00","authors":[{"name":"N"}]},"#, #"{"id":"z"}]}"#),
                Shape("items, same id", feed, #"{"id":"1","content_text":"x"},"#, #"{"id":"1"}]}"#),
                Shape("long html", feed + #"{"id":"1","content_html":""#, #"<p>a &amp; <i>b</i></p>"#, #""}]}"#),
                Shape("escapes", feed + #"{"id":"1","title":""#, #"\u00e9\n\"\\"#, #""}]}"#),
                Shape("nested arrays", feed + #"{"id":"1","x":"#, "[", ""),
                Shape("many keys", feed + #"{"id":"1""#, #","k":1"#, "}]}"),
            ]
        case .mastodon:
            let status = #"{"id":"1","created_at":"2024-03-01T12:00:00.000Z","url":"https://m.example/@a/1","content":"<p>Hi <a href=\"https://x.example/\">x</a> :blob:</p>","account":{"id":"1","acct":"a","display_name":"A :blob:","url":"https://m.example/@a","avatar":"https://m.example/a.png","emojis":[{"shortcode":"blob","url":"https://m.example/e.png"}]},"emojis":[{"shortcode":"blob","url":"https://m.example/e.png"}],"media_attachments":[{"type":"image","url":"https://m.example/1.png","blurhash":"LEHV6nWB2yk8pyo0adR*.7kCMdnj","meta":{"original":{"width":640,"height":480}}}],"poll":{"id":"p","options":[{"title":"a","votes_count":1},{"title":"b","votes_count":2}],"votes_count":3,"expired":false}},"#
            return [
                Shape("statuses", "[", status, "{}]"),
                Shape("long content", #"[{"id":"1","content":""#, #"<p>a <span class=\"invisible\">b</span> :x: &amp;</p>"#, #""}]"#),
                Shape("many emoji", #"[{"id":"1","content":"<p>:e:</p>","emojis":["#, #"{"shortcode":"e","url":"https://m.example/e.png"},"#, "{}]}]"),
                Shape("emoji-dense name", #"[{"id":"1","account":{"acct":"a","display_name":""#, ":e::f: ", #"","emojis":[{"shortcode":"e","url":"https://m.example/e.png"}]}}]"#),
                Shape("many attachments", #"[{"id":"1","media_attachments":["#, #"{"type":"video","url":"https://m.example/v.mp4","meta":{"original":{"duration":42.5}}},"#, "{}]}]"),
                Shape("many poll options", #"[{"id":"1","poll":{"votes_count":5,"options":["#, #"{"title":"x","votes_count":1},"#, "{}]}}]"),
                Shape("unreadable statuses", "[", #"{"content":"x"},null,7,"#, #"{"id":"1"}]"#),
            ]
        case .github:
            return [
                Shape("repositories", #"{"total_count":1000,"incomplete_results":false,"items":["#, #"{"id":1,"full_name":"a/b","html_url":"https://github.com/a/b","description":"A <b>thing</b>","stargazers_count":5,"language":"Swift","updated_at":"2024-01-01T00:00:00Z","owner":{"login":"a","avatar_url":"https://avatars.example/a"}},"#, "{}]}"),
                Shape("long description", #"{"items":[{"id":1,"full_name":"a/b","html_url":"https://github.com/a/b","description":""#, "word &amp; ", #""}]}"#),
            ]
        case .hackernews:
            return [
                Shape("hits", #"{"page":0,"nbPages":50,"hits":["#, #"{"objectID":"1","title":"T","url":"https://www.example.com/x","author":"a","points":3,"num_comments":4,"created_at_i":1700000000,"story_text":"<p>x &amp; y</p>"},"#, "{}]}"),
                Shape("long story text", #"{"hits":[{"objectID":"1","title":"T","story_text":""#, "<p>a &amp; <i>b</i>", #""}]}"#),
            ]
        case .plaintext, .richtext:
            return html
        case .linkheader:
            return [
                Shape("links", "", #"<https://social.example/api?max_id=1>; rel="next", "#),
                Shape("many rels", #"<https://a.example/>; rel=""#, "next ", #"""#),
                Shape("malformed links", "", #"junk; rel="next" "quoted, ", "#),
                Shape("unclosed bracket", "<", "https://a.example/,;"),
                Shape("many parameters", "<https://a.example/>", #"; a="b""#),
                Shape("backslashes", #"<https://a.example/>; rel=""#, #"\\"#, #"""#),
            ]
        case .dates:
            return [
                Shape("spaces", "Sun, 06 Nov 1994 08:49:37 GMT", " "),
                Shape("digits", "2024-01-01T00:00:00.", "1", "Z"),
                Shape("words", "", "Sunday "),
                Shape("commas", "", ", "),
            ]
        case .blurhash:
            return [Shape("long text", "", "LEHV6nWB2yk8pyo0adR*.7kCMdnj")]
        case .ratelimit:
            return [
                Shape("long retry-after", "", "1"),
                Shape("spaces in retry-after", "", " ", "Sun, 06 Nov 1994 08:49:37 GMT"),
                Shape("long reset", "\n0\n", "9"),
                Shape("tokens", "", "a "),
            ]
        }
    }

    static var htmlShapes: [Shape] {
        [
            Shape("paragraphs", "", "<p>Hello <b>bold</b> and <a href=\"https://x.example/a\">a link</a> &amp; more.</p>"),
            Shape("text", "", "word "),
            Shape("entities", "", "&amp;&lt;&#x41;&#66;&nbsp;&hellip;"),
            Shape("bare ampersands", "", "& "),
            Shape("unterminated entity", "", "&amp"),
            Shape("nested", "", "<div>"),
            Shape("nested lists", "", "<ul><li>x"),
            Shape("nested quotes", "", "<blockquote>"),
            Shape("closed nesting", "", "<b><i>", "x"),
            Shape("stray closes", "", "</p></div>"),
            Shape("unclosed tag", "<a href=\"", "x"),
            Shape("unclosed comment", "<!--", "x "),
            Shape("comments", "", "<!-- c -->x"),
            Shape("open script", "<script>", "<p>x</p>"),
            Shape("lt signs", "", "< "),
            Shape("many attributes", "<p ", "a=\"1\" ", ">x"),
            Shape("pictures", "", "<img src=\"https://x.example/i.png\" alt=\"i\">"),
            Shape("table cells", "<table><tr>", "<td>x</td>"),
            Shape("breaks", "", "<br>"),
            Shape("pre", "<pre>", "x\n  y\n"),
            Shape("whitespace", "a", " \n\t"),
            Shape("zero-width", "", "a\u{200B}\u{200D}"),
            Shape("mastodon spans", "", "<a href=\"https://x.example/\"><span class=\"invisible\">https://</span><span class=\"ellipsis\">x</span></a>"),
        ]
    }
}
