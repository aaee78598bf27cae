package org.fdrsim.results;

import java.io.IOException;
import org.fdrsim.cpu.text.OneLine;

/**
 * A file fdrsim kept earlier (a finished run, a sweep's spec or shard, an experiment's options)
 * that it cannot use: cut short, edited, or another run's. Not an input/output failure, though it
 * is found while reading; the message is one line naming the file, what is wrong and what to do.
 */
public final class KeptFileException extends IOException {
    private static final long serialVersionUID = 1L;

    public KeptFileException(String message, Throwable cause) {
        super(OneLine.escape(message), cause);
    }
}
