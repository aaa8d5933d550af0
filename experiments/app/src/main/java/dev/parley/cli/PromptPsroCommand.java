package dev.parley.cli;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.RewardModel;
import dev.parley.experiment.PromptPsroReport;
import dev.parley.llm.LlmException;
import dev.parley.llm.RunStats;
import dev.parley.nfg.MetaSolver;
import dev.parley.nfg.MetaSolverException;
import dev.parley.nfg.MetaSolvers;
import dev.parley.psro.prompt.InstructionProposer;
import dev.parley.psro.prompt.InstructionSimulator;
import dev.parley.psro.prompt.LexiconProposer;
import dev.parley.psro.prompt.LlmInstructionProposer;
import dev.parley.psro.prompt.PromptPsro;
import dev.parley.psro.prompt.PromptPsroIteration;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@code parley psro --domain D}: prompt-space PSRO over a dialogue domain's instructions. */
final class PromptPsroCommand {

    private final PsroCommand o;

    PromptPsroCommand(PsroCommand options) {
        this.o = options;
    }

    int run() {
        Domain domain = o.target.domain;
        Bounds.atLeast(o.iterations, 1, "--iterations");
        Bounds.atLeast(o.candidates, 1, "--candidates");
        o.dealt.check();
        PromptPsro.Start start = PromptPsro.Start.fromCliName(o.start).orElseThrow(() -> new UserInputException(
                "--start must be instructions or any, not '" + o.start + "'"));
        String solverName = o.metaSolver == null ? PsroCommand.DEFAULT_DOMAIN_META_SOLVER : o.metaSolver;
        MetaSolver solver = MetaSolvers.require(solverName);

        PromptPsroReport report;
        try (LlmOptions.Session session = o.llmOptions.open()) {
            RunStats before = session.offline() ? null : session.stats();
            RewardModel reward = session.reward(domain, session.judge(null, false), o.dealt.seed());
            InstructionProposer proposer = session.offline() ? new LexiconProposer(domain.instructionLexicon())
                    : new LlmInstructionProposer(session.chat(), domain, o.dealt.seed());
            InstructionSimulator simulator = new InstructionSimulator(domain,
                    domain.scenarios(o.dealt.scenarios, o.dealt.seed()),
                    session.moves(domain), reward, DialogueGame.Settings.of(o.dealt.maxReplies(), 1), 1, o.dealt.seed(),
                    session.offline() ? null : session.executor());
            PromptPsro psro = new PromptPsro(simulator,
                    new PromptPsro.Config(solver, proposer, o.candidates, o.dealt.seed()),
                    start);
            long t0 = System.nanoTime();
            List<PromptPsroIteration> its = new ArrayList<>();
            try (Progress progress = Progress.start("prompt PSRO on " + domain.name(), o.iterations)) {
                for (int i = 0; i < o.iterations; i++) {
                    its.add(psro.step());
                    progress.step();
                }
            } catch (MetaSolverException e) {
                throw e.in("meta-solver " + solverName).in(domain.name());
            } catch (LlmException e) {
                throw e.in("language model").in(domain.name());
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            Optional<long[]> calls = Optional.empty();
            if (before != null) {
                RunStats after = session.stats();
                calls = Optional.of(new long[] {after.calls() - before.calls(),
                        after.cacheHits() - before.cacheHits()});
            }
            report = new PromptPsroReport(domain.name(), simulator.backend(), proposer.backend(), solverName,
                    start.cliName(), domain.protocolPlayers(), simulator.scenarios().size(), o.dealt.maxReplies(),
                    o.candidates, o.dealt.seed(), its, simulator.playouts(), calls, seconds, simulator.verification());
        }
        PrintWriter out = o.spec.commandLine().getOut();
        out.print(o.output.on() ? report.jsonText() + "\n" : report.table());
        o.output.writeFiles("report", report::writeAll);
        return 0;
    }
}
