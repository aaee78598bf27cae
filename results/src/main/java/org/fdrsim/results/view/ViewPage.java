package org.fdrsim.results.view;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fdrsim.recorder.policy.ReductionExplanation;
import org.fdrsim.recorder.race.ArcLog;
import org.fdrsim.results.view.ExecutionView.CodeLine;
import org.fdrsim.results.view.ExecutionView.Lane;

/**
 * Writes an {@link ExecutionView} as one self-contained HTML page: the data as an inline JSON
 * block, the style sheet and the script inline (view.css, view.js beside this class), nothing
 * fetched from the network. The script draws lanes and arcs as the reader scrolls.
 *
 * <p>Arcs in the page: {@code path.arc.logged} (solid, in FDR's log), {@code path.arc.implied}
 * (dashed, reduced away; the tooltip names the logged arc and the program-order path), or with
 * the netzer switch {@code path.arc.netzer}. Each carries {@code data-arc} and {@code data-block}.
 */
public final class ViewPage {
    private ViewPage() {}

    /** The page of {@code view}. */
    public static String html(ExecutionView view) {
        String json;
        try {
            json = new ObjectMapper().writeValueAsString(data(view));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("view data does not serialise", e);
        }
        // Inside <script>, "</" could end the element early.
        json = json.replace("</", "<\\/");
        ReductionExplanation x = view.explanation();
        int[] shown = shownCounts(view);
        StringBuilder h = new StringBuilder(json.length() + 20_000);
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>fdr view: ").append(escape(view.title())).append("</title>\n<style>\n")
                .append(resource("view.css")).append("</style>\n</head>\n<body>\n<header>\n")
                .append("<h1>").append(escape(view.title())).append("<small>conflict arcs since checkpoint ")
                .append(view.checkpoint()).append("</small></h1>\n<div class=\"bar legend\">")
                .append(key("logged", "solid", "logged by FDR", "n-logged", shown[0]))
                .append(key("implied", "dashed", "implied (reduced away)", "n-implied", shown[1]))
                .append("<span class=\"key\">conflict arcs <b id=\"n-conflict\">").append(shown[0] + shown[1])
                .append("</b></span>")
                .append(key("netzer", "solid", "netzer's minimal set", "n-netzer", shown[2]))
                .append("<span class=\"note verdict ").append(view.verdict().startsWith("BIT-EXACT") ? "ok" : "bad")
                .append("\">replay of the dump: ").append(escape(view.verdict())).append("</span>");
        if (view.window() != null) {
            h.append("<span class=\"window\" id=\"window\">a window: rows of ")
                    .append(escape(view.lanes().get(view.window().agent()).name())).append(" ICs ")
                    .append(view.window().fromIc()).append("..").append(view.window().toIc())
                    .append(", not the whole run (arcs from outside start at its edge)</span>");
        }
        h.append("</div>\n<div class=\"bar controls\">")
                .append("<label><input type=\"checkbox\" id=\"netzer\"> show netzer's minimal set instead</label>")
                .append("<label><input type=\"checkbox\" id=\"fold\" checked> fold quiet stretches</label>")
                .append("<form id=\"search\"><input type=\"text\" id=\"label\" placeholder=\"label, e.g. wait\">")
                .append(" <button>find label</button></form>")
                .append("<form id=\"go\"><input type=\"text\" id=\"at\" placeholder=\"C:IC, e.g. 1:12\">")
                .append(" <button>jump</button></form><span id=\"found\"></span>")
                .append("<span class=\"note\">marks: <span class=\"mk int\">interrupt</span> ")
                .append("<span class=\"mk in\">input log</span> <span class=\"mk dma\">DMA</span>; ")
                .append(x.size()).append(" conflict arcs in the run, hover one for its block and reason</span>")
                .append("</div>\n</header>\n<div id=\"stage\"><div id=\"lanes\"></div><div id=\"rows\"></div>")
                .append("<svg id=\"arcs\" xmlns=\"http://www.w3.org/2000/svg\"></svg></div>\n<div id=\"tip\"></div>\n")
                .append("<script type=\"application/json\" id=\"data\">").append(json).append("</script>\n<script>\n")
                .append(resource("view.js")).append("</script>\n</body>\n</html>\n");
        return h.toString();
    }

    private static String key(String kind, String dash, String text, String id, int n) {
        return "<span class=\"key\"><svg width=\"34\" height=\"10\"><line x1=\"1\" y1=\"5\" x2=\"33\" y2=\"5\" stroke=\"var(--"
                + kind + ")\" stroke-width=\"2\"" + (dash.equals("dashed") ? " stroke-dasharray=\"5 4\"" : "")
                + "/></svg>" + text + " <b id=\"" + id + "\">" + n + "</b></span>";
    }

    /** Logged, implied and netzer arcs the page draws (those with an end in the window). */
    private static int[] shownCounts(ExecutionView view) {
        int[] n = new int[3];
        ArcLog all = view.explanation().arcs();
        for (int k = 0; k < all.size(); k++) {
            if (shown(view, all.from(k), all.fromIc(k), all.to(k), all.toIc(k))) {
                n[view.explanation().isLogged(k) ? 0 : 1]++;
            }
        }
        ArcLog nz = view.netzer();
        for (int k = 0; k < nz.size(); k++) {
            if (shown(view, nz.from(k), nz.fromIc(k), nz.to(k), nz.toIc(k))) {
                n[2]++;
            }
        }
        return n;
    }

    private static boolean shown(ExecutionView view, int from, long fromIc, int to, long toIc) {
        List<Lane> lanes = view.lanes();
        if (from >= lanes.size() || to >= lanes.size()) {
            return false;
        }
        if (view.window() == null) {
            return true;
        }
        return lanes.get(from).rowOf(fromIc) >= 0 || lanes.get(to).rowOf(toIc) >= 0;
    }

    private static Map<String, Object> data(ExecutionView view) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("title", view.title());
        d.put("checkpoint", view.checkpoint());
        d.put("window", view.window() == null ? null : view.window().toString());
        List<String[]> code = new ArrayList<>();
        for (CodeLine c : view.code()) {
            code.add(new String[] {c.label(), c.asm(), c.source(), c.location()});
        }
        d.put("code", code);
        int lo = Integer.MAX_VALUE;
        int hi = -1;
        List<Map<String, Object>> lanes = new ArrayList<>();
        for (Lane l : view.lanes()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", l.name());
            m.put("first", l.first());
            m.put("count", l.size());
            m.put("rows", l.rows());
            m.put("pcs", l.pcs());
            m.put("marks", l.marks());
            lanes.add(m);
            if (l.size() > 0) {
                lo = Math.min(lo, l.rows()[0]);
                hi = Math.max(hi, l.rows()[l.size() - 1]);
            }
        }
        d.put("lanes", lanes);
        d.put("rowBase", hi < 0 ? 0 : lo);
        d.put("rowCount", hi < 0 ? 0 : hi - lo + 1);
        ReductionExplanation x = view.explanation();
        ArcLog all = x.arcs();
        List<Object[]> arcs = new ArrayList<>();
        for (int k = 0; k < all.size(); k++) {
            if (shown(view, all.from(k), all.fromIc(k), all.to(k), all.toIc(k))) {
                arcs.add(new Object[] {all.from(k), all.fromIc(k), all.to(k), all.toIc(k), x.isLogged(k) ? 1 : 0,
                    view.blockOf()[k], x.isLogged(k) ? "logged" : x.reason(k)});
            }
        }
        d.put("arcs", arcs);
        ArcLog nz = view.netzer();
        List<Object[]> netzer = new ArrayList<>();
        for (int k = 0; k < nz.size(); k++) {
            if (shown(view, nz.from(k), nz.fromIc(k), nz.to(k), nz.toIc(k))) {
                netzer.add(new Object[] {nz.from(k), nz.fromIc(k), nz.to(k), nz.toIc(k), view.blockOf()[all.size() + k]});
            }
        }
        d.put("netzer", netzer);
        return d;
    }

    private static String resource(String name) {
        try (InputStream in = ViewPage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** HTML text escaping. */
    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
