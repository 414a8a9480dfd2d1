package io.noemata.agent;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The agent's options, {@code key=value} pairs separated by commas. {@code enabled=false} (or the
 * single word {@code off}) turns the agent off; every other key becomes the connection property
 * {@code noemata.<key>} (e.g. {@code rewrite=dry-run} -> {@code noemata.rewrite=dry-run}), which the
 * application's own properties of the same name override.
 */
record AgentOptions(boolean enabled, Map<String, String> properties) {

  AgentOptions {
    properties = Map.copyOf(properties);
  }

  static AgentOptions parse(String args) {
    Map<String, String> properties = new LinkedHashMap<>();
    boolean enabled = true;
    if (args != null && !args.isBlank()) {
      for (String part : args.split(",")) {
        String p = part.strip();
        if (p.isEmpty()) {
          continue;
        }
        if (p.equals("off")) {
          enabled = false;
          continue;
        }
        int eq = p.indexOf('=');
        if (eq <= 0) {
          throw new IllegalArgumentException("agent option '" + p + "' is not key=value");
        }
        String key = p.substring(0, eq).strip();
        String value = p.substring(eq + 1).strip();
        if (key.equals("enabled")) {
          enabled = !value.equalsIgnoreCase("false") && !value.equalsIgnoreCase("off");
        } else {
          properties.put(key.startsWith("noemata.") ? key : "noemata." + key, value);
        }
      }
    }
    return new AgentOptions(enabled, properties);
  }
}
