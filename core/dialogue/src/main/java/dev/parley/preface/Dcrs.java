package dev.parley.preface;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Dialogical Context Request Structure (Snaith &amp; Wells): what an agent hands PrEFACE to have one move's content
 * generated. Bind it from JSON with {@link DcrsReader}, which validates against the schema first.
 *
 * @param history   optional: the utterances the new one responds to (may be empty)
 * @param knowledge optional: the subset of the agent's knowledge that is relevant (may be empty)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Dcrs(Metadata metadata, History history, Topic topic, Response response, Knowledge knowledge) {

    public static final String VERSION_1_0 = "1.0";
    public static final String VERSION_1_1 = "1.1";

    public Dcrs {
        history = history == null ? new History(List.of()) : history;
        knowledge = knowledge == null ? new Knowledge("", List.of()) : knowledge;
    }

    /** {@code name} is always "dcrs"; {@code version} is "1.0" (the paper) or "1.1" (adds instruction and reply). */
    public record Metadata(String name, String version) {
    }

    public record History(List<Utterance> utterances) {
        public History {
            utterances = utterances == null ? List.of() : List.copyOf(utterances);
        }
    }

    /**
     * One earlier utterance. {@code index} counts back from the utterance being generated (-1 is the last one);
     * {@code speaker} "self" means the agent itself.
     */
    public record Utterance(int index, String speaker, @JsonProperty("move_name") String moveName, String content) {
        public static final String SELF = "self";

        @JsonIgnore
        public boolean isSelf() {
            return SELF.equals(speaker);
        }
    }

    public record Topic(String description, Stance stance) {
    }

    /**
     * The move to generate: its DGDL name, its scaffold ("$p because $q") and/or opener ("I agree because $p"),
     * requirements and effects (carried, not interpreted), and in version 1.1 the solver's {@code instruction} and the
     * DGEP {@code reply} template that binds known variables ({@code {"p": "Britain should disarm", "q": "$q"}}).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Response(@JsonProperty("move_name") String moveName, String scaffold, String opener,
            List<Object> requirements, List<Object> effects, String instruction, Map<String, String> reply) {
        public Response {
            // requirements and effects are carried as given (they may hold JSON nulls, so no List.copyOf)
            requirements = requirements == null ? List.of()
                    : Collections.unmodifiableList(new ArrayList<>(requirements));
            effects = effects == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(effects));
            reply = reply == null ? null : Map.copyOf(reply);
        }

        /** The scaffold if the move has one, else the opener. */
        @JsonIgnore
        public String template() {
            return scaffold != null && !scaffold.isBlank() ? scaffold : opener;
        }

        @JsonIgnore
        public Optional<String> instructionText() {
            return Optional.ofNullable(instruction).filter(s -> !s.isBlank());
        }
    }

    public record Knowledge(String type, List<String> content) {
        public Knowledge {
            type = type == null ? "" : type;
            content = content == null ? List.of() : List.copyOf(content);
        }
    }

    /** The same request with another instruction (a solver tries several on one move); upgrades to version 1.1. */
    public Dcrs withInstruction(String instruction) {
        Response r = response;
        return new Dcrs(new Metadata(metadata.name(), VERSION_1_1), history, topic,
                new Response(r.moveName(), r.scaffold(), r.opener(), r.requirements(), r.effects(), instruction,
                        r.reply()),
                knowledge);
    }
}
