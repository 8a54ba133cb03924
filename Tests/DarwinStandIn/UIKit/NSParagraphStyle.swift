import Foundation

/// https://developer.apple.com/documentation/uikit/nsunderlinestyle
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    /// https://developer.apple.com/documentation/uikit/nsunderlinestyle/init(rawvalue:)
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/uikit/nsunderlinestyle/rawvalue
    public var rawValue: Int
}

/// https://developer.apple.com/documentation/uikit/nstextalignment
public enum NSTextAlignment: Int, Sendable {
    /// https://developer.apple.com/documentation/uikit/nstextalignment/left
    case left = 0
    /// https://developer.apple.com/documentation/uikit/nstextalignment/center
    case center = 1
    /// https://developer.apple.com/documentation/uikit/nstextalignment/right
    case right = 2
    /// https://developer.apple.com/documentation/uikit/nstextalignment/justified
    case justified = 3
    /// https://developer.apple.com/documentation/uikit/nstextalignment/natural
    case natural = 4
}

/// https://developer.apple.com/documentation/uikit/nswritingdirection
public enum NSWritingDirection: Int, Sendable {
    /// https://developer.apple.com/documentation/uikit/nswritingdirection/natural
    case natural = -1
    /// https://developer.apple.com/documentation/uikit/nswritingdirection/lefttoright
    case leftToRight = 0
    /// https://developer.apple.com/documentation/uikit/nswritingdirection/righttoleft
    case rightToLeft = 1
}

/// https://developer.apple.com/documentation/uikit/nsparagraphstyle
open class NSParagraphStyle: NSObject, @unchecked Sendable {}

/// https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    /// https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle/alignment
    open var alignment: NSTextAlignment = .natural
    /// https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle/headindent
    open var headIndent: CGFloat = 0
    /// https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle/firstlineheadindent
    open var firstLineHeadIndent: CGFloat = 0
    /// https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle/tailindent
    open var tailIndent: CGFloat = 0
    /// https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle/paragraphspacingbefore
    open var paragraphSpacingBefore: CGFloat = 0
    /// https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle/paragraphspacing
    open var paragraphSpacing: CGFloat = 0
    /// https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle/lineheightmultiple
    open var lineHeightMultiple: CGFloat = 0
    /// https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle/basewritingdirection
    open var baseWritingDirection: NSWritingDirection = .natural
    /// https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle/textlists
    open var textLists: [NSTextList] = []
}
