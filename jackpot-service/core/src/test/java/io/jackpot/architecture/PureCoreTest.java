package io.jackpot.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The core is plain Java: the module has no dependency to compile against, and nothing reaches outside the JDK. */
@AnalyzeClasses(packages = "io.jackpot", importOptions = ImportOption.DoNotIncludeTests.class)
class PureCoreTest {
  @ArchTest
  static final ArchRule onlyTheJdk = classes().should().onlyDependOnClassesThat().resideInAnyPackage("io.jackpot..", "java..", "javax.crypto..")
      .because("money, pools, triggers, the catalogue and planning are decided without I/O or frameworks");

  @ArchTest
  static final ArchRule noCycles = slices().matching("io.jackpot.(**)").should().beFreeOfCycles();

  @ArchTest
  static final ArchRule noClock = noClasses().should()
      .callMethod(System.class, "currentTimeMillis").orShould().callMethod(System.class, "nanoTime")
      .because("time enters the core as data");
}
