nop
.include "./a.s"
