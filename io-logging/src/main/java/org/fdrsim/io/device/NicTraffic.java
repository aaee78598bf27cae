package org.fdrsim.io.device;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.sim.SimRandom;

/**
 * The outside world's packets: when each arrives (cycles after receive is enabled;
 * exponential gaps with the configured mean) and what it holds. A pure function of the run seed
 * and the configuration: contents and arrival times come from separate streams, so a test can
 * compute the contents, and a different seed moves the arrivals.
 */
public final class NicTraffic {
    /** One packet from the world: arrival time relative to receive-enable, and its bytes. */
    public record Packet(long arrivalOffset, byte[] payload) {
        public Packet {
            payload = payload.clone();
        }

        @Override
        public byte[] payload() {
            return payload.clone();
        }
    }

    private NicTraffic() {}

    public static List<Packet> generate(long seed, DevicesConfig.NicConfig config) {
        SimRandom gaps = SimRandom.forComponent(seed, config.stream() + ".arrivals");
        SimRandom contents = SimRandom.forComponent(seed, config.stream() + ".payload");
        List<Packet> list = new ArrayList<>();
        long t = 0;
        for (int i = 0; i < config.packets(); i++) {
            double u = gaps.nextDouble();
            t += Math.max(1, (long) (-config.meanArrivalCycles() * Math.log(1 - u)));
            int len = contents.nextInt(config.minPacketBytes(), config.maxPacketBytes() + 1);
            byte[] b = new byte[len];
            for (int k = 0; k < len; k++) {
                b[k] = (byte) contents.nextInt(256);
            }
            list.add(new Packet(t, b));
        }
        return List.copyOf(list);
    }
}
