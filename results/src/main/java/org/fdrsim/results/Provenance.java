package org.fdrsim.results;

/**
 * Where a result file came from, written at the top of results.json: which fdrsim (version
 * and git commit), when (UTC), on which JVM, and the command that reproduces it. It is the
 * only part of the file that depends on the host and the time.
 *
 * @param fdrsim  the fdrsim version, e.g. 0.1.0-SNAPSHOT
 * @param commit  the git commit it was built from ("unknown" outside a git checkout)
 * @param date    when the report was written, ISO-8601 UTC
 * @param jvm     the Java runtime, e.g. "17.0.15 OpenJDK 64-Bit Server VM"
 * @param command the fdr command line that reproduces the results
 */
public record Provenance(String fdrsim, String commit, String date, String jvm, String command) {}
