package org.fdrsim.workloads;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.fdrsim.cpu.isa.AddressMap;
import org.fdrsim.io.device.DeviceMap;

/**
 * Writes the device register map as assembly: {@code kernel/devices.inc}, one {@code .equ} per
 * constant of {@link DeviceMap} and per console and timer constant of {@link AddressMap}, named
 * {@value #PREFIX} + the Java name (a program that includes the kernel sees these names, so the
 * prefix keeps names such as {@code DISK_SECTORS} free for it). The kernel includes the file
 * instead of retyping addresses; the file is committed
 * (programs on disk include it beside {@code kernel.s}) and a test fails when it drifts from
 * the Java. Regenerate with {@code main} (its usage is in {@link #REGENERATE}).
 */
public final class DeviceInclude {
    /** Put before every Java name. */
    public static final String PREFIX = "IO_";
    /** The resource this generates. */
    public static final String RESOURCE = "kernel/devices.inc";
    /** How to rewrite the committed file after a change to the device map (from the repository root). */
    public static final String REGENERATE = "mvn -o -q -B -DskipTests compile && java -cp "
            + "sim-cpu/target/classes:coherence/target/classes:io-logging/target/classes:workloads/target/classes "
            + DeviceInclude.class.getName() + " workloads/src/main/resources/" + RESOURCE;

    private DeviceInclude() {}

    private record Constant(String name, long value) {}

    /** The text of {@code devices.inc}. */
    public static String text() {
        List<Constant> addresses = new ArrayList<>();
        List<Constant> numbers = new ArrayList<>();
        for (Constant c : constants()) {
            (AddressMap.isIo(c.value()) ? addresses : numbers).add(c);
        }
        // Registers in address order (each device's block reads like its table in docs/devices.md),
        // then the commands, codes and sizes by name.
        addresses.sort(Comparator.comparingLong(Constant::value).thenComparing(Constant::name));
        numbers.sort(Comparator.comparing(Constant::name));
        StringBuilder out = new StringBuilder();
        out.append("# devices.inc -- the device register map (docs/devices.md), generated from\n")
                .append("# org.fdrsim.cpu.isa.AddressMap (console, timers) and org.fdrsim.io.device.DeviceMap\n")
                .append("# by org.fdrsim.workloads.DeviceInclude; each name is IO_ and the Java name. Do not edit:\n")
                .append("# regenerate with\n")
                .append("#   ").append(REGENERATE).append('\n')
                .append("\n# register addresses\n");
        addresses.forEach(c -> out.append(String.format(Locale.ROOT, "        .equ %s%s, 0x%x\n", PREFIX, c.name(),
                c.value())));
        out.append("\n# commands, status and error codes, interrupt numbers, sizes\n");
        numbers.forEach(c -> out.append(String.format(Locale.ROOT, "        .equ %s%s, %d\n", PREFIX, c.name(),
                c.value())));
        return out.toString();
    }

    private static List<Constant> constants() {
        List<Constant> out = new ArrayList<>();
        for (Field f : AddressMap.class.getFields()) {
            if (f.getName().startsWith("CONSOLE_") || f.getName().startsWith("TIMER_")) {
                add(out, f);
            }
        }
        for (Field f : DeviceMap.class.getFields()) {
            add(out, f);
        }
        return out;
    }

    private static void add(List<Constant> out, Field f) {
        int m = f.getModifiers();
        if (!Modifier.isStatic(m) || !Modifier.isFinal(m) || (f.getType() != long.class && f.getType() != int.class)) {
            return;
        }
        try {
            out.add(new Constant(f.getName(), ((Number) f.get(null)).longValue()));
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("public constant " + f + " is not readable", e);
        }
    }

    /** Writes {@link #text()} to the file named by the one argument. */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: DeviceInclude workloads/src/main/resources/" + RESOURCE);
            System.exit(2);
        }
        Files.writeString(Path.of(args[0]), text(), StandardCharsets.UTF_8);
    }
}
