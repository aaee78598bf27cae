package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.cli.CliTest.fdr;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fdrsim.cli.CliTest.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code fdr view} pages in a real browser (headless Chromium): the arcs the page draws, read
 * back from the rendered DOM, are the counts {@code fdr arcs --compare} prints for the same run;
 * dashed arcs' tooltips name a logged arc; the page renders only what is visible.
 */
class BrowserViewTest {
    private static final Pattern ARC = Pattern.compile(
            "<path class=\"arc (logged|implied|netzer)\" data-arc=\"([^\"]+)\" data-block=\"([^\"]+)\"[^>]*><title>([^<]*)</title>");
    private static final Pattern IMPLIED_BY = Pattern.compile("implied by (\\d+:\\d+ -> \\d+:\\d+) via ");

    record Arc(String kind, String name, String block, String title) {}

    static List<Arc> arcs(String dom) {
        List<Arc> out = new ArrayList<>();
        Matcher m = ARC.matcher(dom);
        while (m.find()) {
            out.add(new Arc(m.group(1), unescape(m.group(2)), m.group(3), unescape(m.group(4))));
        }
        return out;
    }

    static String unescape(String s) {
        return s.replace("&gt;", ">").replace("&lt;", "<").replace("&quot;", "\"").replace("&amp;", "&");
    }

    static int compareCount(String compareOutput, String policy) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(policy) + " +(\\d+) ").matcher(compareOutput);
        assertThat(m.find()).as(compareOutput).isTrue();
        return Integer.parseInt(m.group(1));
    }

    @ParameterizedTest
    @CsvSource({"../examples/message-passing.s, 1", "../examples/message-passing.s, 2",
        "../exercises/04-figure1/figure1.s, 1"})
    void renderedSolidAndDashedArcsAreTheCountsOfArcsCompare(String program, String seed, @TempDir Path dir)
            throws Exception {
        HeadlessChromium chromium = HeadlessChromium.require();
        Path page = dir.resolve("view.html");
        Outcome v = fdr("view", program, "--cpus", "2", "--seed", seed, "-o", page.toString());
        assertThat(v.status()).as(v.err()).isZero();
        Outcome compare = fdr("arcs", program, "--cpus", "2", "--seed", seed, "--compare");
        int fdrArcs = compareCount(compare.out(), "fdr");
        int allArcs = compareCount(compare.out(), "all-arcs");
        assertThat(allArcs).isGreaterThan(fdrArcs); // something was reduced away: dashed arcs exist

        // A window tall enough that every row is on screen, so every arc is drawn.
        String dom = chromium.dumpDom(page, "", 1400, 12000, dir);
        List<Arc> arcs = arcs(dom);
        long solid = arcs.stream().filter(a -> a.kind().equals("logged")).count();
        long dashed = arcs.stream().filter(a -> a.kind().equals("implied")).count();
        assertThat(solid).as("solid arcs in the DOM").isEqualTo(fdrArcs);
        assertThat(dashed).as("dashed arcs in the DOM").isEqualTo(allArcs - fdrArcs);
        assertThat(dom).contains("id=\"n-logged\">" + fdrArcs + "<").contains("id=\"n-implied\">" + (allArcs - fdrArcs) + "<");

        // Each dashed arc's tooltip names an arc that is drawn solid and that FDR logs.
        Set<String> logged = new HashSet<>();
        arcs.stream().filter(a -> a.kind().equals("logged")).forEach(a -> logged.add(a.name()));
        Outcome fdrLog = fdr("arcs", program, "--cpus", "2", "--seed", seed);
        for (Arc a : arcs) {
            assertThat(a.block()).matches("0x[0-9a-f]+");
            assertThat(a.title()).startsWith(a.name()).contains("block " + a.block());
            if (a.kind().equals("implied")) {
                Matcher m = IMPLIED_BY.matcher(a.title());
                assertThat(m.find()).as(a.title()).isTrue();
                assertThat(logged).as(a.title()).contains(m.group(1));
                assertThat(fdrLog.out().lines()).contains(m.group(1));
            }
        }
    }

    @Test
    void onlyTheVisibleRowsAreInTheDocumentAndAFragmentJumpsToAnInstruction(@TempDir Path dir) throws Exception {
        HeadlessChromium chromium = HeadlessChromium.require();
        Path page = dir.resolve("counter.html");
        Outcome v = fdr("view", "../examples/racy-counter.s", "-o", page.toString());
        assertThat(v.status()).as(v.err()).isZero();
        assertThat(v.out()).contains("20,051 instructions");
        String dom = chromium.dumpDom(page, "#2:4000", 1200, 900, dir);
        int rows = count(dom, "<div class=\"ins");
        assertThat(rows).as("rows in the DOM").isBetween(20, 1000); // of 20,051 instructions
        assertThat(dom).containsPattern("<div class=\"ins[^\"]* hl\" data-at=\"2:4000\"");
        Matcher ms = Pattern.compile("data-render-ms=\"([0-9.]+)\"").matcher(dom);
        assertThat(ms.find()).isTrue();
        assertThat(Double.parseDouble(ms.group(1))).as("ms to draw the visible part").isLessThan(1000);
    }

    @Test
    void searchingALabelListsEveryInstructionThereAndJumpsToTheFirst(@TempDir Path dir) throws Exception {
        HeadlessChromium chromium = HeadlessChromium.require();
        Path page = dir.resolve("mp.html");
        assertThat(fdr("view", "../examples/message-passing.s", "--cpus", "2", "-o", page.toString()).status()).isZero();
        String dom = chromium.dumpDom(page, "#label=producer", 1200, 900, dir);
        // 'producer' labels one instruction, committed once, by cpu 0 at IC 3.
        assertThat(dom).contains("1 at producer: <a data-l=\"0\" data-ic=\"3\">0:3</a>");
        assertThat(dom).containsPattern("<div class=\"ins[^\"]* hl\" data-at=\"0:3\"");
        String none = chromium.dumpDom(page, "#label=nowhere", 1200, 900, dir);
        assertThat(none).contains("no instruction at label nowhere");
    }

    @Test
    void aForcedPageOfOverAHundredThousandInstructionsStillDrawsOnlyWhatIsVisible(@TempDir Path dir) throws Exception {
        HeadlessChromium chromium = HeadlessChromium.require();
        Path page = dir.resolve("rt.html");
        Outcome v = fdr("view", "../examples/random-tester.s", "--force", "-o", page.toString());
        assertThat(v.status()).as(v.err()).isZero();
        assertThat(v.out()).contains("172,138 instructions");
        String dom = chromium.dumpDom(page, "#3:30000", 1400, 1000, dir);
        assertThat(dom).containsPattern("data-at=\"3:30000\"");
        assertThat(count(dom, "<div class=\"ins")).isLessThan(2000);
        Matcher ms = Pattern.compile("data-render-ms=\"([0-9.]+)\"").matcher(dom);
        assertThat(ms.find()).isTrue();
        assertThat(Double.parseDouble(ms.group(1))).as("ms to draw the visible part").isLessThan(1000);
    }

    @Test
    void thePageNeedsNoNetwork(@TempDir Path dir) throws Exception {
        Path page = dir.resolve("mp.html");
        assertThat(fdr("view", "../examples/message-passing.s", "--cpus", "2", "-o", page.toString()).status()).isZero();
        String html = Files.readString(page);
        assertThat(html).doesNotContain("<link").doesNotContain("src=").doesNotContainPattern("url\\(http")
                .doesNotContain("@import");
        // The only URL is the SVG namespace (a name, never fetched).
        assertThat(html.replace("http://www.w3.org/2000/svg", "")).doesNotContain("http://").doesNotContain("https://");
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
