package io.noemata.agent;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Inlined into clickhouse-jdbc's {@code StatementImpl.executeQueryImpl(String, QuerySettings)} and
 * {@code executeUpdateImpl(String, QuerySettings)}, where every execution receives its text: each
 * public method of StatementImpl (executeQuery, execute, executeUpdate, executeLargeUpdate, a
 * batch's texts) and of PreparedStatementImpl (which inlines its bound values client side first)
 * ends in one of them. The text is replaced by what noemata decided to send; a rewritten text that
 * fails as the text as written may not is run again as written.
 */
final class SqlAdvice {

  private SqlAdvice() {}

  @Advice.OnMethodEnter
  static Object enter(@Advice.This Object self, @Advice.Argument(value = 0, readOnly = false) String sql) {
    Object token = Hook.enter(self, sql);
    sql = Hook.sent(token, sql);
    return token;
  }

  @Advice.OnMethodExit(onThrowable = Throwable.class)
  static void exit(@Advice.Enter Object token, @Advice.This Object self, @Advice.Origin("#m") String name,
      @Advice.Origin("#d") String descriptor, @Advice.AllArguments Object[] args,
      @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object result,
      @Advice.Thrown(readOnly = false) Throwable thrown) {
    Hook.Outcome outcome = Hook.exit(token, self, name, descriptor, args, thrown);
    if (outcome != null) {
      result = outcome.value();
      thrown = outcome.thrown();
    }
  }
}
