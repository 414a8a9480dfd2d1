package io.noemata.agent;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import java.lang.instrument.Instrumentation;
import java.util.Properties;

import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;

/**
 * {@code -javaagent:noemata-agent.jar[=rewrite=dry-run,catalog.ttl=60s]}: the application keeps
 * clickhouse-jdbc's own objects (casts to {@code ConnectionImpl}, {@code instanceof} and
 * {@code getClass()} behave as without the agent), and the SQL those objects receive is rewritten
 * where they receive it, with the options as {@code noemata.*} properties:
 * <ul>
 *   <li>{@code ConnectionImpl(String, Properties)}, which every way of connecting reaches (Driver,
 *       DataSource, pools, {@code new}): a {@code jdbc:clickhouse:}/{@code jdbc:ch:} connection is
 *       rewritten for;
 *   <li>{@code StatementImpl.executeQueryImpl/executeUpdateImpl(String, QuerySettings)}: the
 *       text is what noemata decided (see {@link SqlAdvice});
 *   <li>{@code StatementImpl.getWarnings()/clearWarnings()}: the provenance comes first.
 * </ul>
 *
 * <p>The agent must never break its host: if it cannot install, or cannot decide a statement, it
 * says so once on stderr and the statement is sent as the application wrote it.
 */
public final class NoemataAgent {

  private static final String JDBC = "com.clickhouse.jdbc.";

  private NoemataAgent() {}

  public static void premain(String args, Instrumentation instrumentation) {
    install(args, instrumentation);
  }

  public static void agentmain(String args, Instrumentation instrumentation) {
    install(args, instrumentation);
  }

  private static void install(String args, Instrumentation instrumentation) {
    try {
      AgentOptions options = AgentOptions.parse(args);
      if (!options.enabled()) {
        Hook.say("disabled by its options; connections are left as they are");
        return;
      }
      Hook.configure(options);
      new AgentBuilder.Default()
          .disableClassFormatChanges()
          .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
          .ignore(nameStartsWith("net.bytebuddy.").or(nameStartsWith("io.noemata.")))
          .type(named(JDBC + "ConnectionImpl"))
          .transform((builder, type, loader, module, domain) -> builder.visit(Advice.to(OpenAdvice.class)
              .on(isConstructor().and(takesArguments(String.class, Properties.class)))))
          .type(named(JDBC + "StatementImpl"))
          .transform((builder, type, loader, module, domain) -> builder
              .visit(Advice.to(SqlAdvice.class).on(named("executeQueryImpl").or(named("executeUpdateImpl"))
                  .and(takesArguments(2)).and(takesArgument(0, String.class))))
              .visit(Advice.to(WarningsAdvice.class).on(named("getWarnings").and(takesArguments(0))))
              .visit(Advice.to(ClearWarningsAdvice.class).on(named("clearWarnings").and(takesArguments(0)))))
          .installOn(instrumentation);
    } catch (Throwable t) {
      Hook.say("could not install (" + t + "); the application runs without noemata");
    }
  }
}
