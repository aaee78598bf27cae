package org.fdrsim.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Where a replay starts (a picocli mixin of {@code fdr replay} and {@code fdr debug}): the core
 * dump and the retained checkpoint to start from.
 */
final class ReplayStart {
    @Parameters(paramLabel = "DUMP", description = "A core dump written by 'fdr record'.")
    Path file;

    @Option(names = "--from-checkpoint", paramLabel = "K", description = "Retained checkpoint to start from, 0 = oldest (default).")
    int from;
}
