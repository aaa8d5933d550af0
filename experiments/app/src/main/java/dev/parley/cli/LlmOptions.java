package dev.parley.cli;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.LlmMoveGenerator;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.experiment.Backend;
import dev.parley.experiment.Judge;
import dev.parley.llm.BoundedExecutor;
import dev.parley.llm.CachedChat;
import dev.parley.llm.CallAccounting;
import dev.parley.llm.ChatBackend;
import dev.parley.llm.ChatProvider;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.LlmException;
import dev.parley.llm.LlmUtteranceGenerator;
import dev.parley.llm.OfflineRealiser;
import dev.parley.llm.RunStats;
import dev.parley.llm.UtteranceGenerator;
import dev.parley.llm.cache.CacheMode;
import dev.parley.llm.cache.CallCache;
import dev.parley.llm.llamacpp.LlamaCppChat;
import dev.parley.llm.llamacpp.LocalModelSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The language-model options every command that generates text shares (a picocli mixin): which backend, how to
 * reach it, the call cache and the concurrency. {@link #open()} turns them into a ready {@link Session}. The server,
 * model and key variable may also come from the environment or the config file ({@link ModelSettings}); flags win.
 */
public final class LlmOptions {

    @Option(names = "--llm", defaultValue = "offline", paramLabel = "offline|openai|local",
            description = "Language-model backend (default: offline, the knowledge-grounded realiser; no network;"
                    + " local: a GGUF model in this process, see --model-file).")
    String llm;

    @Option(names = "--model-file", paramLabel = "FILE.gguf",
            description = "The GGUF model --llm local runs in-process (llama.cpp). Default: $PARLEY_MODEL_FILE, else"
                    + " model_file in the config file.")
    String modelFile;

    @Option(names = "--top-p", defaultValue = "0.95", paramLabel = "P",
            description = "Nucleus sampling threshold of --llm local (default: ${DEFAULT-VALUE}).")
    double topP;

    @Option(names = "--repeat-penalty", defaultValue = "1", paramLabel = "R",
            description = "Penalty of --llm local on tokens repeated from the last 64 (1: none; 1.1-1.3 breaks the"
                    + " loops small models fall into; default: ${DEFAULT-VALUE}).")
    double repeatPenalty;

    @Option(names = "--context-size", defaultValue = "0", paramLabel = "TOKENS",
            description = "Context window of --llm local per slot (default: the model's own, at most 4096).")
    int contextSize;

    @Option(names = "--llm-slots", defaultValue = "1", paramLabel = "N",
            description = "llama.cpp parallel slots of --llm local: generations decoded together in one batch;"
                    + " the rest of --llm-concurrency queue (default: ${DEFAULT-VALUE}).")
    int slots;

    @Option(names = "--prompt-reuse", defaultValue = "false",
            description = "--llm local keeps each slot's evaluated prompt and evaluates only what the next prompt"
                    + " adds (faster on a tree; answers then depend on what the slot ran before).")
    boolean promptReuse;

    @Option(names = "--base-url", paramLabel = "URL",
            description = "OpenAI-compatible server (OpenAI, vLLM, llama.cpp, LM Studio, Ollama's /v1). Default:"
                    + " $PARLEY_BASE_URL, else base_url in ~/.config/parley/config.toml, else "
                    + LlmConfig.OPENAI_URL + ".")
    String baseUrl;

    @Option(names = "--model", paramLabel = "M",
            description = "Model name (needed with --llm openai). Default: $PARLEY_MODEL, else model in the config"
                    + " file.")
    String model;

    @Option(names = "--api-key-env", paramLabel = "VAR",
            description = "Environment variable holding the API key. Default: $PARLEY_API_KEY_ENV, else api_key_env"
                    + " in the config file, else " + ModelSettings.DEFAULT_API_KEY_ENV + ".")
    String apiKeyEnv;

    @Option(names = "--temperature", defaultValue = "1.0", paramLabel = "T", description = "Sampling temperature.")
    double temperature;

    @Option(names = "--max-tokens", defaultValue = "256", paramLabel = "N", description = "Longest answer in tokens.")
    int maxTokens;

    @Option(names = {"--timeout", "--llm-timeout"}, defaultValue = "60", paramLabel = "SECONDS",
            description = "Timeout of one call (--llm local: a longer generation is cancelled and refused).")
    double timeoutSeconds;

    @Option(names = "--retries", defaultValue = "3", paramLabel = "N",
            description = "Retries after HTTP 429 or 5xx, with exponential backoff from 0.5 s.")
    int retries;

    @Option(names = "--cache", paramLabel = "FILE|JDBC-URL",
            description = "Call cache: a SQLite file or a JDBC URL (default: $XDG_CACHE_HOME/parley/llm-calls.sqlite"
                    + " or ~/.cache/parley/llm-calls.sqlite).")
    String cache;

    @Option(names = "--cache-mode", defaultValue = "read-write", paramLabel = "MODE",
            description = "read-write, read-only, off or replay (a miss is an error). Default: ${DEFAULT-VALUE}.")
    String cacheMode;

    @Option(names = "--llm-concurrency", defaultValue = "4", paramLabel = "N",
            description = "Model calls in flight at once (default: ${DEFAULT-VALUE}).")
    int concurrency;

    private final CliEnvironment environment;

    /** Options that read the process's environment (what picocli's default factory makes). */
    public LlmOptions() {
        this(CliEnvironment.system());
    }

    LlmOptions(CliEnvironment environment) {
        this.environment = environment;
    }

    /** An open backend with its cache, accounting and executor; close it when the run ends. */
    public record Session(UtteranceGenerator generator, ChatBackend chat, CallCache cache, CacheMode mode,
            CallAccounting accounting, BoundedExecutor executor) implements AutoCloseable, Backend {

        @Override
        public boolean offline() {
            return chat == null;
        }

        @Override
        public RunStats stats() {
            return accounting.snapshot();
        }

        /**
         * The move generator of a domain's games: offline, its planner and realiser; with a model, one
         * structured-output call per move, verified against the domain's rules.
         */
        @Override
        public MoveGenerator moves(Domain domain) {
            return offline() ? new OfflineMoveGenerator(domain.content())
                    : new LlmMoveGenerator(chat, domain.content(), domain.prompts().background(),
                    LlmMoveGenerator.DEFAULT_MAX_ATTEMPTS);
        }

        /**
         * The reward model a judge option names: {@code exact} (the domain's scorer), {@code llm} (the model reads
         * the words with every player's private information), or null for the default: exact offline, llm with a
         * model.
         */
        public RewardModel reward(Domain domain, String judge, long seed) {
            return reward(domain, judge, seed, false);
        }

        /** @param summarise the LLM judge first summarises the outcome, then scores each player from it */
        public RewardModel reward(Domain domain, String judge, long seed, boolean summarise) {
            return reward(domain, judge(judge, summarise), seed);
        }

        /** The judge a judge option names ({@code null}: the default, exact offline and llm with a model). */
        public Judge judge(String name, boolean summarise) {
            return Judge.of(name, offline(), summarise);
        }

        /** {@code judge}'s reward model for {@code domain}; an LLM judge needs a model. */
        @Override
        public RewardModel reward(Domain domain, Judge judge, long seed) {
            if (judge.usesModel() && offline()) {
                throw new UserInputException("--judge " + judge.label() + " needs a language model (--llm openai"
                        + " ...)");
            }
            return judge.rewardModel(domain, chat, seed);
        }

        @Override
        public void close() {
            executor.close();
            if (cache != null) {
                cache.close();
            }
        }
    }

    public boolean offline() {
        return "offline".equals(llm);
    }

    /** Validates the options and opens the backend. */
    public Session open() {
        Bounds.atLeast(concurrency, 1, "--llm-concurrency");
        // Every option is checked whichever backend runs: a typo must not pass offline and fail on the first real run.
        if (!offline() && !"openai".equals(llm) && !LOCAL.equals(llm)) {
            throw new UserInputException("--llm must be offline, openai or local, not '" + llm + "'");
        }
        if (!(topP > 0 && topP <= 1)) {
            throw new UserInputException("--top-p must be in (0, 1], got " + Bounds.shown(topP));
        }
        Bounds.atLeast(contextSize, 0, "--context-size");
        Bounds.atLeast(slots, 1, "--llm-slots");
        if (!(repeatPenalty > 0 && repeatPenalty <= 10)) {
            throw new UserInputException("--repeat-penalty must be in (0, 10] (1: none), got "
                    + Bounds.shown(repeatPenalty));
        }
        if (!(temperature >= 0 && temperature <= 2)) {
            throw new UserInputException("--temperature must be between 0 and 2 (OpenAI's range), got "
                    + Bounds.shown(temperature));
        }
        Bounds.positive(timeoutSeconds, "--timeout");
        Bounds.atLeast(maxTokens, 1, "--max-tokens");
        Bounds.atLeast(retries, 0, "--retries");
        CacheMode checkedMode = mode();
        CallAccounting accounting = new CallAccounting();
        if (offline()) {
            return new Session(new OfflineRealiser(), null, null, CacheMode.OFF, accounting,
                    new BoundedExecutor(concurrency));
        }
        if (LOCAL.equals(llm)) {
            return openLocal(checkedMode, accounting);
        }
        ModelSettings settings = ModelSettings.resolve(environment).override(baseUrl, model, apiKeyEnv);
        if (settings.model() == null || settings.model().isBlank()) {
            throw new UserInputException("--llm openai needs --model (or PARLEY_MODEL, or model in "
                    + environment.configFile() + "), e.g. gpt-4o-mini or the name your server serves");
        }
        LlmConfig config = openAiConfig(settings);
        Map<String, String> variables = environment.variables();
        if (checkedMode == CacheMode.REPLAY && environment.get(settings.apiKeyEnv()) == null) {
            // replay answers from the cache or fails: it never calls the model, so it needs no key
            variables = new java.util.HashMap<>(variables);
            variables.put(settings.apiKeyEnv(), "replay-makes-no-calls");
        }
        Map<String, String> keyed = variables;
        return cached(() -> ChatProvider.backend(config, keyed), checkedMode, accounting);
    }

    private LlmConfig openAiConfig(ModelSettings settings) {
        try {
            return LlmConfig.openAi(settings.baseUrl(), settings.model())
                    .withSampling(temperature, null, maxTokens)
                    .withTimeout(Duration.ofMillis(Math.round(timeoutSeconds * 1000)))
                    .withRetries(retries, Duration.ofMillis(500))
                    .withApiKeyEnv(settings.apiKeyEnv());
        } catch (IllegalArgumentException e) {
            throw new UserInputException("--base-url '" + settings.baseUrl() + "': " + e.getMessage());
        }
    }

    /** What opens the model behind the cache; it may fail with an {@link LlmException}. */
    private interface ModelOpener {
        ChatBackend open();
    }

    /**
     * A session of {@code backend} behind the call cache {@code mode} asks for. The cache is opened first and closed
     * again when the backend cannot be opened, and the failure is reported as bad input.
     */
    private Session cached(ModelOpener backend, CacheMode mode, CallAccounting accounting) {
        CallCache callCache = mode == CacheMode.OFF ? null
                : openCache(cache, mode != CacheMode.READ_WRITE, environment.variables());
        try {
            ChatBackend chat = new CachedChat(backend.open(), callCache, mode, accounting, concurrency);
            return new Session(new LlmUtteranceGenerator(chat), chat, callCache, mode, accounting,
                    new BoundedExecutor(concurrency));
        } catch (LlmException | IllegalArgumentException e) {
            if (callCache != null) {
                callCache.close();
            }
            // the model's own error says what failed; a refused setting becomes bad input
            throw e instanceof LlmException failed ? failed : new UserInputException(e.getMessage(), e);
        }
    }

    static final String LOCAL = "local";

    /** The in-process backend: the GGUF model, checked and loaded once for the process, behind the call cache. */
    private Session openLocal(CacheMode mode, CallAccounting accounting) {
        String file = modelFile != null ? modelFile : ModelSettings.modelFile(environment);
        if (file == null || file.isBlank()) {
            throw new UserInputException("--llm local needs --model-file FILE.gguf (or PARLEY_MODEL_FILE, or"
                    + " model_file in " + environment.configFile() + "); scripts/models.sh fetches two small ones");
        }
        LocalModelSettings local = new LocalModelSettings(Path.of(file), contextSize * slots, slots,
                Runtime.getRuntime().availableProcessors(), temperature, topP, maxTokens, 0,
                Duration.ofMillis(Math.round(timeoutSeconds * 1000)), promptReuse, repeatPenalty);
        // replay never calls the model: the file must not even be loaded (it may not be on this machine)
        return cached(() -> mode == CacheMode.REPLAY ? LlamaCppChat.unloaded(local) : LlamaCppChat.open(local), mode,
                accounting);
    }

    CacheMode mode() {
        return UserInputException.parsed("--cache-mode", () -> CacheMode.parse(cacheMode));
    }

    /**
     * Opens the cache at {@code location} (a file or a JDBC URL; null means the default file). With
     * {@code mustExist}, a missing SQLite file is an error instead of a new empty cache.
     */
    static CallCache openCache(String location, boolean mustExist) {
        return openCache(location, mustExist, System.getenv());
    }

    private static CallCache openCache(String location, boolean mustExist, Map<String, String> env) {
        if (location != null && location.startsWith("jdbc:")) {
            return CallCache.open(location);
        }
        Path file = location == null ? CallCache.defaultFile(env) : Path.of(location);
        if (mustExist && !Files.exists(file)) {
            throw new UserInputException("no call cache at " + file);
        }
        return CallCache.openFile(file);
    }
}
