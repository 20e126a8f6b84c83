/// Corpus files that still differ from the browser reference, and why.
enum KnownDifferences {
    static let reasons: [String: String] = [
        "gif/pillow-issue_2811.gif":
            "LZW minimum code size 11: giflib refuses code sizes above 8 (DGifSetupDecompress); "
            + "the oracle's decoder accepts it",
        "apng/pt-chunk_no_fctl.png":
            "invalid APNG (fdAT before any fcTL): tview shows the IDAT image as the APNG spec asks "
            + "(the suite's green pass image); the oracle recorded no default image for it",
    ]
}
