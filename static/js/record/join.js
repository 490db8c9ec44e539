// Joining from a second device. The QR code's link carries the write token in its
// fragment (#token=…), which browsers never send to a server: read it here, take it
// out of the address bar at once, and post it to /games/<id>/join (with the CSRF
// field) so the server can set the HttpOnly cookie. The token is never logged and
// never put in a query string.

export function tokenFromFragment() {
  const hash = window.location.hash || "";
  const match = /(?:^#|&)token=([^&]+)/.exec(hash);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

export function forgetFragment() {
  if (window.location.hash) {
    history.replaceState(history.state, "", window.location.pathname + window.location.search);
  }
}

function joinFromFragment(form) {
  const token = tokenFromFragment();
  forgetFragment();
  const input = form.querySelector('input[name="token"]');
  if (!token || !input || form.dataset.submitted) return;
  form.dataset.submitted = "1";
  input.value = token;
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
