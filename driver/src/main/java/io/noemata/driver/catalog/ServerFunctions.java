package io.noemata.driver.catalog;

import io.noemata.core.expr.FunctionNames;
import io.noemata.core.system.SystemFunctions;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The function names of each server version ({@code SELECT version()}), read from the server the
 * first time a catalog of that version loads and kept for the process: they change only with the
 * version. A server whose lists cannot be read gets ClickHouse 26.5's ({@link FunctionNames#builtIn()}),
 * and is asked again at its next catalog load.
 */
final class ServerFunctions {

  private static final Logger LOG = LoggerFactory.getLogger(ServerFunctions.class);
  private static final Map<String, FunctionNames> BY_VERSION = new ConcurrentHashMap<>();

  private ServerFunctions() {}

  static FunctionNames of(Connection c, String version) {
    FunctionNames known = version == null ? null : BY_VERSION.get(version);
    if (known != null) {
      return known;
    }
    try {
      FunctionNames read = SystemFunctions.read(c);
      if (version != null) {
        BY_VERSION.putIfAbsent(version, read);
      }
      return read;
    } catch (SQLException unreadable) {
      LOG.debug("noemata: system.functions is not readable, using ClickHouse 26.5's names: {}",
          CatalogCache.firstLine(unreadable));
      return FunctionNames.builtIn();
    }
  }
}
