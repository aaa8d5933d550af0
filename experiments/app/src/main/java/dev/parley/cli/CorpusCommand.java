package dev.parley.cli;

import dev.parley.agent.MiniLmWordingMatcher;
import dev.parley.dialogue.Contents;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.domain.campsite.Campsite;
import dev.parley.domain.campsite.CasinoCorpus;
import dev.parley.domain.campsite.CasinoDialogue;
import dev.parley.domain.campsite.CasinoReplay;
import dev.parley.domain.campsite.Strategies;
import dev.parley.study.HumanSteeringStudy;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code parley corpus}: the public corpora of people's negotiations Parley reads. */
@Command(name = "corpus", mixinStandardHelpOptions = true,
        description = "People's negotiations: show a recorded CaSiNo dialogue with Parley's reading of each turn.",
        subcommands = {CorpusCommand.Show.class})
final class CorpusCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("parley: corpus needs a subcommand: show (try: parley corpus --help)");
        return Parley.EXIT_USAGE;
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = "Prints one recorded dialogue: each turn's words, the annotators' strategy labels, and"
                    + " Parley's reading (move, strategy group, wording distance by all-MiniLM-L6-v2; a deal's"
                    + " content read exactly from task_data), with the recorded and the scored points.")
    static final class Show implements Callable<Integer> {

        @Parameters(index = "0", paramLabel = "CORPUS", description = "casino.")
        String corpus;

        @Option(names = "--id", required = true, paramLabel = "N", description = "The dialogue_id.")
        int id;

        @Option(names = "--file", paramLabel = "FILE", description = "A CaSiNo JSON file to read instead of the"
                + " bundled train and valid splits.")
        Path file;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            if (!corpus.equals("casino")) {
                throw new UserInputException("unknown corpus '" + corpus + "'; expected casino");
            }
            List<CasinoDialogue> all = new ArrayList<>();
            if (file != null) {
                all.addAll(CasinoCorpus.read(file));
            } else {
                all.addAll(CasinoCorpus.load(CasinoCorpus.Split.TRAIN));
                all.addAll(CasinoCorpus.load(CasinoCorpus.Split.VALID));
            }
            CasinoDialogue d = all.stream().filter(x -> x.id() == id).findFirst().orElseThrow(() ->
                    new UserInputException("no dialogue " + id + " in " + (file != null ? file.toString()
                            : "CaSiNo's train and valid splits (the test split is held out)")));
            CasinoReplay.Result replay = CasinoReplay.replay(d);
            if (replay.problem().isPresent()) {
                throw new UserInputException((file != null ? file + ": " : "") + "dialogue " + id + ": "
                        + replay.problem().get());
            }
            MiniLmWordingMatcher minilm = new MiniLmWordingMatcher();
            PrintWriter out = spec.commandLine().getOut();
            String first = d.firstSpeaker();
            out.printf(Locale.ROOT, "CaSiNo dialogue %d: first camper %s, second camper %s%n", d.id(), first,
                    d.other(first));
            for (int p = 0; p < 2; p++) {
                out.println("  " + replay.scenario().player(p).knowledge().get(1));
            }
            List<Message> transcript = replay.transcript();
            for (int t = 0; t < transcript.size(); t++) {
                Message m = transcript.get(t);
                CasinoDialogue.Turn turn = d.turns().get(t);
                String who = m.speaker() == 0 ? "first " : "second";
                out.printf(Locale.ROOT, "%n%2d %s: %s%n", t + 1, who, turn.text());
                if (m.moveId().equals(Campsite.SAY)) {
                    var reading = HumanSteeringStudy.read(Campsite.domain(), new MoveContext(replay.scenario(),
                            m.speaker(), transcript.subList(0, t)), minilm.embed(turn.text()), minilm::embed);
                    String labels = turn.labels().isEmpty() ? "not annotated" : String.join(", ", turn.labels())
                            + " -> " + String.join(", ", turn.labels().stream().map(Strategies::group).distinct()
                            .toList());
                    out.printf(Locale.ROOT, "   annotators: %s%n   Parley:     say, %s (distance %.3f)%n", labels,
                            reading.strategy(), reading.distance());
                } else {
                    out.printf(Locale.ROOT, "   Parley:     %s %s%n", m.moveId(), Contents.canonical(m.content()));
                }
            }
            out.printf(Locale.ROOT, "%npoints: recorded %d / %d, scored %s / %s%n", replay.recorded()[0],
                    replay.recorded()[1], num(replay.computed()[0]), num(replay.computed()[1]));
            out.flush();
            return 0;
        }

        private static String num(double v) {
            return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
        }
    }
}
