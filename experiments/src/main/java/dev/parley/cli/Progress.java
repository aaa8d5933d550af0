package dev.parley.cli;

import java.io.PrintStream;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on standard error, shown only when attached to a terminal, so that pipes and JSON stay clean.
 */
final class Progress implements AutoCloseable {

    private final ProgressBar bar;

    private Progress(ProgressBar bar) {
        this.bar = bar;
    }

    /** A bar for {@code total} steps, or a silent one when no terminal is attached. */
    static Progress start(String task, long total) {
        if (System.console() == null) {
            return new Progress(null);
        }
        PrintStream err = System.err;
        return new Progress(new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(total)
                .setStyle(ProgressBarStyle.ASCII)
                .setConsumer(new ConsoleProgressBarConsumer(err))
                .setUpdateIntervalMillis(200)
                .build());
    }

    /** A bar that shows nothing (work nested inside another bar). */
    static Progress silent() {
        return new Progress(null);
    }

    void step() {
        if (bar != null) {
            bar.step();
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
