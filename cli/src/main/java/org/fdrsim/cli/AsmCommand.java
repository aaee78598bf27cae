package org.fdrsim.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fdrsim.cpu.asm.Disassembler;
import org.fdrsim.cpu.program.DataSegment;
import org.fdrsim.cpu.program.ProgramImage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code fdr asm FILE}: assemble a program and report its size, or list it. */
@Command(name = "asm", footerHeading = "%nExamples:%n", footer = {"  fdr asm examples/spin-lock.s --list"},
        mixinStandardHelpOptions = true,
        description = "Assemble a program; report its size, or list it with --list.")
final class AsmCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(paramLabel = "FILE", description = "Assembly source (.s).")
    Path file;

    @Option(names = {"-l", "--list"}, description = "Print the listing: instructions, data and symbols.")
    boolean list;

    @Override
    public Integer call() {
        ProgramImage image = ProgramLoader.load(file);
        if (list) {
            main.out.print(Disassembler.listing(image));
        } else {
            long dataBytes = 0;
            for (DataSegment s : image.data()) {
                dataBytes += s.bytes().length;
            }
            main.out.printf("%s: %d instructions, %d bytes of data, %d symbols, entry _start = %d%n",
                    image.name(), image.code().length(), dataBytes, image.symbols().all().size(), image.entry());
        }
        return ExitCodes.OK;
    }
}
