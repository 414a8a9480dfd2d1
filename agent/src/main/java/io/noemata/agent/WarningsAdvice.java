package io.noemata.agent;

import java.sql.SQLWarning;

import net.bytebuddy.asm.Advice;

/** Inlined into StatementImpl.getWarnings(): noemata's provenance first, then clickhouse-jdbc's own warnings. */
final class WarningsAdvice {

  private WarningsAdvice() {}

  @Advice.OnMethodExit
  static void exit(@Advice.This Object self, @Advice.Return(readOnly = false) SQLWarning warnings) {
    warnings = Hook.warnings(self, warnings);
  }
}
