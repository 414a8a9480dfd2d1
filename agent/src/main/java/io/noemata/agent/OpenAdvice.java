package io.noemata.agent;

import java.sql.Connection;
import java.util.Properties;

import net.bytebuddy.asm.Advice;

/**
 * Inlined at the end of ConnectionImpl(String, Properties), the one constructor every way of
 * connecting reaches (Driver.connect, DataSourceImpl, pools, {@code new ConnectionImpl}).
 */
final class OpenAdvice {

  private OpenAdvice() {}

  @Advice.OnMethodExit
  static void exit(@Advice.This Connection self, @Advice.Argument(0) String url, @Advice.Argument(1) Properties info) {
    Hook.opened(self, url, info);
  }
}
