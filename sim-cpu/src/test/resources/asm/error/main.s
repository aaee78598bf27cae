_start: halt
.include "bad.s"
