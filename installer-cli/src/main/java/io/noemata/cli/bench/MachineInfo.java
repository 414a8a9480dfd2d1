package io.noemata.cli.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** One line saying what the figures were measured on. */
public final class MachineInfo {

  private MachineInfo() {}

  public static String describe(String engineVersion) {
    return String.format(Locale.ROOT, "%s, %d cores, %.0f GiB, Java %s, ClickHouse %s", cpuModel(),
        Runtime.getRuntime().availableProcessors(), totalMemoryGiB(), System.getProperty("java.version"), engineVersion);
  }

  private static String cpuModel() {
    try {
      return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
          .map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst().orElse("unknown CPU");
    } catch (IOException e) {
      return "unknown CPU";
    }
  }

  private static double totalMemoryGiB() {
    try {
      return Files.readAllLines(Path.of("/proc/meminfo")).stream().filter(l -> l.startsWith("MemTotal:"))
          .mapToLong(l -> Long.parseLong(l.replaceAll("\\D", ""))).findFirst().orElse(0) / 1024.0 / 1024.0;
    } catch (IOException e) {
      return 0;
    }
  }
}
