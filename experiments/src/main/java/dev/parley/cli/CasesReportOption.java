package dev.parley.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --out} of the studies on people whose report has a row per dialogue drawn (human-reward, human-solver). */
final class CasesReportOption {

    @Option(names = "--out", paramLabel = "DIR", description = "Write report.json, report.csv and cases.csv.")
    Path out;
}
