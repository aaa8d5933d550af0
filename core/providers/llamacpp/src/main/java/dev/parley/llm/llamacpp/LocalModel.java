package dev.parley.llm.llamacpp;

import de.kherud.llama.InferenceParameters;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.LogLevel;
import de.kherud.llama.ModelParameters;
import de.kherud.llama.Pair;
import de.kherud.llama.args.LogFormat;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A GGUF model loaded into llama.cpp, once per process and shared by every backend that names the same file and
 * context (the experiment, the server, the steered agent). The file's header is checked in Java first, so a bad file
 * is one line of error instead of a crash in native code. Native models are never unloaded: the process ends them
 * (java-llama.cpp 4.1.0's close can wait forever on its worker thread).
 */
public final class LocalModel {

    private static final Logger LOG = LoggerFactory.getLogger(LocalModel.class);
    private static final Map<Key, LocalModel> LOADED = new ConcurrentHashMap<>();
    /** llama.cpp's last error line, to say why a load failed (it reports through its log, not its exception). */
    private static volatile String lastNativeError = "";

    static {
        // the first touch of LlamaModel loads the native library, whose loader prints to standard output
        NativeLibrary.load(() -> LlamaModel.setLogger(LogFormat.TEXT, (level, message) -> {
            String line = message.strip();
            if (level == LogLevel.ERROR || line.contains("error") || line.contains("unknown model architecture")) {
                lastNativeError = line;
                LOG.debug("llama.cpp: {}", line);
            } else if (LOG.isTraceEnabled()) {
                LOG.trace("llama.cpp: {}", line);
            }
        }));
    }

    /**
     * The architectures llama.cpp b4916 (the build inside java-llama.cpp 4.1.0) knows: its LLM_ARCH_NAMES, as the
     * shipped library's strings show them. A file of another architecture is refused before native code reads it.
     */
    static final Set<String> ARCHITECTURES = Set.of("llama", "deci", "falcon", "grok", "gpt2", "gptj", "gptneox",
            "mpt", "baichuan", "starcoder", "refact", "bert", "nomic-bert", "jina-bert-v2", "bloom", "stablelm",
            "qwen", "qwen2", "qwen2moe", "qwen2vl", "phi2", "phi3", "phimoe", "plamo", "codeshell", "orion",
            "internlm2", "minicpm", "minicpm3", "gemma", "gemma2", "gemma3", "starcoder2", "mamba", "xverse",
            "command-r", "cohere2", "dbrx", "olmo", "olmo2", "olmoe", "openelm", "arctic", "deepseek", "deepseek2",
            "chatglm", "bitnet", "t5", "t5encoder", "jais", "nemotron", "exaone", "rwkv6", "rwkv6qwen2", "rwkv7",
            "arwkv7", "granite", "granitemoe", "chameleon", "wavtokenizer-dec");

    private record Key(Path file, int contextSize, int slots, int threads) {
    }

    private final LlamaModel model;
    private final GgufHeader header;
    private final int contextPerSlot;
    private final int slots;
    /** One generation per slot at a time: the rest wait here, in arrival order. */
    private final Semaphore free;
    private final String chatTemplate;

    private LocalModel(LlamaModel model, GgufHeader header, int contextPerSlot, int slots, String chatTemplate) {
        this.model = model;
        this.header = header;
        this.contextPerSlot = contextPerSlot;
        this.slots = slots;
        this.free = new Semaphore(slots, true);
        this.chatTemplate = chatTemplate;
    }

    /** The model {@code settings} name, loaded on first use. */
    public static LocalModel load(LocalModelSettings settings) {
        return load(settings, physicalMemory());
    }

    static LocalModel load(LocalModelSettings settings, long memoryBytes) {
        Path file = settings.file().toAbsolutePath().normalize();
        try {
            file = file.toRealPath();
        } catch (IOException e) {
            // missing: the header check says so in its own words
        }
        Key key = new Key(file, settings.contextSize(), settings.slots(), settings.threads());
        LocalModel m = LOADED.get(key);
        if (m != null) {
            return m;
        }
        synchronized (LOADED) {
            return LOADED.computeIfAbsent(key, k -> open(k, memoryBytes));
        }
    }

    private static LocalModel open(Key key, long memoryBytes) {
        GgufHeader h = GgufHeader.read(key.file());
        if (!ARCHITECTURES.contains(h.architecture())) {
            throw new ModelFileException(key.file() + ": architecture '" + h.architecture() + "' is unknown to this"
                    + " llama.cpp build (java-llama.cpp 4.1.0, llama.cpp b4916)");
        }
        if (memoryBytes > 0 && h.fileBytes() > memoryBytes) {
            throw new ModelFileException(key.file() + ": the model needs " + mib(h.fileBytes()) + " but this machine"
                    + " has " + mib(memoryBytes) + " of memory");
        }
        int trained = h.contextLength() > 0 ? (int) Math.min(h.contextLength(), Integer.MAX_VALUE) : 2048;
        int perSlot = key.contextSize() > 0 ? key.contextSize() / key.slots()
                : Math.min(trained, LocalModelSettings.DEFAULT_CONTEXT);
        if (perSlot < 64) {
            throw new ModelFileException(key.file() + ": a context of " + key.contextSize() + " tokens over "
                    + key.slots() + " slots leaves " + perSlot + " per slot; give at least 64 per slot");
        }
        ModelParameters p = new ModelParameters().setModel(key.file().toString())
                .setCtxSize(perSlot * key.slots()).setParallel(key.slots()).setThreads(key.threads())
                .setThreadsBatch(key.threads()).setGpuLayers(0);
        if (!LOG.isDebugEnabled()) {
            p.disableLog(); // llama.cpp's own log goes straight to standard error: a command's output stays clean
        }
        // Not --jinja: its renderer drops a template's leading BOS text even where the tokenizer adds no BOS
        // (SmolLM2's BOS is <|im_start|>), so the first turn would lose its opening; llama.cpp's built-in
        // renderer recognises the file's template (ChatML, Gemma, Llama 3...) and writes it whole.
        String template = h.chatTemplate().isPresent() ? "the file's own" : fallbackTemplate(h);
        if (h.chatTemplate().isEmpty()) {
            // llama.cpp would otherwise wrap every turn in ChatML, a format a model without a template never saw
            if (template.equals("gemma")) {
                p.setChatTemplate("gemma");
            }
            LOG.warn("{} carries no chat template; using {}", key.file(), template);
        }
        long start = System.nanoTime();
        LlamaModel native_;
        lastNativeError = "";
        try {
            native_ = new LlamaModel(p);
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            String why = lastNativeError.isBlank() ? String.valueOf(e.getMessage()) : lastNativeError;
            throw new ModelFileException(key.file() + ": llama.cpp could not load it (" + why + ")");
        }
        LOG.info("loaded {} ({}, {}, {} slot(s) of {} tokens) in {} ms", key.file().getFileName(), h.architecture(),
                mib(h.fileBytes()), key.slots(), perSlot, (System.nanoTime() - start) / 1_000_000);
        return new LocalModel(native_, h, perSlot, key.slots(), template);
    }

    private static String fallbackTemplate(GgufHeader h) {
        return h.architecture().startsWith("gemma") ? "gemma" : "llama.cpp's default (ChatML)";
    }

    private static String mib(long bytes) {
        return (bytes >> 20) + " MiB";
    }

    private static long physicalMemory() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize();
        }
        return 0;
    }

    public GgufHeader header() {
        return header;
    }

    public int contextPerSlot() {
        return contextPerSlot;
    }

    public int slots() {
        return slots;
    }

    /** Which chat template wraps the messages: the file's own, or the fallback named. */
    public String chatTemplate() {
        return chatTemplate;
    }

    /** The prompt text the chat template makes of a system text and the turns that follow it. */
    String prompt(String system, List<Pair<String, String>> turns) {
        return model.applyTemplate(new InferenceParameters("").setMessages(system, turns));
    }

    int tokens(String text) {
        return model.encode(text).length;
    }

    LlamaModel model() {
        return model;
    }

    Semaphore slotsFree() {
        return free;
    }
}
