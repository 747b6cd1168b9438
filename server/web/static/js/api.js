// The /v1 API as the page uses it: every failure becomes an ApiError whose message is
// the server's own words (or why the server could not be reached). On a server with API
// keys, the first 401 asks for a key, which this browser then keeps and sends.

const KEY_ITEM = "crossforge.apiKey";

export class ApiError extends Error {
  constructor(message, { status = 0, code = "network" } = {}) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function failure(response) {
  let code = `http_${response.status}`;
  let message = `${response.status} ${response.statusText}`;
  try {
    const body = await response.json();
    if (body && body.error) {
      code = body.error.code || code;
      message = body.error.message || message;
      const field = body.error.details && body.error.details.field;
      if (field && !message.includes(field)) message += ` (field ${field})`;
    }
  } catch (_) {
    // not JSON: keep the status line
  }
  return new ApiError(message, { status: response.status, code });
}

function storedKey() {
  try {
    return localStorage.getItem(KEY_ITEM);
  } catch (_) {
    return null; // storage refused: no key
  }
}

/** Ask for a key after a 401; true when one was given (kept in this browser). */
function askForKey(message) {
  const key = window.prompt(`${message}\nThis server needs an API key (crossforge keys create). Key:`);
  if (!key || !key.trim()) return false;
  localStorage.setItem(KEY_ITEM, key.trim());
  return true;
}

async function send(path, init = {}, asked = false) {
  const key = storedKey();
  const headers = key ? { ...(init.headers || {}), Authorization: `Bearer ${key}` } : init.headers;
  let response;
  try {
    response = await fetch(path, { ...init, headers });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError(`could not reach the server (${error.message})`);
  }
  if (response.status === 401 && !asked) {
    const refused = await failure(response);
    // Another request may have been given a key meanwhile, while this one read its
    // answer (so the key is looked at after that wait); else ask, once.
    if (storedKey() !== key || askForKey(refused.message)) return send(path, init, true);
    throw refused;
  }
  if (!response.ok) throw await failure(response);
  return response;
}

/** GET or POST JSON; resolves to the decoded answer. */
export async function json(path, { body, method, signal } = {}) {
  const init = { method: method || (body === undefined ? "GET" : "POST"), signal };
  if (body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const response = await send(path, init);
  return response.status === 204 ? null : response.json();
}

/** POST a file as multipart form data; resolves to the decoded answer. */
export async function upload(path, name, file) {
  const form = new FormData();
  form.append(name, file, file.name);
  const response = await send(path, { method: "POST", body: form });
  return response.json();
}

/** POST JSON and resolve to the answer as a Blob with the server's file name. */
export async function file(path, body) {
  const response = await send(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const disposition = response.headers.get("Content-Disposition") || "";
  const match = /filename="([^"]+)"/.exec(disposition);
  return { blob: await response.blob(), name: match ? match[1] : "crossword" };
}

/**
 * Follow a job's server-sent events: onProgress(payload) for each progress event,
 * resolves with the finished job document. close() on the returned handle stops
 * listening (the job keeps running).
 */
export function follow(eventsUrl, onProgress) {
  if (storedKey()) return followWithKey(eventsUrl, onProgress);
  const source = new EventSource(eventsUrl);
  let settle;
  const done = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  source.addEventListener("progress", (event) => onProgress(JSON.parse(event.data)));
  source.addEventListener("done", (event) => {
    source.close();
    settle.resolve(JSON.parse(event.data));
  });
  source.onerror = () => {
    // EventSource reconnects by itself while the server is there; once closed it is gone.
    if (source.readyState === EventSource.CLOSED) {
      settle.reject(new ApiError("the event stream of the fill closed"));
    }
  };
  return { done, close: () => source.close() };
}

/** follow() for a server with keys: EventSource sends no header, so the stream is read
 * through fetch, one event (lines up to a blank line) at a time. */
function followWithKey(eventsUrl, onProgress) {
  const stop = new AbortController();
  const done = (async () => {
    const response = await send(eventsUrl, { signal: stop.signal });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) throw new ApiError("the event stream of the fill closed");
      buffer += value;
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const lines = buffer.slice(0, cut).split("\n");
        buffer = buffer.slice(cut + 2);
        const name = (lines.find((line) => line.startsWith("event:")) || "event: message").slice(6).trim();
        const data = lines.filter((line) => line.startsWith("data:")).map((line) => line.slice(5).trim());
        if (!data.length) continue;
        const payload = JSON.parse(data.join("\n"));
        if (name === "progress") onProgress(payload);
        if (name === "done") {
          stop.abort();
          return payload;
        }
      }
    }
  })();
  return { done, close: () => stop.abort() };
}

/** Words for the message line: what failed and the server's reason. */
export function describe(what, error) {
  if (error instanceof ApiError) {
    return error.status ? `${what}: ${error.message} (${error.status} ${error.code})` : `${what}: ${error.message}`;
  }
  return `${what}: ${error && error.message ? error.message : String(error)}`;
}
