package io.noemata.core.catalog;

/**
 * How a server names an unaliased result column, which a rewrite that changes such an item must
 * spell as its alias. The two analyzers differ (measured on 26.5): the analyzer keeps a function
 * name's case ({@code SUM(x)}, {@code COUNT(1)}), the old one prints the resolved spelling and
 * drops count's argument ({@code sum(x)}, {@code count()}).
 */
public enum ResultNaming {
  /** {@code enable_analyzer = 1}: the default since ClickHouse 24.3. */
  ANALYZER,
  /** {@code enable_analyzer = 0} (or {@code allow_experimental_analyzer = 0} before 24.3). */
  OLD_ANALYZER
}
