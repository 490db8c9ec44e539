// The invite panel: "Invite a device" asks the server for a fresh single-use invite (a
// link and its QR code, valid ten minutes), and the list of the devices that can record
// this game, each with Revoke for the game's owner. The page itself never holds a
// long-lived token: each device joins with an invite and gets a token of its own.

import { getAuthedJSON, postJSON } from "./api.js";
import { fill, h } from "../dom.js";
import { copyText } from "./ask.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 4000;

/** "at 14:05", for an ISO time, in the device's own clock. */
function clock(iso) {
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? iso : when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

function day(iso) {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  const today = new Date().toDateString() === when.toDateString();
  return today ? clock(iso) : when.toLocaleDateString([], { day: "numeric", month: "short" });
}

/** The server's SVG (a QR code it drew: no user text) as a node, without innerHTML: parsed as
 * HTML, which puts an <svg> without xmlns in the SVG namespace (and runs no script). */
function svgNode(text) {
  const svg = new DOMParser().parseFromString(text, "text/html").body.querySelector("svg");
  return svg ? document.importNode(svg, true) : null;
}

export class DevicesPanel {
  constructor(urls, onRefused) {
    this.urls = urls;
    this.onRefused = onRefused;
    this.panel = $("invite");
    this.timer = null;
  }

  setup() {
    if (!this.panel) return;
    const make = $("invite-make");
    const copy = $("copy-link");
    const input = $("join-url");
    if (make) make.addEventListener("click", () => this.invite());
    if (copy && input) {
      copy.addEventListener("click", async () => {
        const ok = await copyText(input.value, input);
        copy.textContent = ok ? "Copied" : "Select and copy";
        setTimeout(() => { copy.textContent = "Copy"; }, 2500);
      });
    }
    // Shown and hidden by the page's "Invite another device" and "Done" buttons.
    new MutationObserver(() => this.visibility()).observe(this.panel, { attributes: true, attributeFilter: ["hidden"] });
    document.addEventListener("visibilitychange", () => this.visibility());
    const rotate = $("owner-rotate");
    if (rotate) rotate.addEventListener("click", () => this.rotate(rotate));
    if (this.panel.dataset.inviteNow === "true") this.invite();
    this.visibility();
  }

  visibility() {
    const shown = !this.panel.hidden && document.visibilityState !== "hidden";
    if (shown && this.timer === null) {
      this.refresh();
      this.timer = setInterval(() => this.refresh(), REFRESH_MS);
    } else if (!shown && this.timer !== null) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  async invite() {
    const make = $("invite-make");
    const result = $("invite-result");
    if (make) make.disabled = true;
    fill(result);
    const { status, body } = await postJSON(this.urls.invites, {});
    if (make) make.disabled = false;
    if (status !== 201) {
      this.refused(status, body, result, "Could not make an invite");
      return;
    }
    const qr = $("invite-qr");
    const node = svgNode(body.qr_svg);
    fill(qr, node);
    qr.hidden = !node;
    $("join-url").value = body.join_url;
    $("invite-link").hidden = false;
    fill($("invite-expiry"), `Works once, until ${clock(body.expires_at)}. For the next device, make another.`);
    if (make) make.textContent = "New invite";
    this.refresh();
  }

  async refresh() {
    const list = $("device-list");
    const { status, body } = await getAuthedJSON(this.urls.devices);
    if (status !== 200) {
      this.refused(status, body, list, "Could not list the devices");
      return;
    }
    const active = body.devices.filter((d) => !d.revoked_at);
    fill(list, active.map((device) => this.item(device, body.may_revoke)));
  }

  item(device, mayRevoke) {
    const used = device.last_used_at ? `, last active ${day(device.last_used_at)}` : "";
    const since = device.role === "owner" ? `since ${day(device.created_at)}` : `joined ${day(device.created_at)}${used}`;
    return h("li", { class: "device", dataset: { device: device.id } },
      h("span", { class: "device-name" }, device.label,
        device.you ? h("span", { class: "device-you" }, " (this device)") : null),
      " ",
      h("span", { class: "muted small" }, since),
      mayRevoke && device.role === "device"
        ? h("button", { type: "button", class: "secondary small device-revoke",
          "aria-label": `Revoke ${device.label}`, onclick: (event) => this.revoke(device, event.currentTarget) }, "Revoke")
        : null);
  }

  async revoke(device, button) {
    button.disabled = true;
    const result = $("invite-result");
    const { status, body } = await postJSON(`${this.urls.devices}/${encodeURIComponent(device.id)}/revoke`, {});
    if (status !== 200) {
      button.disabled = false;
      this.refused(status, body, result, "Could not revoke it");
      return;
    }
    fill(result, h("p", { class: "notice", role: "status" },
      `${device.label} can no longer record this game. Its next action will be refused.`));
    this.refresh();
  }

  async rotate(button) {
    const result = $("owner-result");
    button.disabled = true;
    const { status, body } = await postJSON(this.urls.owner_token, {});
    button.disabled = false;
    if (status !== 200) {
      this.refused(status, body, result, "Could not replace the owner token");
      return;
    }
    // Invites not yet used expired with the old token: take the shown one away.
    $("invite-qr").hidden = true;
    $("invite-link").hidden = true;
    $("join-url").value = "";
    if ($("invite-make")) $("invite-make").textContent = "Invite a device";
    // Shown once, for a script that used the old one; this browser already holds it.
    const field = h("input", { type: "text", readonly: true, value: body.token, spellcheck: "false",
      id: "owner-new-token", "aria-label": "The new owner token" });
    fill(result, h("div", { class: "notice", role: "status" },
      h("p", {}, "Replaced: the old owner token no longer works. This browser keeps the new one. A script that used the old token needs this one (shown only now):"),
      h("div", { class: "copy-row" }, field,
        h("button", { type: "button", class: "secondary", onclick: () => copyText(field.value, field) }, "Copy"))));
    this.refresh();
  }

  refused(status, body, where, what) {
    if ((status === 401 || status === 403) && this.onRefused) this.onRefused(body || {});
    fill(where, h("div", { class: "violation", role: "alert" },
      `${what}: ${(body && body.message) || (status ? `the server answered ${status}` : "the server could not be reached")}.`));
  }
}
