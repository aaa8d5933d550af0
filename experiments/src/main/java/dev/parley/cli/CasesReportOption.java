package dev.parley.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --out} of human-reward and human-solver, which write the same report files there, a row per dialogue. */
final class CasesReportOption {

    @Option(names = "--out", paramLabel = "DIR", description = "Write report.json, report.csv and cases.csv.")
    Path out;
}
