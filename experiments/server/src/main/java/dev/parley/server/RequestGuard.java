package dev.parley.server;

import io.javalin.http.Context;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;

/**
 * What a request must be before any route sees it, against cross-site pages and DNS rebinding (issue 45, finding
 * 4): a {@code Host} the server answers to, no method override header, and for a request that changes state, no
 * other site's {@code Origin} or {@code Sec-Fetch-Site} (the JSON endpoints also refuse a form's content type: see
 * {@link RequestBodies}). Also who the client is: the peer, or behind a proxy the operator named, the address the proxy forwarded.
 */
final class RequestGuard {

    /** Headers by which a client asks the server to act as if another method had been sent. */
    private static final List<String> OVERRIDES = List.of("X-HTTP-Method-Override", "X-HTTP-Method",
            "X-Method-Override");
    /** Headers a proxy adds: a request with one of them came through a proxy, so not from "this machine". */
    private static final List<String> FORWARDING = List.of("Forwarded", "X-Forwarded-For", "X-Real-IP",
            "X-Forwarded-Host", "Via");

    private final Exposure exposure;

    RequestGuard(Exposure exposure) {
        this.exposure = exposure;
    }

    /** Every check before the routes; {@code stateChanging}: the request creates, joins or moves. */
    void check(Context ctx, boolean stateChanging) {
        for (String h : OVERRIDES) {
            if (ctx.header(h) != null) {
                throw new ApiException(400, h + " is not honoured: send the method itself");
            }
        }
        String host = hostName(ctx.header("Host"));
        // no Host at all is an HTTP/1.0 client, never a browser
        if (!host.isEmpty() && !hostAllowed(host)) {
            throw new ApiException(403, "this server does not answer to the host name " + host + " (it answers to "
                    + "localhost, IP addresses" + (exposure.isPublic() ? " and its public address" : "") + ")");
        }
        if (!stateChanging) {
            return;
        }
        String site = ctx.header("Sec-Fetch-Site");
        if (site != null && !site.equals("same-origin") && !site.equals("none")) {
            throw new ApiException(403, "a request from another site (Sec-Fetch-Site: " + site + ") may not change "
                    + "anything here");
        }
        String origin = ctx.header("Origin");
        if (origin != null && !sameOrigin(origin, ctx.header("Host"))) {
            throw new ApiException(403, "a request from another origin (" + origin + ") may not change anything here");
        }
    }

    /** The host name of a {@code Host} header, without its port, lower case; "" when there is none. */
    static String hostName(String hostHeader) {
        if (hostHeader == null) {
            return "";
        }
        String h = hostHeader.trim().toLowerCase(Locale.ROOT);
        if (h.startsWith("[")) {
            int end = h.indexOf(']');
            return end < 0 ? h : h.substring(0, end + 1);
        }
        int colon = h.lastIndexOf(':');
        return colon < 0 ? h : h.substring(0, colon);
    }

    /**
     * Loopback names and IP literals (a rebinding page needs a DNS name of its own, which is never among them), and
     * the public URLs' host names.
     */
    private boolean hostAllowed(String host) {
        if (host.equals("localhost") || host.endsWith(".localhost") || isIpLiteral(host)) {
            return true;
        }
        for (URI u : exposure.publicUrls()) {
            if (host.equalsIgnoreCase(u.getHost())) {
                return true;
            }
        }
        return false;
    }

    private static boolean isIpLiteral(String host) {
        if (host.startsWith("[") && host.endsWith("]")) {
            return host.length() > 2 && host.substring(1, host.length() - 1).matches("[0-9a-f:.]+");
        }
        return host.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}");
    }

    /** An origin is this server's when its host and port are the request's {@code Host}, or a public URL's. */
    private boolean sameOrigin(String origin, String hostHeader) {
        URI o;
        try {
            o = URI.create(origin.trim());
        } catch (IllegalArgumentException e) {
            return false;
        }
        if (o.getHost() == null || o.getScheme() == null) {
            return false; // "null", a file: page, a sandboxed frame
        }
        String authority = o.getRawAuthority().toLowerCase(Locale.ROOT);
        if (hostHeader != null && authority.equals(hostHeader.trim().toLowerCase(Locale.ROOT))) {
            return true;
        }
        for (URI u : exposure.publicUrls()) {
            if (u.getScheme().equalsIgnoreCase(o.getScheme()) && u.getRawAuthority().equalsIgnoreCase(authority)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The client's address: the peer's, or when the peer is a trusted proxy the last address its
     * {@code X-Forwarded-For} names (null if it names none).
     */
    String clientAddress(Context ctx) {
        String peer = ctx.req().getRemoteAddr();
        if (!trusted(peer)) {
            return peer;
        }
        String xff = ctx.header("X-Forwarded-For");
        if (xff == null || xff.isBlank()) {
            return null;
        }
        String[] hops = xff.split(",");
        return hops[hops.length - 1].trim();
    }

    private boolean trusted(String peer) {
        for (String p : exposure.trustedProxies()) {
            if (sameAddress(p, peer)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the client is on this machine: a loopback client, not through a proxy (a request with forwarding
     * headers from a peer not named as a proxy came through one), on a server that is not public.
     */
    boolean thisMachine(Context ctx) {
        if (exposure.isPublic()) {
            return false;
        }
        String peer = ctx.req().getRemoteAddr();
        if (!trusted(peer)) {
            for (String h : FORWARDING) {
                if (ctx.header(h) != null) {
                    return false;
                }
            }
        }
        return loopback(clientAddress(ctx));
    }

    static boolean loopback(String address) {
        if (address == null || !(isIpLiteral(address) || address.matches("[0-9a-fA-F:.]*:[0-9a-fA-F:.]*"))) {
            return false; // only an address, never a name to look up
        }
        try {
            return InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static boolean sameAddress(String a, String b) {
        try {
            return a != null && b != null && InetAddress.getByName(a).equals(InetAddress.getByName(b));
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
