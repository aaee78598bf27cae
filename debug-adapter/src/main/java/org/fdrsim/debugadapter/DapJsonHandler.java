package org.fdrsim.debugadapter;

import com.google.gson.JsonIOException;
import com.google.gson.JsonParseException;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.jsonrpc.MessageIssueException;
import org.eclipse.lsp4j.jsonrpc.debug.json.DebugMessageJsonHandler;
import org.eclipse.lsp4j.jsonrpc.debug.messages.DebugRequestMessage;
import org.eclipse.lsp4j.jsonrpc.json.JsonRpcMethod;
import org.eclipse.lsp4j.jsonrpc.messages.Message;
import org.eclipse.lsp4j.jsonrpc.messages.MessageIssue;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.fdrsim.cpu.text.OneLine;

/**
 * LSP4J's DAP message reader, which also answers a request whose arguments do not fit the
 * request's type. LSP4J turns most unreadable messages into an error response, but when Gson
 * fails inside the arguments (an array where an object belongs, {@code "arguments":
 * [{...},{...}]}) the exception escapes its message reader: the request gets no response, so
 * the client waits for ever, and LSP4J logs the exception with its stack trace. Here such a
 * request, if its JSON names a seq and a command first, is refused like any other unreadable one.
 * LSP4J's own refusals of unreadable requests are passed on with their texts on one line.
 */
final class DapJsonHandler extends DebugMessageJsonHandler {
    DapJsonHandler(Map<String, JsonRpcMethod> methods) {
        super(methods);
    }

    @Override
    public Message parseMessage(Reader input) throws JsonParseException {
        String text = read(input); // one message: the reader ends at its Content-Length
        try {
            return super.parseMessage(new StringReader(text));
        } catch (MessageIssueException e) {
            throw oneLine(e); // LSP4J's own answerable issue
        } catch (JsonParseException e) {
            DebugRequestMessage request = request(text);
            if (request == null) {
                throw e; // nothing to answer: LSP4J drops it, as it would
            }
            Throwable why = e.getCause() != null ? e.getCause() : e;
            throw new MessageIssueException(request, new MessageIssue(
                    "malformed arguments of '" + OneLine.escape(request.getMethod()) + "': " + gsonMessage(why),
                    ResponseErrorCode.ParseError.getValue()));
        }
    }

    /**
     * LSP4J's issue with its texts on one line: the response carries the issue's text as its
     * message and its cause's message as its body, and Gson's messages quote the client's text
     * and end with a help link on a line of their own.
     */
    private static MessageIssueException oneLine(MessageIssueException e) {
        List<MessageIssue> issues = new ArrayList<>();
        for (MessageIssue issue : e.getIssues()) {
            Exception cause = issue.getCause() == null ? null : new JsonParseException(gsonMessage(issue.getCause()));
            issues.add(new MessageIssue(OneLine.escape(issue.getText()), issue.getIssueCode(), cause));
        }
        return new MessageIssueException(e.getRpcMessage(), issues);
    }

    /** A Gson exception's message without its help link, on one line. */
    private static String gsonMessage(Throwable t) {
        String m = String.valueOf(t.getMessage());
        int help = m.indexOf("\nSee https://github.com/google/gson/");
        return OneLine.escape(help < 0 ? m : m.substring(0, help));
    }

    /**
     * The request {@code text} begins with, if it is a JSON object whose numeric {@code seq},
     * {@code type} "request" and string {@code command} can be read before anything malformed;
     * else null. Like LSP4J, it reads the members in order and stops at what it needs, so what
     * is broken after them (the arguments, or a stray brace after the object) does not hide them.
     */
    private static DebugRequestMessage request(String text) {
        Integer seq = null;
        String type = null;
        String command = null;
        try {
            JsonReader json = new JsonReader(new StringReader(text));
            json.beginObject();
            while ((seq == null || type == null || command == null) && json.hasNext()) {
                String name = json.nextName();
                if (name.equals("seq") && json.peek() == JsonToken.NUMBER) {
                    seq = json.nextInt();
                } else if (name.equals("type") && json.peek() == JsonToken.STRING) {
                    type = json.nextString();
                } else if (name.equals("command") && json.peek() == JsonToken.STRING) {
                    command = json.nextString();
                } else {
                    json.skipValue();
                }
            }
        } catch (IOException | IllegalStateException | NumberFormatException e) {
            // malformed before all three were read
        }
        if (seq == null || command == null || !"request".equals(type)) {
            return null;
        }
        DebugRequestMessage r = new DebugRequestMessage();
        r.setId(seq);
        r.setMethod(command);
        return r;
    }

    private static String read(Reader input) {
        StringWriter text = new StringWriter();
        try {
            input.transferTo(text);
        } catch (IOException e) {
            throw new JsonIOException(e);
        }
        return text.toString();
    }
}
