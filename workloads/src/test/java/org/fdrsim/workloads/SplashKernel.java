package org.fdrsim.workloads;

import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.program.Symbol;

/**
 * The SPLASH-style programs with the Java reference that predicts each one's output. Sizes
 * and seeds are read from the program's {@code .equ} constants, so the program is the one
 * place they are written.
 */
enum SplashKernel {
    FFT("splash/fft") {
        @Override
        long expectedChecksum(ProgramImage image) {
            return FftReference.checksum(intConstant(image, "N"), constant(image, "SEED"));
        }
    },
    LU("splash/lu") {
        @Override
        long expectedChecksum(ProgramImage image) {
            long p = constant(image, "PRIME");
            long[][] a = LuReference.input(intConstant(image, "N"), constant(image, "SEED"), p);
            LuReference.factor(a, p);
            return LuReference.checksum(a);
        }
    },
    RADIX("splash/radix") {
        @Override
        long expectedChecksum(ProgramImage image) {
            return RadixReference.checksum(intConstant(image, "NKEYS"), constant(image, "SEED"));
        }
    },
    STENCIL("splash/stencil") {
        @Override
        long expectedChecksum(ProgramImage image) {
            return StencilReference.checksum(
                    intConstant(image, "N"), intConstant(image, "ITERS"), constant(image, "SEED"));
        }
    };

    private final String programName;

    SplashKernel(String programName) {
        this.programName = programName;
    }

    String programName() {
        return programName;
    }

    /** The number the program prints, computed by the Java reference. */
    abstract long expectedChecksum(ProgramImage image);

    static long constant(ProgramImage image, String name) {
        Symbol s = image.symbols().get(name);
        if (s == null || s.kind() != Symbol.Kind.CONSTANT) {
            throw new IllegalStateException(image.name() + " defines no constant " + name);
        }
        return s.value();
    }

    static int intConstant(ProgramImage image, String name) {
        return Math.toIntExact(constant(image, name));
    }
}
