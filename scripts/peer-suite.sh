#!/usr/bin/env bash
# Runs clickhouse-java's own jdbc-v2 test suite (its branch v0.10.0) against a running ClickHouse,
# one of three ways, so that what passes through noemata can be compared with what passes without it:
#
#   plain   clickhouse-jdbc 0.10.0 (Maven Central), the suite's own jdbc:ch:// URLs
#   bundle  only noemata's bundle jar (jdbc-bundle/target/noemata-jdbc-*-all.jar) and the libraries a
#           host application brings (Jackson, Gson, commons-lang3); the suite's connections are
#           opened through DriverManager with jdbc:noemata:ch:// URLs (the URL swap)
#   agent   clickhouse-jdbc 0.10.0 under -javaagent:agent/target/noemata-agent.jar, the suite unchanged
#   compare the modes of --modes (default plain,bundle) one after another, then the differences:
#           every test that passes plain and fails another way, told apart into those of
#           scripts/peer-suite-expected.txt (they cast to, construct or compare clickhouse-jdbc's
#           classes) and the rest; exit 1 when there is any of the rest. Builds the bundle and the
#           agent in the reactor (package, never install) when they are missing.
#
# usage: scripts/peer-suite.sh plain|bundle|agent|compare --source GIT_DIR --server HOST:PORT
#            [--tests PATTERN] [--work DIR] [--timeout MINUTES] [--modes plain,bundle,agent]
#
#   --source   a clone of github.com/ClickHouse/clickhouse-java (or its bare git directory) that has
#              the branch v0.10.0 (the tag v0.10.0 points at a 0.11.0-rc1 commit; the branch is 0.10.0)
#   --server   a ClickHouse HTTP endpoint, e.g. the one `./noemata serve --embedded` prints
#   --tests    surefire's -Dtest pattern (default: the whole suite)
#   --work     where the suite is laid out and built (default target/peer-suite/<mode>)
#   --timeout  surefire's bound on the whole run (default 90 minutes)
#
# PEER_BUNDLE_JAR / PEER_AGENT_JAR name other jars than the ones under jdbc-bundle/ and agent/target
# (a copy, so that a rebuild during a long run does not replace the jar under it).
# Needs network access to Maven Central (the suite's test libraries), the bundle or agent jar built
# (./mvnw -q -B -ntp -pl jdbc-bundle,agent -am package -DskipTests), and git. Not part of CI. Prints
# "tests N, failures F, errors E, skipped S" and leaves surefire's reports in <work>/target.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:-}
shift || true
source_dir="" server="" tests="" work="" timeout_min=90 modes=plain,bundle
while [ $# -gt 0 ]; do
  case "$1" in
    --source) source_dir=$2; shift 2 ;;
    --server) server=$2; shift 2 ;;
    --tests) tests=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --timeout) timeout_min=$2; shift 2 ;;
    --modes) modes=$2; shift 2 ;;
    *) echo "peer-suite: unknown argument $1" >&2; exit 2 ;;
  esac
done
case "$mode" in plain|bundle|agent|compare) ;; *) echo "peer-suite: the first argument is plain, bundle, agent or compare" >&2; exit 2 ;; esac
[ -n "$source_dir" ] && [ -n "$server" ] || { echo "peer-suite: --source GIT_DIR and --server HOST:PORT are required" >&2; exit 2; }
host=${server%:*}; port=${server##*:}
work=${work:-$here/target/peer-suite/$mode}

if [ "$mode" = compare ]; then
  mkdir -p "$work"
  case ",$modes," in *,plain,*) ;; *) echo "peer-suite: --modes must include plain, the reference" >&2; exit 2 ;; esac
  if [ -z "${PEER_BUNDLE_JAR:-}" ] || [ -z "${PEER_AGENT_JAR:-}" ]; then
    if ! ls "$here"/jdbc-bundle/target/noemata-jdbc-*-all.jar >/dev/null 2>&1 || [ ! -f "$here/agent/target/noemata-agent.jar" ]; then
      echo "peer-suite: building the bundle and the agent (package, not install)" >&2
      (cd "$here" && ./mvnw -q -B -ntp -pl jdbc-bundle,agent -am package -DskipTests) >&2
    fi
    # copies, so that a rebuild during the long runs does not replace a jar under them
    cp "$(ls "$here"/jdbc-bundle/target/noemata-jdbc-*-all.jar | head -1)" "$work/noemata-jdbc-all.jar"
    cp "$here/agent/target/noemata-agent.jar" "$work/noemata-agent.jar"
    export PEER_BUNDLE_JAR=${PEER_BUNDLE_JAR:-$work/noemata-jdbc-all.jar} PEER_AGENT_JAR=${PEER_AGENT_JAR:-$work/noemata-agent.jar}
  fi
  for m in ${modes//,/ }; do
    "$0" "$m" --source "$source_dir" --server "$server" ${tests:+--tests "$tests"} --work "$work/$m" --timeout "$timeout_min"
  done
  exec python3 - "$work" "$modes" "$here/scripts/peer-suite-expected.txt" <<'PY'
import re, sys
work, modes, expected_file = sys.argv[1], sys.argv[2].split(","), sys.argv[3]
def base(name):  # Class#method of a parameterised case such as Class#method[x](2)
    m = re.match(r"[^#]+#[A-Za-z0-9_$]+", name)
    return m.group(0) if m else name
def key(name):  # a parameterised case by its method and number: its parameters may print otherwise each run
    m = re.search(r"\((\d+)\)$", name)
    return base(name) + ("(" + m.group(1) + ")" if m else "")
def names(mode, kind):
    with open(f"{work}/{mode}/suite/target/peer-suite-{kind}.txt") as f:
        return {key(line.strip()): line.strip() for line in f if line.strip()}
expected = {}
for line in open(expected_file):
    if line.strip() and not line.startswith("#"):
        name, _, why = line.strip().partition(" ")
        expected[name] = why.strip()
passed_plain, failed_plain = names("plain", "passed"), names("plain", "failed")
unexpected = 0
for mode in modes:
    if mode == "plain":
        continue
    passed, failed = names(mode, "passed"), names(mode, "failed")
    lost = sorted(passed_plain.keys() & failed.keys())
    known = [k for k in lost if mode == "bundle" and base(k) in expected]
    rest = [k for k in lost if k not in known]
    unexpected += len(rest)
    print(f"peer-suite compare {mode}: {len(passed_plain)} pass plain; {len(passed_plain.keys() & passed.keys())} of them pass"
          f" {mode}, {len(lost)} fail {mode}: {len(known)} cast to, construct or compare clickhouse-jdbc's classes"
          f" (scripts/peer-suite-expected.txt), {len(rest)} other")
    for k in rest:
        print(f"  passes plain, fails {mode}: {failed[k]}")
    for k in sorted(failed_plain.keys() & passed.keys()):
        print(f"  fails plain, passes {mode}: {passed[k]}")
sys.exit(1 if unexpected else 0)
PY
fi

if git --git-dir="$source_dir" rev-parse --verify -q refs/heads/v0.10.0 >/dev/null; then
  git_dir=$source_dir
elif git -C "$source_dir" rev-parse --verify -q v0.10.0^{commit} >/dev/null 2>&1; then
  git_dir=$(git -C "$source_dir" rev-parse --absolute-git-dir)
else
  echo "peer-suite: $source_dir has no branch v0.10.0 (git fetch origin v0.10.0)" >&2; exit 2
fi
ref=refs/heads/v0.10.0
git --git-dir="$git_dir" rev-parse --verify -q $ref >/dev/null || ref=refs/remotes/origin/v0.10.0

rm -rf "$work"; mkdir -p "$work/src" "$work/suite/src/test/java/com/clickhouse/client"
git --git-dir="$git_dir" archive "$ref" jdbc-v2/src/test clickhouse-client/src/test/java/com/clickhouse/client \
  | tar -x -C "$work/src"
cp -r "$work/src/jdbc-v2/src/test/." "$work/suite/src/test/"
# The two classes of clickhouse-client's test jar the jdbc-v2 suite builds on.
cp "$work/src/clickhouse-client/src/test/java/com/clickhouse/client/"{BaseIntegrationTest,ClickHouseServerForTest}.java \
  "$work/suite/src/test/java/com/clickhouse/client/"

# Tests the embedded engine cannot serve are skipped, and counted as skipped, in every mode:
# - two open TLS on the HTTP port (the suite has no TLS port outside its container): a server
#   refuses the handshake at once, the engine (no TLS) never answers, and the test would hang;
# - two run a query that only ends when KILL QUERY stops it: the engine runs one query at a time
#   and has no KILL QUERY, so it would run forever and every later test would wait for it.
skip() { # file, test method, reason
  python3 - "$1" "$2" "$3" <<'PY' || { echo "peer-suite: could not skip $2 in $1" >&2; exit 1; }
import re, sys
path, method, reason = sys.argv[1:]
text = open(path, encoding="utf-8").read()
text, n = re.subn(r"(void " + re.escape(method) + r"\(\)[^{]*\{)",
                  lambda m: m.group(1) + '\n        if (true) throw new org.testng.SkipException("peer-suite.sh: ' + reason + '");',
                  text, count=1)
open(path, "w", encoding="utf-8").write(text)
sys.exit(0 if n == 1 else 1)
PY
}
tests_dir=$work/suite/src/test/java/com/clickhouse/jdbc
skip "$tests_dir/ConnectionTest.java" testSSLModeTrust "needs a TLS port"
skip "$tests_dir/ConnectionTest.java" testSSLModeVerifyCa "needs a TLS port"
skip "$tests_dir/StatementTest.java" testCancelQueryWithSession "needs KILL QUERY"
skip "$tests_dir/StatementTest.java" testCancelInsertWithSession "needs KILL QUERY"

driver_dep='<dependency><groupId>com.clickhouse</groupId><artifactId>clickhouse-jdbc</artifactId><version>0.10.0</version></dependency>'
arg_line=""
if [ "$mode" = bundle ]; then
  bundle=${PEER_BUNDLE_JAR:-$(ls "$here"/jdbc-bundle/target/noemata-jdbc-*-all.jar 2>/dev/null | head -1)}
  [ -n "$bundle" ] || { echo "peer-suite: build the bundle first: ./mvnw -q -B -ntp -pl jdbc-bundle -am package -DskipTests" >&2; exit 2; }
  driver_dep="<dependency><groupId>io.noemata</groupId><artifactId>noemata-jdbc-all</artifactId><version>0</version><scope>system</scope><systemPath>$bundle</systemPath></dependency>"
  # The URL swap: the suite's connections are opened by URL through DriverManager, as an application would.
  base=$work/suite/src/test/java/com/clickhouse/jdbc/JdbcIntegrationTest.java
  sed -i -e 's|return "jdbc:ch:" + (isCloud()|return "jdbc:noemata:ch:" + (isCloud()|' \
         -e 's|return new ConnectionImpl(getEndpointString(), info);|return java.sql.DriverManager.getConnection(getEndpointString(), info);|' "$base"
  grep -q 'jdbc:noemata:ch:' "$base" && grep -q 'DriverManager.getConnection(getEndpointString(), info)' "$base" \
    || { echo "peer-suite: could not apply the URL swap to $base" >&2; exit 1; }
elif [ "$mode" = agent ]; then
  agent=${PEER_AGENT_JAR:-$here/agent/target/noemata-agent.jar}
  [ -f "$agent" ] || { echo "peer-suite: build the agent first: ./mvnw -q -B -ntp -pl agent -am package -DskipTests" >&2; exit 2; }
  arg_line="-javaagent:$agent"
fi

cat > "$work/suite/pom.xml" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>io.noemata.peer</groupId>
  <artifactId>jdbc-v2-suite-$mode</artifactId>
  <version>0</version>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
    $driver_dep
    <dependency><groupId>com.fasterxml.jackson.core</groupId><artifactId>jackson-databind</artifactId><version>2.21.3</version></dependency>
    <dependency><groupId>com.fasterxml.jackson.dataformat</groupId><artifactId>jackson-dataformat-yaml</artifactId><version>2.21.3</version></dependency>
    <dependency><groupId>com.google.code.gson</groupId><artifactId>gson</artifactId><version>2.10.1</version></dependency>
    <dependency><groupId>org.apache.commons</groupId><artifactId>commons-lang3</artifactId><version>3.20.0</version></dependency>
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-simple</artifactId><version>2.0.17</version></dependency>
    <dependency><groupId>org.testng</groupId><artifactId>testng</artifactId><version>7.5.1</version><scope>test</scope></dependency>
    <dependency><groupId>org.testcontainers</groupId><artifactId>testcontainers</artifactId><version>2.0.2</version><scope>test</scope></dependency>
    <dependency><groupId>org.wiremock</groupId><artifactId>wiremock-standalone</artifactId><version>3.13.0</version><scope>test</scope></dependency>
    <dependency><groupId>org.projectlombok</groupId><artifactId>lombok</artifactId><version>1.18.42</version><scope>test</scope></dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.14.0</version>
        <configuration><annotationProcessorPaths><path><groupId>org.projectlombok</groupId><artifactId>lombok</artifactId><version>1.18.42</version></path></annotationProcessorPaths></configuration>
      </plugin>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId><version>3.5.4</version>
        <configuration>
          <includes><include>**/*.java</include></includes>
          <useModulePath>false</useModulePath>
          <redirectTestOutputToFile>true</redirectTestOutputToFile>
          <forkedProcessTimeoutInSeconds>$((timeout_min * 60))</forkedProcessTimeoutInSeconds>
          <testFailureIgnore>true</testFailureIgnore>
          <argLine>$arg_line</argLine>
          <systemPropertyVariables>
            <clickhouseServer>$host</clickhouseServer>
            <clickhouseHTTPPort>$port</clickhouseHTTPPort>
          </systemPropertyVariables>
        </configuration>
      </plugin>
    </plugins>
  </build>
</project>
EOF

# With an external server the suite does not create its database: it is named by TEST_DB_NAME.
export TEST_DB_NAME=clickhouse_java_test_${mode}_$(date +%s)
curl -sfS "http://$host:$port/" --data-binary "CREATE DATABASE IF NOT EXISTS \`$TEST_DB_NAME\`" >/dev/null

. "$here/.mvn/select-jdk.sh"
cd "$work/suite"
"$here/mvnw" -B -ntp -q test ${tests:+-Dtest="$tests"} -Dsurefire.failIfNoSpecifiedTests=false > "$work/maven.log" 2>&1 || true

reports=$work/suite/target/surefire-reports
[ -d "$reports" ] || { echo "peer-suite: no test reports; see $work/maven.log" >&2; tail -30 "$work/maven.log" >&2; exit 1; }
python3 - "$reports" "$mode" <<'PY'
import glob, re, sys, xml.etree.ElementTree as ET
reports, mode = sys.argv[1], sys.argv[2]
t = f = e = s = 0
failed, passed = [], []
for path in glob.glob(reports + "/TEST-*.xml"):
    root = ET.parse(path).getroot()
    for case in root.iter("testcase"):
        t += 1
        # one line a test, the same in every run: a parameter's line breaks and runs of blanks become
        # one blank, an array parameter's identity hash ([B@6c2c1385) is left out
        name = case.get("classname", "").rsplit(".", 1)[-1] + "#" + re.sub(r"@[0-9a-f]{1,8}\b", "@", " ".join(case.get("name", "").split()))
        if case.find("failure") is not None: f += 1; failed.append(name)
        elif case.find("error") is not None: e += 1; failed.append(name)
        elif case.find("skipped") is not None: s += 1
        else: passed.append(name)
with open(reports + "/../peer-suite-failed.txt", "w") as out:
    out.write("\n".join(sorted(failed)) + "\n")
with open(reports + "/../peer-suite-passed.txt", "w") as out:
    out.write("\n".join(sorted(passed)) + "\n")
print(f"peer-suite {mode}: tests {t}, passed {t - f - e - s}, failures {f}, errors {e}, skipped {s}"
      f" (failed test names: {reports}/../peer-suite-failed.txt)")
PY
