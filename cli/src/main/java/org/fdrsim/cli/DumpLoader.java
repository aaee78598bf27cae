package org.fdrsim.cli;

import java.nio.file.Path;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.CoreDumpReader;
import org.fdrsim.recorder.dump.DumpFormatException;

/** Reads a core dump named on the command line, turning a bad file into a user error. */
final class DumpLoader {
    private DumpLoader() {}

    static CoreDump load(Path file) {
        try {
            return CoreDumpReader.read(file);
        } catch (DumpFormatException e) {
            throw new UserError(e.getMessage(), e);
        }
    }
}
