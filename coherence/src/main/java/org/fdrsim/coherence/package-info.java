/**
 * The coherent memory system of the FDR multiprocessor: per-processor caches, the MOSI
 * directory protocol with its transient states, memory controllers, and the listener SPI.
 *
 * <p>Entry points:
 * <ul>
 *   <li>{@link org.fdrsim.coherence.MemorySystem}: builds P nodes on an
 *       {@code EventQueue} and a {@code Network}; {@code cache(cpu)} is the processor's
 *       {@code MemoryPort}, and {@link org.fdrsim.coherence.MissCompletion} wakes it.</li>
 *   <li>{@link org.fdrsim.coherence.CoherenceConfig#fdr1()}: Table 3 defaults, calibrated to a
 *       180 ns uncontended 2-hop miss on the FDR1 torus.</li>
 *   <li>{@link org.fdrsim.coherence.CoherenceListener}: coherence events for observers
 *       outside the memory system, including piggybacked reply values;
 *       {@link org.fdrsim.coherence.cache.FrameObserver}: state kept per cache frame beside a
 *       cache, told of every access that hits.</li>
 *   <li>{@link org.fdrsim.coherence.protocol.ProtocolTable}: the protocol as data, and its
 *       Markdown documentation ({@code fdr protocol}).</li>
 *   <li>{@link org.fdrsim.coherence.tester.ProtocolTester}: the random SC-checked protocol
 *       tester ({@code fdr test-protocol}).</li>
 * </ul>
 *
 * <p>Sub-packages: {@code protocol} (tables, messages), {@code cache} (tag arrays, writeback
 * buffer, the cache controller), {@code directory} (directory and memory controller),
 * {@code network} (the interconnect), {@code tester}.
 */
package org.fdrsim.coherence;
