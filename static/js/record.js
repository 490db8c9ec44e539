// The recording page: join with a token (no write cookie yet), or record.
import { forgetFragment, initJoin } from "./record/join.js";
import { RecordPage } from "./record/app.js";

const root = document.getElementById("record");
if (root && root.dataset.canWrite === "true") {
  forgetFragment(); // this device already records: the link's token is not needed
  window.addEventListener("hashchange", forgetFragment);
  const data = JSON.parse(document.getElementById("record-data").textContent);
  new RecordPage(data).start();
} else if (root) {
  initJoin();
}
