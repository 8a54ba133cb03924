import Foundation

/// https://developer.apple.com/documentation/appkit/nsunderlinestyle
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    /// https://developer.apple.com/documentation/appkit/nsunderlinestyle/init(rawvalue:)
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/appkit/nsunderlinestyle/rawvalue
    public var rawValue: Int
}

/// https://developer.apple.com/documentation/appkit/nstextalignment
public enum NSTextAlignment: Int, Sendable {
    /// https://developer.apple.com/documentation/appkit/nstextalignment/left
    case left = 0
    /// https://developer.apple.com/documentation/appkit/nstextalignment/right
    case right = 1
    /// https://developer.apple.com/documentation/appkit/nstextalignment/center
    case center = 2
    /// https://developer.apple.com/documentation/appkit/nstextalignment/justified
    case justified = 3
    /// https://developer.apple.com/documentation/appkit/nstextalignment/natural
    case natural = 4
}

/// https://developer.apple.com/documentation/appkit/nswritingdirection
public enum NSWritingDirection: Int, Sendable {
    /// https://developer.apple.com/documentation/appkit/nswritingdirection/natural
    case natural = -1
    /// https://developer.apple.com/documentation/appkit/nswritingdirection/lefttoright
    case leftToRight = 0
    /// https://developer.apple.com/documentation/appkit/nswritingdirection/righttoleft
    case rightToLeft = 1
}

/// https://developer.apple.com/documentation/appkit/nsparagraphstyle
open class NSParagraphStyle: NSObject, @unchecked Sendable {}

/// https://developer.apple.com/documentation/appkit/nsmutableparagraphstyle
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    /// https://developer.apple.com/documentation/appkit/nsmutableparagraphstyle/alignment
    open var alignment: NSTextAlignment = .natural
    /// https://developer.apple.com/documentation/appkit/nsmutableparagraphstyle/headindent
    open var headIndent: CGFloat = 0
    /// https://developer.apple.com/documentation/appkit/nsmutableparagraphstyle/firstlineheadindent
    open var firstLineHeadIndent: CGFloat = 0
    /// https://developer.apple.com/documentation/appkit/nsmutableparagraphstyle/tailindent
    open var tailIndent: CGFloat = 0
    /// https://developer.apple.com/documentation/appkit/nsmutableparagraphstyle/paragraphspacingbefore
    open var paragraphSpacingBefore: CGFloat = 0
    /// https://developer.apple.com/documentation/appkit/nsmutableparagraphstyle/paragraphspacing
    open var paragraphSpacing: CGFloat = 0
    /// https://developer.apple.com/documentation/appkit/nsmutableparagraphstyle/lineheightmultiple
    open var lineHeightMultiple: CGFloat = 0
    /// https://developer.apple.com/documentation/appkit/nsmutableparagraphstyle/basewritingdirection
    open var baseWritingDirection: NSWritingDirection = .natural
    /// https://developer.apple.com/documentation/appkit/nsmutableparagraphstyle/textlists
    open var textLists: [NSTextList] = []
    /// https://developer.apple.com/documentation/appkit/nsmutableparagraphstyle/textblocks
    open var textBlocks: [NSTextBlock] = []
}
