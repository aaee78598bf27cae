package org.fdrsim.cpu.files;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a file so that readers see either the old file or the complete new one: the bytes
 * go to a temporary file in the same directory, which is then renamed over the target.
 * An interrupted write leaves no half-written file behind: temporary files still open when
 * the JVM exits (Ctrl-C, {@code System.exit}) are deleted by a shutdown hook.
 *
 * <p>The file is created with the mode the umask gives (0644 under the usual 022), like any
 * other program's output, not the owner-only mode of {@link Files#createTempFile}: results
 * on a shared course server or cluster are meant to be read by others.
 */
public final class AtomicFile {
    private static final Set<Path> PENDING = ConcurrentHashMap.newKeySet();
    /** The longest file name, in bytes, on Linux's file systems (ext4, xfs, tmpfs) and on macOS's. */
    private static final int NAME_MAX = 255;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(AtomicFile::deletePending, "fdrsim-temporary-files"));
    }

    private AtomicFile() {}

    /** Receives the stream to write to. */
    @FunctionalInterface
    public interface Writer {
        void write(OutputStream out) throws IOException;
    }

    /** Receives the temporary file's channel (open for reading and writing, at position 0). */
    @FunctionalInterface
    public interface ChannelWriter {
        void write(FileChannel channel) throws IOException;
    }

    public static void write(Path target, byte[] bytes) throws IOException {
        write(target, out -> out.write(bytes));
    }

    public static void write(Path target, Writer writer) throws IOException {
        writeChannel(target, channel -> {
            OutputStream out = Channels.newOutputStream(channel);
            writer.write(out);
            out.flush();
        });
    }

    /**
     * Like {@link #write(Path, Writer)}, for a writer that also reads back or patches what it
     * wrote (a file too large to assemble in memory first).
     */
    public static void writeChannel(Path target, ChannelWriter writer) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        Path tmp = createTemporary(dir, target.getFileName().toString());
        try {
            try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                writer.write(channel);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
            PENDING.remove(tmp);
        }
    }

    /**
     * A new, empty, hidden file beside the target; created without attributes, so the umask
     * decides its mode. Its name is the target's, cut so that the whole fits in {@link #NAME_MAX}
     * bytes, then a random suffix of a fixed length: any name the target may have, the
     * temporary file may have too (a name of 237 bytes was once written or refused by the suffix's length).
     */
    private static Path createTemporary(Path dir, String name) throws IOException {
        while (true) {
            // Host-side name only; never part of a simulation, so unseeded randomness is harmless.
            String random = Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36);
            String suffix = "." + "0".repeat(13 - random.length()) + random + ".tmp"; // 2^64 - 1 is 13 digits
            Path tmp = (dir == null ? Path.of("") : dir).resolve(cut("." + name, NAME_MAX - suffix.length()) + suffix);
            PENDING.add(tmp);
            try {
                return Files.createFile(tmp);
            } catch (FileAlreadyExistsException e) {
                PENDING.remove(tmp);
            } catch (IOException e) {
                PENDING.remove(tmp);
                throw e;
            }
        }
    }

    /**
     * The longest {@code text} from its start whose UTF-8 encoding fits in {@code bytes}: the
     * encoder stops before the first character that does not fit, never inside a surrogate pair
     * (a lone surrogate counts as the one byte of the '?' a file name gets for it).
     */
    private static String cut(String text, int bytes) {
        CharBuffer chars = CharBuffer.wrap(text);
        StandardCharsets.UTF_8.newEncoder().onMalformedInput(CodingErrorAction.REPLACE)
                .encode(chars, ByteBuffer.allocate(bytes), true);
        return text.substring(0, chars.position());
    }

    private static void deletePending() {
        for (Path p : PENDING) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                // exiting anyway; nothing better to do
            }
        }
    }
}
