package dev.parley.cli;

import dev.parley.engine.Dialogue;
import dev.parley.engine.LegalMove;
import dev.parley.engine.MoveOutcome;
import dev.parley.engine.Participant;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Interactive play: lists every legal move (numbered), reads a choice, asks for the target when the protocol
 * leaves it open and for each open content variable, then makes the move. {@code q} or end of input stops.
 */
final class InteractivePlay {

    private final Dialogue dialogue;
    private final BufferedReader in;
    private final PrintWriter out;

    InteractivePlay(Dialogue dialogue, BufferedReader in, PrintWriter out) {
        this.dialogue = dialogue;
        this.in = in;
        this.out = out;
    }

    void run() {
        while (true) {
            List<String> speakers = new ArrayList<>();
            List<LegalMove> moves = new ArrayList<>();
            for (Participant p : dialogue.participants()) {
                for (LegalMove m : dialogue.legalMoves(p.id())) {
                    speakers.add(p.id());
                    moves.add(m);
                }
            }
            if (moves.isEmpty()) {
                out.println("no legal moves left.");
                break;
            }
            out.println("legal moves:");
            for (int i = 0; i < moves.size(); i++) {
                LegalMove m = moves.get(i);
                out.println("  " + (i + 1) + ") " + speakers.get(i) + ": " + m.moveId() + " " + m.reply()
                        + (m.target() != null ? " -> " + m.target()
                        : m.targets().isEmpty() ? "" : " -> one of " + m.targets())
                        + (m.opener().isEmpty() ? "" : "  \"" + m.opener() + "\""));
            }
            String choice = ask("move number (q to quit)");
            if (choice == null || choice.equalsIgnoreCase("q")) {
                break;
            }
            int k;
            try {
                k = Integer.parseInt(choice.trim()) - 1;
            } catch (NumberFormatException e) {
                out.println("not a number: " + choice);
                continue;
            }
            if (k < 0 || k >= moves.size()) {
                out.println("no move " + (k + 1));
                continue;
            }
            LegalMove m = moves.get(k);
            String target = m.target();
            if (target == null && !m.targets().isEmpty()) {
                target = ask("target " + m.targets());
                if (target == null) {
                    break;
                }
            }
            Map<String, String> reply = new LinkedHashMap<>();
            boolean eof = false;
            for (Map.Entry<String, String> e : m.reply().entrySet()) {
                if (e.getValue().startsWith("$")) {
                    String v = ask(e.getKey());
                    if (v == null) {
                        eof = true;
                        break;
                    }
                    reply.put(e.getKey(), v);
                }
            }
            if (eof) {
                break;
            }
            MoveOutcome o = dialogue.perform(speakers.get(k), m.moveId(), reply, target);
            out.println(o.accepted() ? "  " + o.move().orElseThrow().speaker() + ": \"" + o.move().orElseThrow().text()
                    + "\"" : "  rejected: " + o.reason());
        }
        ProtocolCommand.printState(dialogue, out);
        out.flush();
    }

    private String ask(String prompt) {
        out.print(prompt + "> ");
        out.flush();
        try {
            String line = in.readLine();
            return line == null ? null : line.trim();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
