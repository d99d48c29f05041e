import { env } from "@/lib/server/env";
import { clientAddress } from "@/lib/server/http/client-address";

/** The caller's address for per-IP limits: the socket, or X-Forwarded-For as far as TRUST_PROXY_HOPS allows. */
export const clientIp = (headers: Headers): string => clientAddress(headers, env.TRUST_PROXY_HOPS);
