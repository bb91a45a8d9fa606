# Sourced by the scripts: sets $jar to the tools jar (the service, a local PostgreSQL, the demo
# players, loadgen and jackpotctl in one runnable jar), building it first when it is missing, older
# than the sources, or not known to be whole (tests skipped; scripts/test runs them). Run from the
# repository root. The stamp is touched only after a build that succeeded: a build stopped while it
# shaded the jar leaves a thin jar newer than its stamp.
jar=jackpot-service/tools/target/jackpot-tools-0.1.0-SNAPSHOT.jar
stamp=jackpot-service/tools/target/tools-jar.built
if [[ ! -f $jar || ! -f $stamp || $jar -nt $stamp ]] \
    || [[ -n $(find pom.xml jackpot-service/pom.xml jackpot-service/*/pom.xml jackpot-service/{core,server,tools}/src/main contributor-sdk/pom.xml contributor-sdk/src/main -newer "$stamp" -print -quit) ]]; then
  echo "building the service (mvn package, tests skipped; scripts/test runs them)..." >&2
  if ! mvn -B -q -DskipTests package -pl jackpot-service/tools -am >&2; then
    echo "the build failed" >&2
    exit 1
  fi
  touch "$stamp"
fi
