package org.fdrsim.machine.config;

/** A configuration the user wrote that cannot be used; the message is one line naming the setting. */
public final class ConfigException extends Exception {
    public ConfigException(String message) {
        super(message);
    }

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
