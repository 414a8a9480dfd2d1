package io.noemata.rewriter.checks;

import io.noemata.core.sql.Clause;
import io.noemata.rewriter.provenance.RollupSkip;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Settings that change how names, aggregates or tables resolve: with them the rewritten level
 * could mean something else than the level as written, so no level of the statement reads a rollup.
 */
public final class MeaningSettings {

  static final Set<String> NAMES = Set.of("prefer_column_name_to_alias",
      "aggregate_functions_null_for_empty", "group_by_use_nulls", "enable_analyzer", "allow_experimental_analyzer",
      "compatibility", "join_default_strictness", "any_join_distinct_right_table_keys",
      // wall clocks and buckets are read in the catalog's zone; another session zone moves them
      "session_timezone");

  private MeaningSettings() {}

  /**
   * Whether a server setting the connection itself sends with every statement (a
   * {@code clickhouse_setting_<name>} property) could make a rewritten level mean something else:
   * these, and {@code additional_table_filters}, which a statement's own SETTINGS may carry onto a
   * rollup but which the rewriter never sees when the connection sends it.
   */
  public static boolean changesMeaning(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    return NAMES.contains(n) || n.equals("additional_table_filters");
  }

  /** The first of the statement's {@code settings} that changes its meaning, as the skip of every level. */
  public static Optional<Skip> check(List<Clause.Setting> settings) {
    return settings.stream().map(s -> s.name().toLowerCase(Locale.ROOT)).filter(NAMES::contains).findFirst()
        .map(name -> new Skip(RollupSkip.NOT_UNDERSTOOD, "the setting " + name
            + " changes what the level means on other tables"));
  }
}
