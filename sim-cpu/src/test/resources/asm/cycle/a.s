_start: halt
.include "b.s"
