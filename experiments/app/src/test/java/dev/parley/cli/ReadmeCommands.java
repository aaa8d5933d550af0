package dev.parley.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The commands of a README's {@code ```bash} blocks, as the README's "Examples" section describes them: every line is
 * a {@code ./parley} command (continued by a trailing backslash, chained with {@code &&}), run unless its comment
 * starts with {@code not run: REASON}; a block whose first line is such a comment is not run at all; a comment
 * {@code exit N} says which exit code the command should end with (0 otherwise). Blocks of any other language are
 * synopses and output, never run, and may not hold a {@code ./parley} line.
 */
record ReadmeCommands(List<Command> commands, List<String> problems) {

    /** One command: where it stands, its arguments after {@code parley}, and why it is not run (null: run it). */
    record Command(int line, String text, List<String> args, int expectedExit, String notRun) {
        boolean runs() {
            return notRun == null;
        }
    }

    private static final Pattern NOT_RUN = Pattern.compile("not run:\\s*(\\S.*)");
    private static final Pattern EXIT = Pattern.compile("exit (\\d+)\\b.*");

    static ReadmeCommands parse(String markdown) {
        List<Command> commands = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        String[] lines = markdown.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            // a fence may be indented (a block inside a list item): such a block runs like any other
            if (!lines[i].strip().startsWith("```")) {
                continue;
            }
            String info = lines[i].strip().substring(3).strip();
            int start = i + 1;
            int end = start;
            while (end < lines.length && !lines[end].strip().startsWith("```")) {
                end++;
            }
            if (info.equals("bash")) {
                block(lines, start, end, commands, problems);
            } else {
                for (int k = start; k < end; k++) {
                    if (lines[k].strip().startsWith("./parley ")) {
                        problems.add("line " + (k + 1) + ": a ./parley command outside a ```bash block is never run");
                    }
                }
            }
            i = end;
        }
        return new ReadmeCommands(List.copyOf(commands), List.copyOf(problems));
    }

    private static void block(String[] lines, int start, int end, List<Command> commands, List<String> problems) {
        String blockReason = null;
        for (int k = start; k < end; k++) {
            String line = lines[k];
            if (line.isBlank()) {
                continue;
            }
            int first = k;
            StringBuilder logical = new StringBuilder();
            while (line.endsWith("\\") && k + 1 < end) {
                logical.append(line, 0, line.length() - 1).append(' ');
                line = lines[++k];
            }
            logical.append(line);
            Split split = split(logical.toString());
            if (split.code().isBlank()) {
                Matcher m = NOT_RUN.matcher(split.comment());
                if (first == firstNonBlank(lines, start, end) && m.matches()) {
                    blockReason = m.group(1);
                }
                continue; // a comment line, or the continuation of the comment above
            }
            String reason = blockReason;
            int exit = 0;
            Matcher notRun = NOT_RUN.matcher(split.comment());
            Matcher exitCode = EXIT.matcher(split.comment());
            if (notRun.matches()) {
                reason = notRun.group(1);
            } else if (exitCode.matches()) {
                exit = Integer.parseInt(exitCode.group(1));
            }
            for (String part : split.code().split("&&")) {
                if (reason != null) {
                    commands.add(new Command(first + 1, part.strip(), List.of(), exit, reason));
                    continue;
                }
                List<String> words;
                try {
                    words = words(part.strip());
                } catch (IllegalArgumentException e) {
                    problems.add("line " + (first + 1) + ": " + e.getMessage());
                    continue;
                }
                if (words.isEmpty() || !(words.get(0).equals("./parley") || words.get(0).equals("parley"))) {
                    problems.add("line " + (first + 1) + ": only ./parley commands run; mark '" + part.strip()
                            + "' with '# not run: REASON'");
                    continue;
                }
                commands.add(new Command(first + 1, part.strip(), List.copyOf(words.subList(1, words.size())), exit,
                        null));
            }
        }
    }

    private static int firstNonBlank(String[] lines, int start, int end) {
        for (int k = start; k < end; k++) {
            if (!lines[k].isBlank()) {
                return k;
            }
        }
        return end;
    }

    private record Split(String code, String comment) { }

    /** The code and the comment of a line: the comment starts at a {@code #} outside quotes after a blank. */
    private static Split split(String line) {
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == '\\' && quote == '"') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '#' && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
                return new Split(line.substring(0, i).strip(), line.substring(i + 1).strip());
            }
        }
        return new Split(line.strip(), "");
    }

    /** Shell words: blanks separate, single and double quotes group, a backslash escapes; nothing else is shell. */
    static List<String> words(String code) {
        List<String> out = new ArrayList<>();
        StringBuilder w = null;
        char quote = 0;
        for (int i = 0; i < code.length(); i++) {
            char c = code.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    w.append(c);
                }
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else if (c == '\\' && i + 1 < code.length()) {
                    w.append(code.charAt(++i));
                } else {
                    w.append(c);
                }
            } else if (Character.isWhitespace(c)) {
                if (w != null) {
                    out.add(w.toString());
                    w = null;
                }
            } else {
                if (c == '|' || c == '>' || c == '<' || c == ';' || c == '$' || c == '`') {
                    throw new IllegalArgumentException("'" + c + "' needs a shell; the test runs plain commands only");
                }
                if (w == null) {
                    w = new StringBuilder();
                }
                if (c == '\'' || c == '"') {
                    quote = c;
                } else if (c == '\\' && i + 1 < code.length()) {
                    w.append(code.charAt(++i));
                } else {
                    w.append(c);
                }
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("unterminated quote in " + code);
        }
        if (w != null) {
            out.add(w.toString());
        }
        return out;
    }
}
