package dev.parley.cli;

import dev.parley.experiment.Experiment;
import java.io.PrintStream;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on standard error, shown only when attached to a terminal, so that pipes and JSON stay clean.
 * A run of phases ({@link #building}, then {@link #solving}) shows one bar per phase: the nodes built so far (the
 * total is not known beforehand), then the iterations solved out of the total.
 */
final class Progress implements AutoCloseable, Experiment.Progress {

    private final PrintStream stream;
    private final String subject;
    private ProgressBar bar;
    private String phase;

    private Progress(PrintStream stream, String subject) {
        this.stream = stream;
        this.subject = subject;
    }

    /** A bar for {@code total} steps ({@code -1}: not known), or a silent one when no terminal is attached. */
    static Progress start(String task, long total) {
        Progress p = forPhases(task);
        p.open(task, total);
        return p;
    }

    /** Phases about {@code subject} (a domain's name), each shown when it starts; silent without a terminal. */
    static Progress forPhases(String subject) {
        return new Progress(System.console() == null ? null : System.err, subject);
    }

    /** The same on {@code stream} whether or not it is a terminal (tests). */
    static Progress forPhases(String subject, PrintStream stream) {
        return new Progress(stream, subject);
    }

    /** A bar that shows nothing (work nested inside another bar). */
    static Progress silent() {
        return new Progress(null, "");
    }

    void step() {
        if (bar != null) {
            bar.step();
        }
    }

    /** {@code nodes} states of the game's tree built so far (from any thread). */
    @Override
    public synchronized void building(long nodes) {
        if (!"building".equals(phase)) {
            open("building", -1);
        }
        if (bar != null) {
            bar.stepTo(nodes);
        }
    }

    /** {@code done} of {@code total} solver iterations finished. */
    @Override
    public synchronized void solving(long done, long total) {
        if (!"solving".equals(phase)) {
            open("solving", total);
        }
        if (bar != null) {
            bar.stepTo(done);
        }
    }

    private void open(String phaseName, long total) {
        close();
        phase = phaseName;
        if (stream == null) {
            return;
        }
        String task = phaseName.equals(subject) ? subject : phaseName + " " + subject;
        ProgressBarBuilder b = new ProgressBarBuilder()
                .setTaskName(task.strip())
                .setInitialMax(total)
                .setStyle(ProgressBarStyle.ASCII)
                .setConsumer(new ConsoleProgressBarConsumer(stream))
                .setUpdateIntervalMillis(200);
        if (total < 0) {
            b.setUnit(" nodes", 1);
        }
        bar = b.build();
    }

    @Override
    public synchronized void close() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }
}
