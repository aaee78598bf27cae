package org.fdrsim.cpu.io;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.fdrsim.cpu.isa.AddressMap;

/**
 * The console device: byte and decimal output, byte input from a fixed input text.
 * Output is also kept in memory so tests and the machine can compare runs.
 */
public final class Console {
    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
    private final OutputStream echo;
    private final byte[] input;
    private int inputPosition;

    /** A console reading {@code input} and echoing output to {@code echo} (may be null). */
    public Console(byte[] input, OutputStream echo) {
        this.input = input.clone();
        this.echo = echo;
    }

    /** A copy of the bytes this console's input offers (all of them, read or not). */
    public byte[] input() {
        return input.clone();
    }

    public static Console silent() {
        return new Console(new byte[0], null);
    }

    public boolean handles(long address) {
        return address == AddressMap.CONSOLE_PUTC
                || address == AddressMap.CONSOLE_PUTINT
                || address == AddressMap.CONSOLE_GETC;
    }

    public long load(long address) {
        if (address == AddressMap.CONSOLE_GETC) {
            return inputPosition < input.length ? input[inputPosition++] & 0xff : -1;
        }
        return 0;
    }

    public void store(long address, long value) {
        if (address == AddressMap.CONSOLE_PUTC) {
            write(new byte[] {(byte) value});
        } else if (address == AddressMap.CONSOLE_PUTINT) {
            write((value + "\n").getBytes(StandardCharsets.US_ASCII));
        }
    }

    private void write(byte[] bytes) {
        captured.write(bytes, 0, bytes.length);
        if (echo != null) {
            try {
                echo.write(bytes);
                echo.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Everything written so far, as bytes. */
    public byte[] output() {
        return captured.toByteArray();
    }

    /** Everything written so far, decoded as UTF-8. */
    public String outputText() {
        return captured.toString(StandardCharsets.UTF_8);
    }
}
