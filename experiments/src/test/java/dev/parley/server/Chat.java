package dev.parley.server;

import static dev.parley.server.Loopback.q;

import java.util.ArrayList;
import java.util.List;

/** A client of one {@code chat} dialogue: Ann and Ben take turns, move k says "m{k}". */
final class Chat {

    final Loopback http;
    final String id;
    final String ann;
    final String ben;

    Chat(Loopback http, String id, String ann, String ben) {
        this.http = http;
        this.id = id;
        this.ann = ann;
        this.ben = ben;
    }

    static Chat open(Loopback http, String protocol) {
        String id = http.get("/dialogue/new/" + protocol).json().get("dialogueID").asText();
        String ann = http.get("/dialogue/" + id + "/join/Ann").json().get("participantID").asText();
        String ben = http.get("/dialogue/" + id + "/join/Ben").json().get("participantID").asText();
        return new Chat(http, id, ann, ben);
    }

    /** Move k (0-based): Ann on even k, Ben on odd. */
    Loopback.Response say(int k) {
        return say(k % 2 == 0 ? ann : ben, "m" + k);
    }

    Loopback.Response say(String speaker, String text) {
        return http.post("/dialogue/" + id + "/interaction/Say",
                "{\"speaker\": " + q(speaker) + ", \"reply\": {\"p\": " + q(text) + "}}");
    }

    /** The content of every move in the transcript, in order. */
    List<String> said() {
        List<String> out = new ArrayList<>();
        http.get("/dialogue/" + id + "/transcript").json().get("transcript")
                .forEach(m -> out.add(m.get("reply").get("p").asText()));
        return out;
    }

    List<String> snapshot() {
        return List.of(http.get("/dialogue/" + id + "/moves").body(),
                http.get("/dialogue/" + id + "/transcript").body(),
                http.get("/dialogue/" + id + "/status").body(),
                http.get("/dialogue/" + id + "/roles").body());
    }
}
