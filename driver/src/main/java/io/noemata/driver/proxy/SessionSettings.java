package io.noemata.driver.proxy;

import io.noemata.core.sql.Clause;
import io.noemata.core.sql.ParseResult;
import io.noemata.core.sql.SqlParser;
import io.noemata.rewriter.checks.MeaningSettings;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the {@code SET} statements of one session have changed that the rewriter must know: the
 * settings that could make a rewritten statement mean something else (then every later statement of
 * the session goes as written) and whether a {@code param_<name>} may now hold a value the planner
 * never saw. Immutable; a session holds the latest value (the driver per connection, the HTTP
 * proxy per {@code session_id}), so one session's SET never changes another's decisions.
 *
 * @param meaning names of meaning-changing settings set in the session, or a description of a SET
 *     that could not be read ({@code SET ROLE}, {@code SET profile}: what they change is unknown here)
 * @param parametersSet a {@code SET param_<name>} ran in the session
 */
public record SessionSettings(Set<String> meaning, boolean parametersSet) {

  /** A session that has run no SET. */
  public static final SessionSettings NONE = new SessionSettings(Set.of(), false);

  public SessionSettings {
    meaning = Set.copyOf(new TreeSet<>(meaning));
  }

  /** This session after {@code set}, a statement whose first word is SET, ran successfully. */
  public SessionSettings after(String set) {
    ParseResult<Clause.Settings> parsed = SqlParser.parseSet(set);
    Set<String> names = new TreeSet<>(meaning);
    boolean parameters = parametersSet;
    if (!parsed.understood()) {
      names.add("a SET statement the rewriter cannot read"); // SET ROLE, SET DEFAULT ROLE, ...: access may differ now
      return new SessionSettings(names, parameters);
    }
    for (Clause.Setting s : parsed.node().items()) {
      String name = s.name().toLowerCase(Locale.ROOT);
      if (name.startsWith("param_")) {
        parameters = true;
      } else if (name.equals("profile") || MeaningSettings.changesMeaning(name)) {
        names.add(name); // a profile may carry any setting, additional_table_filters too
      }
    }
    return names.equals(meaning) && parameters == parametersSet ? this : new SessionSettings(names, parameters);
  }
}
