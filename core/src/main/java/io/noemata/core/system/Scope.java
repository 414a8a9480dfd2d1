package io.noemata.core.system;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which tables a read of the system tables covers. Names travel as bound parameters, never pasted
 * into the SQL; the scopes that name nothing run as plain statements.
 */
public sealed interface Scope {

  /** The system databases, which hold nothing noemata installs. */
  String SYSTEM_DATABASES = "('system', 'INFORMATION_SCHEMA', 'information_schema')";

  /** The WHERE clause for a system table whose table-name column is {@code nameColumn}, and its parameters. */
  Filter filter(String nameColumn);

  /** A WHERE condition with the values of its {@code ?} in order. */
  record Filter(String sql, List<String> parameters) {
    public Filter {
      Objects.requireNonNull(sql, "sql");
      parameters = List.copyOf(parameters);
    }
  }

  /** Every table of these databases (none when the set is empty). */
  record Databases(Set<String> names) implements Scope {
    public Databases {
      names = Set.copyOf(new TreeSet<>(names));
    }

    @Override
    public Filter filter(String nameColumn) {
      if (names.isEmpty()) {
        return new Filter("0", List.of());
      }
      List<String> sorted = List.copyOf(new TreeSet<>(names));
      return new Filter("database IN (" + String.join(", ", sorted.stream().map(n -> "?").toList()) + ")", sorted);
    }
  }

  /** One table or view. */
  record Table(String database, String name) implements Scope {
    public Table {
      Objects.requireNonNull(database, "database");
      Objects.requireNonNull(name, "name");
    }

    @Override
    public Filter filter(String nameColumn) {
      return new Filter("database = ? AND " + nameColumn + " = ?", List.of(database, name));
    }
  }

  /** These tables or views (none when the set is empty). */
  record Tables(Set<io.noemata.core.catalog.TableName> names) implements Scope {
    public Tables {
      names = Set.copyOf(names);
    }

    @Override
    public Filter filter(String nameColumn) {
      if (names.isEmpty()) {
        return new Filter("0", List.of());
      }
      List<io.noemata.core.catalog.TableName> sorted = names.stream()
          .sorted(java.util.Comparator.comparing(io.noemata.core.catalog.TableName::toString)).toList();
      List<String> values = new java.util.ArrayList<>();
      sorted.forEach(t -> {
        values.add(t.database());
        values.add(t.table());
      });
      return new Filter("(database, " + nameColumn + ") IN (" + String.join(", ", sorted.stream().map(t -> "(?, ?)")
          .toList()) + ")", values);
    }
  }

  /** The tables named {@code name} in every database (a namespace's ledgers). */
  record Named(String name) implements Scope {
    public Named {
      Objects.requireNonNull(name, "name");
    }

    @Override
    public Filter filter(String nameColumn) {
      return new Filter(nameColumn + " = ?", List.of(name));
    }
  }

  /** The tables whose names end with {@code suffix}, outside the system databases (every namespace's ledgers). */
  record NamedEnding(String suffix) implements Scope {
    public NamedEnding {
      Objects.requireNonNull(suffix, "suffix");
    }

    @Override
    public Filter filter(String nameColumn) {
      return new Filter("endsWith(" + nameColumn + ", ?) AND database NOT IN " + SYSTEM_DATABASES, List.of(suffix));
    }
  }

  /**
   * Every table outside the system databases that has a MATERIALIZED column, a skip index or a
   * projection: what the driver's catalog covers, which keeps it small.
   */
  record Accelerated() implements Scope {
    @Override
    public Filter filter(String nameColumn) {
      return new Filter("database NOT IN " + SYSTEM_DATABASES + " AND (database, " + nameColumn + ") IN ("
          + "SELECT database, table FROM system.columns WHERE default_kind = 'MATERIALIZED'"
          + " UNION DISTINCT SELECT database, table FROM system.data_skipping_indices"
          + " UNION DISTINCT SELECT database, table FROM system.projections)", List.of());
    }
  }

  /** Every table outside the system databases. */
  record UserDatabases() implements Scope {
    @Override
    public Filter filter(String nameColumn) {
      return new Filter("database NOT IN " + SYSTEM_DATABASES, List.of());
    }
  }
}
