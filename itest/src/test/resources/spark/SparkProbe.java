import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.jdbc.JdbcDialect;
import org.apache.spark.sql.jdbc.JdbcDialects;

/**
 * A Spark application in local mode, run by {@code SparkIT} in a JVM of its own (Spark 4.0 runs on
 * Java 17 or 21; this file is run by the JDK's source launcher, so it is compiled there, not by the
 * build). It knows nothing of noemata: the URL, the driver class and the JVM's flags say which
 * driver serves it.
 *
 * <p>Arguments: the JDBC URL (database in the path), the driver class, the table. Prints, for each
 * read, a line {@code == name} and then its schema and its rows, sorted, one per line (for the
 * whole table their count and checksum).
 */
public final class SparkProbe {

  public static void main(String[] args) {
    String url = args[0];
    String driver = args[1];
    String table = args[2];
    JdbcDialects.registerDialect(new ClickHouseDialect());
    SparkSession spark = SparkSession.builder().master("local[2]").appName("noemata-spark-probe")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.catalog.ch", "org.apache.spark.sql.execution.datasources.v2.jdbc.JDBCTableCatalog")
        .config("spark.sql.catalog.ch.url", url)
        .config("spark.sql.catalog.ch.driver", driver)
        .config("spark.sql.catalog.ch.user", "default")
        .config("spark.sql.catalog.ch.password", "")
        .config("spark.sql.catalog.ch.pushDownAggregate", "true")
        .getOrCreate();
    Properties p = new Properties();
    p.setProperty("user", "default");
    p.setProperty("password", "");
    p.setProperty("driver", driver);
    String db = table.substring(0, table.indexOf('.'));
    // the JDBC data source: the table in four partitions (four connections), and a query Spark wraps
    summary("table", spark.read().option("numPartitions", "4").option("partitionColumn", "Duration")
        .option("lowerBound", "0").option("upperBound", "1000").jdbc(url, table, p));
    show("query", spark.read().format("jdbc").option("url", url).option("driver", driver).option("user", "default")
        .option("password", "").option("query", "SELECT ServiceName, count() AS spans, max(Duration) AS longest FROM " + table
            + " GROUP BY ServiceName").load());
    // the JDBC catalog: Spark pushes the aggregate down and sends it itself
    show("catalog aggregate", spark.sql("SELECT ServiceName, COUNT(*) AS spans, MAX(Duration) AS longest FROM ch."
        + table + " GROUP BY ServiceName"));
    show("catalog filter", spark.sql("SELECT Timestamp, ServiceName, Duration FROM ch." + table
        + " WHERE ServiceName = 'svc-1' AND Duration > 998"));
    spark.stop();
  }

  /**
   * What a ClickHouse user registers so that Spark pushes aggregates down (its default dialect
   * pushes none): the aggregates ClickHouse has under these names, names quoted with backticks.
   */
  static final class ClickHouseDialect extends JdbcDialect {
    private static final Set<String> AGGREGATES = Set.of("COUNT", "SUM", "MIN", "MAX", "AVG");

    @Override
    public boolean canHandle(String url) {
      return url.startsWith("jdbc:clickhouse:") || url.startsWith("jdbc:noemata:clickhouse:");
    }

    @Override
    public boolean isSupportedFunction(String name) {
      return AGGREGATES.contains(name);
    }

    @Override
    public String quoteIdentifier(String name) {
      return "`" + name.replace("`", "``") + "`";
    }
  }

  /** Too many rows to print: their count and a checksum of them all, both computed by Spark. */
  private static void summary(String name, Dataset<Row> rows) {
    List<String> columns = new ArrayList<>();
    for (String c : rows.columns()) {
      columns.add("`" + c + "`");
    }
    Row r = rows.selectExpr("count(*)", "sum(xxhash64(" + String.join(", ", columns) + ") % 1000000007)").first();
    System.out.println("== " + name);
    System.out.println(rows.schema().simpleString());
    System.out.println("rows " + r.get(0) + ", checksum " + r.get(1));
  }

  private static void show(String name, Dataset<Row> rows) {
    List<String> lines = new ArrayList<>();
    for (Row r : rows.collectAsList()) {
      lines.add(r.toString());
    }
    lines.sort(null);
    System.out.println("== " + name);
    System.out.println(rows.schema().simpleString());
    lines.forEach(System.out::println);
  }
}
