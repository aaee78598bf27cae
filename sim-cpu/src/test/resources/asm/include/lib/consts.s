.equ ANSWER, 42
.include "more.s"   ; resolved as lib/more.s
