package org.fdrsim.cpu.asm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SourceNamesTest {

    @ParameterizedTest
    @CsvSource({
        "main.s, lib.s, lib.s",
        "main.s, lib/a.s, lib/a.s",
        "lib/a.s, b.s, lib/b.s",
        "lib/a.s, ../b.s, b.s",
        "lib/a.s, ./b.s, lib/b.s",
        "lib/a.s, ../../b.s, ../b.s",
        "/src/main.s, x/y.s, /src/x/y.s",
        "/src/main.s, /abs/z.s, /abs/z.s",
        "/main.s, ../z.s, /z.s",
        "dir\\main.s, sub\\x.s, dir/sub/x.s",
        "a/b/c.s, ../../d/./e.s, d/e.s",
    })
    void resolvesRelativeToTheIncludingFile(String from, String name, String expected) {
        assertThat(SourceNames.resolve(from, name)).isEqualTo(expected);
    }
}
