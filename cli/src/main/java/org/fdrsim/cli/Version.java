package org.fdrsim.cli;

import picocli.CommandLine.IVersionProvider;

/** Reports the version from the jar manifest, or "development" when run from classes. */
final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Main.class.getPackage().getImplementationVersion();
        return new String[] {"fdrsim " + (v == null ? "development" : v)};
    }
}
