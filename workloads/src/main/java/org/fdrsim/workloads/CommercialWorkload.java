package org.fdrsim.workloads;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fdrsim.io.device.DevicesConfig;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.AssemblyException;
import org.fdrsim.cpu.program.ProgramImage;

/**
 * The synthetic proxies for the paper's four commercial workloads (Table 4), shipped as
 * assembly under {@code programs/commercial/} and linked with the small kernel (docs/workloads.md).
 * Each has one scale constant (transactions per thread, or requests) that Java can change
 * before assembling, and the machine settings it needs (devices on; for the web servers, as
 * many NIC packets as requests). Settings are {@code path=value} strings, so this module need
 * not know the configuration classes.
 */
public enum CommercialWorkload {
    OLTP("oltp", "programs/commercial/oltp.s", "TXNS", 40, false, 0),
    JBB("jbb", "programs/commercial/jbb.s", "TXNS", 150, false, 0),
    WEB("web", "programs/commercial/web.s", "NPACKETS", 64, true, 2_000),
    DYNWEB("dynweb", "programs/commercial/dynweb.s", "NPACKETS", 48, true, 4_000);

    private final String key;
    private final String resource;
    private final String scaleConstant;
    private final long defaultScale;
    private final boolean network;
    private final long meanArrivalCycles;

    CommercialWorkload(String key, String resource, String scaleConstant, long defaultScale, boolean network,
            long meanArrivalCycles) {
        this.key = key;
        this.resource = resource;
        this.scaleConstant = scaleConstant;
        this.defaultScale = defaultScale;
        this.network = network;
        this.meanArrivalCycles = meanArrivalCycles;
    }

    /** The short name ({@code oltp}, {@code jbb}, {@code web}, {@code dynweb}). */
    public String key() {
        return key;
    }

    /** The resource path of the program. */
    public String resource() {
        return resource;
    }

    /** The {@code .equ} constant that sets the amount of work ({@code TXNS} or {@code NPACKETS}). */
    public String scaleConstant() {
        return scaleConstant;
    }

    /** The scale the shipped file uses. */
    public long defaultScale() {
        return defaultScale;
    }

    /** True for the web servers, whose requests arrive through the NIC. */
    public boolean usesNetwork() {
        return network;
    }

    /** The workload called {@code name}; a one-line message lists the choices otherwise. */
    public static CommercialWorkload parse(String name) {
        for (CommercialWorkload w : values()) {
            if (w.key.equals(name == null ? "" : name.toLowerCase(Locale.ROOT))) {
                return w;
            }
        }
        throw new IllegalArgumentException("unknown workload '" + name + "', expected oltp, jbb, web or dynweb");
    }

    /** The program text with the scale constant set to {@code scale} (at least 1). */
    public String source(long scale) {
        checkScale(scale);
        String text = KernelPrograms.source(resource);
        Matcher m = Pattern.compile("(?m)^(\\s*\\.equ\\s+" + scaleConstant + ",\\s*)(\\d+)").matcher(text);
        if (!m.find()) {
            throw new IllegalStateException(resource + " has no '.equ " + scaleConstant + "' line");
        }
        return text.substring(0, m.start(2)) + scale + text.substring(m.end(2));
    }

    private void checkScale(long scale) {
        if (scale < 1) {
            throw new IllegalArgumentException(key + ": the scale (" + scaleConstant + ") must be at least 1, got " + scale);
        }
        if (network && scale > DevicesConfig.MAX_PACKETS) {
            // each request is a NIC packet (settings): say so in the work's words, not devices.nic.packets'
            throw new IllegalArgumentException(key + ": the scale (" + scaleConstant + ", a NIC packet a request) must be 1.."
                    + DevicesConfig.MAX_PACKETS + ", got " + scale);
        }
    }

    /** Assembles the program at {@code scale}, linked with the kernel. */
    public ProgramImage assemble(long scale) throws AssemblyException {
        return Assembler.assemble(resource, source(scale), KernelPrograms.resources());
    }

    /**
     * The machine settings ({@code path -> value}) the program needs at {@code scale}: the
     * device system, and for the web servers exactly {@code scale} packets arriving fast
     * enough to keep the servers busy.
     */
    public Map<String, String> settings(long scale) {
        checkScale(scale);
        Map<String, String> s = new LinkedHashMap<>();
        s.put("devices.enabled", "true");
        if (network) {
            s.put("devices.nic.packets", Long.toString(scale));
            s.put("devices.nic.meanArrivalCycles", Long.toString(meanArrivalCycles));
        }
        return s;
    }
}
