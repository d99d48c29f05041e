/**
 * Just enough of a browser for the benches: one cookie jar, JSON (or FormData) in, JSON out; an
 * answer of 300 or more throws with its status and the start of its body.
 */
export function client(baseUrl: string) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  async function call(method: string, path: string, body?: unknown) {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        Cookie: cookie(),
        ...(body instanceof FormData || body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
    });
    for (const set of response.headers.getSetCookie()) {
      const [pair = ""] = set.split(";");
      const index = pair.indexOf("=");
      jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as Record<string, unknown> & { data?: unknown };
  }
  return { call, cookie };
}
