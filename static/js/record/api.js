// Talking to the JSON API from the recording page. Writes carry the page's CSRF
// token; the game's write token travels in its HttpOnly cookie, never in a header.

const csrfMeta = document.querySelector('meta[name="csrf-token"]');

export async function getJSON(url) {
  const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

/**
 * POST a JSON body (an event, a batch of checks). Resolves to {status, body}; status 0 means the server could not
 * be reached (the request may or may not have arrived: retry with the same key).
 */
export async function postJSON(url, body) {
  let response;
  try {
    response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "X-CSRF-Token": csrfMeta ? csrfMeta.content : "",
      },
      body: JSON.stringify(body),
    });
  } catch {
    return { status: 0, body: null };
  }
  return answerOf(response);
}

/** GET a read that needs the write token (the devices list): the cookie plus the CSRF header. Resolves to {status, body}. */
export async function getAuthedJSON(url) {
  try {
    const response = await fetch(url, {
      credentials: "same-origin",
      headers: { Accept: "application/json", "X-CSRF-Token": csrfMeta ? csrfMeta.content : "" },
    });
    return answerOf(response);
  } catch {
    return { status: 0, body: null };
  }
}

/** {status, body} of an answer; body null when it is not JSON (a proxy's error page). */
async function answerOf(response) {
  let payload = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  return { status: response.status, body: payload };
}
