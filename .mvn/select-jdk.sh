# Sourced by ./mvnw and ./noemata: point JAVA_HOME at a JDK of version 22 or newer.
# Keeps a JAVA_HOME that already qualifies; otherwise takes the newest such JDK under /usr/lib/jvm.
noemata_jdk_major() { # prints the major version of the java in $1/bin, or 0
  "$1/bin/java" -XshowSettings:properties -version 2>&1 |
    sed -n 's/^ *java.specification.version = \([0-9]*\).*/\1/p' | head -n 1 | grep . || echo 0
}
if [ -z "${JAVA_HOME:-}" ] || [ ! -x "$JAVA_HOME/bin/java" ] || [ "$(noemata_jdk_major "$JAVA_HOME")" -lt 22 ]; then
  noemata_best=""
  noemata_best_major=0
  for noemata_candidate in /usr/lib/jvm/*; do
    [ -x "$noemata_candidate/bin/javac" ] || continue
    noemata_major=$(noemata_jdk_major "$noemata_candidate")
    if [ "$noemata_major" -ge 22 ] && [ "$noemata_major" -gt "$noemata_best_major" ]; then
      noemata_best=$noemata_candidate
      noemata_best_major=$noemata_major
    fi
  done
  if [ -z "$noemata_best" ]; then
    echo "noemata: no JDK 22+ found (set JAVA_HOME to one; our machines carry Temurin 25 under /usr/lib/jvm)" >&2
    exit 1
  fi
  JAVA_HOME=$noemata_best
  export JAVA_HOME
fi
