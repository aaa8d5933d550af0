package dev.parley.cli;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.study.EmbeddingClassifier;
import dev.parley.study.InstructionClassifier;
import dev.parley.study.LlmClassifier;
import dev.parley.study.SteeringStudy;
import dev.parley.study.StudyJson;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code parley study steering}: do generated words follow the instruction? (paper §4, App. B.1) */
@Command(name = "steering", mixinStandardHelpOptions = true,
        footerHeading = ReportOptions.FILES,
        footer = {"  report.json: the report",
            "  messages.jsonl: each message, its instruction and the classifier's answer",
            "  confusion.png: the confusion matrix"},
        description = "Steering accuracy: N messages under each instruction of a domain, at random points of random"
                + " dialogues; a held-out classifier says which instruction made each. Accuracy with its 95%% Wilson"
                + " interval, the chance level and the confusion matrix (confusion.png with --out).")
final class StudySteeringCommand implements Callable<Integer> {

    @Mixin
    DomainOption target = new DomainOption();

    @Option(names = "--samples", defaultValue = "20", paramLabel = "N",
            description = "Messages per instruction, each at a place of the game not used for it before (default"
                    + " ${DEFAULT-VALUE}; the paper used 100 in debate).")
    int samples;

    @Option(names = "--classifier", defaultValue = "embedding", paramLabel = "embedding|llm",
            description = "embedding (all-MiniLM-L6-v2 in-process: the instruction whose description is nearest;"
                    + " default, no network) or llm (the configured model, shown the instruction list).")
    String classifier;

    @Option(names = "--generator", paramLabel = "offline|llm",
            description = "What writes the messages: llm (the configured model; the default with a model) or offline"
                    + " (the planner and realiser; the default offline).")
    String generator;

    @Mixin
    DialogueGameOptions dealt = new DialogueGameOptions(10, 4);

    @Mixin
    ReportOptions output = new ReportOptions();

    @Mixin
    LlmOptions llmOptions;

    @Override
    public Integer call() {
        Domain d = target.domain;
        Bounds.atLeast(samples, 1, "--samples");
        dealt.check();
        output.check();
        if (!classifier.equals("embedding") && !classifier.equals("llm")) {
            throw new UserInputException("--classifier must be embedding or llm, not '" + classifier + "'");
        }
        StudyCommand.checkGenerator(generator);
        SteeringStudy.Report report;
        try (LlmOptions.Session session = llmOptions.open()) {
            InstructionClassifier c;
            if (classifier.equals("llm")) {
                if (session.offline()) {
                    throw new UserInputException("--classifier llm needs a language model (--llm openai ...)");
                }
                c = new LlmClassifier(session.chat(), dealt.seed());
            } else {
                c = new EmbeddingClassifier();
            }
            MoveGenerator moves = StudyCommand.moves(generator, session, d);
            int labels = SteeringStudy.labels(d).size();
            SteeringStudy.Config config = new SteeringStudy.Config(samples, dealt.maxReplies(), dealt.scenarios,
                    dealt.seed());
            report = StudyCommand.run("classifying " + d.name(), (long) labels * samples, d,
                    bar -> SteeringStudy.run(d, moves, c, config, session.executor(), n -> bar.step()));
        }
        SteeringStudy.Report done = report;
        StudyCommand.emit(output, output.on() ? StudyJson.text(StudyJson.steering(report)) + "\n" : table(report),
                dir -> StudyJson.writeSteering(done, dir));
        return 0;
    }

    static String table(SteeringStudy.Report r) {
        StringBuilder sb = new StringBuilder();
        sb.append("steering accuracy: ").append(r.domain()).append(", words by ").append(r.generator())
                .append(", classifier ").append(r.classifier()).append('\n');
        sb.append(String.format(Locale.ROOT, "accuracy %s of %d messages (95%% Wilson interval); chance %.3f%n%n",
                StudyCommand.pm(r.accuracy().share(), r.accuracy().low(), r.accuracy().high()), r.samples().size(),
                r.chance()));
        if (r.exhausted() > 0) {
            sb.append(r.exhausted()).append(" samples were not drawn: the game has no place left where that"
                    + " instruction was not drawn already (each place gives one message; more need more scenarios"
                    + " or a longer --max-replies)\n\n");
        }
        if (r.abandoned() > 0) {
            sb.append(r.abandoned()).append(" messages the generator abandoned (refused on every attempt) are left"
                    + " out, after drawing each again\n\n");
        }
        String[] header = new String[r.labels().size() + 2];
        header[0] = "instructed \\ recognised";
        for (int j = 0; j < r.labels().size(); j++) {
            header[j + 1] = r.labels().get(j);
        }
        header[header.length - 1] = "none";
        Table t = new Table(header);
        for (int i = 0; i < r.labels().size(); i++) {
            Object[] row = new Object[header.length];
            row[0] = r.labels().get(i);
            for (int j = 0; j < r.labels().size(); j++) {
                row[j + 1] = r.matrix()[i][j];
            }
            row[header.length - 1] = r.unclassified()[i];
            t.row(row);
        }
        sb.append(t.render());
        return sb.toString();
    }
}
