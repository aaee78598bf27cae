package org.fdrsim.cpu.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileTest {
    @TempDir
    Path dir;

    @Test
    void theFileGetsTheModeTheUmaskGivesAnyNewFile() throws IOException {
        Path reference = Files.createFile(dir.resolve("reference")); // the umask decides its mode
        Path written = dir.resolve("out.txt");
        AtomicFile.write(written, new byte[] {1, 2, 3});
        assertThat(Files.getPosixFilePermissions(written)).isEqualTo(Files.getPosixFilePermissions(reference));
        assertThat(Files.readAllBytes(written)).containsExactly(1, 2, 3);
    }

    /**
     * A name as long as a file name may be (255 bytes, here in three-byte characters too) is
     * written every time: the temporary name beside it is cut to fit (a fuzzer's finding, where
     * a name of 237 bytes was written once and refused as too long the next time).
     */
    @Test
    void aNameOfTheLongestLengthIsWrittenEveryTime() throws IOException {
        for (String name : new String[] {"a".repeat(255), "\ufffd".repeat(85), "b".repeat(237), "\ud83d\ude00".repeat(63) + "xyz"}) {
            Path target = dir.resolve(name);
            for (int i = 0; i < 20; i++) {
                AtomicFile.write(target, new byte[] {(byte) i});
                assertThat(Files.readAllBytes(target)).containsExactly(i);
            }
            try (Stream<Path> s = Files.list(dir)) {
                assertThat(s.map(p -> p.getFileName().toString())).containsExactly(name);
            }
            Files.delete(target);
        }
    }

    @Test
    void aFailedWriteKeepsTheOldFileAndLeavesNoTemporaryFile() throws IOException {
        Path target = Files.writeString(dir.resolve("keep.txt"), "old");
        try {
            AtomicFile.write(target, out -> {
                out.write('x');
                throw new IOException("disk full");
            });
        } catch (IOException expected) {
            assertThat(expected).hasMessage("disk full");
        }
        assertThat(Files.readString(target)).isEqualTo("old");
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("keep.txt");
        }
    }
}
