@_exported import IntentEditing
@_exported import IntentLowering
// The umbrella module: `import IntentMark` brings the intent model and the Markdown parser.
@_exported import IntentModel
@_exported import IntentWriters
@_exported import MarkdownParsing
