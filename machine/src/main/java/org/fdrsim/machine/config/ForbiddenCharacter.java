package org.fdrsim.machine.config;

/**
 * A character YAML does not allow in a file (a control character other than tab and the line
 * breaks, a lone surrogate, U+FFFE): SnakeYAML refuses it as "special characters are not allowed"
 * and Jackson places that at the start of the text; this names the character and where it is.
 */
final class ForbiddenCharacter {
    private ForbiddenCharacter() {
    }

    /** "the character U+0001 is not allowed (expected tabs, line breaks and printable characters)". */
    static String describe(int codePoint) {
        return String.format("the character U+%04X is not allowed (expected tabs, line breaks and printable characters)",
                codePoint);
    }

    /**
     * ", line L, column C" of the code point at {@code position} (SnakeYAML counts code points
     * from 0), or "" if the text is shorter.
     */
    static String where(String text, int position) {
        int line = 1;
        int column = 1;
        int i = 0;
        for (int k = 0; k < position; k++) {
            if (i >= text.length()) {
                return "";
            }
            int c = text.codePointAt(i);
            i += Character.charCount(c);
            // YAML's line breaks: LF, CR, CR LF (one break), NEL, LS, PS
            if (c == '\n' || c == '\r' && (i >= text.length() || text.charAt(i) != '\n')
                    || c == 0x85 || c == 0x2028 || c == 0x2029) {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return i >= text.length() ? "" : ", line " + line + ", column " + column;
    }
}
