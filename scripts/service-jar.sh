# Sourced by the scripts: sets $jar to the service jar, building it first when it is missing or
# older than the sources (tests skipped; scripts/test runs them). Run from the repository root.
jar=jackpot-service/target/jackpot-service-0.1.0-SNAPSHOT.jar
if [[ ! -f $jar ]] || [[ -n $(find pom.xml jackpot-service/pom.xml jackpot-service/src/main contributor-sdk/pom.xml contributor-sdk/src/main -newer "$jar" -print -quit) ]]; then
  echo "building the service (mvn package, tests skipped; scripts/test runs them)..." >&2
  mvn -B -q -DskipTests package >&2
fi
