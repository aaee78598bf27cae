package org.fdrsim.debugadapter;

import com.google.gson.JsonElement;
import com.google.gson.JsonIOException;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.stream.JsonReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
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
 * request, if its JSON names a seq and a command, is refused like any other unreadable one.
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
            throw e; // LSP4J's own answerable issue
        } catch (JsonParseException e) {
            DebugRequestMessage request = request(text);
            if (request == null) {
                throw e; // nothing to answer: LSP4J drops it, as it would
            }
            Throwable why = e.getCause() != null ? e.getCause() : e;
            String first = String.valueOf(why.getMessage()).lines().findFirst().orElse(""); // Gson adds a help link
            throw new MessageIssueException(request, new MessageIssue(
                    OneLine.escape("malformed arguments of '" + request.getMethod() + "': " + first),
                    ResponseErrorCode.ParseError.getValue()));
        }
    }

    /**
     * The request {@code text} begins with, if it is a JSON object with a numeric seq and a
     * command; else null. What follows the object is not read, as LSP4J does not read it.
     */
    private static DebugRequestMessage request(String text) {
        JsonElement json;
        try {
            json = JsonParser.parseReader(new JsonReader(new StringReader(text)));
        } catch (JsonParseException | StackOverflowError e) {
            return null;
        }
        if (!json.isJsonObject()) {
            return null;
        }
        JsonObject o = json.getAsJsonObject();
        JsonElement seq = o.get("seq");
        JsonElement command = o.get("command");
        if (seq == null || !seq.isJsonPrimitive() || !seq.getAsJsonPrimitive().isNumber()
                || command == null || !command.isJsonPrimitive() || !command.getAsJsonPrimitive().isString()) {
            return null;
        }
        DebugRequestMessage r = new DebugRequestMessage();
        r.setId(seq.getAsInt());
        r.setMethod(command.getAsString());
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
