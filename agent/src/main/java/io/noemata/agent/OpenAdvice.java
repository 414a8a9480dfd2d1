package io.noemata.agent;

import java.sql.Connection;
import java.util.Properties;

import net.bytebuddy.asm.Advice;

/**
 * Inlined into ConnectionImpl(String, Properties), the one constructor every way of connecting
 * reaches (Driver.connect, DataSourceImpl, pools, {@code new ConnectionImpl}). On entry (before any
 * of clickhouse-jdbc's code reads them) noemata's own {@code noemata.*} URL parameters and
 * properties are taken out, as the URL swap takes them out, so clickhouse-jdbc never refuses them;
 * on exit the connection is rewritten for, with them.
 */
final class OpenAdvice {

  private OpenAdvice() {}

  /** The application's own URL and properties when noemata's were taken out of them, else null. */
  @Advice.OnMethodEnter
  static Object[] enter(@Advice.Argument(value = 0, readOnly = false) String url,
      @Advice.Argument(value = 1, readOnly = false) Properties info) {
    Object[] theirs = Hook.clickhouseArguments(url, info);
    if (theirs == null) {
      return null;
    }
    Object[] given = {url, info};
    url = (String) theirs[0];
    info = (Properties) theirs[1];
    return given;
  }

  @Advice.OnMethodExit
  static void exit(@Advice.This Connection self, @Advice.Argument(0) String url, @Advice.Argument(1) Properties info,
      @Advice.Enter Object[] given) {
    if (given == null) {
      Hook.opened(self, url, info);
    } else {
      Hook.opened(self, (String) given[0], (Properties) given[1]);
    }
  }
}
