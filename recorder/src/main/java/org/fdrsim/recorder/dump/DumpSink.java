package org.fdrsim.recorder.dump;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.zip.CRC32;

/**
 * Where {@link CoreDumpWriter} puts a dump: a file or an array. Besides appending, it can
 * patch bytes already written and checksum them, so a section whose length is only known once
 * it is written (the memory image, streamed page by page) gets its header afterwards.
 */
abstract class DumpSink {
    abstract void write(byte[] b, int off, int len) throws IOException;

    /** Bytes written so far. */
    abstract long position() throws IOException;

    /** Overwrites bytes already written at {@code at}. */
    abstract void patch(long at, byte[] b) throws IOException;

    /** Adds the written bytes {@code [from, to)} to {@code crc}. */
    abstract void update(CRC32 crc, long from, long to) throws IOException;

    static Array array() {
        return new Array();
    }

    static DumpSink of(FileChannel channel) {
        return new File(channel);
    }

    /** An in-memory dump. */
    static final class Array extends DumpSink {
        private final Bytes out = new Bytes();

        @Override
        void write(byte[] b, int off, int len) {
            out.write(b, off, len);
        }

        @Override
        long position() {
            return out.size();
        }

        @Override
        void patch(long at, byte[] b) {
            out.patch((int) at, b);
        }

        @Override
        void update(CRC32 crc, long from, long to) {
            out.update(crc, (int) from, (int) (to - from));
        }

        byte[] toByteArray() {
            return out.toByteArray();
        }

        /** A ByteArrayOutputStream whose written bytes can be patched and checksummed in place. */
        private static final class Bytes extends ByteArrayOutputStream {
            void patch(int at, byte[] b) {
                System.arraycopy(b, 0, buf, at, b.length);
            }

            void update(CRC32 crc, int from, int len) {
                crc.update(buf, from, len);
            }
        }
    }

    /** A dump file, written through a buffer; patches and checksums go through the channel. */
    private static final class File extends DumpSink {
        private final FileChannel channel;
        private final ByteBuffer buffer = ByteBuffer.allocate(1 << 20);

        File(FileChannel channel) {
            this.channel = channel;
        }

        @Override
        void write(byte[] b, int off, int len) throws IOException {
            while (len > 0) {
                if (!buffer.hasRemaining()) {
                    flush();
                }
                int n = Math.min(len, buffer.remaining());
                buffer.put(b, off, n);
                off += n;
                len -= n;
            }
        }

        private void flush() throws IOException {
            buffer.flip();
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            buffer.clear();
        }

        @Override
        long position() throws IOException {
            return channel.position() + buffer.position();
        }

        @Override
        void patch(long at, byte[] b) throws IOException {
            flush();
            ByteBuffer src = ByteBuffer.wrap(b);
            long p = at;
            while (src.hasRemaining()) {
                p += channel.write(src, p);
            }
        }

        @Override
        void update(CRC32 crc, long from, long to) throws IOException {
            flush();
            ByteBuffer in = ByteBuffer.allocate((int) Math.min(1 << 20, Math.max(1, to - from)));
            for (long at = from; at < to; ) {
                in.clear();
                in.limit((int) Math.min(in.capacity(), to - at));
                int n = channel.read(in, at);
                if (n < 0) {
                    throw new IOException("dump file shorter than written");
                }
                crc.update(in.array(), 0, n);
                at += n;
            }
        }

        @Override
        void finish() throws IOException {
            flush();
        }
    }

    /** Writes out anything buffered (a file); nothing for an array. */
    void finish() throws IOException {}
}
