vcl 4.1;
# Varnish in front of two (or more) instances of the site on one PostgreSQL (docs/deploying.md).
# The instances say what may be kept (Cache-Control s-maxage, stale-while-revalidate, stale-if-error)
# and under which content families (Surrogate-Key); a staff save purges those families here
# (api/src/http/shared-cache-purge.ts: `PURGE /` with `xkey-purge: <families>`). Needs vmod xkey
# (Debian: varnish-modules). Backend and ACL addresses: replace 127.0.0.1:3001/3002 with yours.

import std;
import xkey;
import directors;

probe healthz {
    .url = "/healthz";
    .interval = 1s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
}

backend app1 { .host = "127.0.0.1"; .port = "3001"; .probe = healthz; .connect_timeout = 1s; .first_byte_timeout = 30s; }
backend app2 { .host = "127.0.0.1"; .port = "3002"; .probe = healthz; .connect_timeout = 1s; .first_byte_timeout = 30s; }

# Only the instances may purge.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_init {
    new site = directors.round_robin();
    site.add_backend(app1);
    site.add_backend(app2);
}

sub vcl_recv {
    set req.backend_hint = site.backend();
    # Set here only (vcl_deliver, on a 5xx), never by a client.
    if (req.restarts == 0) {
        unset req.http.X-Edge-Stale;
        unset req.http.X-Edge-Shared;
    }

    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (req.http.xkey-purge) {
            set req.http.n-gone = xkey.purge(req.http.xkey-purge);
            return (synth(200, "Purged " + req.http.n-gone));
        }
        return (synth(400, "xkey-purge header required"));
    }

    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Personal: the CMS, the staff API, and any request with a staff session, release preview,
    # form outcome or canary cookie (the instances answer those private, no-store anyway).
    if (req.url ~ "^/(cms|api/admin)(/|\?|$)") {
        return (pass);
    }
    if (req.http.Cookie ~ "(^|;\s*)(staff_session|remote_preview|form_flash|canary)=") {
        return (pass);
    }
    # Past s-maxage a copy is answered while one fetch in the background refreshes it, for as long
    # as its grace (stale-if-error): a refresh that fails (5xx, an incomplete page, no instance
    # reachable) is abandoned and the copy stays. No shorter req.grace for healthy backends: a miss
    # past it fetched in the foreground, and a failed foreground fetch left the visitor without the
    # copy (bench:edge's PostgreSQL outage: 717 errors of 18,494 with a 30 s limit).
    # A request that still met a 5xx is restarted once (vcl_synth, vcl_deliver) to find a copy.
    # Public paths: other cookies (analytics and the like) change nothing; one variant per URL.
    unset req.http.Cookie;
    set req.http.X-Edge-Shared = "1";
    return (hash);
}

sub vcl_backend_response {
    # A failed fetch of a shared answer is abandoned: an object made of it would end the stale copy,
    # which stale-if-error still serves (a refresh in the background: the visitor already has it; in
    # the foreground: vcl_synth restarts the request, which then takes the copy's whole grace).
    if (beresp.status >= 500) {
        if (!bereq.uncacheable) {
            return (abandon);
        }
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        return (deliver);
    }
    # Nothing personal is kept: private/no-store/no-cache answers, Set-Cookie. ttl 0, no hit-for-miss
    # object: one would hide a stale copy from the stale-if-error restart for its lifetime (an
    # incomplete page answered during an outage, then a 5xx, gave the visitor the 5xx).
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(?i)(private|no-store|no-cache)") {
        # A refresh of a shared copy that came back unshareable (an incomplete page: a data read
        # failed while PostgreSQL was away) would end the copy; the copy is kept for its grace instead.
        if (bereq.is_bgfetch) {
            return (abandon);
        }
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        return (deliver);
    }
    # Only what says how long it may be kept (s-maxage or max-age > 0): no heuristic caching.
    if (beresp.http.Cache-Control !~ "(?i)(s-maxage|max-age)=[1-9]") {
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        return (deliver);
    }
    # Grace: serve stale while revalidating, and through an outage (stale-if-error).
    set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "^.*stale-if-error=(\d+).*$", "\1s"), 1d);
    if (beresp.http.Cache-Control !~ "stale-if-error=") {
        set beresp.grace = 10s;
    }
    set beresp.keep = 0s;
    # vmod xkey indexes the object by these keys (the families of its content).
    set beresp.http.xkey = beresp.http.Surrogate-Key;
    return (deliver);
}

sub vcl_synth {
    # stale-if-error: a public GET an instance failed (5xx, or none reachable) is looked up once
    # more with the object's whole grace, so a stale copy answers if there is one.
    if (resp.status == 503 && req.restarts == 0 && req.http.X-Edge-Shared) {
        set req.http.X-Edge-Stale = "1";
        return (restart);
    }
}

sub vcl_deliver {
    if (resp.status >= 500 && req.restarts == 0 && req.http.X-Edge-Shared) {
        set req.http.X-Edge-Stale = "1";
        return (restart);
    }
    if (obj.hits > 0) {
        set resp.http.X-Shared-Cache = "HIT";
    } else {
        set resp.http.X-Shared-Cache = "MISS";
    }
    # The keys are for this cache only.
    unset resp.http.Surrogate-Key;
    unset resp.http.xkey;
}
