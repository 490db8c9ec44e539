// The New game form: show only the chosen game's rules profile, and two spare
// seats at a time. Without this script every fieldset and seat simply shows.
const form = document.querySelector(".new-game-form");
if (form) {
  document.documentElement.classList.add("js");
  const engineSelect = form.querySelector("#engine");
  const fieldsets = [...form.querySelectorAll("fieldset.options")];
  const showOptions = () => {
    for (const fieldset of fieldsets) {
      const chosen = fieldset.dataset.engine === engineSelect.value;
      fieldset.hidden = !chosen;
      fieldset.disabled = !chosen; // only the chosen game's options are submitted
    }
  };
  engineSelect.addEventListener("change", showOptions);
  showOptions();

  const extras = [...form.querySelectorAll(".seat.extra")];
  extras.forEach((seat) => seat.classList.add("collapsed"));
  if (extras.length) {
    const more = document.createElement("button");
    more.type = "button";
    more.className = "secondary more-seats";
    more.textContent = "Add a seat";
    more.addEventListener("click", () => {
      const next = extras.find((seat) => seat.classList.contains("collapsed"));
      if (next) {
        next.classList.remove("collapsed");
        next.querySelector("input").focus();
      }
      if (!extras.some((seat) => seat.classList.contains("collapsed"))) more.remove();
    });
    form.querySelector("fieldset.seats").after(more);
  }
}
