# Sourced by the bench and drill scripts: compiles the tests and sets $cp to the integration
# module's test classpath (its tests, then every module and dependency). Run from the repository root.
mvn -B -q -DskipTests test-compile dependency:build-classpath -Dmdep.outputFile=target/it.classpath -Dmdep.includeScope=test -pl jackpot-service/it -am
cp="jackpot-service/it/target/test-classes:$(cat jackpot-service/it/target/it.classpath)"
