package io.noemata.agent;

import java.lang.instrument.Instrumentation;

import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.matcher.ElementMatchers;

/**
 * {@code -javaagent:noemata-agent.jar[=rewrite=dry-run,catalog.ttl=60s]}: every connection the
 * application opens with clickhouse-jdbc's driver ({@code jdbc:clickhouse://}, {@code jdbc:ch://})
 * is opened through noemata instead, with the options as {@code noemata.*} properties. DataSources
 * and pools (HikariCP with a {@code jdbcUrl}) reach the same driver method, so they are covered too.
 *
 * <p>The agent must never break its host: if it cannot install, or noemata cannot open a
 * connection, it says so once on stderr and the application's own connection is used.
 */
public final class NoemataAgent {

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
          .ignore(ElementMatchers.nameStartsWith("net.bytebuddy.").or(ElementMatchers.nameStartsWith("io.noemata.")))
          .type(ElementMatchers.named("com.clickhouse.jdbc.ClickHouseDriver").or(ElementMatchers.named("com.clickhouse.jdbc.Driver")))
          .transform((builder, type, loader, module, domain) -> builder.visit(Advice.to(ConnectAdvice.class)
              .on(ElementMatchers.named("connect").and(ElementMatchers.takesArguments(String.class, java.util.Properties.class)))))
          .installOn(instrumentation);
    } catch (Throwable t) {
      Hook.say("could not install (" + t + "); the application runs without noemata");
    }
  }
}
