package org.fdrsim.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fdrsim.cpu.asm.AssemblyException;
import org.fdrsim.cpu.program.ProgramImage;
import org.junit.jupiter.api.Test;

class ProgramsTest {

    @Test
    void listsTheSplashKernels() {
        assertThat(Programs.names()).contains("splash/fft", "splash/lu", "splash/radix", "splash/stencil");
    }

    @Test
    void everyListedProgramAssemblesWithItsIncludes() throws AssemblyException {
        for (String name : Programs.names()) {
            ProgramImage image = Programs.load(name);
            assertThat(image.name()).isEqualTo("programs/" + name + ".s");
            assertThat(image.symbols().get("_start")).as(name).isNotNull();
        }
    }

    @Test
    void includedCodeIsLocatedInTheIncludedFile() throws AssemblyException {
        ProgramImage image = Programs.load("splash/fft");
        int barrier = (int) image.symbols().get("barrier").value();
        assertThat(image.locationOf(barrier).toString()).startsWith("programs/splash/barrier.s:");
    }

    @Test
    void acceptsTheFileNameToo() {
        assertThat(Programs.source("splash/fft.s")).isEqualTo(Programs.source("splash/fft"));
    }

    @Test
    void unknownProgramsAreNamedInTheError() {
        assertThatThrownBy(() -> Programs.load("splash/nope"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("splash/nope")
                .hasMessageContaining("splash/fft");
    }

    @Test
    void includesResolveBesideTheProgramAndStayInTheResourceTree() throws Exception {
        assertThat(Programs.includeResolver().read("programs/splash/fft.s", "../../../pom.xml")).isNull();
        assertThat(Programs.includeResolver().read("programs/splash/fft.s", "barrier.s")).contains("sync_register:");
    }
}
