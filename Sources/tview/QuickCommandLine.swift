import ArgumentParser

/// The common command lines read without swift-argument-parser, whose parse (reflection over
/// every option, three times over) takes several milliseconds before the first frame can start.
/// It takes long options spelt out (`--loops 1`, `--loops=1`, flags) and files, each at most
/// once, and reads every value with the same `ExpressibleByArgument` initialiser. Anything else
/// (short options, `--`, `--help`, a repeated option, `--name=` with nothing after it, a value it
/// cannot read, options that do not go together) it leaves to the full parser, which also writes
/// every message: nil. `QuickCommandLineTests` checks that it agrees with `TView`'s parse
/// wherever it answers, and that it knows every option `--help` lists.
enum QuickCommandLine {
    static func invocation(_ arguments: [String]) -> Invocation? {
        var invocation = Invocation()
        // An array, not a Set: a Set of Substring makes the runtime look up Substring's Hashable
        // conformance through every conformance record of the binary (0.2 ms at start).
        var seen: [Substring] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else {
                if argument.hasPrefix("-") && argument != "-" { return nil }
                invocation.files.append(argument)
                continue
            }
            var name = argument.dropFirst(2)
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = name[..<equals]
                // swift-argument-parser reads `--extract= a.gif` as `--extract a.gif`.
                guard value != "" else { return nil }
            }
            guard let setter = setter(named: name), !seen.contains(name) else { return nil }
            seen.append(name)
            switch setter {
            case .flag(let path):
                guard value == nil else { return nil }
                invocation[keyPath: path] = true
            case .value(let set):
                if value == nil {
                    guard index < arguments.endIndex, !arguments[index].hasPrefix("-") else { return nil }
                    value = arguments[index]
                    index += 1
                }
                guard let value, set(&invocation, value) else { return nil }
            }
        }
        return invocation.problem == nil ? invocation : nil
    }

    /// How an option sets its value.
    private enum Setter {
        case flag(WritableKeyPath<Invocation, Bool>)
        /// False when the value cannot be read.
        case value((inout Invocation, String) -> Bool)
    }

    /// Every option `TView` declares, by its long name.
    private static func setter(named name: Substring) -> Setter? {
        switch name {
        case "info": return .flag(\.info)
        case "json": return .flag(\.json)
        case "probe": return .flag(\.probe)
        case "extract": return value(\.extract)
        case "max-memory": return value(\.maxMemory)
        case "size": return value(\.display.size)
        case "colors": return value(\.display.colors)
        case "dither": return .flag(\.display.dither)
        case "bg": return value(\.display.bg)
        case "no-upscale": return .flag(\.display.noUpscale)
        case "pixels": return value(\.display.pixels)
        case "draw": return value(\.display.draw)
        case "tolerance": return value(\.display.tolerance)
        case "no-pacing": return .flag(\.display.noPacing)
        case "frame": return value(\.display.frame)
        case "place": return value(\.display.place)
        case "clear": return .flag(\.display.clear)
        case "symbols": return value(\.display.symbols)
        case "loops": return value(\.playback.loops)
        case "duration": return value(\.playback.duration)
        case "cache-mb": return value(\.playback.cacheMb)
        case "grid": return value(\.playback.grid)
        case "inline": return .flag(\.playback.inline)
        case "paused": return .flag(\.playback.paused)
        case "no-status": return .flag(\.playback.noStatus)
        case "animate": return .flag(\.playback.animate)
        case "stats": return .flag(\.playback.stats)
        case "fps": return value(\.sources.fps)
        case "range": return value(\.sources.range)
        case "sheet": return value(\.sources.sheet)
        case "frame-size": return value(\.sources.frameSize)
        case "count": return value(\.sources.count)
        default: return nil
        }
    }

    private static func value<Value: ExpressibleByArgument>(_ path: WritableKeyPath<Invocation, Value>) -> Setter {
        .value { invocation, text in
            guard let value = Value(argument: text) else { return false }
            invocation[keyPath: path] = value
            return true
        }
    }

    private static func value<Value: ExpressibleByArgument>(_ path: WritableKeyPath<Invocation, Value?>) -> Setter {
        .value { invocation, text in
            guard let value = Value(argument: text) else { return false }
            invocation[keyPath: path] = value
            return true
        }
    }
}
