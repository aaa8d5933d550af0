package dev.parley.engine;

import dev.parley.dgdl.Protocol;
import java.util.List;

/** A commitment store as a viewer may see it: contents in order (a stack's top last, a queue's front first). */
public record StoreView(String id, List<String> owners, Protocol.Structure structure, Protocol.Visibility visibility,
                        List<String> contents) {

    public StoreView {
        owners = List.copyOf(owners);
        contents = List.copyOf(contents);
    }
}
