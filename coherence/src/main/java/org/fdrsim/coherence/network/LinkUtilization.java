package org.fdrsim.coherence.network;

/**
 * Link utilization over a span of time: the fraction of the span a directed link spent
 * serializing messages.
 *
 * @param spanCycles  the span the utilization is relative to
 * @param max         utilization of the busiest link
 * @param mean        mean over all physical links
 * @param busiestLink name of the busiest link (the first in link order on a tie), or "" if there are no links
 */
public record LinkUtilization(long spanCycles, double max, double mean, String busiestLink) {
}
