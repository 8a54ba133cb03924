/// Options of the HTML writer, mirroring libcmark-gfm's rendering options.
public struct HTMLWritingOptions: Sendable, Hashable, Codable {
    /// Pass raw HTML through and keep every link and image URL (`CMARK_OPT_UNSAFE`). Default
    /// `false`: raw HTML (inline and block) becomes `<!-- raw HTML omitted -->`, and `javascript:`,
    /// `vbscript:`, `file:` and `data:` URLs (except `data:image/png`, `gif`, `jpeg`, `webp`) are
    /// emptied — libcmark-gfm's safe default.
    public var unsafe: Bool
    /// In unsafe mode, apply GFM's tag filter (GFM §6.11): `<title>`, `<textarea>`, `<style>`,
    /// `<xmp>`, `<iframe>`, `<noembed>`, `<noframes>`, `<script>` and `<plaintext>` get their `<`
    /// escaped. Default `true` (the `tagfilter` extension is on by default).
    public var tagFilter: Bool
    /// How a soft line break is written. Default ``SoftBreak/newline``.
    public var softBreak: SoftBreak
    /// Write the rest of a fence's info string after the language as `data-meta`
    /// (`CMARK_OPT_FULL_INFO_STRING`). Default `false`.
    public var fullInfoString: Bool
    /// Write `<pre lang="x"><code>` instead of `<pre><code class="language-x">`
    /// (`CMARK_OPT_GITHUB_PRE_LANG`). Default `false`.
    public var githubPreLang: Bool
    /// Write table alignment as `style="text-align: …"` instead of `align="…"`
    /// (`CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES`). Default `false`.
    public var tablePreferStyleAttributes: Bool
    /// Give every heading an `id`: its anchor by GitHub's rule (`HeadingAnchor`, unique in the
    /// document), so `#anchor` links written for GitHub work. Default `false`: libcmark-gfm's
    /// `<h2>`, with no attribute.
    public var headingIDs: Bool
    /// Write GitHub alerts (``IntentModel/GitHubAlert``) as GitHub marks them up:
    /// `<div class="markdown-alert markdown-alert-note">`, a `<p class="markdown-alert-title">`
    /// with the title (`Note`), then the content. Default `false`: the block quote with its
    /// marker, byte for byte as libcmark-gfm writes it.
    public var gitHubAlerts: Bool

    /// How soft line breaks are written.
    public enum SoftBreak: String, Sendable, Hashable, Codable, CaseIterable {
        /// `"\n"` (libcmark-gfm's default).
        case newline
        /// `" "` (`CMARK_OPT_NOBREAKS`).
        case space
        /// `<br />` and a newline (`CMARK_OPT_HARDBREAKS`).
        case lineBreak
    }

    /// Creates options; each defaults as documented on its property.
    public init(
        unsafe: Bool = false, tagFilter: Bool = true, softBreak: SoftBreak = .newline, fullInfoString: Bool = false,
        githubPreLang: Bool = false, tablePreferStyleAttributes: Bool = false, headingIDs: Bool = false,
        gitHubAlerts: Bool = false
    ) {
        self.unsafe = unsafe
        self.tagFilter = tagFilter
        self.softBreak = softBreak
        self.fullInfoString = fullInfoString
        self.githubPreLang = githubPreLang
        self.tablePreferStyleAttributes = tablePreferStyleAttributes
        self.headingIDs = headingIDs
        self.gitHubAlerts = gitHubAlerts
    }

    private enum CodingKeys: String, CodingKey {
        case unsafe, tagFilter, softBreak, fullInfoString, githubPreLang, tablePreferStyleAttributes, headingIDs, gitHubAlerts
    }

    /// Decodes options from JSON; every key is optional and defaults as in
    /// ``init(unsafe:tagFilter:softBreak:fullInfoString:githubPreLang:tablePreferStyleAttributes:headingIDs:gitHubAlerts:)``.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a value of the wrong type or an unknown soft-break name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        unsafe = try container.decodeIfPresent(Bool.self, forKey: .unsafe) ?? unsafe
        tagFilter = try container.decodeIfPresent(Bool.self, forKey: .tagFilter) ?? tagFilter
        softBreak = try container.decodeIfPresent(SoftBreak.self, forKey: .softBreak) ?? softBreak
        fullInfoString = try container.decodeIfPresent(Bool.self, forKey: .fullInfoString) ?? fullInfoString
        githubPreLang = try container.decodeIfPresent(Bool.self, forKey: .githubPreLang) ?? githubPreLang
        tablePreferStyleAttributes =
            try container.decodeIfPresent(Bool.self, forKey: .tablePreferStyleAttributes) ?? tablePreferStyleAttributes
        headingIDs = try container.decodeIfPresent(Bool.self, forKey: .headingIDs) ?? headingIDs
        gitHubAlerts = try container.decodeIfPresent(Bool.self, forKey: .gitHubAlerts) ?? gitHubAlerts
    }

    /// The defaults: safe, tag filter on, soft breaks as newlines.
    public static let `default` = HTMLWritingOptions()
}
