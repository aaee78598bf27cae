# A program split over several files; includes are relative to the including file.
.include "lib/consts.s"
_start: li r1, ANSWER
        jal print
        halt
.include "lib/print.s"
.data
greeting: .ascii "hi"
