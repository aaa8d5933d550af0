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
 * @param openJoin       DGEP's open join: anyone with a dialogue's id may take a free seat; without it a participant
 *                       other than the operator needs the seat's invitation
 */
public record Exposure(List<URI> publicUrls, List<String> trustedProxies, boolean openJoin) {

    /** Reached on this machine only, through no proxy, seats taken with their invitations. */
    public static final Exposure LOCAL = new Exposure(List.of(), List.of(), false);

    public Exposure(List<URI> publicUrls, List<String> trustedProxies) {
        this(publicUrls, trustedProxies, false);
    }

    /** This exposure with DGEP's open join on or off. */
    public Exposure withOpenJoin(boolean open) {
        return new Exposure(publicUrls, trustedProxies, open);
    }

    public Exposure {
        publicUrls = List.copyOf(publicUrls);
        trustedProxies = List.copyOf(trustedProxies);
    }

    /** Whether the server answers to names besides this machine's. */
    public boolean isPublic() {
        return !publicUrls.isEmpty();
    }
}
