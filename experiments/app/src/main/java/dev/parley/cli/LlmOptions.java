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
import dev.parley.error.MissingSettingException;
import dev.parley.llm.ProviderOption;
import dev.parley.llm.ProviderSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * The language-model options every command that generates text shares (a picocli mixin): which backend, how to
 * reach it, the call cache and the concurrency. {@link #open()} turns them into a ready {@link Session}. The server,
 * model and key variable may also come from the environment or the config file ({@link ModelSettings}); flags win.
 * A backend is any {@link ChatProvider} on the class path; the options it owns are added to each command that
 * mixes these in ({@link #install}), so a new provider needs no edit here.
 */
public final class LlmOptions {

    @Option(names = "--llm", defaultValue = "offline", paramLabel = "NAME", converter = Backends.class,
            completionCandidates = Backends.class,
            description = "Language-model backend: ${COMPLETION-CANDIDATES} (default: offline, the"
                    + " knowledge-grounded realiser; no network). Each other is a provider found on the class path;"
                    + " its own options are listed under its name below.")
    String llm;

    /** The values of the providers' own options by option name, as typed (picocli sets them: {@link #install}). */
    private final Map<String, String> providerValues = new LinkedHashMap<>();
    /** The flags this instance added to its command. */
    private final Set<String> added = new LinkedHashSet<>();

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
            description = "Timeout of one call (a longer local generation is cancelled and refused).")
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

    /**
     * Validates the options and opens the backend. Every option is checked whichever backend runs (each provider
     * checks its own): a typo must not pass offline and fail on the first real run.
     */
    public Session open() {
        Bounds.atLeast(concurrency, 1, "--llm-concurrency");
        List<ChatProvider> providers = ChatProvider.all();
        for (ChatProvider p : providers) {
            p.check(valuesOf(p));
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
        ChatProvider provider = providers.stream().filter(p -> p.name().equals(llm)).findFirst()
                .orElseThrow(() -> new UserInputException(Backends.unknown(llm)));
        Map<String, String> values = valuesOf(provider);
        for (ProviderOption o : provider.options()) {
            if (o.defaultValue() == null && !values.containsKey(o.name())) {
                String v = ModelSettings.providerSetting(environment, o);
                if (v != null) {
                    values.put(o.name(), v);
                }
            }
        }
        ModelSettings settings = ModelSettings.resolve(environment).override(baseUrl, model, apiKeyEnv);
        ProviderSettings opening = new ProviderSettings(config(settings), values, environment.variables(),
                checkedMode == CacheMode.REPLAY);
        return cached(() -> open(provider, opening), checkedMode, accounting);
    }

    /** {@code provider}'s options as given, or by their defaults; an option with neither is absent. */
    Map<String, String> valuesOf(ChatProvider provider) {
        Map<String, String> values = new LinkedHashMap<>();
        for (ProviderOption o : provider.options()) {
            String v = providerValues.getOrDefault(o.name(), o.defaultValue());
            if (v != null) {
                values.put(o.name(), v);
            }
        }
        return values;
    }

    /** The shared settings for any provider; a provider that needs a model refuses the empty name. */
    private LlmConfig config(ModelSettings settings) {
        try {
            return new LlmConfig(llm, settings.baseUrl(), settings.model() == null ? "" : settings.model(),
                    temperature, null, maxTokens, Duration.ofMillis(Math.round(timeoutSeconds * 1000)), retries,
                    Duration.ofMillis(500), settings.apiKeyEnv());
        } catch (IllegalArgumentException e) {
            throw new UserInputException("--base-url '" + settings.baseUrl() + "': " + e.getMessage());
        }
    }

    /** {@code provider}'s backend; a setting it needs and was not given is named as this user gives it. */
    private ChatBackend open(ChatProvider provider, ProviderSettings opening) {
        try {
            return provider.open(opening);
        } catch (MissingSettingException e) {
            throw new UserInputException(needs(provider, e), e);
        }
    }

    /**
     * {@code --llm local needs --model-file FILE.gguf (or PARLEY_MODEL_FILE, or model_file in CONFIG); ...}: the
     * flag, and the variable and config-file key where the setting is the machine's.
     */
    private String needs(ChatProvider provider, MissingSettingException e) {
        String how = Flags.flagOf(e.field());
        boolean machine = ModelSettings.shared(e.field());
        for (ProviderOption o : provider.options()) {
            if (o.name().equals(e.field())) {
                how += o.takesValue() ? " " + o.label() : "";
                machine = o.defaultValue() == null;
            }
        }
        return "--llm " + provider.name() + " needs " + how + (machine ? " (or " + ModelSettings.variable(e.field())
                + ", or " + ModelSettings.key(e.field()) + " in " + environment.configFile() + ")" : "") + e.advice();
    }

    /** What opens the model behind the cache; it may fail with an {@link LlmException}. */
    private interface ModelOpener {
        ChatBackend open();
    }

    /**
     * A session of {@code backend} behind the call cache {@code mode} asks for. A cache that must exist is looked
     * for first, the backend is opened next (before the cache file is created, so a missing setting leaves no
     * trace), and a failure to open it is reported as bad input.
     */
    private Session cached(ModelOpener backend, CacheMode mode, CallAccounting accounting) {
        if (mode != CacheMode.OFF && mode != CacheMode.READ_WRITE) {
            cacheFile(cache, true, environment.variables());
        }
        ChatBackend opened;
        try {
            opened = backend.open(); // the model's own error (an LlmException) says what failed
        } catch (IllegalArgumentException e) {
            throw new UserInputException(e.getMessage(), e); // a refused setting is bad input
        }
        CallCache callCache = mode == CacheMode.OFF ? null
                : openCache(cache, mode != CacheMode.READ_WRITE, environment.variables());
        ChatBackend chat = new CachedChat(opened, callCache, mode, accounting, concurrency);
        return new Session(new LlmUtteranceGenerator(chat), chat, callCache, mode, accounting,
                new BoundedExecutor(concurrency));
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
        return CallCache.openFile(cacheFile(location, mustExist, env));
    }

    /** The SQLite file of {@code location} (null: the default file); null for a JDBC URL. */
    private static Path cacheFile(String location, boolean mustExist, Map<String, String> env) {
        if (location != null && location.startsWith("jdbc:")) {
            return null;
        }
        Path file = location == null ? CallCache.defaultFile(env) : Path.of(location);
        if (mustExist && !Files.exists(file)) {
            throw new UserInputException("no call cache at " + file);
        }
        return file;
    }

    /** The backends {@code --llm} takes, for its help, and the check of the name given (before any work). */
    static final class Backends implements Iterable<String>, CommandLine.ITypeConverter<String> {

        static List<String> names() {
            List<String> names = new ArrayList<>(List.of("offline"));
            ChatProvider.all().forEach(p -> names.add(p.name()));
            return names;
        }

        static String unknown(String name) {
            return "no model backend '" + name + "'; the backends found are " + String.join(", ", names());
        }

        @Override
        public Iterator<String> iterator() {
            return names().iterator();
        }

        @Override
        public String convert(String value) {
            if (!names().contains(value)) {
                throw new CommandLine.TypeConversionException(unknown(value));
            }
            return value;
        }
    }

    /**
     * Adds each provider's own options to every command in {@code cl}'s tree that mixes these options in: a provider
     * option {@code topP} becomes {@code --top-p}, its value kept as typed for the provider to check. Two providers
     * that declare one name share its flag; a provider option that would take a command's own flag is a bug of
     * that provider, refused when the command line is built.
     */
    static void install(CommandLine cl) {
        install(cl, ChatProvider.all());
    }

    /** {@link #install(CommandLine)} with {@code providers} in place of those on the class path (for tests). */
    static void install(CommandLine cl, List<ChatProvider> providers) {
        CommandSpec spec = cl.getCommandSpec();
        for (CommandSpec mixin : spec.mixins().values()) {
            if (mixin.userObject() instanceof LlmOptions options) {
                options.addProviderOptions(cl, providers);
            }
        }
        cl.getSubcommands().values().stream().distinct().forEach(sub -> install(sub, providers));
    }

    /** The flag of a provider's option: {@code topP} is {@code --top-p}. */
    static String flag(ProviderOption option) {
        return Flags.flagOf(option.name());
    }

    private void addProviderOptions(CommandLine cl, List<ChatProvider> providers) {
        CommandSpec spec = cl.getCommandSpec();
        for (ChatProvider p : providers) {
            for (ProviderOption o : p.options()) {
                String flag = flag(o);
                if (spec.findOption(flag) != null) {
                    if (added.contains(flag)) {
                        continue; // another provider's option of the same name: one flag sets both
                    }
                    throw new IllegalStateException("provider " + p.name() + ": option " + flag + " is already an"
                            + " option of " + spec.qualifiedName());
                }
                spec.addOption(providerOption(cl, o));
                added.add(flag);
            }
        }
    }

    private OptionSpec providerOption(CommandLine cl, ProviderOption o) {
        String description = Flags.render(cl, o.description()) + (o.defaultValue() == null
                ? " Default: $" + ModelSettings.variable(o.name()) + ", else " + ModelSettings.key(o.name())
                + " in the config file."
                : o.takesValue() ? " Default: " + o.defaultValue() + "." : "");
        OptionSpec.Builder b = OptionSpec.builder(flag(o)).description(description)
                .getter(new CommandLine.Model.IGetter() {
                    @Override
                    @SuppressWarnings("unchecked")
                    public <T> T get() {
                        String v = providerValues.get(o.name());
                        return (T) (o.takesValue() ? v : Boolean.valueOf(v));
                    }
                })
                .setter(new CommandLine.Model.ISetter() {
                    @Override
                    public <T> T set(T value) {
                        if (value == null) {
                            providerValues.remove(o.name());
                        } else {
                            providerValues.put(o.name(), String.valueOf(value));
                        }
                        return null;
                    }
                });
        if (o.takesValue()) {
            b.type(String.class).arity("1").paramLabel(o.label());
        } else {
            b.type(boolean.class).arity("0");
        }
        return b.build();
    }

    /** The flags of {@code provider}'s options, for its section of the help. */
    static Set<String> flags(ChatProvider provider) {
        Set<String> flags = new LinkedHashSet<>();
        provider.options().forEach(o -> flags.add(flag(o)));
        return flags;
    }
}
