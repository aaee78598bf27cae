package org.fdrsim.cpu.core;

import java.util.Arrays;

/**
 * A processor's translated loops ({@link LoopTranslator}), found by counting how often the
 * flat loop's interpreter branches back to each pc: a head it reaches {@link #HOT} times is
 * translated once, and from then on the interpreter hands over at that head. Translation
 * changes no result, only speed: a translated loop does what the interpreter would.
 */
final class TranslatedLoops {
    /** The system property that turns translation off ({@code false}) for a comparison or a suspicion. */
    static final String PROPERTY = "fdrsim.loops.translate";
    /** Branches back to a head before it is translated (a loop run fewer times is not worth it). */
    static final int HOT = 1000;
    /** {@link #heat} of a head never to translate (counting up from here takes 2^31 branches). */
    private static final int NEVER = Integer.MIN_VALUE;

    /** Branches back to each pc so far; at {@link #HOT} the interpreter stops there. */
    final int[] heat;
    private final TranslatedLoop[] loops;
    private final int[] lengths;

    /**
     * A processor's loops for code of {@code codeLength} instructions: each translated after
     * {@link #HOT} branches back, or none if the system property {@value #PROPERTY} is
     * {@code false}.
     *
     * @throws IllegalArgumentException if the property is set to anything but true or false
     */
    static TranslatedLoops forCode(int codeLength) {
        String value = System.getProperty(PROPERTY, "true").trim();
        if (value.equals("true")) {
            return new TranslatedLoops(codeLength);
        }
        if (value.equals("false")) {
            TranslatedLoops none = new TranslatedLoops(codeLength);
            Arrays.fill(none.heat, NEVER);
            return none;
        }
        throw new IllegalArgumentException("system property " + PROPERTY + " must be true or false, not '" + value + "'");
    }

    /** Loops for code of {@code codeLength} instructions, each translated after {@link #HOT} branches back. */
    TranslatedLoops(int codeLength) {
        this(codeLength, HOT);
    }

    /** As {@link #TranslatedLoops(int)}, translating after {@code hotAfter} branches back instead (tests). */
    TranslatedLoops(int codeLength, int hotAfter) {
        heat = new int[codeLength + 1];
        Arrays.fill(heat, HOT - hotAfter);
        loops = new TranslatedLoop[codeLength + 1];
        lengths = new int[codeLength + 1];
    }

    /**
     * The translated loop at {@code head}, translating the range from it to {@code end} (the
     * branch back that reached it) the first time; null if it cannot be translated. The
     * interpreter stops at this head again on its next branch back.
     */
    TranslatedLoop at(Processor cpu, int head, int end) {
        TranslatedLoop loop = loops[head];
        if (loop == null) {
            loop = LoopTranslator.translate(cpu, head, end);
            if (loop == null) {
                heat[head] = NEVER;
                return null;
            }
            loops[head] = loop;
            lengths[head] = end - head + 1;
        }
        heat[head] = HOT - 1;
        return loop;
    }

    /** How many loops have been translated so far. */
    int translated() {
        int n = 0;
        for (TranslatedLoop loop : loops) {
            if (loop != null) {
                n++;
            }
        }
        return n;
    }

    /** Lets the interpreter pass {@code head} another {@link #HOT} times before it stops there again. */
    void cool(int head) {
        if (heat[head] >= 0) {
            heat[head] = 0;
        }
    }

    /** The instructions in the loop at {@code head} (a run needs a budget of at least this). */
    int length(int head) {
        return lengths[head];
    }
}
