_start: halt
.include "nope.s"
