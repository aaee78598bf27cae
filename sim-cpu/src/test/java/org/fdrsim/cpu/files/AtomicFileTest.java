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
