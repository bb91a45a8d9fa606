package io.jackpot.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The service's shape, checked on every build: no package cycles, features never reach into adapters. */
@AnalyzeClasses(packages = "io.jackpot", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
  @ArchTest
  static final ArchRule noCyclesBetweenPackages = slices().matching("io.jackpot.(**)").should().beFreeOfCycles();

  @ArchTest
  static final ArchRule featuresDoNotDependOnAdapters = noClasses()
      .that().resideOutsideOfPackages("io.jackpot", "..http..", "..hz..", "..pg..", "..json..", "io.jackpot.cluster..")
      .should().dependOnClassesThat().resideInAnyPackage("..http..", "..hz..", "..pg..")
      .because("adapters (http/, hz/, pg/) depend on their feature, never the reverse; only the node wires them");

  @ArchTest
  static final ArchRule featuresDoNotUseFrameworks = noClasses()
      .that().resideOutsideOfPackages("io.jackpot", "..http..", "..hz..", "..pg..", "..json..", "io.jackpot.cluster..", "io.jackpot.metrics..",
          "io.jackpot.logging..")
      .should().dependOnClassesThat().resideInAnyPackage("io.vertx..", "com.hazelcast..", "io.micrometer..")
      .because("a feature's model and service speak plain Java; its adapters translate");
}
