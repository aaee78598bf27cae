package org.fdrsim.machine;

import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.core.ProcessorState;
import org.fdrsim.recorder.session.CheckpointController;
import org.fdrsim.recorder.session.RecordingSession;
import org.fdrsim.recorder.session.ValidationRecorder;

/** A recording session's part in the run loop: its checkpoints, its validation slices, its flush at the stop. */
final class RecordingHooks implements RunHooks {
    private final CheckpointController checkpoints;
    /** Null when validation is off. */
    private final ValidationRecorder validation;

    RecordingHooks(RecordingSession session) {
        this.checkpoints = session.checkpoints();
        this.validation = session.validation();
    }

    @Override
    public long start() {
        checkpoints.takeInitial();
        return checkpoints.firstCheckpointTime();
    }

    @Override
    public long instructionsBefore() {
        return checkpoints.instructionsBeforeLastInterval();
    }

    @Override
    public boolean stopRequested() {
        return checkpoints.stopRequested();
    }

    @Override
    public long checkpoint(long cycle, long drainEnd) {
        if (validation != null) {
            validation.closeInterval(checkpoints.taken());
        }
        return checkpoints.take(cycle, drainEnd);
    }

    @Override
    public long nextCheckpoint(long cycle, long resume) {
        return checkpoints.nextCheckpointTime(cycle, resume);
    }

    @Override
    public ProcessorState runSlice(Processor p, long cycleLimit, long icLimit) {
        return validation == null ? p.run(cycleLimit, icLimit) : validation.run(p, cycleLimit, icLimit);
    }

    @Override
    public void afterMiss(Processor p) {
        if (validation != null) {
            validation.afterRun(p);
        }
    }

    @Override
    public boolean freezesAtStop() {
        return true;
    }

    @Override
    public void stop(long now) {
        checkpoints.finish(now);
        if (validation != null) {
            validation.finish();
        }
    }
}
