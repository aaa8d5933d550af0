package dev.parley.server;

import java.net.URI;
import java.util.List;

/**
 * How the server is reached, for {@link RequestGuard}.
 *
 * @param publicUrls     the addresses clients use besides this machine's (a reverse proxy's, say): their host names
 *                       are the only DNS names accepted in {@code Host} besides {@code localhost}, their origins the
 *                       only other origins; a server with one is public, and "this machine only" never applies
 * @param trustedProxies peer addresses of reverse proxies whose {@code X-Forwarded-For} names the client
 */
public record Exposure(List<URI> publicUrls, List<String> trustedProxies) {

    /** Reached on this machine only, through no proxy. */
    public static final Exposure LOCAL = new Exposure(List.of(), List.of());

    public Exposure {
        publicUrls = List.copyOf(publicUrls);
        trustedProxies = List.copyOf(trustedProxies);
    }

    /** Whether the server answers to names besides this machine's. */
    public boolean isPublic() {
        return !publicUrls.isEmpty();
    }
}
