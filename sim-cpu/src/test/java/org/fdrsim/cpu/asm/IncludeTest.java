package org.fdrsim.cpu.asm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fdrsim.cpu.isa.Opcode;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.program.SourceLocation;
import org.junit.jupiter.api.Test;

class IncludeTest {

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(IncludeTest.class.getResource("/asm/" + name).toURI());
    }

    @Test
    void includesAreTextualAndShareLabelsAndSections() throws AssemblyException {
        Map<String, String> files = Map.of(
                "defs.s", ".equ N, 3\n",
                "code.s", "helper: addi r1, r1, N\n        ret\n",
                "data.s", ".data\ntable: .word N\n");
        ProgramImage p = Assembler.assemble("main.s",
                ".include \"defs.s\"\n_start: jal helper\nla r2, table\nhalt\n.include \"code.s\"\n.include \"data.s\"\n"
                        + ".word 4\n",
                IncludeResolver.of(files));
        assertThat(p.code().length()).isEqualTo(5);
        assertThat(p.code().get(0).imm()).isEqualTo(3); // helper
        assertThat(p.code().get(1).imm()).isEqualTo(0x10000); // table
        assertThat(p.code().get(3).imm()).isEqualTo(3); // N
        assertThat(p.locationOf(3)).isEqualTo(new SourceLocation("code.s", 1, 9));
        // the .data switch inside data.s is still in force after it: the .word lands in data
        assertThat(p.data().get(0).bytes()).hasSize(16);
    }

    @Test
    void sectionSwitchInsideAnIncludeCarriesOver() {
        assertThat(Asm.error("_start: halt\n.include \"d.s\"\nnop\n", Map.of("d.s", ".data\n")))
                .isEqualTo("t.s:3:1: instruction 'nop' in the .data section, expected data directives here"
                        + " (switch back with .text)");
    }

    @Test
    void resolverSeesIncludingFileAndWrittenName() throws AssemblyException {
        List<String> calls = new ArrayList<>();
        IncludeResolver resolver = (from, name) -> {
            calls.add(from + " <- " + name);
            return switch (name) {
                case "lib/a.s" -> ".include \"b.s\"\n";
                case "b.s" -> "nop\n";
                default -> null;
            };
        };
        ProgramImage p = Assembler.assemble("main.s", "_start: halt\n.include \"lib/a.s\"\n", resolver);
        assertThat(calls).containsExactly("main.s <- lib/a.s", "lib/a.s <- b.s");
        assertThat(p.code().length()).isEqualTo(2);
        assertThat(p.locationOf(1)).isEqualTo(new SourceLocation("lib/b.s", 1, 1));
    }

    @Test
    void labelsBeforeAnIncludeBindToWhatFollows() throws AssemblyException {
        ProgramImage p = Assembler.assemble("main.s", "_start: nop\nhere: .include \"x.s\"\n",
                IncludeResolver.of(Map.of("x.s", "halt\n")));
        assertThat(p.symbols().get("here").value()).isEqualTo(1);
    }

    @Test
    void errorsInsideIncludedFilesNameThatFile() {
        assertThat(Asm.error("_start: halt\n.include \"lib/bad.s\"\n", Map.of("lib/bad.s", "nop\nadd r1, r2, 5\n")))
                .isEqualTo("lib/bad.s:2:13: expected a register after ',' but found '5'");
    }

    @Test
    void includeNotFound() {
        assertThat(Asm.error("_start: halt\n.include \"nope.s\"\n"))
                .isEqualTo("t.s:2:10: include file 'nope.s' not found (looked for nope.s), expected a path relative"
                        + " to the including file");
    }

    @Test
    void includeCycleIsDetected() {
        Map<String, String> files = Map.of("a.s", ".include \"b.s\"\n", "b.s", "nop\n.include \"a.s\"\n");
        assertThat(Asm.error("_start: halt\n.include \"a.s\"\n", files))
                .isEqualTo("b.s:2:10: include cycle a.s -> b.s -> a.s, expected a file not already being included");
        assertThat(Asm.error("_start: halt\n.include \"./t.s\"\n"))
                .isEqualTo("t.s:2:10: include cycle t.s -> t.s, expected a file not already being included");
    }

    @Test
    void includingTheSameFileTwiceWithoutACycleIsAllowed() throws AssemblyException {
        Map<String, String> files = Map.of("consts.s", "nop\n");
        ProgramImage p = Assembler.assemble("m.s", "_start: .include \"consts.s\"\n.include \"consts.s\"\n",
                IncludeResolver.of(files));
        assertThat(p.code().length()).isEqualTo(2);
    }

    @Test
    void unreadableIncludeIsReported() {
        IncludeResolver broken = (from, name) -> {
            throw new IOException("permission denied");
        };
        assertThatThrownBy(() -> Assembler.assemble("m.s", "_start: halt\n.include \"x.s\"\n", broken))
                .isInstanceOf(AssemblyException.class)
                .hasMessage("m.s:2:10: cannot read include file 'x.s' (x.s): permission denied, expected a readable"
                        + " UTF-8 text file");
    }

    @Test
    void includeNeedsAQuotedName() {
        assertThat(Asm.error("_start: halt\n.include nope.s\n"))
                .isEqualTo("t.s:2:10: expected a file name in double quotes after '.include' but found 'nope.s'");
    }

    @Test
    void filesOnDiskResolveRelativeToTheIncludingFile() throws Exception {
        Path main = resource("include/main.s");
        String dir = main.getParent().toString().replace('\\', '/');
        ProgramImage p = Assembler.assemble(main);
        assertThat(p.name()).isEqualTo("main.s");
        assertThat(p.code().length()).isEqualTo(5);
        assertThat(p.code().get(0).imm()).isEqualTo(42);
        assertThat(p.code().get(3).op()).isEqualTo(Opcode.ST);
        assertThat(p.code().get(3).imm()).isEqualTo(0xFFFF00000008L);
        assertThat(p.locationOf(3)).isEqualTo(new SourceLocation(dir + "/lib/print.s", 1, 9));
        assertThat(p.locationOf(0).file()).isEqualTo(main.toString());
        assertThat(p.symbols().get("greeting").value()).isEqualTo(0x10000);
    }

    @Test
    void includeCycleOnDisk() throws Exception {
        Path a = resource("cycle/a.s");
        String dir = a.getParent().toString().replace('\\', '/');
        assertThatThrownBy(() -> Assembler.assemble(a))
                .isInstanceOf(AssemblyException.class)
                .hasMessage(dir + "/b.s:2:10: include cycle " + dir + "/a.s -> " + dir + "/b.s -> " + dir
                        + "/a.s, expected a file not already being included");
    }

    @Test
    void missingIncludeOnDisk() throws Exception {
        Path main = resource("missing/main.s");
        String dir = main.getParent().toString().replace('\\', '/');
        assertThatThrownBy(() -> Assembler.assemble(main))
                .isInstanceOf(AssemblyException.class)
                .hasMessage(main + ":2:10: include file 'nope.s' not found (looked for " + dir
                        + "/nope.s), expected a path relative to the including file");
    }

    @Test
    void errorInIncludedFileOnDisk() throws Exception {
        Path main = resource("error/main.s");
        String dir = main.getParent().toString().replace('\\', '/');
        assertThatThrownBy(() -> Assembler.assemble(main))
                .isInstanceOf(AssemblyException.class)
                .hasMessage(dir + "/bad.s:2:13: expected a register after ',' but found '5'");
    }

    @Test
    void missingMainFile() {
        Path nowhere = Path.of("no-such-dir", "prog.s");
        assertThatThrownBy(() -> Assembler.assemble(nowhere))
                .isInstanceOf(AssemblyException.class)
                .hasMessage(nowhere + ": cannot read the program: no such file, expected a readable UTF-8 text file");
    }
}
