import Decode
import Playback
import Terminal
import Testing

/// Names and messages made safe to print: nothing in them may act on the terminal.
@Suite struct TerminalTextTests {
    @Test func plainNamesStayAsTheyAre() {
        for name in ["anim.gif", "/tmp/a-b_c+d,e@f%g=h:i^j.webp", "café/été.png", "-"] {
            #expect(TerminalText.quotedName(name) == name)
        }
    }

    @Test func namesWithShellCharactersAreSingleQuoted() {
        #expect(TerminalText.quotedName("my anim.gif") == "'my anim.gif'")
        #expect(TerminalText.quotedName("a$b;c") == "'a$b;c'")
        #expect(TerminalText.quotedName("") == "''")
        #expect(TerminalText.quotedName("it's") == "'it'$'\\'''s'")
    }

    @Test func controlCharactersBecomeShellEscapes() {
        #expect(TerminalText.quotedName("evil\u{1B}]0;PWNED\u{07}.gif") == "'evil'$'\\e'']0;PWNED'$'\\a''.gif'")
        #expect(TerminalText.quotedName("a\nb\tc\u{7F}") == "'a'$'\\n''b'$'\\t''c'$'\\x7f'")
        // C1 controls and bidi overrides are escaped as code points (bash's $'\u…').
        #expect(TerminalText.quotedName("x\u{9B}31m\u{202E}y") == "'x'$'\\u009b''31m'$'\\u202e''y'")
    }

    @Test func bytesThatAreNotUTF8ShowAsHex() {
        let name = PathBytes.string(from: Array("/tmp/a".utf8) + [0xFF, 0xC3] + Array("b.gif".utf8))
        #expect(TerminalText.quotedName(name) == "'/tmp/a'$'\\xff\\xc3''b.gif'")
        #expect(PathBytes.bytes(of: name) == Array("/tmp/a".utf8) + [0xFF, 0xC3] + Array("b.gif".utf8))
        // Valid UTF-8 stays text, in both directions.
        #expect(PathBytes.string(from: Array("café €".utf8)) == "café €")
        #expect(PathBytes.bytes(of: "café €") == Array("café €".utf8))
    }

    @Test func visibleEscapesOnlyWhatActs() {
        #expect(TerminalText.visible("frame 3: ok — café") == "frame 3: ok — café")
        #expect(TerminalText.visible("chunk \u{1B}[2J\r\n") == "chunk \\e[2J\\r\\n")
        #expect(TerminalText.visible("\u{0}\u{1F}\u{85}\u{2028}") == "\\x00\\x1f\\u0085\\u2028")
    }

    @Test func statusLineQuotesTheName() {
        let status = PlaybackStatus(
            name: "x\u{1B}]0;t\u{07}.gif", frame: 1, frameCount: 2, delay: .milliseconds(100), speed: 1, paused: false,
            framesPerSecond: 10, skipped: 0)
        let text = status.text(width: 80).description
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 })
        #expect(text.hasPrefix("'x'$'\\e'']0;t'$'\\a''.gif'  frame 1/2"))
    }
}
