package org.fdrsim.results;

/** One log's totals in one run: entries, bytes before and after LZ compression, producer stall cycles. */
public record LogSize(long entries, long rawBytes, long compressedBytes, long stallCycles) {}
