package io.noemata.agent;

import net.bytebuddy.asm.Advice;

/** Inlined into StatementImpl.clearWarnings(). */
final class ClearWarningsAdvice {

  private ClearWarningsAdvice() {}

  @Advice.OnMethodExit
  static void exit(@Advice.This Object self) {
    Hook.clearWarnings(self);
  }
}
