package org.fdrsim.recorder.dump;

/**
 * Why and where recording stopped.
 *
 * @param cause       the stop cause's name: {@code TRIGGER}, {@code FAULT}, {@code ALL_HALTED},
 *                    {@code INSTRUCTION_LIMIT}, {@code CYCLE_LIMIT}, {@code IDLE}, {@code DEADLOCK}
 *                    (the names of {@code org.fdrsim.cpu.run.StopCause}), {@code RESERVE_FULL}, or
 *                    {@code INTERRUPTED} (Ctrl-C during {@code fdr record})
 * @param cpu         the processor that triggered or faulted; -1 if none
 * @param pc          its pc at the trigger instruction or faulting instruction; -1 if none
 * @param ic          the IC (in the last interval) of the trigger instruction or of the
 *                    instruction that faulted (it would have committed as this count); -1 if none
 * @param code        the trigger code ({@code trigger imm} / {@code assert rs, imm}), or the
 *                    fault's offending address or jump target; 0 otherwise
 * @param fault       the fault kind's name ({@code org.fdrsim.cpu.core.FaultKind}), or "" if not a fault
 * @param description one line, as {@code fdr run} prints it
 */
public record TriggerInfo(String cause, int cpu, int pc, long ic, long code, String fault, String description) {}
