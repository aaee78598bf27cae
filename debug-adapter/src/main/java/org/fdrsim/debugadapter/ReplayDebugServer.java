package org.fdrsim.debugadapter;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;
import org.eclipse.lsp4j.debug.Breakpoint;
import org.eclipse.lsp4j.debug.Capabilities;
import org.eclipse.lsp4j.debug.ConfigurationDoneArguments;
import org.eclipse.lsp4j.debug.ContinueArguments;
import org.eclipse.lsp4j.debug.ContinueResponse;
import org.eclipse.lsp4j.debug.DataBreakpoint;
import org.eclipse.lsp4j.debug.DataBreakpointAccessType;
import org.eclipse.lsp4j.debug.DataBreakpointInfoArguments;
import org.eclipse.lsp4j.debug.DataBreakpointInfoResponse;
import org.eclipse.lsp4j.debug.DisconnectArguments;
import org.eclipse.lsp4j.debug.EvaluateArguments;
import org.eclipse.lsp4j.debug.EvaluateResponse;
import org.eclipse.lsp4j.debug.ExitedEventArguments;
import org.eclipse.lsp4j.debug.InitializeRequestArguments;
import org.eclipse.lsp4j.debug.NextArguments;
import org.eclipse.lsp4j.debug.OutputEventArguments;
import org.eclipse.lsp4j.debug.OutputEventArgumentsCategory;
import org.eclipse.lsp4j.debug.ReverseContinueArguments;
import org.eclipse.lsp4j.debug.Scope;
import org.eclipse.lsp4j.debug.ScopesArguments;
import org.eclipse.lsp4j.debug.ScopesResponse;
import org.eclipse.lsp4j.debug.SetBreakpointsArguments;
import org.eclipse.lsp4j.debug.SetBreakpointsResponse;
import org.eclipse.lsp4j.debug.SetDataBreakpointsArguments;
import org.eclipse.lsp4j.debug.SetDataBreakpointsResponse;
import org.eclipse.lsp4j.debug.Source;
import org.eclipse.lsp4j.debug.SourceBreakpoint;
import org.eclipse.lsp4j.debug.StackFrame;
import org.eclipse.lsp4j.debug.StackTraceArguments;
import org.eclipse.lsp4j.debug.StackTraceResponse;
import org.eclipse.lsp4j.debug.StepBackArguments;
import org.eclipse.lsp4j.debug.StepInArguments;
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

/**
 * The Debug Adapter Protocol requests over a {@link DebugTarget}: threads are the processors
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
 * sees the response before the events its request causes. The target is touched under one lock.
 */
public final class ReplayDebugServer implements IDebugProtocolServer {
    private final DebugTarget target;
    private final ExecutorService worker;
    private final Runnable onDisconnect;
    /** What the current request set off, run on {@link #worker} after its response. */
    private final List<Runnable> pending = new ArrayList<>();
    private IDebugProtocolClient client;
    private SourceMap sources;
    /** Code breakpoints by source file, as the client last set them. */
    private final Map<Path, int[]> breakpointsByFile = new TreeMap<>();
    private boolean launched;
    private boolean configured;
    private boolean stopOnEntry;
    private boolean ended;
    private int focus;

    /**
     * A server over {@code target}; motions run on {@code worker} (one thread), and
     * {@code onDisconnect} runs after the response to {@code disconnect}.
     */
    public ReplayDebugServer(DebugTarget target, ExecutorService worker, Runnable onDisconnect) {
        this.target = target;
        this.worker = worker;
        this.onDisconnect = onDisconnect;
        this.sources = new SourceMap(target.program(), Path.of(""));
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
            if (args.get("sourceRoot") instanceof String root) {
                sources = new SourceMap(target.program(), Path.of(root));
            }
            stopOnEntry = Boolean.TRUE.equals(args.get("stopOnEntry"));
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
            stopped(StoppedEventArgumentsReason.ENTRY, 0, "at the start of the replay");
        } else {
            report(target.resume());
        }
    }

    @Override
    public CompletableFuture<SetBreakpointsResponse> setBreakpoints(SetBreakpointsArguments args) {
        return on(() -> {
            Path file = Path.of(args.getSource().getPath());
            SourceBreakpoint[] asked = args.getBreakpoints() == null ? new SourceBreakpoint[0] : args.getBreakpoints();
            Breakpoint[] placed = new Breakpoint[asked.length];
            List<Integer> indices = new ArrayList<>();
            for (int i = 0; i < asked.length; i++) {
                SourceMap.Placement p = sources.place(file, asked[i].getLine());
                Breakpoint b = new Breakpoint();
                b.setVerified(p.verified());
                b.setSource(args.getSource());
                b.setLine(p.verified() ? p.line() : asked[i].getLine());
                if (!p.verified()) {
                    b.setMessage("no instruction on or after line " + asked[i].getLine() + " of " + file.getFileName());
                }
                for (int pc : p.codeIndices()) {
                    indices.add(pc);
                }
                placed[i] = b;
            }
            breakpointsByFile.put(file.toAbsolutePath().normalize(),
                    indices.stream().mapToInt(Integer::intValue).toArray());
            target.setCodeBreakpoints(breakpointsByFile.values().stream().flatMapToInt(Arrays::stream)
                    .distinct().sorted().toArray());
            SetBreakpointsResponse r = new SetBreakpointsResponse();
            r.setBreakpoints(placed);
            return r;
        });
    }

    /** A data label (from the data scope or by name) or an address can be watched for writes. */
    @Override
    public CompletableFuture<DataBreakpointInfoResponse> dataBreakpointInfo(DataBreakpointInfoArguments args) {
        return on(() -> {
            DataBreakpointInfoResponse r = new DataBreakpointInfoResponse();
            long address = watchableAddress(args.getName());
            if (address < 0) {
                r.setDescription(args.getName() + " is not a data label or an address");
                return r;
            }
            r.setDataId(Variables.hex(address));
            r.setDescription(args.getName() + " (" + Variables.hex(address) + ")");
            r.setAccessTypes(new DataBreakpointAccessType[] {DataBreakpointAccessType.WRITE});
            return r;
        });
    }

    private long watchableAddress(String name) {
        long label = Variables.dataAddress(target, name);
        if (label >= 0) {
            return label;
        }
        try {
            return name.startsWith("0x") ? Long.parseUnsignedLong(name.substring(2), 16) : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    @Override
    public CompletableFuture<SetDataBreakpointsResponse> setDataBreakpoints(SetDataBreakpointsArguments args) {
        return on(() -> {
            DataBreakpoint[] asked = args.getBreakpoints();
            long[] addresses = new long[asked.length];
            Breakpoint[] placed = new Breakpoint[asked.length];
            for (int i = 0; i < asked.length; i++) {
                addresses[i] = watchableAddress(asked[i].getDataId());
                placed[i] = new Breakpoint();
                placed[i].setVerified(addresses[i] >= 0);
            }
            target.setWatchpoints(Arrays.stream(addresses).filter(a -> a >= 0).toArray());
            SetDataBreakpointsResponse r = new SetDataBreakpointsResponse();
            r.setBreakpoints(placed);
            return r;
        });
    }

    @Override
    public CompletableFuture<ThreadsResponse> threads() {
        return on(() -> {
            Thread[] threads = new Thread[target.agents()];
            for (int a = 0; a < threads.length; a++) {
                threads[a] = new Thread();
                threads[a].setId(Handles.thread(a));
                threads[a].setName(agentName(a));
            }
            ThreadsResponse r = new ThreadsResponse();
            r.setThreads(threads);
            return r;
        });
    }

    private String agentName(int a) {
        return a < target.cpus() ? "cpu " + a : "dma " + (a - target.cpus());
    }

    @Override
    public CompletableFuture<StackTraceResponse> stackTrace(StackTraceArguments args) {
        return on(() -> {
            int a = agent(args.getThreadId());
            List<StackFrame> frames = new ArrayList<>();
            if (a < target.cpus()) {
                List<Frame> bt = target.backtrace(a);
                for (int d = 0; d < bt.size(); d++) {
                    frames.add(frame(Handles.frame(a, d), bt.get(d)));
                }
            } else {
                StackFrame f = new StackFrame();
                f.setId(Handles.frame(a, 0));
                f.setName(agentName(a) + " at block " + target.ic(a) + " of interval " + target.interval());
                frames.add(f);
            }
            StackTraceResponse r = new StackTraceResponse();
            r.setStackFrames(frames.toArray(new StackFrame[0]));
            r.setTotalFrames(frames.size());
            return r;
        });
    }

    private StackFrame frame(int id, Frame frame) {
        StackFrame f = new StackFrame();
        f.setId(id);
        f.setName(frame.name());
        f.setInstructionPointerReference(Integer.toString(frame.pc()));
        Path path = sources.path(frame.pc());
        if (path != null) {
            Source s = new Source();
            s.setName(path.getFileName().toString());
            s.setPath(path.toString());
            f.setSource(s);
            f.setLine(sources.line(frame.pc()));
            f.setColumn(1);
        }
        return f;
    }

    @Override
    public CompletableFuture<ScopesResponse> scopes(ScopesArguments args) {
        return on(() -> {
            int a = Handles.agentOfFrame(args.getFrameId());
            List<Scope> scopes = new ArrayList<>();
            for (Handles.Scope s : Handles.Scope.values()) {
                if (a < target.cpus() || s == Handles.Scope.DATA) {
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
            int a = Handles.agentOfScope(args.getVariablesReference());
            Handles.Scope s = Handles.scopeOf(args.getVariablesReference());
            VariablesResponse r = new VariablesResponse();
            // A DMA engine's frame has only the data scope, which is the same for every agent.
            r.setVariables(a < target.cpus() || s == Handles.Scope.DATA ? Variables.of(target, a, s) : new Variable[0]);
            return r;
        });
    }

    @Override
    public CompletableFuture<EvaluateResponse> evaluate(EvaluateArguments args) {
        return on(() -> {
            int a = args.getFrameId() == null ? focus : Handles.agentOfFrame(args.getFrameId());
            String printed = target.print(a < target.cpus() ? a : 0, args.getExpression());
            EvaluateResponse r = new EvaluateResponse();
            r.setResult(printed);
            r.setVariablesReference(0);
            return r;
        });
    }

    @Override
    public CompletableFuture<ContinueResponse> continue_(ContinueArguments args) {
        CompletableFuture<ContinueResponse> response = on(() -> {
            ContinueResponse r = new ContinueResponse();
            r.setAllThreadsContinued(true);
            return r;
        });
        motion(target::resume);
        return response;
    }

    @Override
    public CompletableFuture<Void> next(NextArguments args) {
        return step(args.getThreadId());
    }

    @Override
    public CompletableFuture<Void> stepIn(StepInArguments args) {
        return step(args.getThreadId());
    }

    private CompletableFuture<Void> step(int threadId) {
        CompletableFuture<Void> response = on(() -> {
            agent(threadId);
            return null;
        });
        motion(() -> target.stepInstruction(agent(threadId)));
        return response;
    }

    @Override
    public CompletableFuture<Void> stepBack(StepBackArguments args) {
        CompletableFuture<Void> response = on(() -> {
            agent(args.getThreadId());
            return null;
        });
        motion(() -> target.reverseStepInstruction(agent(args.getThreadId())));
        return response;
    }

    @Override
    public CompletableFuture<Void> reverseContinue(ReverseContinueArguments args) {
        CompletableFuture<Void> response = on(() -> null);
        motion(target::reverseResume);
        return response;
    }

    @Override
    public CompletableFuture<Void> disconnect(DisconnectArguments args) {
        CompletableFuture<Void> response = on(() -> null);
        later(onDisconnect);
        return response;
    }

    /** Runs a motion after the request's response has gone out, then reports where it stopped. */
    private void motion(Supplier<Stop> run) {
        later(() -> {
            if (!ended) {
                report(run.get());
            }
        });
    }

    /** Queues {@code task} to run on the worker, under the lock, once the current response is out. */
    private void later(Runnable task) {
        synchronized (pending) {
            pending.add(() -> {
                synchronized (target) {
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

    private void report(Stop stop) {
        if (stop.description() != null && !stop.description().isEmpty()) {
            OutputEventArguments out = new OutputEventArguments();
            out.setCategory(OutputEventArgumentsCategory.CONSOLE);
            out.setOutput(stop.description() + "\n");
            client.output(out);
        }
        switch (stop.kind()) {
            case END -> {
                ended = true;
                ExitedEventArguments exited = new ExitedEventArguments();
                exited.setExitCode(0);
                client.exited(exited);
                client.terminated(new TerminatedEventArguments());
            }
            case STEP -> stopped(StoppedEventArgumentsReason.STEP, stop.agent(), stop.description());
            case BREAKPOINT -> stopped(StoppedEventArgumentsReason.BREAKPOINT, stop.agent(), stop.description());
            case WATCHPOINT -> stopped(StoppedEventArgumentsReason.DATA_BREAKPOINT, stop.agent(), stop.description());
            case START -> stopped(StoppedEventArgumentsReason.ENTRY, stop.agent(), stop.description());
            case DIVERGED -> stopped(StoppedEventArgumentsReason.EXCEPTION, stop.agent(), stop.description());
            default -> throw new IllegalStateException(stop.kind().name());
        }
    }

    private void stopped(String reason, int agent, String text) {
        focus = agent;
        StoppedEventArguments e = new StoppedEventArguments();
        e.setReason(reason);
        e.setThreadId(Handles.thread(agent));
        e.setAllThreadsStopped(true);
        e.setDescription(text);
        client.stopped(e);
    }

    /** The agent of a DAP thread id; a bad id is the client's error. */
    private int agent(int threadId) {
        int a = Handles.agentOfThread(threadId);
        if (a < 0 || a >= target.agents()) {
            throw new IllegalArgumentException("no thread " + threadId + ": threads are 1.." + target.agents());
        }
        return a;
    }

    /** Answers a request now, under the lock; a bad argument becomes an error response with its message. */
    private <T> CompletableFuture<T> on(Supplier<T> request) {
        synchronized (target) {
            try {
                return CompletableFuture.completedFuture(request.get());
            } catch (IllegalArgumentException e) {
                return CompletableFuture.failedFuture(new ResponseErrorException(new ResponseError(
                        ResponseErrorCode.InvalidParams, e.getMessage(), null)));
            }
        }
    }
}
