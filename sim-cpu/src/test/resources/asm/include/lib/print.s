print:  st r1, PUTINT(zero)
        ret
