package org.fdrsim.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fdrsim.coherence.protocol.ProtocolTable;
import org.fdrsim.cpu.files.AtomicFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code fdr protocol}: print the coherence protocol's transition tables as Markdown. */
@Command(name = "protocol", footerHeading = "%nExamples:%n", footer = {"  fdr protocol -o protocol.md"},
        mixinStandardHelpOptions = true,
        description = {"Print the MOSI directory protocol's transition tables as Markdown.",
                "States, events and the tables the cache, directory and DMA controllers execute."})
final class ProtocolCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write to FILE instead of standard output.")
    Path output;

    @Override
    public Integer call() throws IOException {
        OutputPaths.file("--output", output);
        String markdown = ProtocolTable.toMarkdown();
        if (output == null) {
            main.out.print(markdown);
        } else {
            AtomicFile.write(output, markdown.getBytes(StandardCharsets.UTF_8));
        }
        return ExitCodes.OK;
    }
}
