package dev.parley.dialogue;

import java.util.Objects;

/**
 * Everything a domain says about content: the offline content model (the planner decides what an offline speaker
 * says), the rules every speaker's content is checked against, and the realiser that words content offline.
 */
public record ContentModel(ContentPlanner planner, ContentRules rules, SurfaceRealiser realiser) {
    public ContentModel {
        Objects.requireNonNull(planner, "planner");
        Objects.requireNonNull(rules, "rules");
        Objects.requireNonNull(realiser, "realiser");
    }
}
