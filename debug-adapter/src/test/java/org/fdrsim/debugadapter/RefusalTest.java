package org.fdrsim.debugadapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The error response {@link DapConnection} makes of a handler's exception: a refusal passes on
 * one line; a bug of ours is one line in the response and its stack trace in the adapter's log
 * (which {@code fdr debug} shows only with {@code --debug}).
 */
class RefusalTest {
    private static final Logger LOG = Logger.getLogger("org.fdrsim.debugadapter");
    private final List<LogRecord> logged = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            logged.add(r);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    @BeforeEach
    void listen() {
        LOG.addHandler(handler);
        LOG.setUseParentHandlers(false); // the test's stderr stays clean
    }

    @AfterEach
    void stopListening() {
        LOG.removeHandler(handler);
        LOG.setUseParentHandlers(true);
    }

    @Test
    void aRefusalIsPassedOnOneLineAndNotLogged() {
        ResponseError error = DapConnection.refusal(new CompletionException(new ResponseErrorException(
                new ResponseError(ResponseErrorCode.InvalidParams, "no frame -5:\ntake one", null))));

        assertThat(error.getCode()).isEqualTo(ResponseErrorCode.InvalidParams.getValue());
        assertThat(error.getMessage()).isEqualTo("no frame -5:\\u000atake one");
        assertThat(logged).isEmpty();
    }

    @Test
    void aBugIsOneLineInTheResponseAndItsStackTraceIsLogged() {
        IllegalStateException bug = new IllegalStateException("broken\nstate");

        ResponseError error = DapConnection.refusal(new CompletionException(bug));

        assertThat(error.getCode()).isEqualTo(ResponseErrorCode.InternalError.getValue());
        assertThat(error.getMessage()).isEqualTo("fdr debug: internal error: java.lang.IllegalStateException: broken\\u000astate");
        assertThat(error.getData()).as("no stack trace in the response").isNull();
        assertThat(logged).hasSize(1);
        assertThat(logged.get(0).getLevel()).isEqualTo(Level.SEVERE);
        assertThat(logged.get(0).getThrown()).as("the log keeps the stack trace").isSameAs(bug);
    }
}
