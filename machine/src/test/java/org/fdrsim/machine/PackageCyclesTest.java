package org.fdrsim.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The packages of {@code machine} and {@code recorder} import each other in one direction only:
 * the package graph built from the main sources' references to {@code org.fdrsim} classes
 * (imports and fully qualified names) has no cycle.
 */
class PackageCyclesTest {
    /** The main sources checked, relative to this module's directory (where Maven runs the tests). */
    private static final List<Path> SOURCES = List.of(Path.of("src/main/java"), Path.of("../recorder/src/main/java"));
    /** A reference to a class: lower-case package segments, then a capitalized name. */
    private static final Pattern REFERENCE = Pattern.compile("\\b(org\\.fdrsim(?:\\.[a-z][a-z0-9_]*)+)\\.[A-Z]");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([a-z0-9_.]+)\\s*;");

    @Test
    void machineAndRecorderPackagesFormNoCycle() {
        Map<String, Set<String>> graph = packageGraph(SOURCES);
        assertThat(graph).as("sources found").containsKeys("org.fdrsim.machine", "org.fdrsim.recorder.race");
        assertThat(cycle(graph)).as("a package import cycle").isEmpty();
    }

    @Test
    void aCycleThroughThreePackagesIsFound() {
        Map<String, Set<String>> graph = new TreeMap<>();
        graph.put("a", Set.of("b"));
        graph.put("b", Set.of("c"));
        graph.put("c", Set.of("a"));
        graph.put("d", Set.of("a"));
        assertThat(cycle(graph)).containsExactly("a", "b", "c", "a");
        graph.put("c", Set.of());
        assertThat(cycle(graph)).isEmpty();
    }

    /** Package to the packages (among those of {@code roots}) its classes refer to. */
    private static Map<String, Set<String>> packageGraph(List<Path> roots) {
        Map<String, Set<String>> graph = new TreeMap<>();
        for (Path root : roots) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                    String text = Files.readString(f);
                    Matcher pkg = PACKAGE.matcher(text);
                    if (!pkg.find()) {
                        continue;
                    }
                    Set<String> out = graph.computeIfAbsent(pkg.group(1), k -> new TreeSet<>());
                    Matcher ref = REFERENCE.matcher(text);
                    while (ref.find()) {
                        if (!ref.group(1).equals(pkg.group(1))) {
                            out.add(ref.group(1));
                        }
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        graph.values().forEach(targets -> targets.retainAll(graph.keySet()));
        return graph;
    }

    /** One cycle as the packages along it (first repeated at the end), or empty if there is none. */
    private static List<String> cycle(Map<String, Set<String>> graph) {
        Map<String, Integer> state = new TreeMap<>(); // absent: unvisited, 1: on the path, 2: done
        for (String start : graph.keySet()) {
            Deque<String> path = new ArrayDeque<>();
            List<String> found = visit(start, graph, state, path);
            if (!found.isEmpty()) {
                return found;
            }
        }
        return List.of();
    }

    private static List<String> visit(String node, Map<String, Set<String>> graph, Map<String, Integer> state,
            Deque<String> path) {
        Integer s = state.get(node);
        if (s != null && s == 2) {
            return List.of();
        }
        if (s != null) { // back to a package on the current path
            List<String> cycle = new ArrayList<>();
            boolean on = false;
            for (String p : path) {
                on |= p.equals(node);
                if (on) {
                    cycle.add(p);
                }
            }
            cycle.add(node);
            return cycle;
        }
        state.put(node, 1);
        path.addLast(node);
        for (String next : graph.getOrDefault(node, Set.of())) {
            List<String> found = visit(next, graph, state, path);
            if (!found.isEmpty()) {
                return found;
            }
        }
        path.removeLast();
        state.put(node, 2);
        return List.of();
    }
}
