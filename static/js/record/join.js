// Joining from a second device. The QR code's link carries a single-use invite code in
// its fragment (#invite=…; an older link, the token itself: #token=…), which browsers
// never send to a server: read it here, take it out of the address bar at once, and post
// it to /games/<id>/join (with the CSRF field), where the server exchanges it for this
// device's own token, kept in an HttpOnly cookie. Neither is logged or put in a query string.

/** What the fragment carries, as the join form takes it ("#invite=…"), or null. */
export function codeFromFragment() {
  const hash = window.location.hash || "";
  const match = /(?:^#|&)(invite|token)=([^&]+)/.exec(hash);
  if (!match) return null;
  let value = match[2];
  try {
    value = decodeURIComponent(value);
  } catch {
    // kept as it came
  }
  return `#${match[1]}=${value}`;
}

export function forgetFragment() {
  if (window.location.hash) {
    history.replaceState(history.state, "", window.location.pathname + window.location.search);
  }
}

function joinFromFragment(form) {
  const code = codeFromFragment();
  forgetFragment();
  const input = form.querySelector('input[name="token"]');
  if (!code || !input || form.dataset.submitted) return;
  form.dataset.submitted = "1";
  input.value = code;
  const progress = document.getElementById("join-progress");
  if (progress) progress.hidden = false;
  form.querySelector('button[type="submit"]').disabled = true;
  form.submit();
}

export function initJoin() {
  const form = document.getElementById("join-form");
  if (!form) {
    forgetFragment();
    return;
  }
  form.addEventListener("submit", () => {
    form.dataset.submitted = "1";
    form.querySelector('button[type="submit"]').disabled = true;
  });
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return; // back from the join request: the form may be used again
    delete form.dataset.submitted;
    form.querySelector('button[type="submit"]').disabled = false;
  });
  // The link opened here, or pasted into the address bar of this open page.
  window.addEventListener("hashchange", () => joinFromFragment(form));
  joinFromFragment(form);
}
