package io.noemata.agent;

import java.sql.Connection;
import java.util.Properties;

import net.bytebuddy.asm.Advice;

/**
 * Inlined into clickhouse-jdbc's {@code Driver.connect(String, Properties)}: on entry, ask the
 * {@link Hook} for a noemata connection; if it gives one, skip the original body and return it.
 */
final class ConnectAdvice {

  private ConnectAdvice() {}

  @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class)
  static Connection enter(@Advice.Argument(0) String url, @Advice.Argument(1) Properties info) {
    return Hook.redirect(url, info);
  }

  @Advice.OnMethodExit
  static void exit(@Advice.Enter Connection replacement, @Advice.Return(readOnly = false) Connection result) {
    if (replacement != null) {
      result = replacement;
    }
  }
}
