/// How a stretch of playing ends: on to the next or previous file (full screen), or the run stops.
enum PlayTransition {
    case next, previous
    case stop(PlayerOutcome)
}
