package org.fdrsim.debugadapter;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.eclipse.lsp4j.debug.BreakpointEventArguments;
import org.eclipse.lsp4j.debug.Capabilities;
import org.eclipse.lsp4j.debug.ConfigurationDoneArguments;
import org.eclipse.lsp4j.debug.ContinueArguments;
import org.eclipse.lsp4j.debug.ContinueResponse;
import org.eclipse.lsp4j.debug.DataBreakpointAccessType;
import org.eclipse.lsp4j.debug.DataBreakpointInfoArguments;
import org.eclipse.lsp4j.debug.DataBreakpointInfoResponse;
import org.eclipse.lsp4j.debug.DisconnectArguments;
import org.eclipse.lsp4j.debug.EvaluateArguments;
import org.eclipse.lsp4j.debug.EvaluateArgumentsContext;
import org.eclipse.lsp4j.debug.EvaluateResponse;
import org.eclipse.lsp4j.debug.ExitedEventArguments;
import org.eclipse.lsp4j.debug.InitializeRequestArguments;
import org.eclipse.lsp4j.debug.NextArguments;
import org.eclipse.lsp4j.debug.OutputEventArguments;
import org.eclipse.lsp4j.debug.OutputEventArgumentsCategory;
import org.eclipse.lsp4j.debug.PauseArguments;
import org.eclipse.lsp4j.debug.ReverseContinueArguments;
import org.eclipse.lsp4j.debug.Scope;
import org.eclipse.lsp4j.debug.ScopesArguments;
import org.eclipse.lsp4j.debug.ScopesResponse;
import org.eclipse.lsp4j.debug.SetBreakpointsArguments;
import org.eclipse.lsp4j.debug.SetBreakpointsResponse;
import org.eclipse.lsp4j.debug.SetDataBreakpointsArguments;
import org.eclipse.lsp4j.debug.SetDataBreakpointsResponse;
import org.eclipse.lsp4j.debug.Source;
import org.eclipse.lsp4j.debug.StackFrame;
import org.eclipse.lsp4j.debug.StackTraceArguments;
import org.eclipse.lsp4j.debug.StackTraceResponse;
import org.eclipse.lsp4j.debug.StepBackArguments;
import org.eclipse.lsp4j.debug.StepInArguments;
import org.eclipse.lsp4j.debug.SteppingGranularity;
import org.eclipse.lsp4j.debug.StoppedEventArguments;
import org.eclipse.lsp4j.debug.StoppedEventArgumentsReason;
import org.eclipse.lsp4j.debug.TerminatedEventArguments;
import org.eclipse.lsp4j.debug.Thread;
import org.eclipse.lsp4j.debug.ThreadsResponse;
import org.eclipse.lsp4j.debug.Variable;
import org.eclipse.lsp4j.debug.VariablesArguments;
import org.eclipse.lsp4j.debug.VariablesResponse;
import org.eclipse.lsp4j.debug.services.IDebugProtocolClient;
import org.eclipse.lsp4j.debug.services.IDebugProtocolServer;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.fdrsim.cpu.text.OneLine;
import org.fdrsim.replayer.ReplayPosition;
import org.fdrsim.replayer.debug.AgentInfo;
import org.fdrsim.replayer.debug.DebugCommands;
import org.fdrsim.replayer.debug.DebugException;
import org.fdrsim.replayer.debug.DebugSession;
import org.fdrsim.replayer.debug.Frame;
import org.fdrsim.replayer.debug.NamedValue;
import org.fdrsim.replayer.debug.StopEvent;

/**
 * The Debug Adapter Protocol requests over the replay debugger's engine ({@link DebugSession}):
 * threads are the processors
 * and DMA engines, stack frames a processor's backtrace, scopes its registers, CSRs and the
 * program's data labels; source breakpoints on the {@code .s} files become code breakpoints,
 * data breakpoints become watched words, {@code evaluate} is {@code print}, and stepBack and
 * reverseContinue run the replay backwards. Every stop is a {@code stopped} event with its
 * reason (and the debugger's stop line as output); the end of the replay is {@code exited}
 * then {@code terminated}.
 *
 * <p>Requests are answered at once on the connection's reader thread; what a request sets off
 * (a motion of the replay, the events after it) is queued and handed to {@code worker} (one
 * thread) only by {@link #afterMessage}, after the response has gone out, so a client always
 * sees the response before the events its request causes. The engine is single-threaded: it
 * is touched under one lock.
 */
public final class ReplayDebugServer implements IDebugProtocolServer {
    private final DebugSession session;
    private final ExecutorService worker;
    private final Runnable onDisconnect;
    /** What the current request set off, run on {@link #worker} after its response. */
    private final List<Runnable> pending = new ArrayList<>();
    private IDebugProtocolClient client;
    private SourceMap sources;
    private final ClientBreakpoints breakpoints;
    /**
     * A motion is asked for or runs on the worker: a {@code pause} interrupts it. Read and
     * written under {@link #motionLock}, not the engine's lock, which the running motion holds.
     */
    private boolean running;
    /** A pause came while {@link #running}: a console command reports its stop as a pause. */
    private boolean pauseAsked;
    private final Object motionLock = new Object();
    private boolean launched;
    private boolean configured;
    private boolean stopOnEntry;
    private boolean ended;

    /**
     * A server over {@code session}; motions run on {@code worker} (one thread), and
     * {@code onDisconnect} runs after the response to {@code disconnect}.
     */
    public ReplayDebugServer(DebugSession session, ExecutorService worker, Runnable onDisconnect) {
        this.session = session;
        this.worker = worker;
        this.onDisconnect = onDisconnect;
        this.sources = new SourceMap(session.program(), Path.of(""));
        this.breakpoints = new ClientBreakpoints(session);
    }

    /** Where events go; set once the connection is up. */
    public void connect(IDebugProtocolClient remote) {
        this.client = remote;
    }

    @Override
    public CompletableFuture<Capabilities> initialize(InitializeRequestArguments args) {
        CompletableFuture<Capabilities> response = on(() -> {
            Capabilities c = new Capabilities();
            c.setSupportsConfigurationDoneRequest(true);
            c.setSupportsStepBack(true);
            c.setSupportsDataBreakpoints(true);
            c.setSupportsEvaluateForHovers(true);
            // Without it a client offers no condition field, though the engine takes one.
            c.setSupportsConditionalBreakpoints(true);
            return c;
        });
        later(() -> client.initialized());
        return response;
    }

    /**
     * Launch arguments: {@code sourceRoot} (the directory the program's {@code .s} file names are
     * relative to; default the server's working directory) and {@code stopOnEntry}.
     */
    @Override
    public CompletableFuture<Void> launch(Map<String, Object> args) {
        CompletableFuture<Void> response = on(() -> {
            Map<String, Object> given = args == null ? Map.of() : args; // DAP lets a launch come without arguments
            if (given.get("sourceRoot") instanceof String root) {
                sources = new SourceMap(session.program(),
                        ClientPaths.of("sourceRoot", root, "the directory the program's .s file names are relative to"));
            }
            stopOnEntry = Boolean.TRUE.equals(given.get("stopOnEntry"));
            launched = true;
            return null;
        });
        later(this::startWhenReady);
        return response;
    }

    @Override
    public CompletableFuture<Void> configurationDone(ConfigurationDoneArguments args) {
        CompletableFuture<Void> response = on(() -> {
            configured = true;
            return null;
        });
        later(this::startWhenReady);
        return response;
    }

    /** Once launched and configured (in either order): stop at the start or run to the first stop. */
    private void startWhenReady() {
        if (!launched || !configured || ended) {
            return;
        }
        launched = false; // start once
        if (stopOnEntry) {
            stopped(StoppedEventArgumentsReason.ENTRY, session.focus(), "at the start of the replay");
        } else {
            report(session.cont());
        }
    }

    @Override
    public CompletableFuture<SetBreakpointsResponse> setBreakpoints(SetBreakpointsArguments args) {
        return on(() -> {
            SetBreakpointsResponse r = new SetBreakpointsResponse();
            r.setBreakpoints(breakpoints.setSource(required(args, "arguments"), sources));
            return r;
        });
    }

    /** A data label (from the data scope or typed), an address or any address expression can be watched for writes. */
    @Override
    public CompletableFuture<DataBreakpointInfoResponse> dataBreakpointInfo(DataBreakpointInfoArguments args) {
        return on(() -> {
            DataBreakpointInfoResponse r = new DataBreakpointInfoResponse();
            String name = required(required(args, "arguments").getName(), "name");
            try {
                long address = session.address(name);
                r.setDataId(Variables.hex(address));
                r.setDescription(name + " (" + Variables.hex(address) + ")");
                r.setAccessTypes(new DataBreakpointAccessType[] {DataBreakpointAccessType.WRITE});
            } catch (DebugException e) {
                r.setDescription(e.getMessage());
            }
            return r;
        });
    }

    @Override
    public CompletableFuture<SetDataBreakpointsResponse> setDataBreakpoints(SetDataBreakpointsArguments args) {
        return on(() -> {
            SetDataBreakpointsResponse r = new SetDataBreakpointsResponse();
            r.setBreakpoints(breakpoints.setData(required(args, "arguments")));
            return r;
        });
    }

    @Override
    public CompletableFuture<ThreadsResponse> threads() {
        return on(() -> {
            List<AgentInfo> agents = session.agents();
            Thread[] threads = new Thread[agents.size()];
            for (int a = 0; a < threads.length; a++) {
                threads[a] = new Thread();
                threads[a].setId(Handles.thread(a));
                threads[a].setName(agents.get(a).name());
            }
            ThreadsResponse r = new ThreadsResponse();
            r.setThreads(threads);
            return r;
        });
    }

    @Override
    public CompletableFuture<StackTraceResponse> stackTrace(StackTraceArguments args) {
        return on(() -> {
            int a = agent(required(args, "arguments").getThreadId());
            List<StackFrame> frames = new ArrayList<>();
            if (a < session.cpus()) {
                List<Frame> bt = session.backtrace(a);
                for (int d = 0; d < bt.size(); d++) {
                    frames.add(frame(Handles.frame(a, d), bt.get(d)));
                }
            } else {
                AgentInfo dma = session.agents().get(a);
                StackFrame f = new StackFrame();
                f.setId(Handles.frame(a, 0));
                f.setName(dma.name() + " at block " + dma.ic() + " of " + dma.endIc() + " (" + dma.state() + ")");
                frames.add(f);
            }
            StackTraceResponse r = new StackTraceResponse();
            r.setStackFrames(frames.toArray(new StackFrame[0]));
            r.setTotalFrames(frames.size());
            return r;
        });
    }

    private StackFrame frame(int id, Frame frame) {
        int pc = frame.point().pc();
        StackFrame f = new StackFrame();
        f.setId(id);
        f.setName(frame.point().symbol() + switch (frame.kind()) {
            case TRAP -> " [trap frame]";
            case INTERRUPT -> " [interrupt frame]";
            default -> "";
        });
        f.setInstructionPointerReference(Integer.toString(pc));
        Path path = sources.path(pc);
        if (path != null) {
            Source s = new Source();
            s.setName(path.getFileName().toString());
            s.setPath(path.toString());
            f.setSource(s);
            f.setLine(sources.line(pc));
            f.setColumn(1);
        }
        return f;
    }

    @Override
    public CompletableFuture<ScopesResponse> scopes(ScopesArguments args) {
        return on(() -> {
            int a = agentOfFrame(required(args, "arguments").getFrameId());
            List<Scope> scopes = new ArrayList<>();
            for (Handles.Scope s : Handles.Scope.values()) {
                if (a < session.cpus() || s == Handles.Scope.DATA) {
                    Scope scope = new Scope();
                    scope.setName(s.title);
                    scope.setVariablesReference(Handles.scope(a, s));
                    scope.setExpensive(false);
                    scopes.add(scope);
                }
            }
            ScopesResponse r = new ScopesResponse();
            r.setScopes(scopes.toArray(new Scope[0]));
            return r;
        });
    }

    @Override
    public CompletableFuture<VariablesResponse> variables(VariablesArguments args) {
        return on(() -> {
            int reference = required(args, "arguments").getVariablesReference();
            int a = known(reference < 1 ? -1 : Handles.agentOfScope(reference),
                    "no variables reference " + reference + ": take one from a scopes response");
            Handles.Scope s = Handles.scopeOf(reference);
            VariablesResponse r = new VariablesResponse();
            // A DMA engine's frame has only the data scope, which is the same for every agent.
            r.setVariables(a < session.cpus() || s == Handles.Scope.DATA ? Variables.of(session, a, s) : new Variable[0]);
            return r;
        });
    }

    /**
     * {@code print EXPR} in the frame's processor; in the debug console (context "repl") a line
     * that is not an expression runs as a debugger command ({@code info arcs}, {@code trace
     * counter}, {@code x/4 counter}, {@code goto end}, ...) and its text is the result. A command
     * runs on the worker like a motion, so a {@code pause} can stop one that moves the replay.
     */
    @Override
    public CompletableFuture<EvaluateResponse> evaluate(EvaluateArguments args) {
        CompletableFuture<Evaluated> first = on(() -> {
            int a = required(args, "arguments").getFrameId() == null ? session.focus() : agentOfFrame(args.getFrameId());
            String expression = required(args.getExpression(), "expression");
            try {
                EvaluateResponse r = new EvaluateResponse();
                r.setVariablesReference(0);
                r.setResult(new NamedValue(expression, inFocus(a, () -> session.evaluate(expression))).describe());
                return new Evaluated(r, a);
            } catch (DebugException e) {
                if (!EvaluateArgumentsContext.REPL.equals(args.getContext())) {
                    throw e;
                }
                return new Evaluated(null, a); // a debugger command
            }
        });
        Evaluated done = first.isCompletedExceptionally() ? null : first.join();
        if (done == null || done.response() != null) {
            return first.thenApply(Evaluated::response);
        }
        return console(args.getExpression(), done.agent());
    }

    /** An expression's answer, or (null) a console line to run as a command, in the focus {@code agent}. */
    private record Evaluated(EvaluateResponse response, int agent) {}

    /**
     * Runs debugger command {@code line} on the worker, after the request's other work, with
     * processor {@code agent} as the focus; its text is the response. Then, once the response
     * is out: the breakpoint events of breakpoints it made or deleted, and a stopped event if
     * it moved the replay or a pause came while it ran (reason {@code pause}).
     */
    private CompletableFuture<EvaluateResponse> console(String line, int agent) {
        CompletableFuture<EvaluateResponse> response = new CompletableFuture<>();
        motionAsked();
        later(() -> {
            List<BreakpointEventArguments> changed = new ArrayList<>();
            boolean moved = false;
            boolean paused;
            try {
                ReplayPosition before = session.position();
                EvaluateResponse r = new EvaluateResponse();
                r.setVariablesReference(0);
                r.setResult(command(line, agent, changed));
                moved = !session.position().equals(before);
                response.complete(r);
            } catch (RuntimeException e) {
                response.completeExceptionally(e);
            } finally {
                paused = motionEnded();
            }
            // On this thread, after the response: the events the command caused.
            for (BreakpointEventArguments e : changed) {
                client.breakpoint(e);
            }
            String what = OneLine.escape(line.strip());
            if (moved) {
                stopped(paused ? StoppedEventArgumentsReason.PAUSE : StoppedEventArgumentsReason.GOTO, session.focus(),
                        (paused ? "paused during '" : "moved by '") + what + "'");
            } else if (paused) {
                stopped(StoppedEventArgumentsReason.PAUSE, session.focus(), "paused");
            }
        });
        return response;
    }

    /**
     * Runs a debugger command line with processor {@code agent} as the focus and returns its
     * text; adds to {@code changed} a breakpoint event for each breakpoint it made or deleted,
     * so the client lists them.
     */
    private String command(String line, int agent, List<BreakpointEventArguments> changed) {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        DebugCommands commands = new DebugCommands(session, new PrintStream(text, true, StandardCharsets.UTF_8),
                sources::text);
        if (agent < session.cpus()) {
            session.setFocus(agent);
        }
        commands.execute(line);
        changed.addAll(breakpoints.changesAfterCommand(sources));
        return text.toString(StandardCharsets.UTF_8).stripTrailing();
    }

    @Override
    public CompletableFuture<ContinueResponse> continue_(ContinueArguments args) {
        CompletableFuture<ContinueResponse> response = on(() -> {
            ContinueResponse r = new ContinueResponse();
            r.setAllThreadsContinued(true);
            return r;
        });
        motion(session::cont);
        return response;
    }

    /** One source line of the thread's processor ({@code step}), or one instruction with granularity "instruction". */
    @Override
    public CompletableFuture<Void> next(NextArguments args) {
        return step(args == null ? null : args.getThreadId(), args == null ? null : args.getGranularity(), false);
    }

    @Override
    public CompletableFuture<Void> stepIn(StepInArguments args) {
        return step(args == null ? null : args.getThreadId(), args == null ? null : args.getGranularity(), false);
    }

    /** Back one source line ({@code reverse-step}) or one instruction ({@code reverse-stepi}). */
    @Override
    public CompletableFuture<Void> stepBack(StepBackArguments args) {
        return step(args == null ? null : args.getThreadId(), args == null ? null : args.getGranularity(), true);
    }

    private CompletableFuture<Void> step(Integer threadId, SteppingGranularity granularity, boolean back) {
        boolean instruction = granularity == SteppingGranularity.INSTRUCTION;
        CompletableFuture<Void> response = on(() -> {
            int a = agent(required(threadId, "threadId"));
            if (a >= session.cpus()) {
                throw new DebugException(session.agents().get(a).name()
                        + " is a DMA engine: step a processor (it moves as far as the arcs require)");
            }
            return null;
        });
        if (!response.isCompletedExceptionally()) {
            motion(() -> {
                session.setFocus(agent(threadId));
                return back ? (instruction ? session.reverseStepi(1) : session.reverseStep(1))
                        : (instruction ? session.stepi(1) : session.step(1));
            });
        }
        return response;
    }

    @Override
    public CompletableFuture<Void> reverseContinue(ReverseContinueArguments args) {
        CompletableFuture<Void> response = on(() -> null);
        motion(session::reverseContinue);
        return response;
    }

    @Override
    public CompletableFuture<Void> disconnect(DisconnectArguments args) {
        CompletableFuture<Void> response = on(() -> null);
        later(onDisconnect);
        return response;
    }

    /** Runs a motion after the request's response has gone out, then reports where it stopped. */
    private void motion(Supplier<StopEvent> run) {
        motionAsked();
        later(() -> {
            StopEvent stop = null;
            try {
                if (!ended) {
                    stop = run.get();
                }
            } finally {
                motionEnded();
            }
            if (stop != null) {
                report(stop);
            }
        });
    }

    /** From the request on: a pause right after it stops the motion it asks for. */
    private void motionAsked() {
        synchronized (motionLock) {
            running = true;
            pauseAsked = false;
        }
    }

    /**
     * Ends the motion: a pause it did not take (a step's) ends with it. Returns whether a pause
     * came while it was asked for or ran.
     */
    private boolean motionEnded() {
        synchronized (motionLock) {
            running = false;
            session.dropInterrupt();
            return pauseAsked;
        }
    }

    /**
     * {@code pause}: a running motion ({@code continue}, {@code reverseContinue}) stops at the
     * engine's next stop check and reports a {@code stopped} event with reason {@code pause};
     * a step runs to its end (its own {@code stopped} event), and the pause ends with it; when
     * nothing runs, the event comes at once. Answered without the engine's lock, which the
     * running motion holds.
     */
    @Override
    public CompletableFuture<Void> pause(PauseArguments args) {
        synchronized (motionLock) {
            if (running) {
                session.interrupt();
                pauseAsked = true;
                return CompletableFuture.completedFuture(null);
            }
        }
        later(() -> stopped(StoppedEventArgumentsReason.PAUSE, session.focus(), "paused"));
        return CompletableFuture.completedFuture(null);
    }

    /** Queues {@code task} to run on the worker, under the lock, once the current response is out. */
    private void later(Runnable task) {
        synchronized (pending) {
            pending.add(() -> {
                synchronized (session) {
                    task.run();
                }
            });
        }
    }

    /** The connection calls this after each incoming message is handled (its response written). */
    public void afterMessage() {
        synchronized (pending) {
            for (Runnable task : pending) {
                worker.execute(task);
            }
            pending.clear();
        }
    }

    private void report(StopEvent stop) {
        OutputEventArguments out = new OutputEventArguments();
        out.setCategory(OutputEventArgumentsCategory.CONSOLE);
        out.setOutput(stop.describe() + "\n");
        client.output(out);
        String why = switch (stop.reason()) {
            case START, REACHED_START -> StoppedEventArgumentsReason.ENTRY;
            case STEP, GOTO -> StoppedEventArgumentsReason.STEP;
            case BREAKPOINT -> StoppedEventArgumentsReason.BREAKPOINT;
            case WATCHPOINT -> StoppedEventArgumentsReason.DATA_BREAKPOINT;
            case DIVERGED -> StoppedEventArgumentsReason.EXCEPTION;
            case INTERRUPTED -> StoppedEventArgumentsReason.PAUSE;
            case END -> null;
        };
        if (why == null) {
            ended = true;
            ExitedEventArguments exited = new ExitedEventArguments();
            exited.setExitCode(0);
            client.exited(exited);
            client.terminated(new TerminatedEventArguments());
            return;
        }
        String first = OneLine.firstLine(stop.describe());
        // The engine's stop is on the processor that hit (or wrote), which has the focus now.
        stopped(why, stop.where().cpu(), first);
    }

    private void stopped(String reason, int agent, String text) {
        StoppedEventArguments e = new StoppedEventArguments();
        e.setReason(reason);
        e.setThreadId(Handles.thread(agent));
        e.setAllThreadsStopped(true);
        e.setDescription(text);
        client.stopped(e);
    }

    /** The agent of a DAP thread id; a bad id is the client's error. */
    private int agent(int threadId) {
        return known(Handles.agentOfThread(threadId), "no thread " + threadId + ": threads are 1.." + session.agentCount());
    }

    /**
     * {@code value}, which the request cannot do without; null, which a client sends by leaving
     * it out, is the client's error. Only what a request uses is required, so a client that
     * leaves out what DAP requires and fdrsim does not use is served.
     */
    private static <T> T required(T value, String name) {
        if (value == null) {
            throw new DebugException("missing argument '" + name + "'");
        }
        return value;
    }

    /** The agent of a DAP stack frame id; a bad id is the client's error. */
    private int agentOfFrame(int frameId) {
        return known(frameId < 1 ? -1 : Handles.agentOfFrame(frameId),
                "no frame " + frameId + ": take one from a stackTrace response");
    }

    /** {@code agent}, named by a handle of the client's, if the replay has it; else the client's error {@code refusal}. */
    private int known(int agent, String refusal) {
        if (agent < 0 || agent >= session.agentCount()) {
            throw new DebugException(refusal);
        }
        return agent;
    }

    /** {@code value} computed with processor {@code agent} as the engine's focus (a DMA engine: the focus as it is). */
    private long inFocus(int agent, LongSupplier value) {
        int was = session.focus();
        if (agent < session.cpus()) {
            session.setFocus(agent);
        }
        try {
            return value.getAsLong();
        } finally {
            session.setFocus(was);
        }
    }

    /** Answers a request now, under the lock; a bad argument becomes an error response with its message. */
    private <T> CompletableFuture<T> on(Supplier<T> request) {
        synchronized (session) {
            try {
                return CompletableFuture.completedFuture(request.get());
            } catch (DebugException | IllegalArgumentException e) {
                return CompletableFuture.failedFuture(new ResponseErrorException(new ResponseError(
                        ResponseErrorCode.InvalidParams, e.getMessage(), null))); // DapConnection makes it one line
            }
        }
    }
}
