import Testing

@testable import Terminal

@Suite struct ColorPairPoolTests {
    /// Records what each pair is defined as, like ncurses would.
    final class Definitions {
        var pairs: [Int32: (Int32, Int32)] = [:]
    }

    private func pool(capacity: Int, _ definitions: Definitions) -> ColorPairPool {
        ColorPairPool(capacity: capacity) { pair, foreground, background in
            definitions.pairs[pair] = (foreground, background)
        }
    }

    @Test func samePairForSameColours() {
        let definitions = Definitions()
        var pool = pool(capacity: 200, definitions)
        let a = pool.acquire(foreground: 300, background: 400) { $0 }
        let b = pool.acquire(foreground: 300, background: 400) { $0 }
        #expect(a == b && pool.uses(of: a) == 2)
        #expect(definitions.pairs[a]! == (300, 400))
    }

    @Test func aPairInUseIsNeverRedefined() {
        let definitions = Definitions()
        var pool = pool(capacity: 84, definitions)  // 81 reserved + 3 dynamic
        let held = pool.acquire(foreground: 100, background: 101) { $0 }
        let other = pool.acquire(foreground: 102, background: 103) { $0 }
        pool.release(other)
        // Released but not yet committed: the old frame may still show it.
        let third = pool.acquire(foreground: 104, background: 105) { $0 }
        #expect(third != other)
        pool.commit()
        // Fresh pairs are gone; the released one is reused now.
        // Now `other` may be reused; `held` never.
        let fourth = pool.acquire(foreground: 106, background: 107) { $0 }
        #expect(fourth == other)
        #expect(definitions.pairs[held]! == (100, 101))
        // Exhausted: falls back to a reserved pair, which is never redefined either.
        let fallback = pool.acquire(foreground: 200, background: 201) { _ in 3 }
        #expect(fallback >= 1 && fallback <= 81)
        #expect(definitions.pairs[fallback]! == (3, 3))
        #expect(definitions.pairs[held]! == (100, 101))
    }

    @Test func revivedPairIsNotHandedOutTwice() {
        let definitions = Definitions()
        var pool = pool(capacity: 83, definitions)  // 2 dynamic pairs
        let a = pool.acquire(foreground: 1000, background: 1) { $0 }
        _ = pool.acquire(foreground: 3000, background: 3) { $0 }  // the last fresh pair
        pool.release(a)
        pool.commit()
        // Taken up again before anything reused it.
        #expect(pool.acquire(foreground: 1000, background: 1) { $0 } == a)
        let b = pool.acquire(foreground: 2000, background: 2) { _ in 5 }
        #expect(b != a && b <= 81)  // nothing free: a reserved pair
        #expect(definitions.pairs[a]! == (1000, 1))
    }
}
