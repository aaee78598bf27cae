package org.fdrsim.recorder.dump;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The bytes of a dump, read at any position: a file (read through a channel, never held
 * whole) or an array. The memory image keeps its source to read its pages again after the
 * dump has been read ({@link #reopen}), so a large image is never held in host memory.
 */
abstract class DumpSource implements Closeable {
    abstract long length();

    /** Reads exactly {@code len} bytes at {@code position}. */
    abstract void read(long position, byte[] dst, int off, int len) throws IOException;

    /** An open source over the same bytes (a file is opened again; an array is shared). */
    abstract DumpSource reopen() throws IOException;

    static DumpSource of(byte[] bytes) {
        return new Array(bytes);
    }

    static DumpSource open(Path file) throws IOException {
        return new File(file);
    }

    private static final class Array extends DumpSource {
        private final byte[] b;

        Array(byte[] b) {
            this.b = b;
        }

        @Override
        long length() {
            return b.length;
        }

        @Override
        void read(long position, byte[] dst, int off, int len) throws IOException {
            if (position < 0 || position > b.length - (long) len) {
                throw new EOFException("read past the end");
            }
            System.arraycopy(b, (int) position, dst, off, len);
        }

        @Override
        DumpSource reopen() {
            return this;
        }

        @Override
        public void close() {}
    }

    private static final class File extends DumpSource {
        private final Path path;
        private final FileChannel channel;
        private final long length;

        File(Path path) throws IOException {
            this.path = path;
            this.channel = FileChannel.open(path, StandardOpenOption.READ);
            this.length = channel.size();
        }

        @Override
        long length() {
            return length;
        }

        @Override
        void read(long position, byte[] dst, int off, int len) throws IOException {
            ByteBuffer buf = ByteBuffer.wrap(dst, off, len);
            long p = position;
            while (buf.hasRemaining()) {
                int n = channel.read(buf, p);
                if (n < 0) {
                    throw new EOFException(path + " ends early (changed since it was read?)");
                }
                p += n;
            }
        }

        @Override
        DumpSource reopen() throws IOException {
            File again = new File(path);
            if (again.length != length) {
                again.close();
                throw new IOException(path + " changed since it was read (" + again.length + " bytes, was " + length
                        + ")");
            }
            return again;
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }
}
