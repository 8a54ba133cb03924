// The umbrella module: `import IntentMark` brings the intent model and the Markdown parser.
@_exported import IntentModel
@_exported import MarkdownParsing
@_exported import IntentWriters
@_exported import IntentLowering
@_exported import IntentEditing
