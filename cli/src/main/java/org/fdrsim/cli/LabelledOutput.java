package org.fdrsim.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A stream that writes a label before its first byte, so a program's console output is
 * introduced as such ("program output:") when there is any, and nothing is printed when
 * there is none.
 */
final class LabelledOutput extends FilterOutputStream {
    private final byte[] label;
    private boolean started;

    LabelledOutput(OutputStream out, String label) {
        super(out);
        this.label = label.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void write(int b) throws IOException {
        start();
        out.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (len > 0) {
            start();
            out.write(b, off, len);
        }
    }

    private void start() throws IOException {
        if (!started) {
            started = true;
            out.write(label);
        }
    }
}
