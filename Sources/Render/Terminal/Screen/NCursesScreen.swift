import Graphics
public import Picture
public import Playback
internal import CNcurses
import Glibc

/// The interactive terminal, set up and given back through ncursesw: alternate screen, hidden
/// cursor, keys from the terminal (not standard input, which may be the image), its size,
/// Ctrl-Z. `present` draws only the cells that differ from what is on screen, in one synchronized
/// update, by one `CellDrawing`: tview's own ANSI diff, or ncurses' drawing.
///
/// How many colours it sends is `ColorChoice`'s decision, made before; for truecolor, ncurses
/// loads a direct-colour terminfo entry (`xterm-direct`, `tmux-direct`, from ncurses-term).
///
/// Not Sendable: ncurses is one global state; use it from one thread.
public final class NCursesScreen {
    /// How frames reach the terminal. `direct`: tview's own ANSI writer, one write(2) per frame
    /// (ncurses still sets the terminal up, reads keys and gives the terminal back); measured at
    /// about half the CPU and three quarters of the bytes of `curses`, where ncurses draws the
    /// cells (wide characters, managed colour pairs, doupdate).
    public enum DrawingPath: String, Sendable, CaseIterable {
        case direct
        case curses
    }

    /// The colour mode in effect: the choice, as far as ncurses can send it when it draws.
    public private(set) var mode: ColorMode
    public private(set) var size: TerminalSize

    private let screen: OpaquePointer
    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>
    private let outputDescriptor: CInt
    private let writtenAtStart: Int
    private var ended = false
    /// The terminal's modes are the screen's now (`TerminalHold`): from set-up to `end`, not while suspended.
    private var holdsModes = false
    private let drawing: DrawingPath
    private let cells: any CellDrawing
    /// The same drawing when it is tview's own: its tolerance and palette are the screen's to set.
    private let ansiCells: ANSICellDrawing?
    private var frameBytes: [UInt8] = []
    /// Truecolor cells that change by at most this much per channel are not redrawn (tview's
    /// own drawing only).
    public var colorTolerance = 0 {
        didSet { ansiCells?.colorTolerance = colorTolerance }
    }
    /// Keys, answers to status queries, and pacing by them.
    public let link: TerminalLink
    /// Every frame goes out through it, in its synchronized envelope where the terminal takes
    /// one (`synchronizedOutput`, set from `TerminalProfile`; until then, off).
    public private(set) var writer: FrameWriter!
    public var synchronizedOutput: Bool {
        get { writer.synchronized }
        set { writer.synchronized = newValue }
    }
    /// Truecolor that was not asked for explicitly may step down to the 256-colour palette while
    /// the link is saturated (about a third of the bytes).
    private let mayStepDownColors: Bool
    /// The last frame went out in the 256-colour palette (stepped down from truecolor).
    public private(set) var steppedDown = false
    /// The first write to the terminal that failed (it hung up, EIO): playing should stop.
    public var outputError: WriteError? { writer.outputError }

    /// Uses `output` and `input` (both owned from now on): any terminal, or a file and /dev/null
    /// to see what would be sent (tests, benchmarks). Queries for pacing go out with `pacing`.
    public convenience init(
        colors: ColorChoice, term: String, output outputDescriptor: CInt, input inputDescriptor: CInt,
        drawing: DrawingPath = .direct, pacing: Bool = false, clock: any PlaybackClock = SystemClock()
    ) throws(TerminalSetupError) {
        let link = TerminalLink(input: inputDescriptor, output: outputDescriptor, clock: clock, pacing: pacing)
        try self.init(colors: colors, term: term, link: link, drawing: drawing)
    }

    /// Takes the terminal at the two ends of `link` (whose descriptors it owns from now on), of
    /// terminfo type `term`, sending `colors`.
    public init(
        colors: ColorChoice, term: String, link: TerminalLink, drawing: DrawingPath = .direct
    ) throws(TerminalSetupError) {
        let inputDescriptor = link.inputDescriptor
        let outputDescriptor = link.outputDescriptor
        self.drawing = drawing
        // Only the character set: ncurses needs it for UTF-8 cells. Loading every category (dates,
        // money, collation: a dozen files) is start-up time for nothing tview prints.
        setlocale(LC_CTYPE, "")
        guard let input = fdopen(inputDescriptor, "r") else {
            close(inputDescriptor)
            close(outputDescriptor)
            throw TerminalSetupError(description: "cannot open the terminal")
        }
        // ncurses writes to the descriptor itself and sets terminal modes through it: it must be
        // the terminal's own, so bytes are counted from the kernel's tally (/proc/self/io).
        guard let output = fdopen(outputDescriptor, "w") else {
            fclose(input)
            close(outputDescriptor)
            throw TerminalSetupError(description: "cannot write to the terminal")
        }
        writtenAtStart = WriteCounter.bytesWritten()
        var screen: OpaquePointer? = nil
        // Which entries, in which order, is the colour choice's to say.
        for entry in colors.terminfoEntries(term: term) where screen == nil {
            screen = newterm(entry, output, input)
        }
        guard let screen else {
            fclose(input)
            fclose(output)
            throw TerminalSetupError(description: "terminal type '\(term)' is unknown to terminfo")
        }
        self.screen = screen
        self.input = input
        self.output = output
        self.outputDescriptor = outputDescriptor
        set_term(screen)

        var loadedColors = 0
        if has_colors() {
            start_color()
            use_default_colors()
            loadedColors = Int(tview_colors())
        }
        let direct = loadedColors >= 1 << 24
        switch drawing {
        case .curses:
            // ncurses can only send what the entry it loaded knows.
            mode = Self.lesser(colors.mode, ColorMode(colorCount: loadedColors))
        case .direct:
            // tview writes the colours itself.
            mode = colors.mode
        }
        mayStepDownColors = !colors.requested && mode == .truecolor && drawing == .direct
        self.link = link
        switch drawing {
        case .direct:
            let ansi = ANSICellDrawing(mode: mode)
            ansiCells = ansi
            cells = ansi
        case .curses:
            ansiCells = nil
            cells = CursesCellDrawing(mode: mode, direct: direct)
        }
        raw()
        TerminalHold.take()
        holdsModes = true
        noecho()
        nonl()
        Self.sendOutputAsWritten(outputDescriptor)
        keypad(tview_stdscr(), true)
        leaveok(tview_stdscr(), true)
        // Frames are pictures, not scrolling text: no insert/delete-line tricks.
        idlok(tview_stdscr(), false)
        curs_set(0)
        // tview reads the terminal itself (TerminalLink); ncurses must not peek at it.
        typeahead(-1)
        size =
            TerminalSize.of(descriptor: outputDescriptor)
            ?? TerminalSize(rows: Int(tview_lines()), columns: Int(tview_cols()))
        // Clear and take the screen now: stdscr is never touched again, so ncurses never
        // repaints over what tview draws itself.
        wrefresh(tview_stdscr())
        writer = FrameWriter(link: link, synchronized: false)
    }

    deinit {
        end()
        delscreen(screen)
        fclose(input)
        fclose(output)
    }

    /// Everything this process wrote since the screen was set up, in bytes: while playing, that
    /// is what went to the terminal.
    public var bytesWritten: Int { WriteCounter.bytesWritten() - writtenAtStart }

    /// Gives the terminal back: normal screen, cursor, attributes. Safe to call twice.
    public func end() {
        guard !ended else { return }
        ended = true
        link.settle()
        endwin()
        giveBackModes()
    }

    /// Draws `grid`: only cells that changed since the last call, or everything after a size
    /// change, `invalidate()` or the first call; the status line (nil: none) on the last row.
    public func present(_ grid: CellGrid, status: ScreenText? = nil) {
        let statusRow = size.statusRow
        let width = size.statusWidth
        if drawing == .curses {
            // What the frame costs is known only from the kernel's tally (ncurses writes it):
            // read it only when a query needs the count.
            let before = link.sendsQueries ? bytesWritten : 0
            cells.draw(grid, status: status, statusRow: statusRow, width: width, into: &frameBytes)
            writeRaw(writer.frameStart)
            wnoutrefresh(tview_stdscr())
            doupdate()
            flushOutput()
            // ncurses writes with write(2) and keeps its failures to itself: the writer's end of
            // the frame, a write of tview's own, tells.
            writer.endFrame { bytesWritten - before }
        } else {
            // One buffer, one write.
            steppedDown = mayStepDownColors && link.pacer.prefersFewerColors
            ansiCells?.palette256 = steppedDown
            cells.draw(grid, status: status, statusRow: statusRow, width: width, into: &frameBytes)
            fflush(output)
            writer.writeFrame(frameBytes)
        }
        cells.frameSent()
    }

    /// Writes a frame made elsewhere (pictures in pixels, a gallery's page) as `present` writes
    /// cells: through the writer, in one write.
    public func present(bytes: [UInt8]) {
        fflush(output)
        writer.writeFrame(bytes)
    }

    /// The next present draws every cell (after a resize, or when the screen was given back).
    public func invalidate() {
        cells.invalidate()
    }

    /// Re-reads the terminal size (after a resize key).
    public func refreshSize() {
        if let measured = TerminalSize.of(descriptor: outputDescriptor) {
            size = measured
            // ncurses' own SIGWINCH handling may have resized already; resize_term (unlike
            // resizeterm) queues no KEY_RESIZE, which would come straight back here.
            if drawing == .curses && is_term_resized(CInt(measured.rows), CInt(measured.columns)) {
                resize_term(CInt(measured.rows), CInt(measured.columns))
            }
        } else {
            size = TerminalSize(rows: Int(tview_lines()), columns: Int(tview_cols()))
        }
        invalidate()
    }

    /// Gives the terminal back for a while (Ctrl-Z); `resume` takes it again.
    public func suspend() {
        link.settle()
        endwin()
        giveBackModes()
    }

    public func resume() {
        if !holdsModes {
            TerminalHold.take()
            holdsModes = true
        }
        refresh()
        refreshSize()
    }

    /// Ctrl-Z: gives the terminal back, stops the process, and takes the terminal again once
    /// continued (`fg`); the next present draws everything.
    public func stopUntilContinued() {
        suspend()
        JobControl.stopProcessGroup()
        resume()
    }

    /// Output processing off (OPOST): the kernel no longer looks at every byte written for one to
    /// translate, and there is none (after `nonl` a newline is not made a carriage return too, and
    /// every move is a cursor sequence). Writing 43 MB to a pseudo-terminal in frames of 180 KB
    /// (the camera clip's 10 s in half blocks at 160x48) took 0.155 s of system time, 0.05 s
    /// without. ncurses keeps the modes as the program's (`def_prog_mode`): `resume` sets them
    /// again, `endwin` gives the shell's back.
    private static func sendOutputAsWritten(_ descriptor: CInt) {
        var modes = termios()
        guard tcgetattr(descriptor, &modes) == 0 else { return }
        modes.c_oflag &= ~tcflag_t(OPOST)
        guard tcsetattr(descriptor, TCSANOW, &modes) == 0 else { return }
        def_prog_mode()
    }

    /// `endwin` put back the shell's modes (`TerminalHold`).
    private func giveBackModes() {
        guard holdsModes else { return }
        holdsModes = false
        TerminalHold.release()
    }

    /// Writes through ncurses' own output stream, so the bytes stay in order with its output,
    /// and flushes: ncurses leaves the end of a large update in the stdio buffer.
    private func writeRaw(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            _ = fwrite(raw.baseAddress, 1, raw.count, output)
        }
        flushOutput()
    }

    /// Flushes what ncurses (or `writeRaw`) put in the stream; a failure is kept in `outputError`.
    private func flushOutput() {
        if fflush(output) != 0 || ferror(output) != 0 {
            writer?.noteFailure(WriteError(code: errno == 0 ? EIO : errno))
            clearerr(output)
        }
    }

    private static func lesser(_ a: ColorMode, _ b: ColorMode) -> ColorMode {
        let order: [ColorMode] = [.mono, .palette8, .palette16, .palette256, .truecolor]
        return order.firstIndex(of: a)! <= order.firstIndex(of: b)! ? a : b
    }
}
