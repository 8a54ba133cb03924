import IntentMark

/// The text `intentmark --help` and `intentmark convert --help` print.
enum HelpText {
    static let main = """
        intentmark — Markdown to intent-tagged documents (IntentMark)

        USAGE
          intentmark                        convert the bundled document (\(EmbeddedDocument.path)) and
                                            print its run dump (reads standard input instead when it is
                                            not a terminal)
          intentmark [convert] [FILE…|-] [-t FORMAT] [-f FORMAT] [OPTIONS]
          intentmark [convert] DIR|FILE… -o OUTDIR -t FORMAT [-j N] [OPTIONS]
          intentmark show [FILE|-] [--width N] [--color auto|always|never]
          intentmark apply DOC EDITS.json [--to FORMAT] [-o FILE] [OPTIONS]
          intentmark toc [FILE|-] [-o FILE] [PARSING OPTIONS]
          intentmark bench [FILE…] [--json] [--runs N]
          intentmark --help | --version

        COMMANDS
          convert     parse Markdown and write the intent document
          show        render Markdown for the terminal (styled on a terminal, plain into a pipe)
          apply       replay an edit script (replacements, as an editor and a rewrite tool make
                      them) on DOC and write the result (Markdown by default)
          toc         print the table of contents: a Markdown list of links to the headings'
                      anchors (GitHub's rule; 'convert --to html --heading-ids' writes them)
          bench       time every conversion of FILEs (default: the bundled document) against
                      libcmark-gfm in the same run

        Run 'intentmark convert --help', 'intentmark show --help' and 'intentmark apply --help'
        for the options.
        Exit status: 0 success (also when standard output is closed early, as by '| head'),
        1 input that cannot be converted or output that cannot be written, 64 bad usage.

        """

    static let toc = """
        USAGE
          intentmark toc [FILE|-] [-o FILE] [PARSING OPTIONS]

        Prints the table of contents of FILE (or standard input): a Markdown list with one link per
        heading, nested by level, each to the heading's anchor by GitHub's rule (lowercase,
        punctuation removed, spaces to hyphens; a repeated anchor gets -1, -2, …). The anchors are
        the ids 'intentmark convert --to html --heading-ids' writes, and those GitHub gives.
        The parsing options are those of 'intentmark convert --help'.

        """

    static let bench = """
        USAGE
          intentmark bench [FILE…] [--json] [--runs N]

        Times each stage (parse in both layouts, HTML, plain text, rich text, AttributedString round trip) on
        each FILE (default: the bundled document) and, in the same run, libcmark-gfm parsing it and
        rendering HTML. Throughput is MB/s of Markdown input (1 MB = 10^6 bytes), the median of N
        timed runs (default 5) after a warm-up; ratioToParse divides a stage's throughput by
        libcmark-gfm's parse throughput. Peak memory is each task run once in a fresh child
        process: the kernel's high-water mark above the child's resident set just before the
        task (what the task adds to its loaded input). Progress goes to standard error.

        OPTIONS
          --json       one JSON object per input (an array for several): input, bytes, runs,
                       stages [{name, mbPerSecond, seconds, peakBytes, ratioToParse}],
                       baseline {parseMBPerSecond, parseAndHTMLMBPerSecond, htmlMBPerSecond, …}
          --runs N     timed runs per stage, 1–1000 (default 5)
          -h, --help   show this help

        Build with -c release for meaningful figures: swift run -c release intentmark bench FILE

        """

    static let apply = """
        USAGE
          intentmark apply DOC EDITS.json [--to FORMAT] [-o FILE] [OPTIONS]

        Reads DOC (Markdown; the JSON document form when its name ends in .json; '-' for
        standard input), applies the replacements of EDITS.json in order, as an editor's
        session applies a rewrite tool's proposals, and writes the result — Markdown unless
        --to says otherwise. When any replacement cannot be applied, nothing is written and the
        message names the replacement's index and why (exit status 1).

        EDITS.json is a list of replacements, or {"contexts": […], "replacements": […]}:
          {"range": {"location": L, "length": N}, "markdown": "…"}   (or "text", or "document":
              the JSON document form; optional "context": a context's name, and "reason":
              "interactive" or "noninteractive")
          {"name": "intro", "scope": "userSelection"|"fullDocument"|"visibleArea",
           "selection": {"location": L, "length": N}}                 (a context)
        Ranges count UTF-16 units of the editor's text, where every paragraph ends with one line
        feed ('intentmark convert DOC --to runs' shows it): of the document as it is when the
        replacement applies, or of a context's text as the context was made. A proposal that is
        one paragraph is inline text; one with blocks of its own keeps them.
        Example: intentmark apply Fixtures/Editing/trip-notes.md Fixtures/Editing/rewrite-session.json
        (a script's ranges are those of the document it was recorded on).

        OPTIONS
          --to FORMAT, -o FILE, --style, --result-options, --width, --color and the parsing
          options work as for 'intentmark convert' (see 'intentmark convert --help').
          -h, --help   show this help

        """

    static let show = """
        USAGE
          intentmark show [FILE|-] [--width N] [--color auto|always|never] [PARSING OPTIONS]

        Reads FILE, or standard input when FILE is '-' or absent (and standard input is not a
        terminal), and renders it for the terminal: headers, emphasis, code and links styled
        (links as OSC 8 hyperlinks), lists with markers, quotes with bars, tables with box
        drawing, text wrapped to the width. Escape sequences are written only when standard
        output is a terminal and NO_COLOR is unset or empty, so '| less' gets plain text with the
        same layout.

        OPTIONS
          --width N                 wrap to N columns (default: COLUMNS, else the terminal
                                    window's width, else 80)
          --color auto|always|never escape sequences (SGR styles, OSC 8 links); default auto
          -h, --help                show this help

        The parsing options of 'intentmark convert' apply too (--extensions, --layout, --syntax,
        --smart, --extended-attributes, --raw-formatting-tags, --source-positions, --repair-utf8,
        --base-url, --language, --unlimited).

        """

    static var convert: String {
        let formats = OutputFormat.allCases.map { "  \($0.rawValue.padding(12))\($0.summary)" }.joined(separator: "\n")
        let extensions = MarkdownExtensions.named.map(\.name).joined(separator: ",")
        let layouts = BlockSeparation.allCases.map(\.rawValue).joined(separator: "|")
        let syntaxes = MarkdownParsingOptions.InterpretedSyntax.allCases.map(\.name).joined(separator: "|")
        return """
            USAGE
              intentmark convert [FILE…|-] [-t FORMAT] [OPTIONS]
              intentmark convert DIR|FILE… -o OUTDIR -t FORMAT [-j N] [OPTIONS]
              intentmark FILE… [-t FORMAT] [OPTIONS]        (the same: convert is the default command)

            Reads FILE, or standard input when FILE is '-' or absent (and standard input is not a
            terminal), and writes the converted document to standard output (or -o FILE). Several
            FILEs are read as one document, as pandoc reads them: Markdown joined by a blank line
            (links stay as written unless --base-url is given), JSON documents appended. With -o DIRECTORY
            the FILEs and the Markdown in folders are converted one by one, on every core:
              intentmark convert docs/ -o site/ -t html

            An option that does not apply to the chosen output (--width and --color: terminal;
            --unsafe, --heading-ids: html; --style: rtf; --result-options: json, runs, markdown) or input (the
            parsing options with -f json) is a usage error, not silently ignored.

            OUTPUT FORMATS (-t/--to; without it, from the -o file's extension: .md .html .json .txt
            .rtf; else runs). Aliases: md, gfm, commonmark (markdown); txt, text (plain); htm (html).
            \(formats)

            OPTIONS
              -t, --to FORMAT           output format (above)
              -o, --output FILE         write to FILE instead of standard output (a regular file only:
                                        links, devices and pipes are refused; FILE is replaced whole,
                                        never left half-written); the extension must name a format
                                        (or give -t)
              -o, --output DIRECTORY    convert each input into DIRECTORY instead (when it exists,
                                        ends in '/', or an input is a folder; needs -t): FILE.md
                                        becomes DIRECTORY/FILE.EXT, a folder's Markdown files (.md,
                                        .markdown, .mdown, .mdwn, .mkd, .mkdn, .mkdown; .json with
                                        -f json) keep their layout under it; hidden names skipped.
                                        Progress on a terminal, a summary on standard error; a file
                                        that fails is named and the rest convert (exit status 1)
              -j, --jobs N              files converted at once into a DIRECTORY (default: the
                                        active cores); a large file is still parsed and
                                        written in pieces on every core
              -f, --from markdown|json  input format (default markdown; md, gfm, commonmark too);
                                        json reads the document form --to json writes
              -e, --extension NAME      enable one GFM extension, as cmark-gfm's -e: the first -e
                                        replaces the default set (repeat for more)
              --extensions LIST         GFM extensions, comma-separated (default: all six:
                                        \(extensions)); '' for pure CommonMark
              --layout \(layouts)     where blocks live in the text (default newlines)
              --smart                   smart punctuation (curly quotes, dashes, ellipses)
              --result-options LIST     json/runs/markdown: lower first, to plainText, richText, list, table
                                        or presentationIntent (comma-separated)
              --style default|github|FILE
                                        style sheet for rtf, and for json/runs/markdown with
                                        --result-options (FILE: a JSON StyleSheet; unknown keys
                                        are errors)
              --width N                 terminal: wrap to N columns (default: COLUMNS, else the
                                        terminal window's width, else 80)
              --color auto|always|never terminal: escape sequences (default auto: only when
                                        standard output is a terminal and NO_COLOR is unset)
              --unsafe                  HTML: pass raw HTML and every URL through (default: raw
                                        HTML omitted, javascript:/vbscript:/file:/data: URLs emptied)
              --heading-ids             HTML: give each heading an id, its anchor by GitHub's rule
                                        (as 'intentmark toc' links to it)
              --reformat                markdown: write every block anew in the writer's style (default:
                                        blocks no option changed as the author wrote them, byte for byte)
              --github-alerts           HTML: write alerts (> [!NOTE] …) as GitHub does, a
                                        div.markdown-alert with its title (default: the quote and
                                        its marker, as cmark-gfm writes them)
              --syntax \(syntaxes)
                                        interpreted syntax (default full)
              --extended-attributes     read Apple's ^[text](name: value) syntax (JSON5 values)
              --raw-formatting-tags     keep <u> <sup> <mark> … as raw inline HTML instead of
                                        display attributes (underline, superscript, highlight, …)
              --source-positions        put source positions (line:column, UTF-8 bytes) on runs
              --base-url URL            resolve relative links and images against URL (json,
                                        runs, rtf, terminal; html and markdown keep them as written)
              --language CODE           BCP-47 language code put on every run
              --repair-utf8             replace invalid UTF-8 with U+FFFD instead of failing
              --unlimited               lift the parsing limits that guard against hostile input
                                        (nesting depth and work, brackets and emphasis per
                                        block and in all, cells per table row)
              --no-front-matter         read ---/+++ front matter at the start as Markdown (default:
                                        metadata, kept by markdown and json, left out elsewhere)
              --no-alerts               read > [!NOTE] … as a plain quote with its marker (default:
                                        a GitHub alert, its title shown in txt, rtf and terminal)
              -h, --help                show this help

            """
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
