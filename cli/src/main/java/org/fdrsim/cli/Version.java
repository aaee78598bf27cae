package org.fdrsim.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * The version and git commit this fdrsim was built from (a resource Maven fills in at build
 * time), for {@code fdr -V} and the provenance of results.
 */
final class Version implements IVersionProvider {
    private static final Properties BUILD = load();

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("/fdrsim-build.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // an unreadable resource means an unknown version, nothing worse
        }
        return p;
    }

    private static String value(String key) {
        String v = BUILD.getProperty(key, "");
        return v.isEmpty() || v.startsWith("${") ? null : v; // unfiltered: built without Maven or without git
    }

    /** The project version, e.g. 0.1.0-SNAPSHOT, or "development". */
    static String version() {
        String v = value("version");
        return v == null ? "development" : v;
    }

    /** The abbreviated commit, with "-dirty" when the tree had uncommitted changes, or "unknown". */
    static String commit() {
        String c = value("commit");
        if (c == null) {
            return "unknown";
        }
        return "true".equals(value("dirty")) ? c + "-dirty" : c;
    }

    @Override
    public String[] getVersion() {
        return new String[] {"fdrsim " + version() + " (commit " + commit() + ")",
                "Java " + System.getProperty("java.version") + ", " + System.getProperty("java.vm.name")};
    }
}
