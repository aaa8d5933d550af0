package dev.parley.cli;

import picocli.CommandLine.Option;

/** {@code --valid-only}: the studies on people fix their settings on valid before the one run that reads test. */
final class ValidOnlyOption {

    @Option(names = "--valid-only", description = "Report the valid split only and do not read the held-out test"
            + " split (to fix settings on valid before the one final run).")
    boolean validOnly;
}
