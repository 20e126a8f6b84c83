/// Corpus files that still differ from the browser reference, and why.
enum KnownDifferences {
    static let reasons: [String: String] = [
        "gif/pillow-issue_2811.gif":
            "LZW minimum code size 11: giflib refuses code sizes above 8 (DGifSetupDecompress); "
            + "the oracle's decoder accepts it",
        "gif/imagers-issue_1455_oversized.gif":
            "first frame (16x16) larger than the logical screen (10x10): tview grows the canvas to it as "
            + "Firefox and Chrome do; the corpus model clips to the screen",
        "gif/wuffs-frame-out-of-bounds.gif":
            "first frame (3x1) wider than the 2x2 screen: tview grows the canvas to 3x2 as Firefox and Chrome "
            + "do (later frames outside only by their offset stay clipped); the corpus model clips to the screen",
        "apng/pt-chunk_no_fctl.png":
            "invalid APNG (fdAT before any fcTL): tview shows the IDAT image as the APNG spec asks "
            + "(the suite's green pass image); the oracle recorded no default image for it",
    ]
}
