package dev.parley.llm;

import java.util.Map;

/** A chat model as Parley uses it: one synchronous call. Implementations are thread-safe. */
public interface ChatBackend {

    ChatAnswer complete(ChatCall call);

    /** The provider name that keys the cache ("openai"). */
    String provider();

    /** The model name that keys the cache. */
    String model();

    /** The sampling parameters that change answers (temperature, max tokens...), for the cache key. */
    Map<String, Object> parameters();

    /** The label every output carries: provider and model. */
    default String label() {
        return provider() + ":" + model();
    }
}
