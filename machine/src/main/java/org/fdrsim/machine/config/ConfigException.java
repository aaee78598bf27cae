package org.fdrsim.machine.config;

import org.fdrsim.cpu.text.OneLine;

/**
 * A configuration the user wrote that cannot be used; the message is one line naming the setting.
 * It is kept one line here, whatever text of the user's it quotes ({@link OneLine}: a YAML value
 * folded over lines, a {@code --set} with a carriage return).
 */
public final class ConfigException extends Exception {
    public ConfigException(String message) {
        super(OneLine.escape(message));
    }

    public ConfigException(String message, Throwable cause) {
        super(OneLine.escape(message), cause);
    }
}
