package org.fdrsim.cpu.asm;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.files.ReadProblem;

/**
 * Reads the main file and, textually, every file it includes, into one list of
 * {@link Statement}s. Detects include cycles by resolved file name.
 */
final class SourceReader {
    /** Guards against resolvers that invent ever new file names. */
    static final int MAX_INCLUDE_DEPTH = 64;

    private final IncludeResolver resolver;
    private final List<Statement> out = new ArrayList<>();
    /** The files being read, outermost first. */
    private final List<String> chain = new ArrayList<>();

    private SourceReader(IncludeResolver resolver) {
        this.resolver = resolver;
    }

    static List<Statement> read(String name, String text, IncludeResolver resolver) throws AssemblyException {
        SourceReader reader = new SourceReader(resolver);
        reader.readFile(name, text);
        return reader.out;
    }

    private void readFile(String name, String text) throws AssemblyException {
        chain.add(name);
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (i == 0 && line.startsWith("\uFEFF")) {
                line = line.substring(1); // byte order mark written by some editors
            }
            TokenCursor cursor = new TokenCursor(name, i + 1, Lexer.lex(name, i + 1, line));
            int first = out.size();
            StatementParser.parseLine(cursor, out);
            // An include is always the last statement of its line.
            if (out.size() > first && out.get(out.size() - 1) instanceof Statement.Include inc) {
                out.remove(out.size() - 1);
                include(name, inc);
            }
        }
        chain.remove(chain.size() - 1);
    }

    private void include(String from, Statement.Include inc) throws AssemblyException {
        String name = SourceNames.resolve(from, inc.file());
        if (chain.contains(name)) {
            List<String> cycle = new ArrayList<>(chain.subList(chain.indexOf(name), chain.size()));
            cycle.add(name);
            throw new AssemblyException(inc.where(), "include cycle " + String.join(" -> ", cycle)
                    + ", expected a file not already being included");
        }
        if (chain.size() >= MAX_INCLUDE_DEPTH) {
            throw new AssemblyException(inc.where(), "includes nested more than " + MAX_INCLUDE_DEPTH
                    + " deep, expected fewer levels of .include");
        }
        readFile(name, fetch(from, inc, name));
    }

    private String fetch(String from, Statement.Include inc, String name) throws AssemblyException {
        String text;
        try {
            text = resolver.read(from, inc.file());
        } catch (NoSuchFileException e) {
            text = null;
        } catch (IOException e) {
            throw new AssemblyException(inc.where(), "cannot read include file '" + inc.file() + "' (" + name + "): "
                    + ReadProblem.of(e) + ", expected a readable UTF-8 text file", e);
        }
        if (text == null) {
            throw new AssemblyException(inc.where(), "include file '" + inc.file() + "' not found (looked for " + name
                    + "), expected a path relative to the including file");
        }
        return text;
    }
}
